"""The journal of changes keeps entries and recomputations out of each other's way: an entry
writes no shared row in its transaction, and its claim of the next job after the commit does
not wait while a run stores its scores (real PostgreSQL, two connections)."""

import threading

import pytest
from django.db import connection

from tests.support.factories import small_tournament
from tests.support.standings import is_stale, put_result
from tournaments.standings import tasks
from tournaments.standings.models import ScoreChange, ScoringState
from tournaments.standings.recomputation import Outcome, live, recompute, run, store

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.postgresql]


@pytest.fixture(autouse=True)
def needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.fail("the journal's lock tests need PostgreSQL: set DATABASE_URL")


@pytest.fixture
def published(monkeypatch):
    calls = []
    monkeypatch.setattr(
        tasks.recompute_tournament_task,
        "apply_async",
        lambda args=None, kwargs=None, connection=None, **options: calls.append(args),
    )
    return calls


def in_thread(work):
    """Run ``work`` in a thread with its own database connection; (thread, outcome list)."""
    outcome = []

    def run():
        try:
            outcome.append(work())
        except Exception as error:  # noqa: BLE001 - handed to the test's assertions
            outcome.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def test_an_entry_and_its_claim_do_not_wait_while_a_run_stores_its_scores(monkeypatch, published):
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    assert recompute(tournament.pk).outcome is Outcome.WRITTEN
    put_result(tournament, 1, 1, 2, 100, 60)

    storing, release = threading.Event(), threading.Event()
    real_insert = store.insert_snapshots

    def insert_then_pause(snapshots):
        real_insert(snapshots)  # the store's transaction has written the board scores
        storing.set()
        release.wait(60)

    # A full run stores by ``store``, a live change by ``live``: both pause.
    monkeypatch.setattr(store, "insert_snapshots", insert_then_pause)
    monkeypatch.setattr(live, "insert_snapshots", insert_then_pause)
    run_thread, run_outcome = in_thread(lambda: recompute(tournament.pk).outcome)
    try:
        assert storing.wait(60), "the run never reached its store"
        published.clear()
        # While the run's write transaction is open: a new result, committed, and its claim
        # of the next job (the run cleared scheduled_at when it started: the claim updates).
        entry_thread, entry_outcome = in_thread(lambda: put_result(tournament, 2, 1, 3, 90, 70).pk)
        entry_thread.join(20)
        entry_done = not entry_thread.is_alive()
    finally:
        release.set()
        run_thread.join(60)
    entry_thread.join(60)

    assert entry_done, "the entry waited for the run's store transaction"
    assert isinstance(entry_outcome[0], int), entry_outcome
    assert run_outcome == [Outcome.WRITTEN]
    assert published == [(tournament.pk,)]
    # The run folded the changes it read, not the one committed while it stored.
    remaining = list(ScoreChange.objects.filter(tournament=tournament).values_list("board_number"))
    assert remaining == [(3,)] and is_stale(tournament)


def test_two_runs_at_once_store_once_and_the_later_reader_wins(published):
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    first_read, release = threading.Event(), threading.Event()
    real_load = run.load

    def load_then_pause(tournament_id):
        inputs = real_load(tournament_id)
        if not first_read.is_set():
            first_read.set()
            release.wait(60)
        return inputs

    recomputation_load = pytest.MonkeyPatch()
    recomputation_load.setattr(run, "load", load_then_pause)
    try:
        early_thread, early = in_thread(lambda: recompute(tournament.pk).outcome)
        assert first_read.wait(60)
        put_result(tournament, 1, 1, 2, 100, 60)
        late = recompute(tournament.pk).outcome  # took its ticket after the early run
        release.set()
        early_thread.join(60)
    finally:
        release.set()
        recomputation_load.undo()

    assert late is Outcome.WRITTEN
    assert early == [Outcome.SUPERSEDED]
    state = ScoringState.objects.get(tournament=tournament)
    assert state.version == 1 and state.covered_ticket == state.run_ticket == 2
    assert not is_stale(tournament)

"""The recomputation job and its bookkeeping: after-commit publishing, coalesced bursts, the
broker being down, idempotence, superseded runs, failures, the catch-up, and the number of
queries (the time is measured by benchmarks/recompute.py)."""

import datetime
import time

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.celery import app
from tests.support.celery import use_broker
from tests.support.factories import small_tournament
from tests.support.standings import big_mitchell, is_stale, mark_stale, put_result
from tournaments.results.models import Result
from tournaments.standings import selectors, services, tasks
from tournaments.standings.models import BoardScore, RankingSnapshot, ScoreChange, ScoringState
from tournaments.standings.recomputation import KEEP_VERSIONS, Outcome, recompute, run
from tournaments.standings.services import Enqueued, mark_results_changed

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(monkeypatch):
    """Record the recomputation jobs published instead of running them."""
    calls = []

    def fake_apply_async(args=None, kwargs=None, connection=None, **options):
        calls.append((args, options))

    monkeypatch.setattr(tasks.recompute_tournament_task, "apply_async", fake_apply_async)
    return calls


@pytest.fixture
def dead_broker():
    """Publish to a broker port where nothing listens, as when Redis is down."""
    saved = {key: app.conf.get(key) for key in ("broker_url", "task_always_eager")}
    use_broker(broker_url="redis://127.0.0.1:1/0", task_always_eager=False)
    try:
        yield
    finally:
        use_broker(**saved)


def state_of(tournament) -> ScoringState:
    return ScoringState.objects.get(tournament=tournament)


# --- Marking and publishing ----------------------------------------------------------------


def test_a_result_change_marks_the_tournament_stale_and_publishes_after_commit(
    published, django_capture_on_commit_callbacks
):
    tournament = small_tournament()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        put_result(tournament, 1, 1, 1, 160, 0)
        assert is_stale(tournament)
        assert ScoreChange.objects.filter(tournament=tournament, board_number=1).exists()
        assert published == []  # nothing leaves before the commit
    for callback in callbacks:
        callback()

    assert len(published) == 1
    args, options = published[0]
    assert args == (tournament.pk,)
    assert options["countdown"] == services.COALESCE_SECONDS


def test_every_change_is_a_row_of_the_journal_folded_by_the_run_that_includes_it(monkeypatch):
    tournament = small_tournament()
    monkeypatch.setattr(services, "enqueue_recomputation", lambda tournament_id: None)
    with transaction.atomic():
        put_result(tournament, 1, 1, 1, 160, 0)
        mark_results_changed(tournament=tournament, board_numbers=[2, 1, 2])
        mark_results_changed(tournament=tournament)

    boards = ScoreChange.objects.filter(tournament=tournament).values_list(
        "board_number", flat=True
    )
    assert sorted(boards, key=lambda board: board or 0) == [None, 1, 1, 2]
    recompute(tournament.pk)
    assert not ScoreChange.objects.filter(tournament=tournament).exists()
    assert not is_stale(tournament)


def test_a_change_committed_while_a_run_computes_stays_in_the_journal(monkeypatch):
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    real_load = run.load
    late = []

    def load_then_change(tournament_id):
        inputs = real_load(tournament_id)
        # Committed after the run read the journal and the results: not in this run.
        late.append(mark_stale(tournament, board_number=2))
        return inputs

    monkeypatch.setattr(run, "load", load_then_change)
    assert recompute(tournament.pk).outcome is Outcome.WRITTEN

    remaining = list(ScoreChange.objects.filter(tournament=tournament))
    assert remaining == late and is_stale(tournament)
    monkeypatch.setattr(run, "load", real_load)
    assert recompute(tournament.pk).outcome is Outcome.UP_TO_DATE
    assert not is_stale(tournament)


def test_a_burst_of_changes_publishes_one_job(published, django_capture_on_commit_callbacks):
    tournament = small_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        for board in (1, 2):
            put_result(tournament, 1, 1, board, 100, 60)
        for _ in range(48):
            with transaction.atomic():
                mark_results_changed(tournament=tournament, board_numbers=[1])

    assert len(published) == 1
    assert state_of(tournament).scheduled_at is not None


def test_a_change_after_the_job_started_publishes_a_new_one(published):
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    assert services.enqueue_recomputation(tournament_id=tournament.pk) is Enqueued.PUBLISHED
    assert services.enqueue_recomputation(tournament_id=tournament.pk) is Enqueued.ALREADY_QUEUED

    recompute(tournament.pk)  # the job starts: it no longer covers later changes
    put_result(tournament, 1, 1, 2, 90, 70)

    assert services.enqueue_recomputation(tournament_id=tournament.pk) is Enqueued.PUBLISHED
    assert len(published) == 2


def test_a_job_queued_long_ago_and_never_started_is_presumed_lost(published):
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    services.enqueue_recomputation(tournament_id=tournament.pk)
    long_ago = timezone.now() - datetime.timedelta(seconds=services.SCHEDULED_STALE_SECONDS + 1)
    ScoringState.objects.filter(tournament=tournament).update(scheduled_at=long_ago)

    assert services.enqueue_recomputation(tournament_id=tournament.pk) is Enqueued.PUBLISHED


def test_enqueue_starts_the_books_of_a_tournament_never_changed(published):
    tournament = small_tournament()

    assert services.enqueue_recomputation(tournament_id=tournament.pk) is Enqueued.PUBLISHED
    assert state_of(tournament).scheduled_at is not None
    assert len(published) == 1


def test_with_the_broker_down_the_result_is_saved_and_stays_pending(
    dead_broker, django_capture_on_commit_callbacks
):
    tournament = small_tournament()

    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        result = put_result(tournament, 1, 1, 1, 160, 0)
    assert time.monotonic() - started < 30  # a hang guard, not a performance claim

    assert Result.objects.filter(pk=result.pk, is_current=True).exists()
    state = state_of(tournament)
    assert is_stale(tournament) and state.version == 0
    assert state.scheduled_at is None  # nothing is queued: the catch-up must take it
    assert selectors.tournaments_to_catch_up() == [tournament.pk]


def test_enqueue_reports_the_broker_down_without_raising(dead_broker):
    tournament = small_tournament()
    mark_stale(tournament)

    assert services.enqueue_recomputation(tournament_id=tournament.pk) is Enqueued.BROKER_DOWN


def test_an_unexpected_publishing_error_does_not_fail_the_request_either(monkeypatch):
    tournament = small_tournament()
    mark_stale(tournament)

    def broken(*args, **kwargs):
        raise RuntimeError("serializer exploded")

    monkeypatch.setattr(tasks.recompute_tournament_task, "apply_async", broken)

    assert services.enqueue_recomputation(tournament_id=tournament.pk) is Enqueued.FAILED
    assert state_of(tournament).scheduled_at is None
    assert selectors.tournaments_to_catch_up() == [tournament.pk]


def test_the_catch_up_recomputes_what_could_not_be_queued(dead_broker):
    tournament = small_tournament()
    with transaction.atomic():
        put_result(tournament, 1, 1, 1, 160, 0)
        put_result(tournament, 1, 1, 2, 100, 60)

    assert services.catch_up() == [tournament.pk]

    assert not is_stale(tournament) and state_of(tournament).version == 1
    assert selectors.current_ranking(tournament).results_counted == 2
    assert services.catch_up() == []


def test_the_worker_start_queues_a_catch_up(monkeypatch):
    queued = []
    monkeypatch.setattr(
        tasks.catch_up_task, "apply_async", lambda **options: queued.append(options)
    )

    tasks.catch_up_when_a_worker_starts(sender=None)

    assert queued == [{"expires": tasks.CATCH_UP_EXPIRES_SECONDS}]


def test_the_beat_schedule_runs_the_catch_up_every_ten_seconds(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["standings-catch-up"]
    assert entry["task"] == tasks.catch_up_task.name
    assert entry["schedule"] == 10.0


def test_the_recomputation_task_is_acknowledged_late_and_retried_on_database_errors():
    from django.db import DatabaseError

    task = tasks.recompute_tournament_task
    assert task.acks_late is True
    assert DatabaseError in task.autoretry_for
    assert task.retry_backoff and task.max_retries


# --- The catch-up's choice -----------------------------------------------------------------


def test_the_catch_up_leaves_alone_a_tournament_whose_job_is_queued_or_running():
    now = timezone.now()
    queued, running, dead_run, stale = (small_tournament() for _ in range(4))
    ScoringState.objects.create(tournament=queued, scheduled_at=now)
    ScoringState.objects.create(tournament=running, started_at=now)
    long_ago = now - datetime.timedelta(seconds=selectors.RUN_STALE_SECONDS + 5)
    ScoringState.objects.create(tournament=dead_run, started_at=long_ago)
    for tournament in (queued, running, stale):
        mark_stale(tournament, at=now)
    mark_stale(dead_run, at=long_ago)
    never_recomputed = small_tournament()  # changed, but its books were never started
    mark_stale(never_recomputed, at=now + datetime.timedelta(seconds=1))
    small_tournament()  # never changed: not stale

    assert selectors.tournaments_to_catch_up(now) == [dead_run.pk, stale.pk, never_recomputed.pk]


def test_the_catch_up_does_not_retry_a_run_that_failed_on_the_same_changes():
    now = timezone.now()
    tournament = small_tournament()
    change = mark_stale(tournament, at=now)
    ScoringState.objects.create(tournament=tournament, failed_change=change.pk)
    assert selectors.tournaments_to_catch_up(now) == []

    mark_stale(tournament, at=now)
    assert selectors.tournaments_to_catch_up(now) == [tournament.pk]


# --- The job itself ------------------------------------------------------------------------


def test_a_second_run_with_nothing_new_writes_nothing():
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    assert recompute(tournament.pk).outcome is Outcome.WRITTEN
    ids = set(BoardScore.objects.values_list("pk", flat=True))

    assert recompute(tournament.pk).outcome is Outcome.UP_TO_DATE

    assert state_of(tournament).version == 1
    assert set(BoardScore.objects.values_list("pk", flat=True)) == ids


def test_a_change_that_does_not_count_leaves_the_ranking_as_it_is():
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    recompute(tournament.pk)

    # Entered by one side, not confirmed yet: it does not count.
    put_result(tournament, 1, 1, 2, 100, 60, status=Result.Status.ENTERED)
    report = recompute(tournament.pk)

    assert report.outcome is Outcome.UP_TO_DATE
    assert state_of(tournament).version == 1 and not is_stale(tournament)


def test_a_changed_result_replaces_its_board_score():
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    recompute(tournament.pk)
    new_version = put_result(tournament, 1, 1, 1, 0, 160)
    recompute(tournament.pk)

    scores = BoardScore.objects.filter(tournament=tournament)
    assert scores.count() == 1
    assert (scores.get().ns_marks, scores.get().result_id) == (0, new_version.pk)
    assert state_of(tournament).version == 2


def test_a_deleted_result_leaves_the_scores():
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    recompute(tournament.pk)
    put_result(tournament, 1, 1, 1, status=Result.Status.DELETED, ns_marks=0, ew_marks=0)
    recompute(tournament.pk)

    assert not BoardScore.objects.filter(tournament=tournament).exists()
    assert selectors.current_ranking(tournament).results_counted == 0


def test_an_older_run_never_overwrites_a_newer_snapshot():
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    # A newer run (a later ticket: it started reading after this one) has already stored.
    ScoringState.objects.get_or_create(tournament=tournament)
    ScoringState.objects.filter(tournament=tournament).update(covered_ticket=1000)

    assert recompute(tournament.pk).outcome is Outcome.SUPERSEDED
    assert not RankingSnapshot.objects.filter(tournament=tournament).exists()


def test_only_the_rankings_whose_results_changed_are_computed_again():
    tournament = small_tournament()
    for round_number, table, board in [(1, 1, 1), (2, 1, 3), (3, 1, 5)]:
        put_result(tournament, round_number, table, board, 100, 60)
    first = recompute(tournament.pk)
    # Rounds 1, 2 and 3 (the overall ranking is the one after round 3).
    assert first.rankings_computed == 3

    put_result(tournament, 3, 2, 1, 80, 80)
    second = recompute(tournament.pk)

    # Rounds 1 and 2 are copied from the previous version; round 3 = overall is computed.
    assert second.rankings_computed == 1
    snapshots = RankingSnapshot.objects.filter(tournament=tournament, version=second.version)
    assert sorted(snapshots.values_list("up_to_round", flat=True), key=str) == [1, 2, 3, None]
    assert snapshots.get(up_to_round=2).results_counted == 2
    assert snapshots.get(up_to_round=None).results_counted == 4


def test_old_snapshot_versions_are_pruned():
    tournament = small_tournament()
    for marks in range(KEEP_VERSIONS + 2):
        put_result(tournament, 1, 1, 1, 10 * marks, 0)
        recompute(tournament.pk)

    versions = set(
        RankingSnapshot.objects.filter(tournament=tournament).values_list("version", flat=True)
    )
    latest = state_of(tournament).version
    assert latest == KEEP_VERSIONS + 2
    assert versions == set(range(latest - KEEP_VERSIONS + 1, latest + 1))


def test_results_the_scoring_rejects_are_reported_and_not_retried_on_the_same_data():
    tournament = small_tournament()
    put_result(tournament, 2, 1, 3, 100, 60)
    # Board 3 is not played at table 1 in round 1: team 1 would play it twice.
    from tests.support.results import assignment

    row = assignment(tournament, 1, 1)
    with transaction.atomic():
        Result.objects.create(
            tournament=tournament,
            round=row.round,
            table=row.table,
            assignment=row,
            board_number=3,
            status=Result.Status.CONFIRMED,
            ns_marks=90,
            ew_marks=70,
        )
        mark_results_changed(tournament=tournament, board_numbers=[3])

    report = recompute(tournament.pk)

    assert report.outcome is Outcome.FAILED
    state = state_of(tournament)
    assert "team 1 has two results on board 3" in state.last_error
    assert state.pending
    assert selectors.tournaments_to_catch_up() == []
    # The next change (the arbiter fixing it) makes it eligible again.
    Result.objects.filter(board_number=3, round=row.round).update(is_current=False)
    mark_results_changed(tournament=tournament, board_numbers=[3])
    assert selectors.tournaments_to_catch_up() == [tournament.pk]
    assert recompute(tournament.pk).outcome is Outcome.WRITTEN
    assert state_of(tournament).last_error == ""


def test_a_tournament_deleted_meanwhile_is_skipped():
    assert recompute(987654).outcome is Outcome.MISSING


# --- Speed ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_three_thousand_results_are_recomputed_with_a_handful_of_queries():
    tournament = big_mitchell()
    mark_results_changed(tournament=tournament)
    # The books exist, as the change's claim of the job after its commit leaves them.
    ScoringState.objects.get_or_create(tournament=tournament)

    with CaptureQueriesContext(connection) as queries:
        report = recompute(tournament.pk, force=True)

    assert report.outcome is Outcome.WRITTEN
    assert report.results_counted == 3000
    # From scratch: the overall ranking and the 10 "after round N" ones (the overall one is
    # the one after round 10).
    assert report.rankings_computed == 10
    assert BoardScore.objects.filter(tournament=tournament).count() == 3000
    # A handful of queries whatever the size (the board scores go in with one COPY, the
    # snapshots too but for the last round's, which copies the overall one's entries).
    assert len(queries) <= 21, [query["sql"][:80] for query in queries]
    # Its speed is measured by benchmarks/recompute.py, not asserted here.

    # A live change in the last round: only the latest ranking is computed again.
    put_result(tournament, 10, 1, tournament_board(tournament, 10, 1), 250, 0)
    report = recompute(tournament.pk)
    assert report.outcome is Outcome.WRITTEN
    assert report.rankings_computed == 1


def tournament_board(tournament, round_number: int, table: int) -> int:
    from tests.support.results import assignment

    return assignment(tournament, round_number, table).boards[0]

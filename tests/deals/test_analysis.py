"""The double-dummy analysis of the boards: the job, when it is published, what it stores."""

import threading
import time

import pytest

from scoring.analysis.solver import analyse, hands_from_pbn
from scoring.engine.cards import Seat
from tournaments import background
from tournaments.deals import analysis, services, tasks
from tournaments.deals.models import Board, BoardAnalysis

SPLIT = {"N": ".AKQJT987..", "S": "AKQJT987...", "E": "..AKQJ.AKQJ", "W": "..T987.T987"}
# A deal of no pattern that solves in a tenth of a second (the solver's slowest deals take
# seconds: they would cost the suite without proving more here).
OTHER = {"N": "T.J.QT97.KJ", "W": "Q98.T.A8.A8", "S": "J7.K8.K.T97", "E": "AK.AQ97.J.Q"}


# Hearts, dealer North: 46-116 when East-West may underruff their partner's trump, 42-120
# under « always overtake the partner ».
OVERTAKING = {"N": "J.987.K9.J7", "W": "AQT7..AJ.Q9", "S": "K.AQ.Q87.A8", "E": "98.KJT.T.KT"}


def expected(hands, dealer, must_undertrump=False, always_overtake_partner=False):
    table = analyse(
        hands_from_pbn(hands),
        Seat(dealer),
        must_undertrump=must_undertrump,
        always_overtake_partner=always_overtake_partner,
    )
    return {strain.value: points.to_dict() for strain, points in table.items()}


@pytest.mark.django_db
def test_the_job_stores_each_board_once_and_again_when_retyped(barometer):
    services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    services.save_typed_board(tournament=barometer, number=2, hands=OTHER, dealer="E")

    assert analysis.analyse_boards(barometer.pk) == 2
    stored = {item.board.number: item for item in BoardAnalysis.objects.select_related("board")}
    assert stored[1].points == expected(SPLIT, "N")
    assert stored[1].points["SA"] == {"ns": 0, "ew": 252}
    assert stored[2].points == expected(OTHER, "E")
    assert stored[2].hands == OTHER and stored[2].dealer == "E"
    # The highest bids and the par, from the rules engine's scores.
    assert stored[1].bids["S"] == {"ns": "capot", "ew": None}
    assert stored[1].bids["D"] == {"ns": None, "ew": "capot"}
    assert stored[1].par is not None and stored[1].par["side"] in ("NS", "EW")
    assert stored[1].rules == barometer.rule_settings().to_dict()
    # Nothing new: nothing computed.
    assert analysis.analyse_boards(barometer.pk) == 0

    services.save_typed_board(tournament=barometer, number=1, hands=OTHER, dealer="N")
    board = Board.objects.get(tournament=barometer, number=1)
    rules = barometer.rule_settings().to_dict()
    assert not board.analysis.matches(board, rules)
    assert analysis.analyse_boards(barometer.pk, [1]) == 1
    board.analysis.refresh_from_db()
    assert board.analysis.points == expected(OTHER, "N")
    assert board.analysis.matches(board, rules)


@pytest.mark.django_db
def test_the_rules_undertrump_setting_is_used(barometer):
    barometer.rules = {**barometer.rules, "must_undertrump": True}
    barometer.save()
    services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    analysis.analyse_boards(barometer.pk)
    stored = BoardAnalysis.objects.get()
    assert stored.must_undertrump is True
    assert stored.points == expected(SPLIT, "N", must_undertrump=True)


@pytest.mark.django_db
def test_the_rules_overtake_partner_setting_is_used(barometer):
    services.save_typed_board(tournament=barometer, number=1, hands=OVERTAKING)
    analysis.analyse_boards(barometer.pk)
    assert BoardAnalysis.objects.get().points["H"] == {"ns": 46, "ew": 116}
    barometer.rules = {**barometer.rules, "overtake_partner": "always"}
    barometer.save()
    # The rules changed: the stored analysis is stale, and computed again under the new rule.
    assert analysis.analyse_boards(barometer.pk) == 1
    stored = BoardAnalysis.objects.get()
    assert stored.rules["overtake_partner"] == "always"
    assert stored.points == expected(OVERTAKING, "N", always_overtake_partner=True)
    assert stored.points["H"] == {"ns": 42, "ew": 120}


@pytest.mark.django_db
def test_a_board_retyped_while_solved_is_not_overwritten(barometer, monkeypatch):
    services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    real = analysis.analyse

    def retyped_meanwhile(*args, **kwargs):
        Board.objects.filter(tournament=barometer, number=1).update(hands=OTHER)
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "analyse", retyped_meanwhile)
    assert analysis.analyse_boards(barometer.pk) == 0
    assert not BoardAnalysis.objects.exists()


@pytest.mark.django_db
def test_typing_a_board_publishes_its_analysis(
    barometer, settings, django_capture_on_commit_callbacks
):
    settings.ANALYSIS_IN_PROCESS = "1"
    with django_capture_on_commit_callbacks(execute=True):
        services.save_typed_board(tournament=barometer, number=3, hands=SPLIT, dealer="W")
    stored = BoardAnalysis.objects.get()
    assert stored.board.number == 3
    assert stored.points == expected(SPLIT, "W")


@pytest.mark.django_db
def test_generating_deals_publishes_the_analysis_of_every_board(
    barometer, settings, django_capture_on_commit_callbacks, monkeypatch
):
    settings.ANALYSIS_IN_PROCESS = "1"
    asked = []
    monkeypatch.setattr(analysis, "analyse_boards", lambda *args: asked.append(args) or 0)
    with django_capture_on_commit_callbacks(execute=True):
        services.generate_deals(tournament=barometer)
    assert asked == [(barometer.pk, None)]
    with django_capture_on_commit_callbacks(execute=True):
        services.generate_deals(tournament=barometer)
    assert len(asked) == 2


@pytest.mark.django_db
def test_without_a_worker_nothing_runs_in_the_request(
    barometer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    assert not BoardAnalysis.objects.exists()


@pytest.mark.worker
@pytest.mark.slow
def test_a_real_worker_analyses_a_typed_board(barometer, celery_worker):
    services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not BoardAnalysis.objects.exists():
        time.sleep(0.3)
    stored = BoardAnalysis.objects.get()
    assert stored.points == expected(SPLIT, "N")
    # Retyped: the worker computes it again.
    services.save_typed_board(tournament=barometer, number=1, hands=OTHER)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        stored.refresh_from_db()
        if stored.hands == OTHER:
            break
        time.sleep(0.3)
    assert stored.points == expected(OTHER, "N")


@pytest.mark.django_db
def test_changing_the_rules_publishes_the_analysis_again(
    barometer, people, settings, django_capture_on_commit_callbacks, monkeypatch
):
    from tournaments.setup.services.tournament import update_tournament

    services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    settings.ANALYSIS_IN_PROCESS = "1"
    asked = []
    monkeypatch.setattr(analysis, "analyse_boards", lambda *args: asked.append(args) or 0)
    rules = {**barometer.rule_settings().to_dict(), "annonces": False}
    with django_capture_on_commit_callbacks(execute=True):
        update_tournament(
            tournament=barometer,
            by=people.organizer,
            fields={},
            rules=rules,
            co_organizers=[],
            arbiters=[people.arbiter],
        )
    assert asked == [(barometer.pk, None)]


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_a_thread_of_the_process_analyses_the_boards(barometer, monkeypatch):
    worker = background.BackgroundJobs("board-analysis")
    monkeypatch.setattr(background, "analysis", worker)
    from django.conf import settings

    monkeypatch.setattr(settings, "ANALYSIS_IN_PROCESS", "background")
    release = threading.Event()
    real = analysis.analyse_boards
    calls = []

    def held(*args):
        calls.append(args)
        assert release.wait(60)
        return real(*args)

    monkeypatch.setattr(analysis, "analyse_boards", held)
    services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    # The request (here the service) returned while the analysis is still held in the thread.
    assert not BoardAnalysis.objects.exists()
    # Asked again while it waits or runs: queued at most once more, never twice.
    services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    release.set()
    assert worker.wait(60)
    assert BoardAnalysis.objects.get().points == expected(SPLIT, "N")
    assert 1 <= len(calls) <= 2
    assert all(call == (barometer.pk, [1]) for call in calls)


@pytest.mark.django_db(transaction=True)
def test_the_first_request_of_a_process_catches_up_once(barometer, client, monkeypatch):
    services.save_typed_board(
        tournament=barometer, number=1, hands=SPLIT
    )  # analysis off: left pending
    fresh = background.BackgroundJobs("board-analysis")
    monkeypatch.setattr(background, "analysis", fresh)
    from django.conf import settings

    monkeypatch.setattr(settings, "ANALYSIS_IN_PROCESS", "background")
    catch_ups = []
    real = analysis.pending_tournaments
    monkeypatch.setattr(analysis, "pending_tournaments", lambda: catch_ups.append(1) or real())
    client.get("/")
    client.get("/")
    assert fresh.wait(60)
    assert BoardAnalysis.objects.get().points == expected(SPLIT, "N")
    assert catch_ups == [1]


@pytest.mark.django_db
def test_with_the_analysis_off_nothing_is_queued(barometer, settings, monkeypatch):
    fresh = background.BackgroundJobs("board-analysis")
    monkeypatch.setattr(background, "analysis", fresh)
    settings.ANALYSIS_IN_PROCESS = "0"
    assert analysis.enqueue_analysis(barometer.pk) is False
    analysis.on_request_started()
    assert fresh._thread is None


def test_beat_runs_the_analysis_catch_up_on_the_analysis_queue(settings):
    from config.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["analysis-catch-up"]
    assert entry["task"] == tasks.catch_up_task.name
    assert entry["schedule"] == 300.0 and entry["options"]["expires"] == 300.0
    assert app.amqp.router.route({}, entry["task"])["queue"].name == "analysis"


@pytest.mark.django_db
def test_the_catch_up_queues_a_tournament_once_until_its_job_ran(barometer, monkeypatch):
    services.save_typed_board(
        tournament=barometer, number=1, hands=SPLIT
    )  # analysis off: left pending
    services.save_typed_board(tournament=barometer, number=2, hands=OTHER)
    queued = []
    monkeypatch.setattr(analysis, "enqueue_analysis", lambda pk: queued.append(pk) or True)
    assert analysis.catch_up() == [barometer.pk]
    # The next tick while the job waits: not queued again.
    assert analysis.catch_up() == []
    # A job for one board (a retyping) is not the catch-up's: still held, board 2 pending.
    analysis.analyse_boards(barometer.pk, [1])
    assert analysis.catch_up() == []
    assert analysis.pending_tournaments() == [barometer.pk]
    # The job ran; the board retyped since (nothing published): queued again.
    analysis.analyse_boards(barometer.pk)
    assert analysis.catch_up() == []
    services.save_typed_board(tournament=barometer, number=1, hands=OTHER)
    assert analysis.catch_up() == [barometer.pk]
    assert queued == [barometer.pk, barometer.pk]


@pytest.mark.django_db
def test_the_catch_up_lets_the_next_tick_retry_when_publishing_failed(barometer, monkeypatch):
    services.save_typed_board(tournament=barometer, number=1, hands=SPLIT)
    monkeypatch.setattr(analysis, "enqueue_analysis", lambda pk: False)  # broker away
    assert analysis.catch_up() == []
    monkeypatch.setattr(analysis, "enqueue_analysis", lambda pk: True)
    assert analysis.catch_up() == [barometer.pk]


def test_the_background_thread_tries_again_after_a_database_error():
    from django.db import OperationalError

    worker = background.BackgroundJobs("board-analysis")
    worker.retry_delays = (0, 0)
    calls = []

    def locked_twice():
        calls.append(1)
        if len(calls) <= 2:
            raise OperationalError("database is locked")

    worker.submit("job", locked_twice)
    assert worker.wait(30)
    assert len(calls) == 3
    # Always failing: given up after the last pause, and the thread goes on with the next job.
    worker.submit("broken", lambda: calls.append(2) or (_ for _ in ()).throw(OperationalError()))
    worker.submit("next", calls.append, 3)
    assert worker.wait(30)
    assert calls == [1, 1, 1, 2, 2, 2, 3]

"""The robots' turns through the real broker: a worker on the ``robots`` queue plays them
outside the request (docs/play.md)."""

import os
from datetime import timedelta

import pytest
import redis
from django.db import transaction
from django.utils import timezone

from scoring.robots.auction import Call
from tests.support.celery import use_broker
from tests.support.factories import make_tournament
from tests.support.play import BELOTE_L, SMALL_WORLDS, board_with, open_for_replay
from tests.support.processes import CeleryProcess, wait_for
from tests.support.robots import random_hands
from tournaments.play import selectors, services
from tournaments.play.models import Game


def south_to_act(game: Game, number: int) -> dict | None:
    game.refresh_from_db()
    state = selectors.south_view(game)
    return state if state["turn"] == "S" and state["number"] >= number else None


@pytest.mark.worker
def test_a_real_worker_plays_the_robots_turns(celery_worker, make_user):
    player = make_user("sud")
    board = board_with(make_tournament(rules_preset="belote-l"), 1, random_hands(11), dealer="E")
    open_for_replay(board.tournament)
    with transaction.atomic():
        # The dealer is East: North speaks first, then West, then South.
        game = services.start_game(
            player=player, board=board, rules=BELOTE_L, seed=7, worlds=SMALL_WORLDS
        )
    state = wait_for(lambda: south_to_act(game, 2), 60, "the robots did not call")
    assert [call["seat"] for call in state["calls"]] == ["N", "W"]
    with transaction.atomic():
        services.make_call(game=game, player=player, call=Call.from_dict({"call": "pass"}))
    wait_for(
        lambda: game.refresh_from_db() or game.is_over or south_to_act(game, 4),
        60,
        "the robots did not answer South's call",
    )
    assert Game.objects.get(pk=game.pk).actions.filter(seat="S").count() == 1


@pytest.fixture
def broker_for_workers(transactional_db, settings):
    """This process publishing to the real Redis broker, the workers started by the test
    itself (``CeleryProcess``: each in its own process group, so that one can be killed)."""
    from django.db import connection

    from config.celery import app

    broker = os.environ.get("TEST_BROKER_URL", "redis://127.0.0.1:6379/15")
    redis.Redis.from_url(broker).flushdb()
    database = settings.DATABASES["default"]
    database_url = (
        f"postgres://{database['USER']}@{database['HOST'] or '127.0.0.1'}:"
        f"{database['PORT'] or 5432}/{connection.settings_dict['NAME']}"
    )
    saved = {
        key: app.conf.get(key) for key in ("broker_url", "result_backend", "task_always_eager")
    }
    settings.CELERY_TASK_ALWAYS_EAGER = False
    use_broker(broker_url=broker, result_backend=broker, task_always_eager=False)
    try:
        yield broker, database_url
    finally:
        use_broker(**saved)


@pytest.mark.worker
def test_a_game_resumes_when_a_new_worker_starts_after_one_was_killed(
    broker_for_workers, make_user, tmp_path
):
    """A worker killed (SIGKILL) with the robots' job it held: the game waits; the next worker
    to start queues the catch-up (``robots.catch_up`` at ``worker_ready``) and the robots play."""
    broker, database_url = broker_for_workers
    first = CeleryProcess("worker", broker, database_url, tmp_path, "first", queues="robots")
    first.start()
    player = make_user("sud")
    board = board_with(make_tournament(rules_preset="belote-l"), 1, random_hands(12), dealer="E")
    open_for_replay(board.tournament)
    try:
        with transaction.atomic():
            game = services.start_game(
                player=player, board=board, rules=BELOTE_L, seed=9, worlds=SMALL_WORLDS
            )
        wait_for(lambda: south_to_act(game, 2), 60, "the robots did not call")
    finally:
        first.kill()
    with transaction.atomic():
        services.make_call(game=game, player=player, call=Call.from_dict({"call": "pass"}))
    # The job of the robots' turns is lost with the worker that would have taken it, and the
    # game has waited longer than the catch-up's delay.
    redis.Redis.from_url(broker).flushdb()
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    assert Game.objects.get(pk=game.pk).actions.count() == 3
    second = CeleryProcess("worker", broker, database_url, tmp_path, "second", queues="robots")
    try:
        second.start()
        wait_for(
            lambda: Game.objects.get(pk=game.pk).actions.count() > 3,
            60,
            "the robots did not resume after the new worker started",
        )
    finally:
        second.stop()
    assert Game.objects.get(pk=game.pk).actions.filter(seat="S").count() == 1

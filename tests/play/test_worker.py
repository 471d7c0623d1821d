"""The robots' turns through the real broker: a worker on the ``robots`` queue plays them
outside the request (docs/play.md)."""

import pytest
from django.db import transaction

from scoring.robots.auction import Call
from tests.support.factories import make_tournament
from tests.support.play import BELOTE_L, SMALL_WORLDS, board_with, open_for_replay
from tests.support.processes import wait_for
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

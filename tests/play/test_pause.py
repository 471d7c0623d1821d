"""The robots' pause (docs/play.md): South's view shows a robot's action no sooner than
``PLAY_ROBOT_PAUSE`` after the action before it was shown, so the moment a robot's card
appears does not depend on how long it thought (a single legal card is decided at once)."""

from datetime import timedelta

import pytest
from django.db.models import F

from scoring.robots.auction import Call
from tests.support.factories import make_tournament
from tests.support.play import act_as_south, board_with, play_out, south_choice, start
from tests.support.robots import random_hands
from tournaments.play import selectors, services
from tournaments.play.models import GameAction

pytestmark = pytest.mark.django_db

PAUSE = 60
"""Far longer than any decision of two-world robots: every robot's action waits the pause."""


@pytest.fixture
def player(make_user):
    return make_user("sud")


@pytest.fixture
def paused(settings):
    settings.PLAY_ROBOT_PAUSE = PAUSE


def board():
    # The dealer is North: West speaks first, then South.
    return board_with(make_tournament(rules_preset="belote-l"), 1, random_hands(11), dealer="N")


def let_time_pass(game, seconds=PAUSE) -> None:
    """As if ``seconds`` had passed: every moment of showing comes that much sooner."""
    GameAction.objects.filter(game=game).update(
        visible_at=F("visible_at") - timedelta(seconds=seconds)
    )


def test_a_robots_call_is_held_back_until_the_pause_has_passed(player, paused):
    game = start(player, board())
    # West has called (the job ran after the start's commit), but South does not see it yet.
    assert GameAction.objects.filter(game=game, seat="W").count() == 1
    state = selectors.south_view(game)
    assert (state["calls"], state["number"], state["turn"]) == ([], 0, "W")
    assert state["legal_calls"] == []
    # South cannot act on what it does not see: the refusal of any robot's turn.
    with pytest.raises(services.PlayRefused) as refused:
        services.make_call(game=game, player=player, call=Call.from_dict({"call": "pass"}))
    assert refused.value.message == "Ce n'est pas à vous de jouer."
    assert GameAction.objects.filter(game=game).count() == 1
    let_time_pass(game)
    state = selectors.south_view(game)
    assert [call["seat"] for call in state["calls"]] == ["W"]
    assert (state["number"], state["turn"]) == (1, "S")
    assert state["legal_calls"]


def test_each_robots_action_is_shown_the_pause_after_the_one_before(player, paused):
    game = start(player, board())
    first = GameAction.objects.get(game=game, number=0)
    assert first.visible_at == game.created_at + timedelta(seconds=PAUSE)
    let_time_pass(game)
    act_as_south(game, south_choice(selectors.south_view(game)))
    actions = list(GameAction.objects.filter(game=game).order_by("number"))
    assert [action.seat for action in actions[:3]] == ["W", "S", "E"]
    # After South's call, shown at once, the robots' each a pause after the one before:
    # the same moments whatever their hands and however long they thought.
    for before, after in zip(actions[1:], actions[2:], strict=False):
        assert after.seat != "S"
        assert after.visible_at - before.visible_at == timedelta(seconds=PAUSE)
    state = selectors.south_view(game)
    assert [call["seat"] for call in state["calls"]] == ["W", "S"]
    assert state["turn"] == "E"


def test_the_end_and_the_score_are_not_shown_before_the_last_card(player):
    game = play_out(start(player, board()))
    last_robot = GameAction.objects.filter(game=game).exclude(seat="S").order_by("-number").first()
    GameAction.objects.filter(game=game, number__gte=last_robot.number).update(
        visible_at=F("visible_at") + timedelta(seconds=PAUSE)
    )
    state = selectors.south_view(game)
    assert state["status"] == "play"
    assert "result" not in state and "hands" not in state
    assert state["turn"] == last_robot.seat
    assert state["number"] == last_robot.number
    let_time_pass(game)
    state = selectors.south_view(game)
    assert state["status"] == "finished"
    assert state["result"]["score"] == game.score

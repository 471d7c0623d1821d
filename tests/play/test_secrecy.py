"""South's view tells nothing of the robots' cards: two games that differ only in the robots'
hands (the cards South has not seen dealt otherwise, consistently with everything South saw)
give byte-identical views at every step before the end (docs/play.md, « Le secret »)."""

import json
import random

import pytest

from scoring.analysis.solver import hands_from_pbn
from scoring.engine.belote import belote_holdings
from scoring.robots.worlds import draw_world
from tests.support.factories import make_tournament
from tests.support.play import (
    actions_of,
    board_with,
    pbn_hands,
    play_out,
    replay_rows,
    start,
)
from tests.support.robots import random_hands
from tournaments.play import selectors
from tournaments.play.models import Game

pytestmark = pytest.mark.django_db

SEEDS_PER_STEP = 40


def other_deal(game: Game, position: selectors.Position) -> dict | None:
    """The robots' hands dealt otherwise, agreeing with South's view at ``position`` (and with
    the belotes said so far, which the table hears), or None when no other deal agrees."""
    view = position.south
    for seed in range(SEEDS_PER_STEP):
        world = draw_world(view, random.Random(seed))
        if world == {seat: frozenset(hand) for seat, hand in position.hands.items()}:
            continue
        if view.contract is not None and belote_holdings(world, view.strain) != belote_holdings(
            position.hands, view.strain
        ):
            continue
        return pbn_hands(world)
    return None


def view_bytes(game: Game) -> bytes:
    return json.dumps(selectors.south_view(game), sort_keys=True).encode()


def test_games_differing_only_in_the_robots_hands_show_south_the_same_bytes(make_user):
    player = make_user("sud")
    tournament = make_tournament(rules_preset="belote-l")
    played = play_out(start(player, board_with(tournament, 1, random_hands(5))))
    actions = actions_of(played)
    compared = 0
    for step in range(len(actions)):
        same = replay_rows(_game_like(played, played.hands), actions[:step])
        hands = other_deal(same, selectors.position_of(same))
        if hands is None:
            continue
        other = replay_rows(_game_like(played, hands), actions[:step])
        assert other.hands != played.hands
        assert view_bytes(other) == view_bytes(same), f"step {step}"
        compared += 1
    # Every step of the auction and most of the play had another deal to compare with.
    assert compared >= len(actions) - 8


def _game_like(game: Game, hands: dict) -> Game:
    board = board_with(game.board.tournament, Game.objects.count() + 2, hands_from_pbn(hands))
    return Game.objects.create(
        player=game.player,
        board=board,
        rules_preset=game.rules_preset,
        rules=game.rules,
        dealer=game.dealer,
        hands=hands,
        seed=game.seed,
        worlds=game.worlds,
    )

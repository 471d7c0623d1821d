"""The robots' decisions computed once (tournaments/play/decisions.py; docs/play.md « One
decision, computed once »): the games of a board share the robots' seed, a position reached
again is answered from the cache with the same call or card, a damaged kept entry is ignored."""

import pytest
from django.core.cache import cache
from django.test import TestCase

from scoring.analysis.solver import hands_from_pbn
from scoring.engine.cards import Seat
from scoring.robots.auction import Call, CallKind
from scoring.robots.robot import Robot
from scoring.robots.view import SeatView
from tests.support.factories import make_tournament
from tests.support.play import (
    BELOTE_L,
    SMALL_WORLDS,
    actions_of,
    board_with,
    open_for_replay,
    play_out,
)
from tests.support.robots import random_hands
from tournaments.play import decisions, services

pytestmark = pytest.mark.django_db


@pytest.fixture
def board():
    return board_with(make_tournament(rules_preset="belote-l"), 1, random_hands(23), dealer="N")


@pytest.fixture
def robots_asked(monkeypatch):
    """Every decision a robot actually computed (a spy around ``Robot.decide``)."""
    asked = []
    decide = Robot.decide

    def spy(robot, view):
        asked.append((view.seat, len(view.calls), len(view.play)))
        return decide(robot, view)

    monkeypatch.setattr(Robot, "decide", spy)
    return asked


def started(player, board):
    open_for_replay(board.tournament)
    with TestCase.captureOnCommitCallbacks(execute=True):
        return services.start_game(player=player, board=board, rules=BELOTE_L, worlds=SMALL_WORLDS)


def test_the_games_of_a_board_share_the_robots_seed(make_user, board):
    first = started(make_user("premier"), board)
    second = started(make_user("second"), board)
    other = board_with(board.tournament, 2, random_hands(24))
    third = started(make_user("troisieme"), other)
    assert first.seed == second.seed == decisions.robots_seed(board.pk)
    assert third.seed == decisions.robots_seed(other.pk) != first.seed
    assert 0 <= first.seed < 2**decisions.SEED_BITS


def test_a_second_player_on_the_same_path_is_answered_without_a_robot_thinking(
    make_user, board, robots_asked
):
    first = play_out(started(make_user("premier"), board))
    computed = len(robots_asked)
    assert computed > 20  # the robots' calls and their 24 cards
    second = play_out(started(make_user("second"), board))
    assert len(robots_asked) == computed  # every answer kept from the first game
    assert actions_of(second) == actions_of(first)
    assert second.score == first.score


def test_an_emptied_cache_gives_the_same_answers(make_user, board):
    first = play_out(started(make_user("premier"), board))
    cache.clear()
    second = play_out(started(make_user("second"), board))
    assert actions_of(second) == actions_of(first)


def first_view(board) -> SeatView:
    """West's view at the deal's first call (the dealer is North: West speaks first)."""
    west = hands_from_pbn(board.hands)[Seat.WEST]
    return SeatView(BELOTE_L, Seat.NORTH, Seat.WEST, frozenset(west))


@pytest.mark.parametrize(
    "damaged",
    [
        {"card": "AS"},  # a card in the auction
        {"call": {"call": "coinche"}},  # no bid to coinche
        {"call": {"call": "bid", "bid": 81, "strain": "S"}},  # not on the scale
        {"call": "pass"},
        "pass",
        None,
    ],
)
def test_a_damaged_kept_entry_is_ignored_and_replaced(board, robots_asked, damaged):
    view = first_view(board)
    key = decisions.decision_key(view=view, worlds=SMALL_WORLDS, seed=5)
    cache.set(key, damaged)
    decision = decisions.decide(view=view, worlds=SMALL_WORLDS, seed=5)
    assert robots_asked == [(Seat.WEST, 0, 0)]
    assert decision == Robot(BELOTE_L, Seat.WEST, worlds=SMALL_WORLDS, seed=5).decide(view)
    assert decisions.decide(view=view, worlds=SMALL_WORLDS, seed=5) == decision
    assert len(robots_asked) == 2  # the spy counts the reference decision above too


def test_the_key_names_no_card_and_changes_with_every_input(board):
    view = first_view(board)
    key = decisions.decision_key(view=view, worlds=SMALL_WORLDS, seed=5)
    assert key.startswith("robot-decision:") and len(key) == len("robot-decision:") + 64
    after_pass = SeatView(
        BELOTE_L, Seat.NORTH, Seat.SOUTH, frozenset(first_view(board).hand), (Call(CallKind.PASS),)
    )
    others = {
        decisions.decision_key(view=view, worlds=SMALL_WORLDS + 1, seed=5),
        decisions.decision_key(view=view, worlds=SMALL_WORLDS, seed=6),
        decisions.decision_key(view=after_pass, worlds=SMALL_WORLDS, seed=5),
    }
    assert key not in others and len(others) == 3

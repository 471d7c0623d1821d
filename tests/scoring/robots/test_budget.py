"""The robots' budget of positions (``robot.POSITIONS_PER_DECISION``): a decision that has
searched it by the end of a world leaves the other worlds out, every candidate valued on the
same worlds; and it is counted from an empty table, so a robot's decision does not depend on
what it decided before (docs/robots.md, « Decision time »)."""

import pytest

from scoring.engine.cards import Seat, Strain
from scoring.engine.play import opening_leader
from scoring.engine.rules import PRESETS
from scoring.robots import robot as robot_module
from scoring.robots.auction import PASS, Call, CallKind
from scoring.robots.bid_simulation import call_values, candidates
from scoring.robots.bidding import choose_call
from scoring.robots.card_play import card_values
from scoring.robots.lanes import Lanes
from scoring.robots.robot import Robot
from scoring.robots.view import SeatView
from scoring.robots.worlds import draw_worlds
from tests.support.robots import random_hands

RULES = PRESETS["ffb-coinche"]
CALLS = (Call(CallKind.BID, 80, Strain.HEARTS), PASS, PASS, PASS)  # West takes in hearts
LEADER = opening_leader(Seat.NORTH)


def lead_of(deal: int) -> SeatView:
    """The opening leader's view (North deals, West takes 80 ♥, the others pass)."""
    return SeatView(RULES, Seat.NORTH, LEADER, random_hands(deal)[LEADER], CALLS)


@pytest.mark.parametrize("deal", [3, 11])
def test_a_card_decision_over_its_budget_keeps_the_worlds_up_to_the_one_that_reached_it(deal):
    view = lead_of(deal)
    worlds = draw_worlds(view, 6, deal)
    legal = view.legal()
    full = card_values(view, worlds, legal, Lanes())
    assert card_values(view, worlds, legal, Lanes(), budget=10**12) == full
    # A budget of one position: the first world only, never none.
    assert card_values(view, worlds, legal, Lanes(), budget=1) == card_values(
        view, worlds[:1], legal, Lanes()
    )
    # Reached during the second world: the first two.
    lanes = Lanes()
    card_values(view, worlds[:1], legal, lanes)
    first = lanes.nodes
    assert card_values(view, worlds, legal, Lanes(), budget=first + 1) == card_values(
        view, worlds[:2], legal, Lanes()
    )


@pytest.mark.parametrize("deal", [5, 17])
def test_a_call_decision_over_its_budget_keeps_the_worlds_up_to_the_one_that_reached_it(deal):
    view = SeatView(RULES, Seat.NORTH, Seat.WEST, random_hands(deal)[Seat.WEST])
    calls = candidates(view, choose_call(view))
    worlds = draw_worlds(view, 5, deal)
    full = call_values(view, calls, worlds, Lanes())
    assert call_values(view, calls, worlds, Lanes(), budget=10**12) == full
    assert call_values(view, calls, worlds, Lanes(), budget=1) == call_values(
        view, calls, worlds[:1], Lanes()
    )


def test_a_robots_decision_and_its_positions_do_not_depend_on_its_earlier_decisions(
    monkeypatch,
):
    """The same robot after the same decision (its worlds the same deals: a table kept would
    serve them), or a new one: the same card, the same count of positions searched; with a
    budget small enough to be reached, so that a table left over would move where the worlds
    stop."""
    monkeypatch.setattr(robot_module, "POSITIONS_PER_DECISION", 20_000)
    later = lead_of(22)
    used = Robot(RULES, LEADER, seed=4)
    used.decide(later)
    before = used.lanes.nodes
    card = used.decide(later)
    fresh = Robot(RULES, LEADER, seed=4)
    assert fresh.decide(later) == card
    assert fresh.lanes.nodes == used.lanes.nodes - before

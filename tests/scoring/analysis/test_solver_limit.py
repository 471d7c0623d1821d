"""The solver's limit of positions (``Solver.solve(limit=…)``, used by the robots): below it
the exact value, at it an estimate within what the search had proved, the same every time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.analysis import kernel
from scoring.analysis.solver import STRAINS, Solver
from scoring.engine.card_values import CAPOT_DEAL_POINTS, DEAL_POINTS, DIX_DE_DER, card_points
from scoring.engine.cards import Seat
from scoring.engine.play import opening_leader
from tests.support.depth import examples
from tests.support.robots import random_hands

LEADER = opening_leader(Seat.NORTH)


@settings(max_examples=examples(12), deadline=None)
@given(deal=st.integers(0, 10**6), strain=st.sampled_from(STRAINS), limit=st.integers(1, 60_000))
def test_a_limited_solve_is_exact_below_its_limit_and_an_estimate_within_the_deal_at_it(
    deal, strain, limit
):
    hands = random_hands(deal)
    exact_solver = Solver()
    exact = exact_solver.solve(hands, LEADER, strain)
    solver = Solver()
    value = solver.solve(hands, LEADER, strain, limit=limit)
    if solver.nodes < limit:
        assert value == exact
    else:
        assert solver.nodes == limit
        assert value in (kernel.EW_CAPOT_VALUE, CAPOT_DEAL_POINTS) or 0 <= value <= DEAL_POINTS
    # The same answer every time (a count of positions, not a time).
    assert Solver().solve(hands, LEADER, strain, limit=limit) == value
    # The true value is within every bound the stopped search had found: given as the
    # guess, it is the estimate.
    assert Solver().solve(hands, LEADER, strain, limit=limit, guess=exact) == exact


def test_a_solve_stopped_at_once_says_the_middle_of_what_is_still_out():
    hands = random_hands(7)
    solver = Solver()
    # A whole deal: 152 card points and the dix de der.
    assert solver.solve(hands, LEADER, STRAINS[0], limit=1) == DEAL_POINTS // 2
    # An ending after five tricks: the middle of the points still out and the dix de der.
    ending = {seat: set(sorted(cards, key=str)[:3]) for seat, cards in hands.items()}
    out = sum(card_points(card, STRAINS[0]) for cards in ending.values() for card in cards)
    value = Solver().solve(ending, LEADER, STRAINS[0], capot_possible=False, limit=1)
    assert value == (out + DIX_DE_DER) // 2

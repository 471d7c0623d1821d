"""The solver against colver's double-dummy solver (Rust, dev-only dependency) on random deals.

colver numbers the seats 0-3 in its order of play from North (0 N, 1 W, 2 S, 3 E: the same as
``SEATS_COUNTER_CLOCKWISE``), seat ``dealer + 1`` leading; its cards are suit * 8 + the rank in
the order 7 8 9 J Q K 10 A, suits ♠ ♥ ♦ ♣. Its ``solve_all_suits`` gives [NS, EW] points per
suit, dix de der and capot (252) included, under the FFB rules (no undertrumping): it has no
sans-atout or tout-atout.
"""

from __future__ import annotations

import random

import colver
import pytest

from scoring.analysis.solver import Solver
from scoring.engine.cards import DECK, SEATS_COUNTER_CLOCKWISE, Card, Rank, Strain
from tests.support.depth import examples

pytestmark = [pytest.mark.slow]

COLVER_RANKS = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
SUIT_STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
# 200 at the deep depth (tests/support/depth.py), 50 at the everyday one.
DEALS = examples(200)


def colver_card(card: Card) -> int:
    return "SHDC".index(card.suit.value) * 8 + COLVER_RANKS.index(card.rank)


def test_colver_card_numbers_match_its_names():
    for card in DECK:
        assert colver.Env.card_name(colver_card(card)) == card.label


@pytest.mark.parametrize("chunk", range(4))
def test_same_points_as_colver_in_the_four_suits(chunk):
    rng = random.Random(2026 + chunk)
    solver = Solver()
    differences = []
    for number in range(DEALS // 4):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = {seat: deck[8 * i : 8 * i + 8] for i, seat in enumerate(SEATS_COUNTER_CLOCKWISE)}
        dealer = rng.choice(SEATS_COUNTER_CLOCKWISE)
        env = colver.Env.deal_with_hands(
            SEATS_COUNTER_CLOCKWISE.index(dealer),
            [[colver_card(card) for card in hands[seat]] for seat in SEATS_COUNTER_CLOCKWISE],
        )
        expected = [tuple(points) for points in env.solve_all_suits()["suits"]]
        got = [tuple(solver.points(hands, dealer, strain)) for strain in SUIT_STRAINS]
        if got != expected:
            differences.append((number, got, expected))
    assert differences == []

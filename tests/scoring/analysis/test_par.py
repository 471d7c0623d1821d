"""The highest bid made per side and strain, and the « contrat optimal » (par)."""

import random

from scoring.analysis.par import Contracts, par
from scoring.analysis.solver import analyse
from scoring.engine.cards import DECK, SEATS_COUNTER_CLOCKWISE, Hand, Seat, Side, Strain
from scoring.engine.result_record import CAPOT
from scoring.engine.rules import PRESETS

RULES = PRESETS["ffb-coinche"]

# North-South hold every ace, ten, jack and nine: they win every trick in every strain. East
# holds the kings and queens: four belotes at TA and the carrés of kings and queens (200).
ONE_SIDED = {
    Seat.NORTH: Hand.from_pbn("AJT9.AJT9.."),
    Seat.SOUTH: Hand.from_pbn("..AJT9.AJT9"),
    Seat.EAST: Hand.from_pbn("KQ.KQ.KQ.KQ"),
    Seat.WEST: Hand.from_pbn("87.87.87.87"),
}


def test_bids_count_the_belotes_and_annonces_the_hands_hold():
    points = analyse(ONE_SIDED, Seat.NORTH)
    assert all(tuple(each) == (252, 0) for each in points.values())
    table = Contracts(ONE_SIDED, points, RULES).table()
    for strain in (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NO_TRUMP):
        assert table[strain][Side.NS].bid == CAPOT
        assert table[strain][Side.EW] is None
    # At TA East's 80 of belotes and 200 of carrés beat North-South's 252: they make nothing,
    # and East-West make 280 without a card point.
    assert table[Strain.ALL_TRUMP][Side.NS] is None
    assert table[Strain.ALL_TRUMP][Side.EW].bid == 280


def test_par_outbids_a_capot_with_what_the_other_side_makes():
    points = analyse(ONE_SIDED, Seat.NORTH)
    best = par(Contracts(ONE_SIDED, points, RULES), Side.EW)
    assert (best.side, best.strain, best.bid, best.made) == (Side.EW, Strain.ALL_TRUMP, 280, True)


def test_highest_made_is_made_and_the_next_bid_is_not():
    rng = random.Random(11)
    for _ in range(3):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = {
            seat: Hand(deck[8 * i : 8 * i + 8]) for i, seat in enumerate(SEATS_COUNTER_CLOCKWISE)
        }
        points = analyse(hands, Seat.SOUTH, [Strain.HEARTS, Strain.NO_TRUMP])
        contracts = Contracts(hands, points, RULES)
        for strain, by_side in contracts.table().items():
            for side, made in by_side.items():
                if made is None:
                    assert not contracts.get(side, strain, 80).made
                    continue
                assert made.made
                if made.bid != CAPOT:
                    assert not contracts.get(side, strain, made.bid + 10).made
        best = par(contracts, Side.NS)
        # Nobody passes out a deal one side makes something in.
        assert best is not None


# North-South make nothing above 250 here, East-West a capot: the old search let North-South
# « sacrifice » at 260 ♠ uncoinched (160 + 260 to East-West cost less than the capot), and the
# « contrat optimal » read « NS 260 ♠ (chute) ».
OVER_A_CAPOT = {
    Seat.NORTH: Hand.from_pbn("9.Q.KT9.QJ8"),
    Seat.WEST: Hand.from_pbn("QJ8.KJ8.J.A"),
    Seat.SOUTH: Hand.from_pbn("AKT7..87.KT"),
    Seat.EAST: Hand.from_pbn(".AT97.AQ.97"),
}


def test_the_par_is_never_a_contract_that_goes_down():
    points = analyse(OVER_A_CAPOT, Seat.SOUTH)
    contracts = Contracts(OVER_A_CAPOT, points, RULES)
    # The failing 260 ♠ exists, and would have saved North-South points uncoinched...
    sacrifice = contracts.get(Side.NS, Strain.SPADES, 260)
    assert not sacrifice.made
    best = par(contracts, Side.EW)
    # ...but the other side, seeing every card, would coinche it: only made contracts bid.
    assert best is not None and best.made
    assert best.side is Side.EW
    assert best.score.ew > sacrifice.score.ew


def test_no_par_of_random_deals_goes_down():
    rng = random.Random(2026)
    for _ in range(6):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = {
            seat: Hand(deck[8 * i : 8 * i + 8]) for i, seat in enumerate(SEATS_COUNTER_CLOCKWISE)
        }
        contracts = Contracts(hands, analyse(hands, Seat.SOUTH), RULES)
        for first in Side:
            best = par(contracts, first)
            assert best is None or best.made

"""Belote-rebelote (FFB §7 and §11)."""

from scoring.engine.belote import (
    BELOTE_POINTS,
    belote_count,
    belote_holders,
    belote_holdings,
    belote_suits,
)
from scoring.engine.cards import Hand, Seat, Strain, Suit


def hands(north="", east="", south="", west=""):
    return {
        seat: Hand.from_pbn(text)
        for seat, text in zip(Seat, (north, east, south, west), strict=True)
        if text
    }


def test_belote_is_the_king_and_queen_of_trump_in_one_hand_worth_20():
    deal = hands(north="...", west=".KQ7..", south=".A..", east="KQ...")
    assert belote_holders(deal, Strain.HEARTS) == [Seat.WEST]
    assert BELOTE_POINTS == 20


def test_king_and_queen_of_trump_in_two_hands_is_no_belote():
    deal = hands(north=".K..", south=".Q..")
    assert belote_holders(deal, Strain.HEARTS) == []


def test_king_and_queen_of_a_plain_suit_is_no_belote():
    deal = hands(east="KQ...")
    assert belote_holders(deal, Strain.HEARTS) == []


def test_there_is_no_belote_in_sans_atout():
    deal = hands(north="KQ.KQ.KQ.KQ")
    assert belote_suits(Strain.NO_TRUMP) == ()
    assert belote_holders(deal, Strain.NO_TRUMP) == []


def test_in_tout_atout_every_suit_can_give_a_belote_up_to_four():
    deal = hands(north="KQ.KQ.KQ.KQ")
    assert belote_holders(deal, Strain.ALL_TRUMP) == [Seat.NORTH] * 4
    assert belote_count(deal[Seat.NORTH], Strain.ALL_TRUMP) * BELOTE_POINTS == 80


def test_in_tout_atout_belotes_are_listed_seat_by_seat_with_their_suit():
    deal = hands(north="...KQ", east="KQ...", west=".KQ..", south="..K.")
    assert belote_holdings(deal, Strain.ALL_TRUMP) == [
        (Seat.NORTH, Suit.CLUBS),
        (Seat.EAST, Suit.SPADES),
        (Seat.WEST, Suit.HEARTS),
    ]


def test_a_trump_suit_has_one_belote_at_most():
    assert belote_suits(Strain.SPADES) == (Suit.SPADES,)
    assert belote_count(Hand.from_pbn("KQ.KQ.KQ.KQ"), Strain.SPADES) == 1

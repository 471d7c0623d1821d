"""Cards, seats, sides, strains and PBN hands."""

import pytest

from scoring.engine.cards import (
    DECK,
    SEATS_COUNTER_CLOCKWISE,
    Card,
    Hand,
    PerSide,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
)


def test_the_deck_has_32_different_cards():
    assert len(DECK) == 32
    assert len(set(DECK)) == 32


def test_play_turns_counter_clockwise_north_west_south_east():
    assert [seat.next for seat in SEATS_COUNTER_CLOCKWISE] == [
        Seat.WEST,
        Seat.SOUTH,
        Seat.EAST,
        Seat.NORTH,
    ]


def test_partners_sit_opposite_and_share_a_side():
    for seat in Seat:
        assert seat.partner.partner is seat
        assert seat.partner.side is seat.side
        assert seat.next.side is not seat.side
    assert Side.NS.seats == (Seat.NORTH, Seat.SOUTH)
    assert Side.EW.seats == (Seat.EAST, Seat.WEST)
    assert Side.NS.other is Side.EW and Side.EW.other is Side.NS


def test_seat_parse_accepts_lower_case():
    assert Seat.parse(" w ") is Seat.WEST


def test_suit_parse_reads_letters_and_symbols():
    assert Suit.parse("h") is Suit.HEARTS
    assert Suit.parse("♠") is Suit.SPADES
    assert Suit.HEARTS.is_red and not Suit.CLUBS.is_red
    assert Suit.DIAMONDS.symbol == "♦"
    with pytest.raises(ValueError):
        Suit.parse("X")


def test_rank_parse_reads_t_and_10_for_the_ten():
    assert Rank.parse("T") is Rank.TEN
    assert Rank.parse("10") is Rank.TEN
    assert Rank.TEN.pbn == "T" and Rank.ACE.pbn == "A"
    assert Rank.SEVEN.sequence_index == 0 and Rank.ACE.sequence_index == 7
    with pytest.raises(ValueError):
        Rank.parse("1")


def test_card_parse_and_print():
    assert Card.parse("10S") == Card(Rank.TEN, Suit.SPADES)
    assert Card.parse("JH") == Card(Rank.JACK, Suit.HEARTS)
    assert str(Card(Rank.TEN, Suit.SPADES)) == "TS"
    assert Card(Rank.TEN, Suit.HEARTS).label == "10♥"
    with pytest.raises(ValueError):
        Card.parse("J")


def test_every_card_label_reads_back():
    # The site turns the labels in the engine's messages (« J♠ ») into its own notation.
    assert all(Card.parse(card.label) == card for card in DECK)


def test_strain_parse_and_trump_suit():
    assert Strain.parse("sa") is Strain.NO_TRUMP
    assert Strain.parse("♥") is Strain.HEARTS
    assert Strain.HEARTS.trump_suit is Suit.HEARTS
    assert Strain.ALL_TRUMP.trump_suit is None
    assert Strain.NO_TRUMP.symbol == "SA"
    assert Strain.CLUBS.symbol == "♣"


def test_hand_reads_and_prints_pbn_suit_dot_notation():
    hand = Hand.from_pbn("AKT.J9..Q87")
    assert len(hand) == 8
    assert hand.pbn() == "AKT.J9..Q87"
    assert hand.has(Rank.TEN, Suit.SPADES)
    assert sorted(card.rank.pbn for card in hand.in_suit(Suit.CLUBS)) == ["7", "8", "Q"]
    assert repr(hand) == "Hand.from_pbn('AKT.J9..Q87')"
    assert set(iter(hand)) == set(hand)


@pytest.mark.parametrize("text", ["AK.QJ.T9", "AA...", "AX..."])
def test_hand_rejects_bad_pbn(text):
    with pytest.raises(ValueError):
        Hand.from_pbn(text)


def test_per_side_reads_and_splits_by_side():
    pair = PerSide.split(Side.EW, 120, 40)
    assert pair == PerSide(ns=40, ew=120)
    assert pair.of(Side.EW) == 120 and pair.of(Side.NS) == 40
    assert PerSide.split(Side.NS, 1, 2).to_dict() == {"ns": 1, "ew": 2}

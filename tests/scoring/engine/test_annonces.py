"""Annonces (FFB §8 and §11): values, what a hand can declare, and the resolution."""

import pytest

from scoring.engine.annonces import (
    Annonce,
    AnnonceKind,
    combinations_in,
    declarable_annonces,
    missing_cards,
    resolve_annonces,
    shape_problem,
)
from scoring.engine.cards import Card, Hand, PerSide, Rank, Seat, Side, Strain, Suit

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
CARRE, CENT = AnnonceKind.CARRE, AnnonceKind.CENT
CINQUANTE, TIERCE = AnnonceKind.CINQUANTE, AnnonceKind.TIERCE


def carre(seat, rank):
    return Annonce(seat, CARRE, Rank(rank))


def sequence(seat, kind, high, suit):
    return Annonce(seat, kind, Rank(high), Suit(suit))


# Values ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "points"),
    [("J", 200), ("9", 150), ("A", 100), ("10", 100), ("K", 100), ("Q", 100)],
)
def test_carre_values_are_jacks_200_nines_150_others_100(rank, points):
    assert carre(N, rank).points(Strain.HEARTS) == points


@pytest.mark.parametrize(
    ("rank", "points"),
    [("A", 200), ("10", 150), ("K", 100), ("Q", 100), ("J", 100), ("9", 100)],
)
def test_sans_atout_carre_values_are_aces_200_tens_150_others_100(rank, points):
    assert carre(N, rank).points(Strain.NO_TRUMP) == points


def test_tout_atout_keeps_the_usual_carre_values():
    assert carre(N, "J").points(Strain.ALL_TRUMP) == 200
    assert carre(N, "A").points(Strain.ALL_TRUMP) == 100


@pytest.mark.parametrize("rank", ["7", "8"])
def test_carres_of_sevens_and_eights_do_not_count(rank):
    assert shape_problem(CARRE, Rank(rank), None) == "carre_does_not_count"
    with pytest.raises(ValueError):
        carre(N, rank)
    hand = Hand(Card(Rank(rank), suit) for suit in Suit)
    assert combinations_in(hand, N) == []


def test_sequence_values_are_cent_100_cinquante_50_tierce_20():
    assert sequence(N, CENT, "A", "S").points(Strain.HEARTS) == 100
    assert sequence(N, CINQUANTE, "A", "S").points(Strain.HEARTS) == 50
    assert sequence(N, TIERCE, "A", "S").points(Strain.HEARTS) == 20


def test_sequences_follow_the_order_7_8_9_10_j_q_k_a():
    # 9-10-J is a tierce (the order is not the trump order J 9 A 10...).
    assert sequence(N, TIERCE, "J", "H").cards() == {
        Card.parse("9H"),
        Card.parse("10H"),
        Card.parse("JH"),
    }
    assert sequence(N, CENT, "J", "H").cards() == {
        Card.parse(text) for text in ("7H", "8H", "9H", "10H", "JH")
    }
    assert [a.high for a in combinations_in(Hand.from_pbn(".QJT9.."), N)] == [
        Rank.JACK,
        Rank.QUEEN,
        Rank.QUEEN,
    ]


def test_a_sequence_is_in_one_suit():
    assert shape_problem(TIERCE, Rank.KING, None) == "suit_required"
    assert combinations_in(Hand.from_pbn("K.Q.J."), N) == []


def test_a_sequence_needs_room_below_its_top_card():
    assert shape_problem(TIERCE, Rank.NINE, Suit.SPADES) is None
    assert shape_problem(TIERCE, Rank.EIGHT, Suit.SPADES) == "sequence_too_low"
    assert shape_problem(CENT, Rank.TEN, Suit.SPADES) == "sequence_too_low"


def test_a_carre_has_no_suit():
    assert shape_problem(CARRE, Rank.ACE, Suit.SPADES) == "carre_with_suit"
    assert not CARRE.is_sequence and TIERCE.is_sequence
    assert CARRE.length == 4 and CENT.length == 5


def test_annonces_read_back_to_the_record_form():
    assert carre(W, "10").to_dict() == {"seat": "W", "kind": "carre", "high": "10"}
    assert sequence(N, TIERCE, "K", "S").to_dict() == {
        "seat": "N",
        "kind": "tierce",
        "high": "K",
        "suit": "S",
    }
    assert carre(W, "10").side is Side.EW


# What a hand declares ----------------------------------------------------------------------


def test_a_card_counts_in_one_annonce_only_the_hand_keeps_the_carre_of_jacks():
    hand = Hand.from_pbn("J.QJT.J.J9")
    found = combinations_in(hand, N)
    assert carre(N, "J") in found and sequence(N, TIERCE, "Q", "H") in found
    assert declarable_annonces(hand, Strain.SPADES, N) == [carre(N, "J")]


def test_a_carre_and_a_sequence_without_a_shared_card_are_both_declared():
    hand = Hand.from_pbn("Q7.Q.QT98.Q")
    assert declarable_annonces(hand, Strain.SPADES, N) == [
        carre(N, "Q"),
        sequence(N, TIERCE, "10", "D"),
    ]


def test_a_queen_in_a_carre_and_a_cent_the_hand_takes_the_carre_and_a_tierce():
    # Cent 9-K♥ (100) or carré of queens + tierce 9-10-J♥ (120): not both, the Q♥ is shared.
    hand = Hand.from_pbn("Q.KQJT9.Q.Q")
    assert declarable_annonces(hand, Strain.SPADES, N) == [
        carre(N, "Q"),
        sequence(N, TIERCE, "J", "H"),
    ]


def test_a_long_sequence_declares_the_best_split():
    # All eight hearts: a cent and a tierce (120) beat two cinquantes (100).
    hand = Hand.from_pbn(".AKQJT987..")
    assert declarable_annonces(hand, Strain.SPADES, N) == [
        sequence(N, CENT, "A", "H"),
        sequence(N, TIERCE, "9", "H"),
    ]


def test_a_six_card_sequence_is_a_cent_to_the_highest_card():
    hand = Hand.from_pbn(".KQJT98..AK")
    assert declarable_annonces(hand, Strain.SPADES, N) == [sequence(N, CENT, "K", "H")]


def test_a_hand_without_combination_declares_nothing():
    assert declarable_annonces(Hand.from_pbn("AJ9.KT8.Q7.A"), Strain.HEARTS, N) == []


def test_missing_cards_name_what_the_hand_cannot_show():
    hand = Hand.from_pbn("AK...")
    assert missing_cards(sequence(N, TIERCE, "A", "S"), hand) == [Card.parse("QS")]
    assert missing_cards(sequence(N, TIERCE, "A", "S"), Hand.from_pbn("AKQ...")) == []


# Resolution --------------------------------------------------------------------------------


def test_only_the_side_with_the_best_annonce_scores():
    result = resolve_annonces([sequence(N, CINQUANTE, "K", "S"), carre(E, "Q")], Strain.HEARTS)
    assert result.winner is Side.EW
    assert result.declared == PerSide(ns=50, ew=100)
    assert result.scored == PerSide(ns=0, ew=100)


def test_a_100_point_carre_beats_a_cent():
    result = resolve_annonces([sequence(N, CENT, "A", "H"), carre(E, "Q")], Strain.HEARTS)
    assert result.winner is Side.EW


def test_a_higher_carre_beats_a_lower_one():
    assert resolve_annonces([carre(N, "9"), carre(E, "J")], Strain.HEARTS).winner is Side.EW
    # Same value: the higher card in the plain order A 10 K Q.
    assert resolve_annonces([carre(N, "A"), carre(E, "10")], Strain.HEARTS).winner is Side.NS
    assert resolve_annonces([carre(N, "Q"), carre(E, "K")], Strain.HEARTS).winner is Side.EW


def test_in_sans_atout_the_carre_of_aces_is_the_best():
    assert resolve_annonces([carre(N, "A"), carre(E, "J")], Strain.NO_TRUMP).winner is Side.NS


def test_a_longer_sequence_beats_a_shorter_one():
    result = resolve_annonces(
        [sequence(N, TIERCE, "A", "H"), sequence(E, CINQUANTE, "10", "S")], Strain.HEARTS
    )
    assert result.winner is Side.EW


def test_equal_annonces_the_higher_top_card_wins_a_tierce_to_the_ace_beats_one_to_the_queen():
    result = resolve_annonces(
        [sequence(N, TIERCE, "Q", "H"), sequence(W, TIERCE, "A", "S")], Strain.CLUBS
    )
    assert result.winner is Side.EW


def test_still_equal_the_annonce_in_trump_wins():
    result = resolve_annonces(
        [sequence(N, TIERCE, "K", "H"), sequence(W, TIERCE, "K", "S")], Strain.SPADES
    )
    assert result.winner is Side.EW


def test_still_equal_no_annonce_counts_even_the_lower_ones():
    result = resolve_annonces(
        [
            sequence(N, TIERCE, "K", "H"),
            sequence(S, TIERCE, "9", "C"),
            sequence(W, TIERCE, "K", "S"),
        ],
        Strain.DIAMONDS,
    )
    assert result.winner is None
    assert result.scored == PerSide(0, 0)
    assert result.declared == PerSide(ns=40, ew=20)


def test_in_tout_atout_equal_sequences_tie_as_every_suit_is_trump():
    result = resolve_annonces(
        [sequence(N, TIERCE, "K", "H"), sequence(W, TIERCE, "K", "S")], Strain.ALL_TRUMP
    )
    assert result.winner is None


def test_in_sans_atout_equal_sequences_tie_as_no_suit_is_trump():
    result = resolve_annonces(
        [sequence(N, TIERCE, "K", "H"), sequence(W, TIERCE, "K", "S")], Strain.NO_TRUMP
    )
    assert result.winner is None


def test_the_winning_side_scores_all_its_annonces_even_below_the_other_sides_best():
    result = resolve_annonces(
        [
            sequence(N, CENT, "A", "H"),
            sequence(S, TIERCE, "9", "C"),
            sequence(E, CINQUANTE, "A", "S"),
        ],
        Strain.HEARTS,
    )
    assert result.winner is Side.NS
    assert result.scored == PerSide(ns=120, ew=0)


def test_one_side_alone_declaring_wins_the_annonces():
    assert resolve_annonces([sequence(E, TIERCE, "9", "C")], Strain.HEARTS).winner is Side.EW
    assert resolve_annonces([sequence(S, TIERCE, "9", "C")], Strain.HEARTS).winner is Side.NS


def test_no_annonce_no_winner():
    result = resolve_annonces([], Strain.HEARTS)
    assert result.winner is None and result.declared == PerSide(0, 0)

"""Order and value of the cards (FFB §6 and §11), dix de der and deal totals (FFB §9)."""

import pytest

from scoring.engine.card_values import (
    CAPOT_DEAL_POINTS,
    DEAL_POINTS,
    card_points,
    card_strength,
    is_trump,
    points_of,
)
from scoring.engine.cards import DECK, Card, Rank, Strain, Suit


def ranks_strongest_first(suit, strain):
    cards = [card for card in DECK if card.suit is suit]
    return [c.rank.value for c in sorted(cards, key=lambda c: -card_strength(c, strain))]


def test_trump_order_is_j_9_a_10_k_q_8_7():
    assert ranks_strongest_first(Suit.HEARTS, Strain.HEARTS) == [
        "J", "9", "A", "10", "K", "Q", "8", "7",
    ]  # fmt: skip


def test_non_trump_order_is_a_10_k_q_j_9_8_7():
    assert ranks_strongest_first(Suit.SPADES, Strain.HEARTS) == [
        "A", "10", "K", "Q", "J", "9", "8", "7",
    ]  # fmt: skip


def test_sans_atout_uses_the_non_trump_order():
    assert ranks_strongest_first(Suit.CLUBS, Strain.NO_TRUMP) == [
        "A", "10", "K", "Q", "J", "9", "8", "7",
    ]  # fmt: skip


def test_tout_atout_uses_the_trump_order_in_every_suit():
    for suit in Suit:
        assert ranks_strongest_first(suit, Strain.ALL_TRUMP)[:3] == ["J", "9", "A"]


@pytest.mark.parametrize(
    ("rank", "trump", "plain", "no_trump", "all_trump"),
    [
        (Rank.JACK, 20, 2, 2, 13),
        (Rank.NINE, 14, 0, 0, 9),
        (Rank.ACE, 11, 11, 19, 6),
        (Rank.TEN, 10, 10, 10, 5),
        (Rank.KING, 4, 4, 4, 3),
        (Rank.QUEEN, 3, 3, 3, 2),
        (Rank.EIGHT, 0, 0, 0, 0),
        (Rank.SEVEN, 0, 0, 0, 0),
    ],
)
def test_card_values_follow_the_ffb_tables(rank, trump, plain, no_trump, all_trump):
    assert card_points(Card(rank, Suit.HEARTS), Strain.HEARTS) == trump
    assert card_points(Card(rank, Suit.SPADES), Strain.HEARTS) == plain
    assert card_points(Card(rank, Suit.SPADES), Strain.NO_TRUMP) == no_trump
    assert card_points(Card(rank, Suit.SPADES), Strain.ALL_TRUMP) == all_trump


@pytest.mark.parametrize("strain", list(Strain))
def test_every_strain_totals_152_in_cards_and_162_with_the_dix_de_der(strain):
    assert points_of(DECK, strain) == 152
    assert DEAL_POINTS == 162


def test_a_capot_makes_the_dix_de_der_worth_100_for_252():
    assert CAPOT_DEAL_POINTS == 252


def test_which_cards_are_trumps():
    assert is_trump(Card(Rank.SEVEN, Suit.CLUBS), Strain.CLUBS)
    assert not is_trump(Card(Rank.JACK, Suit.HEARTS), Strain.CLUBS)
    assert not is_trump(Card(Rank.JACK, Suit.HEARTS), Strain.NO_TRUMP)
    assert all(is_trump(card, Strain.ALL_TRUMP) for card in DECK)

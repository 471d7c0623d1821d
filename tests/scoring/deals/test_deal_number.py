"""Deal numbers: every deal's rank among all 32!/(8!)^4 deals, and the deal of a number."""

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.deals.board import InvalidDealError
from scoring.deals.deal_number import DEAL_COUNT, rank_deal, unrank_deal
from scoring.engine.cards import DECK, SEATS_PBN_ORDER
from tests.support.depth import examples
from tests.support.hands import SUIT_PER_SEAT, E, N, S, W, hands, hands_from_deck

deals = st.permutations(DECK).map(hands_from_deck)
deal_numbers = st.integers(min_value=0, max_value=DEAL_COUNT - 1)


def _word(deal) -> tuple[int, ...]:
    """The documented ordering key: for each card of the deck in order, the holder's index."""
    return tuple(
        next(index for index, seat in enumerate(SEATS_PBN_ORDER) if card in deal[seat])
        for card in DECK
    )


def test_there_are_32_factorial_over_8_factorial_to_the_fourth_deals():
    # Choose North's 8 cards among 32, then East's among 24, then South's among 16.
    assert DEAL_COUNT == comb(32, 8) * comb(24, 8) * comb(16, 8) == 99_561_092_450_391_000


def test_deal_zero_gives_each_seat_one_suit_in_seat_order():
    assert unrank_deal(0) == hands(SUIT_PER_SEAT)
    assert rank_deal(hands(SUIT_PER_SEAT)) == 0


def test_deal_one_swaps_the_last_diamond_and_the_first_club():
    expected = {
        N: "AKQJT987...",
        E: ".AKQJT987..",
        S: "..AKQJT98.A",
        W: "..7.KQJT987",
    }
    assert unrank_deal(1) == hands(expected)
    assert rank_deal(hands(expected)) == 1


def test_the_last_deal_gives_the_suits_in_reverse_seat_order():
    last = {N: "...AKQJT987", E: "..AKQJT987.", S: ".AKQJT987..", W: "AKQJT987..."}
    assert unrank_deal(DEAL_COUNT - 1) == hands(last)
    assert rank_deal(hands(last)) == DEAL_COUNT - 1


@pytest.mark.parametrize("number", [-1, DEAL_COUNT, DEAL_COUNT + 5])
def test_numbers_outside_the_range_have_no_deal(number):
    with pytest.raises(ValueError):
        unrank_deal(number)


def test_a_deal_number_is_an_integer():
    with pytest.raises(TypeError):
        unrank_deal(1.0)  # type: ignore[arg-type]


def test_only_a_valid_deal_has_a_number():
    broken = hands(SUIT_PER_SEAT)
    del broken[W]
    with pytest.raises(InvalidDealError):
        rank_deal(broken)


@settings(max_examples=examples(300), deadline=None)
@given(deals)
def test_unrank_inverts_rank_on_random_deals(deal):
    number = rank_deal(deal)
    assert 0 <= number < DEAL_COUNT
    assert unrank_deal(number) == deal


@settings(max_examples=examples(300), deadline=None)
@given(deal_numbers)
def test_rank_inverts_unrank_on_random_numbers(number):
    assert rank_deal(unrank_deal(number)) == number


@settings(max_examples=examples(200), deadline=None)
@given(deals, deals)
def test_numbers_follow_the_documented_word_order(first, second):
    assert (rank_deal(first) < rank_deal(second)) == (_word(first) < _word(second))


@pytest.mark.parametrize("number", [0, 1, 2, DEAL_COUNT // 2, DEAL_COUNT - 2, DEAL_COUNT - 1])
def test_round_trip_at_the_edges(number):
    deal = unrank_deal(number)
    assert all(len(deal[seat]) == 8 for seat in (N, E, S, W))
    assert rank_deal(deal) == number

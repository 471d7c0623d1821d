"""Boards (étuis): dealer rotation, what makes a valid deal, and the PBN Deal tag value."""

import pytest

from scoring.deals.board import Board, Deal, InvalidDealError, dealer_for_board, validate_deal
from scoring.engine.cards import Card, Hand, Rank, Suit
from tests.support.hands import SUIT_PER_SEAT, E, N, S, W, hands

# A mixed deal, written clockwise from North as PBN does.
MIXED = {
    N: "AKT.J9..Q87",
    E: "QJ.AK.AK.AK",
    S: "98.QT.QJT.J",
    W: "7.87.987.T9",
}
ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)


def test_dealers_turn_counter_clockwise_from_north():
    assert [dealer_for_board(number) for number in range(1, 9)] == [N, W, S, E, N, W, S, E]


def test_each_dealer_sits_to_the_right_of_the_previous_one():
    for number in range(1, 33):
        assert dealer_for_board(number + 1) is dealer_for_board(number).next


def test_there_is_no_board_zero():
    with pytest.raises(ValueError):
        dealer_for_board(0)


def test_the_player_to_the_dealers_right_speaks_first():
    board = Board(2, W, hands(MIXED))
    assert board.first_speaker is S


def test_a_board_keeps_its_hands():
    board = Board.from_hands(1, hands(MIXED))
    assert board.dealer is N
    assert board.hand(N) == Hand.from_pbn("AKT.J9..Q87")
    assert board.seat_of(ACE_OF_SPADES) is N
    assert board.hands == hands(MIXED)


def test_the_pbn_deal_starts_from_north_and_turns_clockwise():
    board = Board.from_hands(1, hands(MIXED))
    assert board.pbn_deal() == "N:" + " ".join(MIXED[seat] for seat in (N, E, S, W))


def test_the_pbn_deal_can_start_from_another_seat():
    board = Board.from_hands(1, hands(MIXED))
    assert board.pbn_deal(W) == "W:" + " ".join(MIXED[seat] for seat in (W, N, E, S))


def test_boards_are_values():
    first = Board(3, S, hands(MIXED))
    same = Board(3, S, Deal(hands(MIXED)))
    assert first == same
    assert len({first, same}) == 1
    assert first != Board(3, E, hands(MIXED))
    with pytest.raises(AttributeError):
        first.number = 4  # type: ignore[misc]


def test_a_board_number_starts_at_one():
    with pytest.raises(ValueError):
        Board(0, N, hands(MIXED))


def test_the_dealer_is_a_seat():
    with pytest.raises(TypeError):
        Board(1, "N", hands(MIXED))  # type: ignore[arg-type]


def test_a_valid_deal_passes():
    deal = validate_deal(hands(SUIT_PER_SEAT))
    assert deal[S] == Hand.from_pbn("..AKQJT987.")
    assert list(deal) == [N, E, S, W]


def _codes(hands_by_seat) -> list[str]:
    with pytest.raises(InvalidDealError) as raised:
        validate_deal(hands_by_seat)
    return raised.value.codes


def test_a_deal_needs_all_four_seats():
    deal = hands(SUIT_PER_SEAT)
    del deal[E]
    assert _codes(deal) == ["missing_hand", "missing_cards"]


def test_a_hand_holds_eight_cards():
    deal = hands(SUIT_PER_SEAT)
    deal[N] = Hand(list(deal[N])[:7])
    with pytest.raises(InvalidDealError) as raised:
        validate_deal(deal)
    assert raised.value.codes == ["hand_size", "missing_cards"]
    assert "North holds 7 cards, not 8." in str(raised.value)


def test_a_card_in_two_hands_is_not_32_distinct_cards():
    deal = hands(SUIT_PER_SEAT)
    deal[E] = Hand([*list(deal[E])[:7], ACE_OF_SPADES])
    with pytest.raises(InvalidDealError) as raised:
        validate_deal(deal)
    assert set(raised.value.codes) == {"duplicate_card", "missing_cards"}
    assert "32 distinct cards: A♠ is in the hands of North, East" in str(raised.value)


def test_a_card_written_twice_in_one_hand_is_named():
    deal = {seat: list(hand) for seat, hand in hands(SUIT_PER_SEAT).items()}
    deal[N] = [card for card in deal[N] if card != Card(Rank.SEVEN, Suit.SPADES)]
    deal[N].append(ACE_OF_SPADES)
    with pytest.raises(InvalidDealError) as raised:
        validate_deal(deal)
    assert raised.value.codes == ["repeated_card", "missing_cards"]
    assert "A♠ is written more than once in the hand of North" in str(raised.value)
    assert "7♠ missing from every hand" in str(raised.value)


def test_every_problem_is_reported_at_once():
    deal = hands(SUIT_PER_SEAT)
    del deal[W]
    deal[N] = Hand(list(deal[N])[:6])
    assert _codes(deal) == ["hand_size", "missing_hand", "missing_cards"]


def test_a_seat_must_be_a_seat():
    deal = hands(SUIT_PER_SEAT)
    deal["X"] = deal.pop(W)  # type: ignore[index]
    assert _codes(deal)[0] == "unknown_seat"

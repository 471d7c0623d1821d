"""Deal numbers: a deal's rank among all 32!/(8!)^4 coinche deals, and the deal of a number.

A hand record can quote the number; anyone can re-create the deal from it.

The ordering: read the deck in ``DECK`` order (♠ then ♥ ♦ ♣; A K Q J 10 9 8 7 within a suit)
and write down, for each card, the seat that holds it, as a digit N=0, E=1, S=2, W=3. A deal is
thus a 32-digit word with eight of each digit; deal numbers count these words in lexicographic
order from 0. Deal 0 gives N all the spades, E the hearts, S the diamonds and W the clubs; the last
deal, ``DEAL_COUNT - 1``, gives W the spades, S the hearts, E the diamonds and N the clubs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from math import factorial

from scoring.deals.board import HAND_SIZE, Deal, validate_deal
from scoring.engine.cards import DECK, SEATS_PBN_ORDER, Card, Hand, Seat

DEAL_COUNT: int = factorial(32) // factorial(HAND_SIZE) ** 4

_FACTORIALS = tuple(factorial(n) for n in range(len(DECK) + 1))


def _arrangements(counts: list[int]) -> int:
    """How many ways to give the remaining cards when seat i still needs counts[i] of them."""
    result = _FACTORIALS[sum(counts)]
    for count in counts:
        result //= _FACTORIALS[count]
    return result


def rank_deal(hands: Mapping[Seat, Iterable[Card]]) -> int:
    """The deal number of ``hands``, in ``0 .. DEAL_COUNT-1`` (ordering in the module docstring).

    Raises ``InvalidDealError`` when the hands are not a deal.
    """
    deal = hands if isinstance(hands, Deal) else validate_deal(hands)
    needed = [HAND_SIZE] * len(SEATS_PBN_ORDER)
    number = 0
    for card in DECK:
        holder = SEATS_PBN_ORDER.index(deal.seat_of(card))
        # Every word that puts a lower seat here, and agrees on the cards before, comes first.
        for lower in range(holder):
            if needed[lower]:
                needed[lower] -= 1
                number += _arrangements(needed)
                needed[lower] += 1
        needed[holder] -= 1
    return number


def unrank_deal(number: int) -> dict[Seat, Hand]:
    """The deal whose number is ``number``: the exact inverse of ``rank_deal``.

    Raises ValueError when ``number`` is outside ``0 .. DEAL_COUNT-1``.
    """
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"a deal number is an int, not {type(number).__name__}")
    if not 0 <= number < DEAL_COUNT:
        raise ValueError(f"a deal number is within 0..{DEAL_COUNT - 1}, not {number}")
    needed = [HAND_SIZE] * len(SEATS_PBN_ORDER)
    cards: dict[Seat, list[Card]] = {seat: [] for seat in SEATS_PBN_ORDER}
    for card in DECK:
        for index, seat in enumerate(SEATS_PBN_ORDER):
            if not needed[index]:
                continue
            needed[index] -= 1
            block = _arrangements(needed)
            if number < block:
                cards[seat].append(card)
                break
            number -= block
            needed[index] += 1
    return {seat: Hand(held) for seat, held in cards.items()}

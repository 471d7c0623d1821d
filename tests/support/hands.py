"""Small builders shared by the deal tests: hands from PBN text, deals from a shuffled deck."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.engine.cards import SEATS_PBN_ORDER, Card, Hand, Seat

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# Deal 0 of the deal numbering: each seat holds one whole suit.
SUIT_PER_SEAT = {
    N: "AKQJT987...",
    E: ".AKQJT987..",
    S: "..AKQJT987.",
    W: "...AKQJT987",
}


def hands(pbn_by_seat: dict[Seat, str]) -> dict[Seat, Hand]:
    return {seat: Hand.from_pbn(text) for seat, text in pbn_by_seat.items()}


def hands_from_deck(deck: Sequence[Card]) -> dict[Seat, Hand]:
    """Cards 1-8 to N, 9-16 to E, 17-24 to S, 25-32 to W."""
    return {
        seat: Hand(deck[8 * index : 8 * index + 8]) for index, seat in enumerate(SEATS_PBN_ORDER)
    }

"""Belote-rebelote (FFB §7): the king and queen of trump in one hand, worth 20 points.

In tout atout every suit is trump and can give a belote (up to four, 80 points); in sans atout
there is none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scoring.engine.cards import SEATS_PBN_ORDER, SUITS, Card, Rank, Seat, Strain, Suit

BELOTE_POINTS = 20


def belote_suits(strain: Strain) -> tuple[Suit, ...]:
    """The suits whose K and Q make a belote: the trump suit, all four in TA, none in SA."""
    if strain is Strain.ALL_TRUMP:
        return SUITS
    trump = strain.trump_suit
    return (trump,) if trump is not None else ()


def belote_count(hand: Iterable[Card], strain: Strain) -> int:
    """How many belotes one hand holds (at most one outside TA)."""
    cards = set(hand)
    return sum(
        1
        for suit in belote_suits(strain)
        if Card(Rank.KING, suit) in cards and Card(Rank.QUEEN, suit) in cards
    )


def belote_holdings(
    hands: Mapping[Seat, Iterable[Card]], strain: Strain
) -> list[tuple[Seat, Suit]]:
    """Every (seat, suit) holding K and Q of a trump suit, seats in N E S W order."""
    holdings: list[tuple[Seat, Suit]] = []
    for seat in SEATS_PBN_ORDER:
        if seat not in hands:
            continue
        cards = set(hands[seat])
        holdings.extend(
            (seat, suit)
            for suit in belote_suits(strain)
            if Card(Rank.KING, suit) in cards and Card(Rank.QUEEN, suit) in cards
        )
    return holdings


def belote_holders(hands: Mapping[Seat, Iterable[Card]], strain: Strain) -> list[Seat]:
    """The seats holding a belote, once per belote (a TA hand can hold several).

    This is the ``belote`` list of a result record where every holder announced it.
    """
    return [seat for seat, _suit in belote_holdings(hands, strain)]

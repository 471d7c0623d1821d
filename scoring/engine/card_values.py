"""Order and point values of the cards in each strain (FFB §6 « Ordre et valeur des cartes »).

Also the dix de der and the totals of a deal: 152 in cards + 10 = 162, or 252 with a capot.
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.engine.cards import DECK, Card, Rank, Strain

# Strongest first.
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.EIGHT,
    Rank.SEVEN,
)
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)

TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 20,
    Rank.NINE: 14,
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
PLAIN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
NO_TRUMP_POINTS: dict[Rank, int] = {**PLAIN_POINTS, Rank.ACE: 19}
ALL_TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 13,
    Rank.NINE: 9,
    Rank.ACE: 6,
    Rank.TEN: 5,
    Rank.KING: 3,
    Rank.QUEEN: 2,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}

DIX_DE_DER = 10
"""The last trick's bonus (dix de der)."""
CAPOT_DIX_DE_DER = 100
"""What the last trick is worth when one side won all eight tricks (capot)."""
CARD_POINTS_TOTAL = 152
DEAL_POINTS = CARD_POINTS_TOTAL + DIX_DE_DER
"""162: every strain's cards plus the dix de der."""
CAPOT_DEAL_POINTS = CARD_POINTS_TOTAL + CAPOT_DIX_DE_DER
"""252: the points of a side that won all eight tricks."""


def is_trump(card: Card, strain: Strain) -> bool:
    """Every card is a trump in TA, none in SA, the trump suit's cards otherwise."""
    return _IS_TRUMP[strain][card]


def card_points(card: Card, strain: Strain) -> int:
    return _POINTS[strain][card]


def card_strength(card: Card, strain: Strain) -> int:
    """Rank of the card inside its suit for this strain, 7 for the strongest, 0 for the weakest.

    Only cards of the same suit compare; whether a trump beats the led suit is the trick's
    business (``play.trick_winner``).
    """
    return _STRENGTH[strain][card]


def points_of(cards: Iterable[Card], strain: Strain) -> int:
    table = _POINTS[strain]
    return sum(table[card] for card in cards)


def _points_table(strain: Strain) -> dict[Card, int]:
    trump = strain.trump_suit
    table: dict[Card, int] = {}
    for card in DECK:
        if strain is Strain.ALL_TRUMP:
            table[card] = ALL_TRUMP_POINTS[card.rank]
        elif strain is Strain.NO_TRUMP:
            table[card] = NO_TRUMP_POINTS[card.rank]
        elif card.suit is trump:
            table[card] = TRUMP_POINTS[card.rank]
        else:
            table[card] = PLAIN_POINTS[card.rank]
    return table


def _strength_table(strain: Strain) -> dict[Card, int]:
    table: dict[Card, int] = {}
    for card in DECK:
        order = TRUMP_ORDER if _IS_TRUMP[strain][card] else PLAIN_ORDER
        table[card] = len(order) - 1 - order.index(card.rank)
    return table


# Looked up on every card of every trick: computed once.
_IS_TRUMP: dict[Strain, dict[Card, bool]] = {
    strain: {card: strain is Strain.ALL_TRUMP or card.suit is strain.trump_suit for card in DECK}
    for strain in Strain
}
_POINTS: dict[Strain, dict[Card, int]] = {strain: _points_table(strain) for strain in Strain}
_STRENGTH: dict[Strain, dict[Card, int]] = {strain: _strength_table(strain) for strain in Strain}

"""Annonces (FFB §8): carré, cent, cinquante and tierce, their values and their resolution.

Declared during the first trick; at the start of the second only the side with the best single
annonce scores, and then all of its annonces. A card counts in one annonce only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from scoring.engine.card_values import PLAIN_ORDER
from scoring.engine.cards import RANKS, SUITS, Card, PerSide, Rank, Seat, Side, Strain, Suit


class AnnonceKind(Enum):
    """The four kinds, weakest first; the value is the name used in result records."""

    TIERCE = "tierce"
    CINQUANTE = "cinquante"
    CENT = "cent"
    CARRE = "carre"

    @property
    def length(self) -> int:
        """How many cards the combination takes."""
        return _LENGTHS[self]

    @property
    def is_sequence(self) -> bool:
        return self is not AnnonceKind.CARRE


_LENGTHS = {
    AnnonceKind.TIERCE: 3,
    AnnonceKind.CINQUANTE: 4,
    AnnonceKind.CENT: 5,
    AnnonceKind.CARRE: 4,
}
_SEQUENCE_BY_LENGTH = {3: AnnonceKind.TIERCE, 4: AnnonceKind.CINQUANTE, 5: AnnonceKind.CENT}
# Resolution: any carré beats any sequence (« un carré de 100 points est plus fort qu'un cent »).
_CATEGORY = {
    AnnonceKind.TIERCE: 0,
    AnnonceKind.CINQUANTE: 1,
    AnnonceKind.CENT: 2,
    AnnonceKind.CARRE: 3,
}

SEQUENCE_POINTS: dict[AnnonceKind, int] = {
    AnnonceKind.TIERCE: 20,
    AnnonceKind.CINQUANTE: 50,
    AnnonceKind.CENT: 100,
}
# Carrés of 7 and 8 do not count. TA keeps these values (FFB §11).
CARRE_POINTS: dict[Rank, int] = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}
NO_TRUMP_CARRE_POINTS: dict[Rank, int] = {
    Rank.ACE: 200,
    Rank.TEN: 150,
    Rank.KING: 100,
    Rank.QUEEN: 100,
    Rank.JACK: 100,
    Rank.NINE: 100,
}
CARRE_RANKS: tuple[Rank, ...] = tuple(CARRE_POINTS)


def shape_problem(kind: AnnonceKind, high: Rank, suit: Suit | None) -> str | None:
    """Why (kind, high, suit) is no annonce at all, as a code; None when it is one.

    ``carre_with_suit``, ``carre_does_not_count`` (7s and 8s), ``suit_required`` (a sequence
    is in one suit) or ``sequence_too_low`` (a tierce tops at 9 at least, a cent at J).
    """
    if kind is AnnonceKind.CARRE:
        if suit is not None:
            return "carre_with_suit"
        if high not in CARRE_POINTS:
            return "carre_does_not_count"
        return None
    if suit is None:
        return "suit_required"
    if high.sequence_index < kind.length - 1:
        return "sequence_too_low"
    return None


@dataclass(frozen=True, slots=True)
class Annonce:
    """One declared combination: a carré (no suit) or a sequence topped by ``high`` in ``suit``."""

    seat: Seat
    kind: AnnonceKind
    high: Rank
    suit: Suit | None = None

    def __post_init__(self) -> None:
        problem = shape_problem(self.kind, self.high, self.suit)
        if problem is not None:
            raise ValueError(f"not an annonce ({problem}): {self.kind.value} {self.high.value}")

    @property
    def side(self) -> Side:
        return self.seat.side

    def cards(self) -> frozenset[Card]:
        if self.kind is AnnonceKind.CARRE:
            return frozenset(Card(self.high, suit) for suit in SUITS)
        assert self.suit is not None
        top = self.high.sequence_index
        return frozenset(
            Card(RANKS[index], self.suit) for index in range(top - self.kind.length + 1, top + 1)
        )

    def points(self, strain: Strain) -> int:
        if self.kind is AnnonceKind.CARRE:
            table = NO_TRUMP_CARRE_POINTS if strain is Strain.NO_TRUMP else CARRE_POINTS
            return table[self.high]
        return SEQUENCE_POINTS[self.kind]

    def strength(self, strain: Strain) -> tuple[int, int, int, int]:
        """Sort key for the resolution: kind, then value, then top card, then trump.

        Carrés of equal value rank by the plain card order (A, 10, K, Q, J, 9), the order in
        which the FFB lists them; sequences by their top card in the order 7 8 9 10 J Q K A.
        """
        if self.kind is AnnonceKind.CARRE:
            height = len(PLAIN_ORDER) - PLAIN_ORDER.index(self.high)
            return (_CATEGORY[self.kind], self.points(strain), height, 0)
        in_trump = strain is Strain.ALL_TRUMP or self.suit is strain.trump_suit
        return (
            _CATEGORY[self.kind],
            self.points(strain),
            self.high.sequence_index,
            int(in_trump),
        )

    def to_dict(self) -> dict[str, Any]:
        """The canonical record form; a carré has no ``suit`` key."""
        data: dict[str, Any] = {
            "seat": self.seat.value,
            "kind": self.kind.value,
            "high": self.high.value,
        }
        if self.suit is not None:
            data["suit"] = self.suit.value
        return data


def combinations_in(hand: Iterable[Card], seat: Seat) -> list[Annonce]:
    """Every carré and every sequence of 3, 4 or 5 the hand holds, overlapping ones included."""
    cards = set(hand)
    found = [
        Annonce(seat, AnnonceKind.CARRE, rank)
        for rank in CARRE_RANKS
        if all(Card(rank, suit) in cards for suit in SUITS)
    ]
    for suit in SUITS:
        held = [Card(rank, suit) in cards for rank in RANKS]
        for top in range(2, len(RANKS)):
            for length, kind in _SEQUENCE_BY_LENGTH.items():
                bottom = top - length + 1
                if bottom >= 0 and all(held[bottom : top + 1]):
                    found.append(Annonce(seat, kind, RANKS[top], suit))
    return found


def declarable_annonces(hand: Iterable[Card], strain: Strain, seat: Seat) -> list[Annonce]:
    """The best set of annonces the hand can declare, strongest first.

    Best means the most points with no card in two annonces (a carré of J or a tierce holding
    one of those J: the hand keeps the carré); between sets worth the same, the one with the
    stronger annonces for the resolution (a cent to the K rather than to the Q in 8-K).
    ``to_dict()`` on each gives the record form.
    """
    candidates = combinations_in(hand, seat)
    cards = [candidate.cards() for candidate in candidates]
    best_key: tuple[int, list[tuple[int, int, int, int]]] = (0, [])
    best: list[Annonce] = []

    def search(index: int, used: frozenset[Card], chosen: list[int]) -> None:
        nonlocal best_key, best
        if index == len(candidates):
            picked = [candidates[i] for i in chosen]
            key = (
                sum(annonce.points(strain) for annonce in picked),
                sorted((annonce.strength(strain) for annonce in picked), reverse=True),
            )
            if key > best_key:
                best_key, best = key, picked
            return
        if not cards[index] & used:
            search(index + 1, used | cards[index], [*chosen, index])
        search(index + 1, used, chosen)

    search(0, frozenset(), [])
    return sorted(best, key=lambda annonce: annonce.strength(strain), reverse=True)


def missing_cards(annonce: Annonce, hand: Iterable[Card]) -> list[Card]:
    """The cards of the annonce that the hand does not hold (empty: the hand can show it)."""
    held = set(hand)
    return sorted(
        (card for card in annonce.cards() if card not in held),
        key=lambda card: (SUITS.index(card.suit), card.rank.sequence_index),
    )


@dataclass(frozen=True, slots=True)
class AnnonceResolution:
    """Who scores the annonces (résolution des annonces).

    ``declared`` is what each side declared; only ``winner`` scores its annonces
    (``scored``). No winner when nobody declared or the best annonces of both sides tie.
    """

    winner: Side | None
    declared: PerSide
    scored: PerSide


NO_ANNONCES = AnnonceResolution(winner=None, declared=PerSide(0, 0), scored=PerSide(0, 0))


def resolve_annonces(annonces: Sequence[Annonce], strain: Strain) -> AnnonceResolution:
    """The FFB resolution: best single annonce by kind, top card, then trump; a tie: nobody."""
    if not annonces:
        return NO_ANNONCES
    declared = {Side.NS: 0, Side.EW: 0}
    best: dict[Side, tuple[int, int, int, int] | None] = {Side.NS: None, Side.EW: None}
    for annonce in annonces:
        side = annonce.seat.side
        declared[side] += annonce.points(strain)
        strength = annonce.strength(strain)
        current = best[side]
        if current is None or strength > current:
            best[side] = strength
    ns, ew = best[Side.NS], best[Side.EW]
    if ew is None or (ns is not None and ns > ew):
        winner: Side | None = Side.NS
    elif ns is None or ew > ns:
        winner = Side.EW
    else:
        # « Si on ne peut toujours pas départager ... aucune annonce ne compte. »
        winner = None
    points = PerSide(declared[Side.NS], declared[Side.EW])
    scored = PerSide.split(winner, points.of(winner), 0) if winner is not None else PerSide(0, 0)
    return AnnonceResolution(winner=winner, declared=points, scored=scored)

"""Cards, seats, sides and strains of coinche, and hands in PBN suit-dot notation.

Seats turn counter-clockwise (N, W, S, E): the player to the dealer's right speaks and leads
first, and the next board's dealer is the current dealer's right-hand neighbour.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

# Enum members are singletons, equal only to themselves: hashed by identity, in C. Enum's own
# hash (of the member's name, in Python) was a tenth of a robot's decision, which puts cards in
# sets and dictionaries millions of times a deal.
_identity_hash = object.__hash__


class Suit(Enum):
    """A suit (couleur), in PBN order: spades, hearts, diamonds, clubs."""

    __hash__ = _identity_hash

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        text = text.strip().upper()
        for suit in cls:
            if text in (suit.value, suit.symbol):
                return suit
        raise ValueError(f"unknown suit {text!r}")


SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(Enum):
    """A rank, its value being the name used in result records (``10`` for the ten)."""

    __hash__ = _identity_hash

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def pbn(self) -> str:
        """The one-letter PBN name: ``T`` for the ten."""
        return "T" if self is Rank.TEN else self.value

    @property
    def sequence_index(self) -> int:
        """Position in the annonce sequence order 7 8 9 10 J Q K A."""
        return _SEQUENCE_ORDER.index(self)

    @classmethod
    def parse(cls, text: str) -> Rank:
        text = text.strip().upper()
        if text == "T":
            return Rank.TEN
        for rank in cls:
            if text == rank.value:
                return rank
        raise ValueError(f"unknown rank {text!r}")


_SEQUENCE_ORDER: tuple[Rank, ...] = tuple(Rank)
RANKS: tuple[Rank, ...] = tuple(Rank)
# The order PBN prints a suit's cards in, strongest first as in bridge.
PBN_RANK_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 32 cards."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.pbn}{self.suit.value}"

    @property
    def label(self) -> str:
        """Human form with the suit symbol, for pages and PDFs: ``10♥``."""
        return f"{self.rank.value}{self.suit.symbol}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``JH``, ``TS``, ``10S`` or ``A♠``."""
        text = text.strip()
        if len(text) < 2:
            raise ValueError(f"unknown card {text!r}")
        return cls(Rank.parse(text[:-1]), Suit.parse(text[-1]))


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in PBN_RANK_ORDER)


class Seat(Enum):
    """A seat at the table. ``next`` is the right-hand neighbour (play turns counter-clockwise)."""

    __hash__ = _identity_hash

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def next(self) -> Seat:
        """The player to this seat's right, who plays after it."""
        return _COUNTER_CLOCKWISE[(_COUNTER_CLOCKWISE.index(self) + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _COUNTER_CLOCKWISE[(_COUNTER_CLOCKWISE.index(self) + 2) % 4]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @classmethod
    def parse(cls, text: str) -> Seat:
        return cls(text.strip().upper())


# Order of play: after N comes W, then S, then E.
_COUNTER_CLOCKWISE: tuple[Seat, ...] = (Seat.NORTH, Seat.WEST, Seat.SOUTH, Seat.EAST)
SEATS_COUNTER_CLOCKWISE = _COUNTER_CLOCKWISE
# PBN lists the hands clockwise from the first seat named: N, E, S, W.
SEATS_PBN_ORDER: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Side(Enum):
    """A partnership: North-South or East-West."""

    __hash__ = _identity_hash

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)


class PerSide(NamedTuple):
    """One number per side (NS, EW): card points, belotes, annonces, marks."""

    ns: int
    ew: int

    def of(self, side: Side) -> int:
        return self.ns if side is Side.NS else self.ew

    @classmethod
    def split(cls, side: Side, own: int, other: int) -> PerSide:
        """``own`` for ``side`` and ``other`` for the other side."""
        return cls(own, other) if side is Side.NS else cls(other, own)

    def to_dict(self) -> dict[str, int]:
        return {"ns": self.ns, "ew": self.ew}


class Strain(Enum):
    """What the contract is played in: a trump suit, sans atout (SA) or tout atout (TA)."""

    __hash__ = _identity_hash

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    NO_TRUMP = "SA"
    ALL_TRUMP = "TA"

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit, or None for SA and TA."""
        return None if self in (Strain.NO_TRUMP, Strain.ALL_TRUMP) else Suit(self.value)

    @property
    def symbol(self) -> str:
        suit = self.trump_suit
        return suit.symbol if suit else self.value

    @classmethod
    def parse(cls, text: str) -> Strain:
        text = text.strip().upper()
        for strain in cls:
            if text == strain.value:
                return strain
        return cls(Suit.parse(text).value)


class Hand(frozenset[Card]):
    """The cards one seat holds (a frozenset of ``Card``), read and printed in PBN suit-dot form."""

    def __new__(cls, cards: Iterable[Card] = ()) -> Hand:
        return super().__new__(cls, cards)

    def in_suit(self, suit: Suit) -> list[Card]:
        return [card for card in self if card.suit is suit]

    def has(self, rank: Rank, suit: Suit) -> bool:
        return Card(rank, suit) in self

    def __iter__(self) -> Iterator[Card]:
        return super().__iter__()

    def pbn(self) -> str:
        """``AKT.J9..Q87``: spades, hearts, diamonds, clubs, strongest rank first."""
        return ".".join(
            "".join(rank.pbn for rank in PBN_RANK_ORDER if Card(rank, suit) in self)
            for suit in SUITS
        )

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Read PBN suit-dot notation; raises ValueError on an unknown rank or repeated card."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ValueError(f"a hand has four suits separated by dots: {text!r}")
        cards: list[Card] = []
        for suit, ranks in zip(SUITS, parts, strict=True):
            for char in ranks:
                card = Card(Rank.parse(char), suit)
                if card in cards:
                    raise ValueError(f"card {card} appears twice in {text!r}")
                cards.append(card)
        return cls(cards)

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.pbn()!r})"

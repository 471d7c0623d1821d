"""A board (étui) of a duplicate tournament: its number, its dealer and the deal it carries.

A ``Deal`` (donne) is the four 8-card hands, seat by seat; a ``Board`` always holds a valid one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from scoring.deals.problems import (
    Problem,
    ProblemError,
    card_list,
    seat_name,
)
from scoring.engine.cards import (
    DECK,
    SEATS_COUNTER_CLOCKWISE,
    SEATS_PBN_ORDER,
    Card,
    Hand,
    Seat,
)
from scoring.translation import gettext_noop

HAND_SIZE = 8
# Boards are numbered 1..999, like teams: far more than a tournament plays (60 rounds of 12
# boards at most), and what an étui's label, a PBN file from a dealing machine or a typed board
# may carry. The database column is a small integer; a number beyond it must never reach it.
MAX_BOARD_NUMBER = 999


class InvalidDealError(ProblemError):
    """The four hands do not make a deal: a seat missing, not 8 cards, not 32 distinct cards."""


def dealer_for_board(number: int) -> Seat:
    """The dealer (donneur) of board ``number``: 1 N, 2 W, 3 S, 4 E, then again.

    Each board's dealer sits to the right of the previous board's dealer, as play turns
    counter-clockwise.
    """
    if number < 1:
        raise ValueError(f"board numbers start at 1, not {number}")
    return SEATS_COUNTER_CLOCKWISE[(number - 1) % 4]


def hand_size_problem(seat: Seat, count: int) -> Problem:
    """The problem of a hand that does not hold 8 cards."""
    return Problem(
        "hand_size",
        gettext_noop("%(seat)s holds %(count)s cards, not 8."),
        {"seat": seat_name(seat), "count": count},
    )


def deal_problems(hands: Mapping[Seat, Iterable[Card]]) -> list[Problem]:
    """Everything that keeps ``hands`` from being a deal; empty when it is one.

    The hands may be lists with repeats (as typed or read from a file): a card written twice in
    one hand is reported as such, and a hand counts every card written in it.
    """
    problems: list[Problem] = []
    written: dict[Seat, list[Card]] = {}
    for seat, cards in hands.items():
        if not isinstance(seat, Seat):
            problems.append(
                Problem(
                    "unknown_seat",
                    gettext_noop("'%(seat)s' is not a seat; the seats are N, E, S and W."),
                    {"seat": str(seat)},
                )
            )
            continue
        written[seat] = list(cards)
        for card in written[seat]:
            if not isinstance(card, Card):
                raise TypeError(f"a hand holds Card values, not {card!r}")
    for seat in SEATS_PBN_ORDER:
        if seat not in written:
            problems.append(
                Problem(
                    "missing_hand",
                    gettext_noop("The hand of %(seat)s is missing."),
                    {"seat": seat_name(seat)},
                )
            )
        elif len(written[seat]) != HAND_SIZE:
            problems.append(hand_size_problem(seat, len(written[seat])))
    holders: dict[Card, list[Seat]] = {}
    for seat in SEATS_PBN_ORDER:
        for card in written.get(seat, ()):
            holders.setdefault(card, []).append(seat)
    for card in DECK:
        seats = holders.get(card, [])
        if len(seats) < 2:
            continue
        if len(set(seats)) == 1:
            problems.append(
                Problem(
                    "repeated_card",
                    gettext_noop("%(card)s is written more than once in the hand of %(seat)s."),
                    {"card": card.label, "seat": seat_name(seats[0])},
                )
            )
        else:
            problems.append(
                Problem(
                    "duplicate_card",
                    gettext_noop(
                        "The deal does not hold 32 distinct cards: %(card)s is in the hands "
                        "of %(seats)s."
                    ),
                    {
                        "card": card.label,
                        "seats": tuple(seat_name(seat) for seat in Counter(seats)),
                    },
                )
            )
    missing = [card for card in DECK if card not in holders]
    if missing:
        problems.append(
            Problem(
                "missing_cards",
                gettext_noop(
                    "The deal does not hold 32 distinct cards: %(cards)s missing from every hand."
                ),
                {"cards": card_list(missing)},
            )
        )
    return problems


def validate_deal(hands: Mapping[Seat, Iterable[Card]]) -> Deal:
    """The hands as a ``Deal``; raises ``InvalidDealError`` listing every problem found."""
    return Deal(hands)


class Deal(Mapping[Seat, Hand]):
    """The four hands of one deal (donne), seat by seat: read-only, hashable, always valid.

    Iterates over the seats in PBN order (N, E, S, W); compares equal to any mapping with the
    same hands, a plain ``dict`` included.
    """

    __slots__ = ("_hands",)

    def __init__(self, hands: Mapping[Seat, Iterable[Card]]) -> None:
        problems = deal_problems(hands)
        if problems:
            raise InvalidDealError(problems)
        self._hands: tuple[Hand, ...] = tuple(Hand(hands[seat]) for seat in SEATS_PBN_ORDER)

    def __getitem__(self, seat: Seat) -> Hand:
        return self._hands[SEATS_PBN_ORDER.index(seat)]

    def __iter__(self) -> Iterator[Seat]:
        return iter(SEATS_PBN_ORDER)

    def __len__(self) -> int:
        return len(SEATS_PBN_ORDER)

    def __hash__(self) -> int:
        return hash(self._hands)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deal):
            return self._hands == other._hands
        return super().__eq__(other)

    def seat_of(self, card: Card) -> Seat:
        """Who holds ``card``."""
        for seat, hand in zip(SEATS_PBN_ORDER, self._hands, strict=True):
            if card in hand:
                return seat
        raise ValueError(f"{card} is not a card of the deck")

    def pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN Deal tag value: ``N:AKQT.J7.T98.7 …``, ``first`` then clockwise (PBN order)."""
        start = SEATS_PBN_ORDER.index(first)
        seats = SEATS_PBN_ORDER[start:] + SEATS_PBN_ORDER[:start]
        return f"{first.value}:" + " ".join(self[seat].pbn() for seat in seats)

    def __repr__(self) -> str:
        return f"Deal({self.pbn()!r})"


@dataclass(frozen=True, slots=True)
class Board:
    """A board (étui): number, dealer (donneur) and the deal; every table plays the same cards.

    ``hands`` accepts any mapping of seat to cards and is stored as a validated ``Deal``;
    construction raises ``InvalidDealError`` when the hands are not a deal.
    """

    number: int
    dealer: Seat
    hands: Mapping[Seat, Hand]

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise ValueError(f"a board number is a whole number from 1, not {self.number!r}")
        if not isinstance(self.dealer, Seat):
            raise TypeError(f"the dealer is a Seat, not {self.dealer!r}")
        if not isinstance(self.hands, Deal):
            object.__setattr__(self, "hands", Deal(self.hands))

    @classmethod
    def from_hands(
        cls, number: int, hands: Mapping[Seat, Iterable[Card]], dealer: Seat | None = None
    ) -> Board:
        """A board whose dealer, when not given, follows the rotation (``dealer_for_board``)."""
        return cls(number, dealer_for_board(number) if dealer is None else dealer, Deal(hands))

    @property
    def deal(self) -> Deal:
        """The hands as a ``Deal`` (for its ``seat_of`` and ``pbn``)."""
        return self.hands  # type: ignore[return-value]  # always a Deal after __post_init__

    @property
    def first_speaker(self) -> Seat:
        """The dealer's right-hand neighbour, who speaks first and leads the first trick."""
        return self.dealer.next

    def hand(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def seat_of(self, card: Card) -> Seat:
        """Who holds ``card`` on this board."""
        return self.deal.seat_of(card)

    def pbn_deal(self, first: Seat = Seat.NORTH) -> str:
        """The PBN Deal tag value, ``first`` seat then clockwise as PBN requires."""
        return self.deal.pbn(first)

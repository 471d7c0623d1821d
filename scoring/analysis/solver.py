"""Double-dummy analysis of a coinche deal: the points each side takes with perfect play.

``analyse`` solves the deal in each strain asked (S H D C SA TA) with the four hands in view,
under the play rules of ``engine.play.legal_cards`` (its variants ``must_undertrump`` and
``always_overtake_partner`` included), the player
to the dealer's right leading the first trick. The points are the cards of the tricks won plus
the dix de der, so they total 162, or 252 and 0 when one side wins every trick (capot).

The search (``kernel.search``) is an alpha-beta over bit masks with a transposition table
between tricks and equivalent cards tried once; docs/performance.md says how fast it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from scoring.analysis import kernel
from scoring.engine.card_values import (
    CAPOT_DEAL_POINTS,
    DEAL_POINTS,
    DIX_DE_DER,
    card_points,
    card_strength,
    is_trump,
)
from scoring.engine.cards import (
    DECK,
    SEATS_COUNTER_CLOCKWISE,
    SEATS_PBN_ORDER,
    SUITS,
    Card,
    Hand,
    PerSide,
    Seat,
    Side,
    Strain,
)
from scoring.engine.play import CARDS_PER_HAND, opening_leader

STRAINS: tuple[Strain, ...] = (
    Strain.SPADES,
    Strain.HEARTS,
    Strain.DIAMONDS,
    Strain.CLUBS,
    Strain.NO_TRUMP,
    Strain.ALL_TRUMP,
)
_CARD_INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
_PLACE: dict[Seat, int] = {seat: place for place, seat in enumerate(SEATS_COUNTER_CLOCKWISE)}


@dataclass(frozen=True, slots=True)
class StrainTables:
    """What the kernel needs to know of a strain, as arrays indexed by card number."""

    points: np.ndarray
    strength: np.ndarray
    trump: np.ndarray
    higher: np.ndarray
    order: np.ndarray
    trump_suit: int


def _strain_tables(strain: Strain) -> StrainTables:
    points = np.array([card_points(card, strain) for card in DECK], dtype=np.int64)
    strength = np.array([card_strength(card, strain) for card in DECK], dtype=np.int64)
    trump = np.array([is_trump(card, strain) for card in DECK], dtype=np.bool_)
    higher = np.zeros(len(DECK), dtype=np.int64)
    order = np.zeros((4, 8), dtype=np.int64)
    for suit_index, suit in enumerate(SUITS):
        in_suit = [card for card in DECK if card.suit is suit]
        ranked = sorted(in_suit, key=lambda card: -card_strength(card, strain))
        order[suit_index] = [_CARD_INDEX[card] for card in ranked]
        for card in in_suit:
            higher[_CARD_INDEX[card]] = sum(
                1 << _CARD_INDEX[other]
                for other in in_suit
                if card_strength(other, strain) > card_strength(card, strain)
            )
    trump_suit = strain.trump_suit
    return StrainTables(
        points=points,
        strength=strength,
        trump=trump,
        higher=higher,
        order=order,
        trump_suit=-1 if trump_suit is None else SUITS.index(trump_suit),
    )


_TABLES: dict[Strain, StrainTables] = {strain: _strain_tables(strain) for strain in STRAINS}


class Solver:
    """Solves deals one strain at a time, reusing its transposition table and scratch space.

    Not thread-safe: one solver per thread (the kernel releases the GIL).
    """

    def __init__(self) -> None:
        self._table = kernel.new_table()
        self._stack = np.zeros((kernel.STACK_ROWS, kernel.STACK_COLUMNS), dtype=np.int64)
        # The deal the table's positions belong to: each card by its holder's place, with the
        # strain and the play rules. Its key is the cards left and the leader, not who holds
        # them, so the table serves another search only within the same deal.
        self._holders = np.zeros(4, dtype=np.int64)
        self._context: tuple[Strain, int] | None = None

    @property
    def nodes(self) -> int:
        """Positions searched by this solver so far (the same on any machine, however loaded:
        a budget counted in them keeps a robot's decisions reproducible)."""
        return int(self._stack[kernel.COUNTER_ROW, 0])

    def forget(self) -> None:
        """Empty the transposition table: the next searches cost what they would cost in a new
        solver (the values never depend on it; the positions searched do)."""
        self._table[0].fill(-1)
        self._holders[:] = 0
        self._context = None

    def solve(
        self,
        hands: Mapping[Seat, Iterable[Card]],
        leader: Seat,
        strain: Strain,
        *,
        must_undertrump: bool = False,
        always_overtake_partner: bool = False,
        trick: Sequence[Card] = (),
        capot_possible: bool = True,
        sole_winner: Side | None = None,
        guess: int | None = None,
        limit: int | None = None,
    ) -> int:
        """North-South's points from the position to the end: the kernel's value.

        With ``trick`` (the cards already played to the current trick, led by ``leader``) and
        ``capot_possible=False`` it solves an ending: the points still to be won, the dix de
        der going to the last trick. A full deal (``capot_possible``) may end in a capot of
        either side; East-West's counts as -1 (``kernel.EW_CAPOT_VALUE``). An ending after
        tricks all won by one side (``sole_winner``, with ``capot_possible``) may still end in
        that side's capot. ``guess`` (an expected value, such as a sibling position's) only
        speeds the search up. With a ``limit``, a search that has visited that many positions
        stops and gives an estimate instead (``_estimate``): the guess when the bounds found so
        far allow it, else the middle of what they allow (a count of positions, not a time:
        the same position, table and limit give the same answer on any machine).
        """
        masks = np.zeros(4, dtype=np.int64)
        for seat, cards in hands.items():
            for card in cards:
                masks[_PLACE[seat]] |= 1 << _CARD_INDEX[card]
        tables = _TABLES[strain]
        leader_place = _PLACE[leader]
        variants = _variants(must_undertrump, always_overtake_partner)
        holders = masks.copy()
        for index, card in enumerate(trick):
            holders[(leader_place + index) % 4] |= 1 << _CARD_INDEX[card]
        self._keep_table_for(holders, (strain, variants))
        n = len(trick)
        led = win_card = win_pos = trick_points = trick_mask = 0
        if trick:
            led = SUITS.index(trick[0].suit)
            win_card = _CARD_INDEX[trick[0]]
            for index, card in enumerate(trick):
                number = _CARD_INDEX[card]
                trick_points += int(tables.points[number])
                trick_mask |= 1 << number
                if index and kernel._beats(number, win_card, led, tables.trump, tables.strength):
                    win_card, win_pos = number, index
        flag = kernel.FLAG_START if capot_possible else kernel.FLAG_SHARED
        if capot_possible and sole_winner is not None:
            flag = kernel.FLAG_NS if sole_winner is Side.NS else kernel.FLAG_EW
        position = (masks, leader_place, n, led, win_card, win_pos, trick_points, trick_mask, flag)
        rules = (
            tables.points,
            tables.strength,
            tables.trump,
            tables.higher,
            tables.order,
            tables.trump_suit,
            variants,
        )
        if limit is None:
            return self._search(position, rules, guess)
        in_hands = int(np.bitwise_or.reduce(masks))
        left = trick_points + sum(
            int(tables.points[number]) for number in range(32) if (in_hands >> number) & 1
        )
        return self._search(position, rules, guess, limit, left)

    def _search(
        self,
        position: tuple[np.ndarray, int, int, int, int, int, int, int, int],
        rules: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, int],
        guess: int | None,
        limit: int | None = None,
        left: int = DEAL_POINTS,
    ) -> int:
        """The position's exact value, by null-window searches of the kernel."""
        # Null-window searches, each answer a bound (often beyond the test). Without a guess,
        # halving the interval where the value lies. With one, MTD(f): the guess, then the
        # bound each answer gave, stepping twice as far each time the value moves on the same
        # way, and halving once answers fall on both sides. Plain MTD(f)'s one-point steps
        # cost more than halving when the guess is far (measured on the robots' decisions,
        # docs/robots.md). The table is kept between them.
        low, high = kernel.EW_CAPOT_VALUE, CAPOT_DEAL_POINTS
        bracketed = guess is None
        test = DEAL_POINTS // 2 if guess is None else guess
        step, last = 1, 0
        stop = kernel.NO_LIMIT if limit is None else self.nodes + limit
        while low < high:
            beta = min(max(test, low + 1), high)
            bound = int(
                kernel.search(*position, beta - 1, beta, *rules, *self._table, self._stack, stop)
            )
            if bound == kernel.ABORTED:
                return _estimate(low, high, guess, left)
            if bound < beta:
                high, way = bound, -1
            else:
                low, way = bound, 1
            bracketed = bracketed or way == -last
            if bracketed:
                test = (low + high + 1) // 2
            else:
                step = 2 * step if way == last else 1
                test = low + step if way > 0 else high - step + 1
            last = way
        return low

    def _keep_table_for(self, holders: np.ndarray, context: tuple[Strain, int]) -> None:
        """Empty the table unless this position comes from the deal its positions belong to
        (no card held by another seat than before, same strain and rules): the leads of one
        deal's cards, solved one after the other, share most of their positions."""
        known = int(np.bitwise_or.reduce(self._holders))
        same = context == self._context and all(
            int(holders[place]) & known & ~int(self._holders[place]) == 0 for place in range(4)
        )
        if same:
            self._holders |= holders
        else:
            self._table[0].fill(-1)
            self._holders[:] = holders
            self._context = context

    def points(
        self,
        hands: Mapping[Seat, Iterable[Card]],
        dealer: Seat,
        strain: Strain,
        *,
        must_undertrump: bool = False,
        always_overtake_partner: bool = False,
        guess: int | None = None,
        limit: int | None = None,
    ) -> PerSide:
        """The points of each side in a whole deal, dix de der and capot included (``guess``,
        North-South's expected points, only speeds the search up; ``limit``: as ``solve``)."""
        _check_deal(hands)
        value = self.solve(
            hands,
            opening_leader(dealer),
            strain,
            must_undertrump=must_undertrump,
            always_overtake_partner=always_overtake_partner,
            guess=guess,
            limit=limit,
        )
        if value == kernel.EW_CAPOT_VALUE:
            return PerSide(0, CAPOT_DEAL_POINTS)
        if value == CAPOT_DEAL_POINTS:
            return PerSide(CAPOT_DEAL_POINTS, 0)
        return PerSide(value, DEAL_POINTS - value)


def _estimate(low: int, high: int, guess: int | None, left: int) -> int:
    """A value within the bounds ``low``–``high`` a stopped search found: ``guess`` if they
    allow it, else the middle of the values a side can take with ``left`` points still out
    (and the dix de der), kept within the bounds."""
    if guess is not None and low <= guess <= high:
        return guess
    middle = (max(low, 0) + min(high, left + DIX_DE_DER)) // 2
    return min(max(middle, low), high)


def _variants(must_undertrump: bool, always_overtake_partner: bool) -> int:
    """The play-rule variants as the kernel's bits."""
    return (kernel.MUST_UNDERTRUMP if must_undertrump else 0) | (
        kernel.ALWAYS_OVERTAKE_PARTNER if always_overtake_partner else 0
    )


def _check_deal(hands: Mapping[Seat, Iterable[Card]]) -> None:
    seen: dict[Card, Seat] = {}
    for seat in SEATS_PBN_ORDER:
        cards = set(hands.get(seat, ()))
        if len(cards) != CARDS_PER_HAND:
            raise ValueError(f"{seat.value} must hold 8 cards, not {len(cards)}")
        for card in cards:
            if card in seen:
                raise ValueError(
                    f"{card} is in the hands of both {seen[card].value} and {seat.value}"
                )
            seen[card] = seat


def analyse(
    hands: Mapping[Seat, Iterable[Card]],
    dealer: Seat,
    strains: Iterable[Strain] = STRAINS,
    *,
    must_undertrump: bool = False,
    always_overtake_partner: bool = False,
    solver: Solver | None = None,
) -> dict[Strain, PerSide]:
    """The double-dummy points of each side in each strain asked, in the order asked.

    ``must_undertrump`` and ``always_overtake_partner`` are the play rules of the same names
    (``engine.play.legal_cards``; ``RuleSettings.must_undertrump`` and
    ``overtake_partner is OvertakePartner.ALWAYS``).

    Raises ValueError when the hands are not four hands of eight sharing out the 32 cards.
    """
    solver = solver or Solver()
    return {
        strain: solver.points(
            hands,
            dealer,
            strain,
            must_undertrump=must_undertrump,
            always_overtake_partner=always_overtake_partner,
        )
        for strain in strains
    }


def hands_from_pbn(hands: Mapping[str, str]) -> dict[Seat, Hand]:
    """``{"N": "KJ.KT..AKQT", ...}`` read as four hands sharing out the 32 cards.

    Raises ValueError saying what is wrong: a seat unknown or missing, a hand unreadable, a
    hand not of eight cards, a card held twice.
    """
    if not isinstance(hands, Mapping):
        raise ValueError('"hands" must be an object: {"N": "KJ.KT..AKQT", "E": ..., ...}')
    read: dict[Seat, Hand] = {}
    for key, text in hands.items():
        try:
            seat = Seat.parse(str(key))
        except ValueError:
            raise ValueError(f"unknown seat {key!r} (N, E, S or W)") from None
        if seat in read:
            raise ValueError(f"seat {seat.value} is given twice")
        if not isinstance(text, str):
            raise ValueError(f"the hand of {seat.value} must be a string in PBN notation")
        try:
            read[seat] = Hand.from_pbn(text)
        except ValueError as error:
            raise ValueError(f"the hand of {seat.value}: {error}") from None
    missing = [seat.value for seat in SEATS_PBN_ORDER if seat not in read]
    if missing:
        raise ValueError(f"no hand for {', '.join(missing)}")
    _check_deal(read)
    return read


def deal_from_json(data: object) -> tuple[Seat, dict[Seat, Hand]]:
    """``{"dealer": "N", "hands": {...}}`` read as (dealer, hands); ValueError when wrong."""
    if not isinstance(data, Mapping):
        raise ValueError('a deal is an object {"dealer": "N", "hands": {...}}')
    unknown = sorted(set(data) - {"dealer", "hands"})
    if unknown:
        raise ValueError(f"unknown keys {', '.join(map(repr, unknown))}")
    dealer_text = data.get("dealer")
    try:
        dealer = Seat.parse(dealer_text) if isinstance(dealer_text, str) else None
    except ValueError:
        dealer = None
    if dealer is None:
        raise ValueError(f'"dealer" must be N, E, S or W, not {dealer_text!r}')
    return dealer, hands_from_pbn(data.get("hands"))  # type: ignore[arg-type]

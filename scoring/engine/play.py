"""The play of the cards (jeu de la carte, FFB §5): legal cards, trick winner, replay of a deal.

Turns go counter-clockwise (``Seat.next``); the winner of a trick leads the next one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.engine.card_values import (
    CAPOT_DIX_DE_DER,
    DIX_DE_DER,
    card_points,
    card_strength,
    is_trump,
)
from scoring.engine.cards import DECK, SEATS_PBN_ORDER, Card, PerSide, Seat, Side, Strain
from scoring.translation import gettext_noop

TRICKS_PER_DEAL = 8
CARDS_PER_HAND = 8

_DECK_INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}

# Why a card is illegal: the obligation it breaks. Keys are the IllegalCard codes.
ILLEGAL_CARD_MESSAGES: dict[str, str] = {
    "not_in_hand": gettext_noop("%(seat)s does not hold %(card)s."),
    "follow_suit": gettext_noop("%(seat)s must follow suit in %(suit)s."),
    "overtake": gettext_noop("%(seat)s must play higher than %(winning)s in %(suit)s."),
    "trump": gettext_noop(
        "%(seat)s cannot follow %(suit)s and their partner is not winning the trick: "
        "%(seat)s must trump."
    ),
    "overtrump": gettext_noop("%(seat)s must overtrump %(winning)s."),
    "undertrump": gettext_noop(
        "%(seat)s cannot overtrump %(winning)s but must still play a trump under these rules."
    ),
}


class IllegalCard(ValueError):
    """A card a player may not play at that point of the deal (renonce, refus de monter...).

    ``position`` counts the cards of the deal from 0, ``trick`` the tricks from 1; ``legal``
    lists the cards the seat could play instead (empty when the card is not in the hand).
    """

    def __init__(
        self,
        *,
        position: int,
        trick: int,
        seat: Seat,
        card: Card,
        code: str,
        params: dict[str, Any],
        legal: tuple[Card, ...],
    ) -> None:
        self.position = position
        self.trick = trick
        self.seat = seat
        self.card = card
        self.code = code
        self.message = ILLEGAL_CARD_MESSAGES[code]
        self.params = params
        self.legal = legal
        super().__init__(f"trick {trick}, {card.label}: {self.render()}")

    def render(self) -> str:
        """The reason alone, from the English template (``message``) and ``params``."""
        return self.message % self.params


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick (pli, levée): who led, the four cards in the order played, who won it."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat
    points: int

    def seat_of(self, index: int) -> Seat:
        seat = self.leader
        for _ in range(index):
            seat = seat.next
        return seat


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """The outcome of the eight tricks of a deal.

    ``card_points`` leaves out the last trick's bonus; ``points`` includes it (10, or 100 when
    one side won every trick), so ``points`` always totals 162, or 252 with a capot.
    """

    tricks: tuple[Trick, ...]
    card_points: PerSide
    last_trick: Side
    dix_de_der: int
    points: PerSide
    capot: Side | None
    generale: Seat | None

    def result_fields(self, taker: Seat) -> dict[str, Any]:
        """The play part of a result record for a contract taken by ``taker``."""
        taking = taker.side
        fields: dict[str, Any] = {
            "taker_points": self.points.of(taking),
            "capot": None,
        }
        if self.capot is not None:
            fields["capot"] = "taker" if self.capot is taking else "defence"
            if self.generale is not None:
                fields["generale"] = True
        return fields


def opening_leader(dealer: Seat) -> Seat:
    """The player to the dealer's right speaks first and leads the first trick (entame)."""
    return dealer.next


def winning_index(cards: Sequence[Card], strain: Strain) -> int:
    """Index of the card that wins (so far) a trick whose first card was led."""
    led = cards[0].suit
    best = 0
    best_card = cards[0]
    best_trump = is_trump(best_card, strain)
    for index in range(1, len(cards)):
        card = cards[index]
        trump = is_trump(card, strain)
        if best_trump:
            # In TA every card is a trump, but only the led suit (the best card's) can win.
            beats = (
                trump
                and card.suit is best_card.suit
                and card_strength(card, strain) > card_strength(best_card, strain)
            )
        elif trump:
            beats = True
        else:
            beats = card.suit is led and card_strength(card, strain) > card_strength(
                best_card, strain
            )
        if beats:
            best, best_card, best_trump = index, card, trump
    return best


def trick_winner(leader: Seat, cards: Sequence[Card], strain: Strain) -> Seat:
    """The seat that played the strongest trump or, failing that, the strongest led card."""
    seat = leader
    for _ in range(winning_index(cards, strain)):
        seat = seat.next
    return seat


def legal_cards(
    hand: Iterable[Card],
    trick: Sequence[Card],
    strain: Strain,
    *,
    must_undertrump: bool = False,
    always_overtake_partner: bool = False,
) -> tuple[Card, ...]:
    """The cards the seat to play may choose from, in deck order (FFB §5, « Règles »).

    ``trick`` is the cards already played to the current trick, the led card first.
    ``must_undertrump`` is the variant where a player who cannot overtrump an opponent must
    still play a trump (the FFB lets them discard). ``always_overtake_partner`` is the
    Fédération Française de Coinche's rule (``OvertakePartner.ALWAYS``): a player who cannot
    follow and trumps over the partner's trump must overtake it when the hand can (discarding
    stays allowed); the FFB asks it only when trump is led.
    """
    return _legal_with_reason(tuple(hand), trick, strain, must_undertrump, always_overtake_partner)[
        0
    ]


def _legal_with_reason(
    hand: tuple[Card, ...],
    trick: Sequence[Card],
    strain: Strain,
    must_undertrump: bool,
    always_overtake_partner: bool = False,
) -> tuple[tuple[Card, ...], str | None, Card | None]:
    """The legal cards, the obligation that restricted them, and the card currently winning."""
    ordered = tuple(sorted(hand, key=_DECK_INDEX.__getitem__))
    if not trick:
        return ordered, None, None
    led = trick[0].suit
    win = winning_index(trick, strain)
    winning = trick[win]
    following = tuple(card for card in ordered if card.suit is led)
    if following:
        # Trump led, or any suit in TA: always overtake the winning card when you can, even
        # your partner's (« même si cela est contraire à notre intérêt »).
        if is_trump(trick[0], strain):
            higher = tuple(
                card
                for card in following
                if card_strength(card, strain) > card_strength(winning, strain)
            )
            if higher:
                return higher, "overtake", winning
        return following, "follow_suit", winning
    trump_suit = strain.trump_suit
    partner_winning = len(trick) >= 2 and win == len(trick) - 2
    if trump_suit is None:
        # SA and TA: nothing to trump with.
        return ordered, None, winning
    if partner_winning:
        # Partner master: discard or trump at will (FFB). Under « always overtake », a trump
        # played on the partner's trump must beat it when the hand holds a higher one.
        if always_overtake_partner and winning.suit is trump_suit:
            over = tuple(
                card
                for card in ordered
                if card.suit is trump_suit
                and card_strength(card, strain) > card_strength(winning, strain)
            )
            if over:
                allowed = tuple(
                    card for card in ordered if card.suit is not trump_suit or card in over
                )
                if len(allowed) < len(ordered):
                    return allowed, "overtrump", winning
        return ordered, None, winning
    trumps = tuple(card for card in ordered if card.suit is trump_suit)
    if not trumps:
        return ordered, None, winning
    if winning.suit is not trump_suit:
        return trumps, "trump", winning
    over = tuple(
        card for card in trumps if card_strength(card, strain) > card_strength(winning, strain)
    )
    if over:
        return over, "overtrump", winning
    if must_undertrump:
        return trumps, "undertrump", winning
    # « On ne pisse pas »: with only lower trumps than the opponent's, you may discard.
    return ordered, None, winning


def check_card(
    hand: Iterable[Card],
    trick: Sequence[Card],
    strain: Strain,
    *,
    seat: Seat,
    card: Card,
    position: int = 0,
    must_undertrump: bool = False,
    always_overtake_partner: bool = False,
) -> None:
    """Raise ``IllegalCard`` (with the obligation it breaks) if ``seat``, holding ``hand``, may
    not play ``card`` on ``trick``; the reason depends on that hand and the trick only."""
    _check_card(
        set(hand),
        list(trick),
        strain,
        (must_undertrump, always_overtake_partner),
        seat,
        card,
        position,
    )


def replay_deal(
    hands: Mapping[Seat, Iterable[Card]],
    leader: Seat,
    strain: Strain,
    cards: Sequence[Card],
    *,
    must_undertrump: bool = False,
    always_overtake_partner: bool = False,
) -> PlayedDeal:
    """Replay the 32 cards of a deal in the order played, checking every card.

    ``leader`` leads the first trick (the dealer's right-hand neighbour, ``opening_leader``).
    Raises ``IllegalCard`` on the first card that breaks a rule, and ``ValueError`` when the
    hands are not four distinct hands of eight cards or ``cards`` is not 32 cards long.
    """
    remaining = _check_hands(hands)
    if len(cards) != TRICKS_PER_DEAL * 4:
        raise ValueError(f"a deal is 32 cards played, got {len(cards)}")
    tricks: list[Trick] = []
    won = {Side.NS: 0, Side.EW: 0}
    tricks_won_by: dict[Seat, int] = dict.fromkeys(SEATS_PBN_ORDER, 0)
    for number in range(TRICKS_PER_DEAL):
        seat = leader
        played: list[Card] = []
        for index in range(4):
            position = number * 4 + index
            card = cards[position]
            _check_card(
                remaining[seat],
                played,
                strain,
                (must_undertrump, always_overtake_partner),
                seat,
                card,
                position,
            )
            remaining[seat].remove(card)
            played.append(card)
            seat = seat.next
        winner = trick_winner(leader, played, strain)
        points = sum(card_points(card, strain) for card in played)
        tricks.append(Trick(leader, tuple(played), winner, points))
        won[winner.side] += points
        tricks_won_by[winner] += 1
        leader = winner
    last_trick = tricks[-1].winner.side
    capot = next(
        (side for side in Side if all(trick.winner.side is side for trick in tricks)), None
    )
    generale = next(
        (seat for seat, count in tricks_won_by.items() if count == TRICKS_PER_DEAL), None
    )
    dix_de_der = CAPOT_DIX_DE_DER if capot is not None else DIX_DE_DER
    card_points_per_side = PerSide(won[Side.NS], won[Side.EW])
    with_der = dict(won)
    with_der[last_trick] += dix_de_der
    return PlayedDeal(
        tricks=tuple(tricks),
        card_points=card_points_per_side,
        last_trick=last_trick,
        dix_de_der=dix_de_der,
        points=PerSide(with_der[Side.NS], with_der[Side.EW]),
        capot=capot,
        generale=generale,
    )


def _check_hands(hands: Mapping[Seat, Iterable[Card]]) -> dict[Seat, set[Card]]:
    remaining = {seat: set(hands.get(seat, ())) for seat in SEATS_PBN_ORDER}
    for seat, held in remaining.items():
        if len(held) != CARDS_PER_HAND:
            raise ValueError(f"{seat.value} must hold 8 cards, not {len(held)}")
    if len(set().union(*remaining.values())) != len(DECK):
        raise ValueError("the four hands must share out the 32 cards")
    return remaining


def _check_card(
    hand: set[Card],
    trick: list[Card],
    strain: Strain,
    variants: tuple[bool, bool],
    seat: Seat,
    card: Card,
    position: int,
) -> None:
    params: dict[str, Any] = {"seat": seat.value, "card": card.label}
    if card not in hand:
        raise IllegalCard(
            position=position,
            trick=position // 4 + 1,
            seat=seat,
            card=card,
            code="not_in_hand",
            params=params,
            legal=(),
        )
    legal, reason, winning = _legal_with_reason(tuple(hand), trick, strain, *variants)
    if card in legal:
        return
    # A restricted choice always comes with a reason and a card on the table.
    assert reason is not None and winning is not None
    params["suit"] = trick[0].suit.symbol
    params["winning"] = winning.label
    raise IllegalCard(
        position=position,
        trick=position // 4 + 1,
        seat=seat,
        card=card,
        code=reason,
        params=params,
        legal=legal,
    )

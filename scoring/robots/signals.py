"""The Belote'L card signals (« signalisation du jeu de la carte »), given and read.

- « L'appel direct a lieu sur la première défausse » : a player's first discard calls the
  suit of its ace (it discards a small card of the suit whose ace it holds);
- « Un as défaussé laisse supposer le 10 derrière » : an ace is discarded only with the ten;
- « Un 10 défaussé laisse supposer que ce dernier était sec » : a ten is discarded bare.

A discard is a card neither of the led suit nor a trump. The robots give the signals when
they cost almost nothing (``SIGNAL_TOLERANCE``), and read them as promises when they deal the
worlds (``worlds``): a promise is kept when a world can keep it, as a player who does not play
the convention still needs worlds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scoring.engine.cards import Card, Rank, Seat, Suit
from scoring.robots.view import PLAYERS, PlayedCard, SeatView

SIGNAL_TOLERANCE = 2.0
"""The expected deal score (own side minus the other) a robot gives up at most to signal."""


@dataclass(frozen=True, slots=True)
class Promises:
    """What the other seats' discards promise: cards they hold, suits they hold no more."""

    played: frozenset[Card] = frozenset()
    cards: dict[Seat, set[Card]] = field(default_factory=dict)
    voids: dict[Seat, set[Suit]] = field(default_factory=dict)

    def kept_by(self, world: Mapping[Seat, frozenset[Card]]) -> bool:
        """Whether ``world`` (each seat's eight cards) keeps every promise."""
        holds = all(cards <= world[seat] for seat, cards in self.cards.items())
        return holds and all(
            not any(card.suit in suits for card in world[seat] - self.played)
            for seat, suits in self.voids.items()
        )


def is_discard(card: Card, trick: tuple[Card, ...], view: SeatView) -> bool:
    """Whether ``card``, played after ``trick`` (the trick's cards before it), is a discard."""
    return (
        bool(trick) and card.suit is not trick[0].suit and card.suit is not view.strain.trump_suit
    )


def discards(view: SeatView) -> list[PlayedCard]:
    """The discards of the play so far, in order."""
    found = []
    for index, item in enumerate(view.played):
        start = index - index % PLAYERS
        if is_discard(item.card, view.play[start:index], view):
            found.append(item)
    return found


def promises(view: SeatView) -> Promises:
    """What the other seats' discards promise, from the unseen cards only."""
    unseen = view.unseen()
    result = Promises(played=frozenset(view.play))
    first: set[Seat] = set()
    for item in discards(view):
        seat, card = item.seat, item.card
        if seat is view.seat:
            continue
        if card.rank is Rank.ACE:
            promised = Card(Rank.TEN, card.suit)
        elif card.rank is Rank.TEN:
            result.voids.setdefault(seat, set()).add(card.suit)
            promised = None
        elif seat not in first:
            promised = Card(Rank.ACE, card.suit)
        else:
            promised = None
        first.add(seat)
        if promised is not None and promised in unseen:
            result.cards.setdefault(seat, set()).add(promised)
    return result


def signal_value(view: SeatView, card: Card) -> int:
    """How well playing ``card`` now keeps the signals: 1 a signal given, -1 a false one,
    0 neither (not a discard, or a later discard of a small card)."""
    _, trick = view.current_trick()
    if not is_discard(card, trick, view):
        return 0
    remaining = view.remaining()
    suit = {other for other in remaining if other.suit is card.suit}
    if card.rank is Rank.ACE:
        return 1 if Card(Rank.TEN, card.suit) in remaining else -1
    if card.rank is Rank.TEN:
        return 1 if suit == {card} else -1
    already = any(item.seat is view.seat for item in discards(view))
    if already:
        return 0
    return 1 if Card(Rank.ACE, card.suit) in remaining else -1

"""The Belote'L hand evaluation: probable tricks (plis probables) and what they are worth.

From the Belote'L text (« Évaluez votre jeu en comptant les plis probables »):

- in trumps: jack and nine 2 tricks, jack and ace 1.5, the jack alone or the nine with the ace
  1, the nine not bare 0.5; the third trump 0.5 more, the fourth 1 more (and each one beyond);
- in each side suit: ace and ten 2, ace and king 1.5, the ace alone 1, ten and king 1, the ten
  guarded (10x) 0.5;
- a trick is worth between 14 and 26 points by the strength of the trumps.

In sans atout (no trumps, aces highest) the same side-suit counts serve in every suit; in tout
atout every suit counts as a trump suit, halved (each holds fewer tricks against four trump
suits). These last two are this project's reading; the text gives only the bids that show the
aces in sans atout (80, 90, 100 for 2, 3, 4 aces).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.engine.belote import belote_count
from scoring.engine.cards import SUITS, Card, Rank, Strain, Suit

LOW_TRICK_POINTS = 14
HIGH_TRICK_POINTS = 26


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A hand's probable tricks in one strain and the points they promise."""

    strain: Strain
    tricks: float
    trump_tricks: float
    has_jack: bool
    has_nine: bool
    aces: int
    belote: int

    @property
    def trick_points(self) -> int:
        """What one probable trick is worth: 14 with weak trumps up to 26 with strong ones."""
        strength = min(self.trump_tricks / 3.0, 1.0)
        return round(LOW_TRICK_POINTS + (HIGH_TRICK_POINTS - LOW_TRICK_POINTS) * strength)

    @property
    def points(self) -> int:
        """The points the hand promises with an average partner: its tricks, its belote."""
        return round(self.tricks * self.trick_points) + 20 * self.belote


def _ranks(cards: Iterable[Card], suit: Suit) -> set[Rank]:
    return {card.rank for card in cards if card.suit is suit}


def trump_tricks(ranks: set[Rank]) -> float:
    """Probable tricks of a trump holding."""
    jack, nine, ace = Rank.JACK in ranks, Rank.NINE in ranks, Rank.ACE in ranks
    if jack and nine:
        tricks = 2.0
    elif jack and ace:
        tricks = 1.5
    elif jack or (nine and ace):
        tricks = 1.0
    elif nine and len(ranks) > 1:
        tricks = 0.5
    else:
        tricks = 0.0
    if jack and nine and ace:
        tricks += 1.0
    length = len(ranks)
    if length >= 3:
        tricks += 0.5
    if length >= 4:
        tricks += 1.0 * (length - 3)
    return tricks


def side_tricks(ranks: set[Rank]) -> float:
    """Probable tricks of a side suit."""
    ace, ten, king = Rank.ACE in ranks, Rank.TEN in ranks, Rank.KING in ranks
    if ace and ten:
        return 2.0
    if ace and king:
        return 1.5
    if ace:
        return 1.0
    if ten and king:
        return 1.0
    if ten and len(ranks) >= 2:
        return 0.5
    return 0.0


def evaluate(hand: Iterable[Card], strain: Strain) -> Evaluation:
    """The hand's probable tricks with ``strain`` as the contract's strain."""
    cards = tuple(hand)
    trump = strain.trump_suit
    tricks = trumps = 0.0
    for suit in SUITS:
        ranks = _ranks(cards, suit)
        if strain is Strain.ALL_TRUMP:
            value = trump_tricks(ranks) / 2
            trumps += value
        elif suit is trump:
            value = trump_tricks(ranks)
            trumps = value
        else:
            value = side_tricks(ranks)
        tricks += value
    if strain is Strain.NO_TRUMP:
        trumps = tricks / 2
    holding = _ranks(cards, trump) if trump is not None else set()
    return Evaluation(
        strain=strain,
        tricks=min(tricks, 8.0),
        trump_tricks=trumps,
        has_jack=Rank.JACK in holding,
        has_nine=Rank.NINE in holding,
        aces=sum(1 for card in cards if card.rank is Rank.ACE),
        belote=belote_count(cards, strain),
    )

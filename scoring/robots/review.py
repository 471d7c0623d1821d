"""The double-dummy review of one seat's cards in a deal played: for each of its cards, every
legal card it had then, and the points its side would take with each when everyone plays
double dummy afterwards (the four hands seen, ``scoring.analysis``). The best card is the one
worth the most; a card's cost is what it gave up against the best.

The points are the deal's card points (162 in all, the dix de der included; 252 and 0 for a
capot), as the solver counts them: belote and annonces are not card points. Used by the site
once a game played online is over (``tournaments.play.review``), never while it is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.analysis.solver import Solver
from scoring.engine.cards import Card, Hand, Seat
from scoring.engine.rules import RuleSettings
from scoring.robots.auction import Call
from scoring.robots.card_play import points_after
from scoring.robots.view import SeatView


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card of the seat: its place in the play (from 0), the card, the points its side
    takes after each legal card, the best cards and what the card played cost."""

    index: int
    card: Card
    points: Mapping[Card, int]
    best: tuple[Card, ...]
    cost: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "card": str(self.card),
            "points": {str(card): value for card, value in self.points.items()},
            "best": [str(card) for card in self.best],
            "cost": self.cost,
        }


def review_cards(
    rules: RuleSettings,
    dealer: Seat,
    hands: Mapping[Seat, Hand],
    calls: Sequence[Call],
    play: Sequence[Card],
    seat: Seat,
    solver: Solver | None = None,
) -> list[CardReview]:
    """The review of every card ``seat`` played in ``play`` (a deal with a contract)."""
    solver = solver if solver is not None else Solver()
    reviews = []
    for index, card in enumerate(play):
        view = SeatView(rules, dealer, seat, hands[seat], tuple(calls), tuple(play[:index]))
        if view.to_play() is not seat:
            continue
        played = set(play[:index])
        left = {other: set(hands[other]) - played for other in Seat}
        side = seat.side
        points = {
            legal: points_after(view, left, legal, solver)[0].of(side) for legal in view.legal()
        }
        top = max(points.values())
        best = tuple(legal for legal in view.legal() if points[legal] == top)
        reviews.append(CardReview(index, card, points, best, top - points[card]))
    return reviews

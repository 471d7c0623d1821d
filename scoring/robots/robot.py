"""A robot player for one seat (docs/robots.md).

``Robot(rules, seat, worlds=…, seed=…).decide(view)`` gives the seat's call in the auction or
its card in the play, from the ``SeatView`` alone: the seat's hand, the dealer, the calls and
the cards played. Nothing else reaches it, so two deals that differ only in cards the seat
cannot see give the same decision. Its randomness (the worlds it deals) comes from ``seed`` and
the position only: the same request and seed give the same decision on any machine, however
loaded.
"""

from __future__ import annotations

from scoring.engine.cards import Card, Seat
from scoring.engine.rules import RuleSettings
from scoring.robots.auction import Call
from scoring.robots.bid_simulation import simulated_call
from scoring.robots.bidding import choose_call
from scoring.robots.card_play import card_values
from scoring.robots.lanes import Lanes
from scoring.robots.signals import SIGNAL_TOLERANCE, signal_value
from scoring.robots.view import BadRequest, SeatView
from scoring.robots.worlds import draw_worlds

DEFAULT_WORLDS = 16
MAX_WORLDS = 200
# A card decision solves each legal card in each world: with many legal cards, fewer worlds
# (never fewer than MIN_WORLDS), so that one decision costs at most about SOLVES_PER_DECISION
# double-dummy solves. The count depends on the position only, never on the time taken.
SOLVES_PER_DECISION = 64
MIN_WORLDS = 6
BIDDING_WORLDS = 8
# A decision that has searched this many positions by the end of one of its worlds leaves the
# others out (at least one world is always solved), and one solve that reaches
# POSITIONS_PER_SOLVE gives the solver's estimate instead of its exact value: the few hard
# deals, whose double-dummy solution costs ten times the usual one, would otherwise keep a
# player waiting seconds. Counts of positions, not times: the same request and seed give the
# same decision however loaded the machine, since each decision starts with an empty table.
POSITIONS_PER_DECISION = 4_000_000
POSITIONS_PER_SOLVE = 1_500_000


class Robot:
    """The robot sitting at ``seat`` under ``rules``."""

    def __init__(
        self,
        rules: RuleSettings,
        seat: Seat,
        *,
        worlds: int = DEFAULT_WORLDS,
        seed: int = 0,
        simulate_bidding: bool = True,
        threads: int = 1,
    ) -> None:
        if not 1 <= worlds <= MAX_WORLDS:
            raise ValueError(f"worlds must be from 1 to {MAX_WORLDS}, not {worlds}")
        self.rules = rules
        self.seat = seat
        self.worlds = worlds
        self.seed = seed
        self.simulate_bidding = simulate_bidding
        # The worlds of each decision are solved in lanes, on up to ``threads`` threads: the
        # same decision on one thread or two, only sooner (``lanes``).
        self.lanes = Lanes(threads=threads)

    def decide(self, view: SeatView) -> Call | Card:
        """The call or the card of the seat, whose turn it must be."""
        if view.rules != self.rules or view.seat is not self.seat:
            raise BadRequest("this robot plays another seat or other rules")
        if view.finished:
            raise BadRequest("the deal is over")
        if view.to_play() is not self.seat:
            raise BadRequest(f"it is {view.to_play().value}'s turn, not {self.seat.value}'s")
        # Each decision searches from empty tables, so that the positions it counts against
        # its budget do not depend on the decisions made before it by this robot.
        self.lanes.forget()
        if view.in_auction:
            return self.choose_call(view)
        return self.choose_card(view)

    def choose_call(self, view: SeatView) -> Call:
        """The conventional call, checked by simulation (``bid_simulation``)."""
        conventional = choose_call(view)
        if not self.simulate_bidding:
            return conventional
        worlds = draw_worlds(view, self.bidding_worlds(), self._position_seed(view))
        return simulated_call(
            view,
            conventional,
            worlds,
            self.lanes,
            budget=POSITIONS_PER_DECISION,
            limit=POSITIONS_PER_SOLVE,
        )

    def bidding_worlds(self) -> int:
        """Worlds dealt for a call: each is solved in every strain a candidate names."""
        return min(self.worlds, BIDDING_WORLDS)

    def choose_card(self, view: SeatView) -> Card:
        legal = view.legal()
        if len(legal) == 1:
            return legal[0]
        worlds = draw_worlds(view, self.worlds_for(len(legal)), self._position_seed(view))
        values = card_values(
            view,
            worlds,
            legal,
            self.lanes,
            budget=POSITIONS_PER_DECISION,
            limit=POSITIONS_PER_SOLVE,
        )
        best = max(values.values())
        # Among the cards (almost) as good as the best, the one that keeps the signals.
        near = [card for card in legal if values[card] >= best - SIGNAL_TOLERANCE]
        return max(near, key=lambda card: (signal_value(view, card), values[card]))

    def worlds_for(self, candidates: int) -> int:
        """The number of worlds dealt to choose among ``candidates`` legal cards."""
        budget = max(MIN_WORLDS, SOLVES_PER_DECISION // candidates)
        return min(self.worlds, budget)

    def _position_seed(self, view: SeatView) -> int:
        """A seed of its own for each decision, from the robot's seed and the position."""
        return (self.seed * 1_000_003 + len(view.calls) * 101 + len(view.play)) % 2**63

"""Benchmark: our robot players in duplicate against another robot (docs/robots.md, « Force »).

Run: .venv/bin/python -m benchmarks.robots_arena [--deals 100] [--opponent improved_isdd]
     [--worlds 16] [--processes 2] [--seed 1] [--every 50] [--records FILE]

Each random deal is played twice under the ``online-162`` rules: our robots North-South against
the opponent East-West in one room, the seats swapped in the other. Both rooms are scored with
our engine (``scoring.engine.deal_score``); the margin of a deal is our score minus theirs,
summed over the two rooms, so the cards cancel out and what remains is play and bidding. It
prints the mean margin per deal with its 95 % interval, deals won, tied and lost, our decision
times, and the double-dummy cost of our cards (the card points lost, with all hands seen,
against the best card at each of our decisions), and the same cost of the opponent's cards.
It splits the margin twice: between the deals whose two rooms reached the same contract (the
same side taking, bid, strain and coinche) and the others; and, on every deal, into the
auction's part (each room's contract as if played double dummy, every hand seen: its « par »)
and the play's (the rest). With ``--records FILE`` it writes each deal as a line of JSON (the
hands, and per room the calls, the contract, the points, the score, the par and both sides'
double-dummy cost) for a closer look.

Opponents: colver's ``heuristic_baseline`` and ``improved_isdd`` (colver is a dev-only
dependency, MIT, driven through its ``Agent`` API with uniform worlds), ``ours:N`` (our own
robots at N worlds) or ``conventions:N`` (ours at N worlds, bidding by the conventions alone,
without the simulation's check).
"""

import argparse
import json
import math
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from scoring.analysis.solver import Solver
from scoring.engine.cards import (
    DECK,
    SEATS_COUNTER_CLOCKWISE,
    Card,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
)
from scoring.engine.deal_score import score_deal
from scoring.engine.result_record import CAPOT, Contract, ResultRecord
from scoring.engine.rules import PRESETS
from scoring.robots.auction import COINCHE, PASS, SURCOINCHE, Call, CallKind
from scoring.robots.card_play import outcome_score, points_after, remaining_hands
from scoring.robots.robot import Robot
from scoring.robots.table import record_of
from scoring.robots.view import SeatView, play_rules

RULES = PRESETS["online-162"]
COLVER_SPECS = {
    "heuristic_baseline": (
        '[bid]\nstrategy = "heuristic"\n[play]\nmethod = "naive_ismcts"\ntime_ms = 20\n'
        '[worlds]\nsource = "uniform"\n'
    ),
    "improved_isdd": (
        '[bid]\nstrategy = "improved_v2"\n[play]\nmethod = "is_dd"\ntime_ms = 20\n'
        'determinizations = 20\n[worlds]\nsource = "uniform"\n'
    ),
}
# colver's encoding: seats 0-3 in the order of play from North (N W S E, as ours), suits
# S H D C, cards suit * 8 + rank in the order below, bids 1 + 4 * step + suit (80 … 160),
# capot 37 + suit, coinche 41, surcoinche 42.
COLVER_RANKS = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
COLVER_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
COLVER_PASS, COLVER_CAPOT, COLVER_COINCHE, COLVER_SURCOINCHE = 0, 37, 41, 42
COLVER_TOP_BID = 160


def colver_card(card: Card) -> int:
    return COLVER_SUITS.index(card.suit) * 8 + COLVER_RANKS.index(card.rank)


def card_of(index: int) -> Card:
    return Card(COLVER_RANKS[index % 8], COLVER_SUITS[index // 8])


def call_of(action: int) -> Call:
    if action == COLVER_PASS:
        return PASS
    if action == COLVER_COINCHE:
        return COINCHE
    if action == COLVER_SURCOINCHE:
        return SURCOINCHE
    strain = Strain(COLVER_SUITS[(action - 1) % 4].value)
    if action >= COLVER_CAPOT:
        return Call(CallKind.BID, CAPOT, strain)
    return Call(CallKind.BID, 80 + 10 * ((action - 1) // 4), strain)


def action_of(call: Call, legal: list[int]) -> tuple[int, bool]:
    """colver's action for our call, and whether it had to be changed (a bid above colver's
    160 becomes its highest legal bid in the strain, else a pass)."""
    wanted = {PASS: COLVER_PASS, COINCHE: COLVER_COINCHE, SURCOINCHE: COLVER_SURCOINCHE}
    if call in wanted:
        action = wanted[call]
    else:
        suit = COLVER_SUITS.index(Suit(call.strain.value))
        if call.is_capot:
            action = COLVER_CAPOT + suit
        else:
            value = min(int(call.rank()), COLVER_TOP_BID)
            action = 1 + 4 * ((value - 80) // 10) + suit
    if action in legal and not (call.bid not in (None, CAPOT) and call.rank() > COLVER_TOP_BID):
        return action, False
    fallback = [a for a in legal if 0 < a < COLVER_CAPOT and (a - 1) % 4 == (action - 1) % 4]
    return (max(fallback) if fallback else COLVER_PASS), True


def random_deal(rng):
    deck = list(DECK)
    rng.shuffle(deck)
    hands = {
        seat: frozenset(deck[8 * i : 8 * i + 8]) for i, seat in enumerate(SEATS_COUNTER_CLOCKWISE)
    }
    return rng.choice(SEATS_COUNTER_CLOCKWISE), hands


class Room:
    """One table of a deal: our robots at ``ours``, the opponent at the other two seats."""

    def __init__(self, dealer, hands, ours: Side, opponent: str, worlds: int, seed: int):
        self.dealer, self.hands, self.ours = dealer, hands, ours
        self.calls: list[Call] = []
        self.play: list[Card] = []
        self.seconds: list[float] = []
        self.costs: list[int] = []
        self.their_costs: list[int] = []
        self.changed = 0
        self.solver = Solver()
        seats = SEATS_COUNTER_CLOCKWISE
        self.robots = {
            seat: Robot(RULES, seat, worlds=worlds, seed=seed)
            for seat in seats
            if seat.side is ours
        }
        self.env, self.agents = None, {}
        if opponent.startswith(("ours:", "conventions:")):
            kind, theirs = opponent.split(":")
            for seat in seats:
                if seat.side is not ours:
                    self.robots[seat] = Robot(
                        RULES,
                        seat,
                        worlds=int(theirs),
                        seed=seed + 1,
                        simulate_bidding=kind == "ours",
                    )
            return
        import colver  # a dev-only dependency (requirements-dev.txt)

        self.env = colver.Env.deal_with_hands(
            seats.index(dealer), [[colver_card(card) for card in hands[seat]] for seat in seats]
        )
        for seat in seats:
            if seat.side is not ours:
                agent = colver.Agent(COLVER_SPECS[opponent], seat=seats.index(seat), seed=seed)
                agent.init_deal(self.env)
                self.agents[seat] = agent

    def play_auction(self) -> Contract | None:
        """Every call until the auction ends: its contract (None: passed out)."""
        while (north := self._view_of(SEATS_COUNTER_CLOCKWISE[0])).in_auction:
            self._next_turn(north)
        return north.contract

    def play_out(self) -> ResultRecord:
        contract = self.play_auction()
        if contract is None:
            return ResultRecord(passed=True)
        while not (north := self._view_of(SEATS_COUNTER_CLOCKWISE[0])).finished:
            self._next_turn(north)
        return record_of(RULES, self.hands, self.dealer, contract, self.play)

    def _view_of(self, seat: Seat) -> SeatView:
        return SeatView(
            RULES, self.dealer, seat, self.hands[seat], tuple(self.calls), tuple(self.play)
        )

    def _next_turn(self, north: SeatView) -> None:
        seat = north.to_play()
        self._turn(seat, self._view_of(seat))

    def _turn(self, seat, view):
        if seat in self.robots:
            started = time.process_time()
            decision = self.robots[seat].decide(view)
            if seat.side is self.ours:
                self.seconds.append(time.process_time() - started)
            action = None
            if self.env is not None:
                if isinstance(decision, Card):
                    action = colver_card(decision)
                else:
                    action, changed = action_of(decision, self.env.legal_actions())
                    if changed:
                        self.changed += 1
                        decision = call_of(action)
        else:
            action = self.agents[seat].decide(self.env)["action"]
            decision = card_of(action) if self.env.phase() == 1 else call_of(action)
        if isinstance(decision, Card):
            own = seat.side is self.ours
            (self.costs if own else self.their_costs).append(self._dd_cost(view, decision))
        if self.env is not None:
            for agent in self.agents.values():
                agent.observe(self.env, action)
            self.env.step(action)
        (self.play if isinstance(decision, Card) else self.calls).append(decision)

    def _dd_cost(self, view, chosen: Card) -> int:
        """Card points lost against the best card, all hands seen."""
        legal = view.legal()
        if len(legal) == 1:
            return 0
        hands = remaining_hands(view, self.hands)
        side = view.seat.side
        values = {card: points_after(view, hands, card, self.solver)[0].of(side) for card in legal}
        return max(values.values()) - values[chosen]


def one_deal(task):
    number, opponent, worlds, seed = task
    dealer, hands = random_deal(random.Random(seed * 100_003 + number))
    margin, seconds, costs, changed = 0, [], [], 0
    rooms = []
    for ours in (Side.NS, Side.EW):
        room = Room(dealer, hands, ours, opponent, worlds, seed + number)
        record = room.play_out()
        score = score_deal(record, RULES)
        margin += score.of(ours) - score.of(ours.other)
        seconds += room.seconds
        costs += room.costs
        changed += room.changed
        rooms.append(room_record(room, record, score, par_of(room, record.contract)))
    deal = {
        "deal": number,
        "dealer": dealer.value,
        "hands": {seat.value: sorted(str(card) for card in hands[seat]) for seat in hands},
        "margin": margin,
        "rooms": rooms,
    }
    return margin, seconds, costs, changed, deal


def par_of(room: Room, contract: Contract | None) -> int:
    """Our score minus theirs had the room's contract been played double dummy (every hand
    seen by every player): what the auction alone gave."""
    if contract is None:
        return 0
    points = room.solver.points(room.hands, room.dealer, contract.strain, **play_rules(RULES))
    return outcome_score(RULES, contract, points, room.hands, room.ours)


def room_record(room: Room, record: ResultRecord, score, par: int) -> dict:
    """A room as the records file keeps it."""
    return {
        "ours": room.ours.value,
        "calls": [call.to_dict() for call in room.calls],
        "contract": None if record.contract is None else record.contract.to_dict(),
        "taker_points": record.taker_points,
        "score": {side.value: score.of(side) for side in (Side.NS, Side.EW)},
        "par": par,
        "card_cost": {"ours": sum(room.costs), "theirs": sum(room.their_costs)},
        "cards_not_best": {
            "ours": sum(cost > 0 for cost in room.costs),
            "theirs": sum(cost > 0 for cost in room.their_costs),
        },
    }


def same_contract(deal: dict) -> bool:
    """Whether both rooms reached the same contract: the same side taking (ours in one room is
    the opponent's in the other, so the same seats), bid, strain and coinche."""
    first, second = (room["contract"] for room in deal["rooms"])
    if first is None or second is None:
        return first is second
    key = ("bid", "strain", "coinche")
    same_side = Seat(first["taker"]).side is Seat(second["taker"]).side
    return same_side and all(first[name] == second[name] for name in key)


def margin_split(deals: list[dict]) -> str:
    """The margin per deal where the auctions met and where they parted."""
    parts = []
    for label, kept in (("same contract", True), ("different contracts", False)):
        margins = [deal["margin"] for deal in deals if same_contract(deal) is kept]
        if margins:
            parts.append(
                f"{label}: {len(margins)} deals, {statistics.fmean(margins):+.1f} per deal, "
                f"{sum(margins) / len(deals):+.1f} of the mean"
            )
    return "; ".join(parts)


def par_split(deals: list[dict]) -> str:
    """The margin per deal split into the auction's part (the contracts reached, each played
    double dummy) and the play's (the rest), each with its 95 % interval."""
    auction = [sum(room["par"] for room in deal["rooms"]) for deal in deals]
    play = [deal["margin"] - part for deal, part in zip(deals, auction, strict=True)]
    return f"auction (the contracts at par) {interval(auction)}; play (the rest) {interval(play)}"


def interval(values: list[int]) -> str:
    """The mean and its 95 % interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:+.1f}"
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.1f} ({mean - half:+.1f} to {mean + half:+.1f})"


def card_costs(deals: list[dict], whose: str) -> str:
    """The double-dummy cost per card of one side's robots (``ours`` or ``theirs``)."""
    cost = sum(room["card_cost"][whose] for deal in deals for room in deal["rooms"])
    worse = sum(room["cards_not_best"][whose] for deal in deals for room in deal["rooms"])
    cards = 16 * sum(1 for deal in deals for room in deal["rooms"] if room["contract"])
    return f"{cost / max(cards, 1):.2f} card points per card ({cards} cards, {worse} not the best)"


def report(results, elapsed):
    margins = [margin for margin, *_ in results]
    seconds = sorted(second for _, decisions, *_ in results for second in decisions)
    costs = [cost for _, _, deal_costs, *_ in results for cost in deal_costs]
    n = len(margins)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
    won = sum(margin > 0 for margin in margins)
    tied = sum(margin == 0 for margin in margins)
    print(
        f"{n} deals in {elapsed:.0f} s: margin per deal {mean:+.1f} "
        f"(95 % interval {mean - half:+.1f} to {mean + half:+.1f}); "
        f"won {won}, tied {tied}, lost {n - won - tied}"
    )
    print(
        f"our decisions: {len(seconds)}, median {statistics.median(seconds) * 1000:.0f} ms, "
        f"p90 {seconds[int(0.9 * len(seconds))] * 1000:.0f} ms, worst {seconds[-1]:.2f} s (CPU); "
        f"CPU per deal (two rooms) {sum(seconds) / n:.1f} s"
    )
    print(
        f"double-dummy cost of our cards: {statistics.fmean(costs):.2f} card points per "
        f"decision ({len(costs)} cards, {sum(c > 0 for c in costs)} not the best)"
    )
    deals = [r[4] for r in results]
    print(f"double-dummy cost of their cards: {card_costs(deals, 'theirs')}")
    print(f"our calls above colver's scale, changed: {sum(r[3] for r in results)}")
    print(f"the margin by auction: {margin_split(deals)}")
    print(f"the margin split: {par_split(deals)}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument(
        "--opponent",
        default="improved_isdd",
        help="heuristic_baseline, improved_isdd, ours:N or conventions:N",
    )
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=50, help="print the figures every N deals")
    parser.add_argument("--records", help="write each deal as a line of JSON to this file")
    args = parser.parse_args()
    tasks = [(number, args.opponent, args.worlds, args.seed) for number in range(args.deals)]
    started = time.perf_counter()
    print(f"robots ({args.worlds} worlds) against {args.opponent}, online-162, {args.deals} deals")
    results = []
    records_path = args.records or os.devnull
    with (
        ProcessPoolExecutor(args.processes) as pool,
        open(records_path, "w", encoding="utf-8") as records,
    ):
        for result in pool.map(one_deal, tasks):
            results.append(result)
            records.write(json.dumps(result[4]) + "\n")
            records.flush()
            if len(results) % args.every == 0 and len(results) < len(tasks):
                report(results, time.perf_counter() - started)
    report(results, time.perf_counter() - started)


if __name__ == "__main__":
    main()

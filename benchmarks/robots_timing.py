"""Benchmark: how long our robots take to decide (docs/robots.md, « Decision time »).

Run: .venv/bin/python -m benchmarks.robots_timing [--deals 20] [--worlds 16] [--seed 1]
    [--threads 1]

Four of our robots play random deals among themselves under ``online-162`` (no opponent, no
double-dummy cost: only their own decisions are timed). It prints the median, the 90th centile
and the worst decision in CPU seconds and in positions searched (which no load changes), the
CPU of a whole deal of four robots, and the slowest decisions with what they were (a call, or
a card with its number of legal cards and trick); and the wall time of the decisions, which
``--threads 2`` shortens where a core is free (the lanes: the same decisions).
"""

import argparse
import random
import statistics
import time

from scoring.analysis.solver import Solver
from scoring.engine.cards import Card, Strain
from scoring.engine.rules import PRESETS
from scoring.robots.auction import Call
from scoring.robots.robot import DEFAULT_WORLDS, Robot
from scoring.robots.view import SeatView

from .robots_arena import random_deal

RULES = PRESETS["online-162"]


def timed_deal(
    number: int, worlds: int, seed: int, threads: int = 1
) -> list[tuple[float, int, str, float]]:
    """Each decision of one self-played deal: its CPU seconds, the positions its solver
    searched (the same on any machine, however loaded), what it was, and its wall seconds."""
    dealer, hands = random_deal(random.Random(seed * 100_003 + number))
    robots = {
        seat: Robot(RULES, seat, worlds=worlds, seed=seed + number, threads=threads)
        for seat in hands
    }
    calls: list[Call] = []
    play: list[Card] = []
    timings: list[tuple[float, int, str, float]] = []
    while True:
        north = next(iter(robots))
        view = SeatView(RULES, dealer, north, hands[north], tuple(calls), tuple(play))
        if view.finished or (not view.in_auction and view.contract is None):
            return timings
        seat = view.to_play()
        own = SeatView(RULES, dealer, seat, hands[seat], tuple(calls), tuple(play))
        nodes = robots[seat].lanes.nodes
        started, wall = time.process_time(), time.perf_counter()
        decision = robots[seat].decide(own)
        spent, wall = time.process_time() - started, time.perf_counter() - wall
        nodes = robots[seat].lanes.nodes - nodes
        if isinstance(decision, Card):
            what = f"deal {number} card, {len(own.legal())} legal, trick {len(play) // 4 + 1}"
            play.append(decision)
        else:
            what = f"deal {number} call {decision}"
            calls.append(decision)
        timings.append((spent, nodes, what, wall))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slowest", type=int, default=8)
    parser.add_argument(
        "--threads", type=int, default=1, help="a decision's lanes on threads (the same decisions)"
    )
    args = parser.parse_args()
    _, hands = random_deal(random.Random(0))
    Solver().points(hands, next(iter(hands)), Strain.SPADES)  # numba's compilation, untimed
    per_deal: list[float] = []
    everything: list[tuple[float, int, str, float]] = []
    for number in range(args.deals):
        timings = timed_deal(number, args.worlds, args.seed, args.threads)
        per_deal.append(sum(spent for spent, *_ in timings))
        everything += timings
    seconds = sorted(spent for spent, *_ in everything)
    positions = sorted(nodes for _, nodes, *_ in everything)
    walls = sorted(wall for *_, wall in everything)
    print(
        f"{args.deals} deals, {len(seconds)} decisions at {args.worlds} worlds: median "
        f"{statistics.median(seconds) * 1000:.0f} ms, "
        f"p90 {seconds[int(0.9 * len(seconds))] * 1000:.0f} ms, worst {seconds[-1]:.2f} s (CPU); "
        f"a deal of four robots {statistics.fmean(per_deal):.1f} s on average, "
        f"{max(per_deal):.1f} s at most"
    )
    print(
        f"positions searched per decision (the same on any machine): median "
        f"{statistics.median(positions):,.0f}, p90 {positions[int(0.9 * len(positions))]:,}, "
        f"worst {positions[-1]:,}; {sum(positions) / sum(seconds) / 1e6:.2f} M a second"
    )
    print(
        f"wall time per decision on {args.threads} thread(s): median "
        f"{statistics.median(walls) * 1000:.0f} ms, p90 {walls[int(0.9 * len(walls))] * 1000:.0f}"
        f" ms, worst {walls[-1]:.2f} s; all decisions {sum(walls):.1f} s of wall time, "
        f"{sum(seconds):.1f} s of CPU"
    )
    for spent, nodes, what, wall in sorted(everything, reverse=True)[: args.slowest]:
        print(f"  {spent:6.2f} s CPU {wall:6.2f} s wall {nodes:>11,} positions  {what}")


if __name__ == "__main__":
    main()

"""Benchmark: the double-dummy solver against colver's, and a whole tournament's analysis.

Run: .venv/bin/python -m benchmarks.double_dummy [--deals 40] [--boards 30] [--seed 1]
     [--clock cpu|wall]
Solves the same random deals with scoring.analysis (each strain) and with colver (its four
suits in one call, a dev-only dependency) and prints per strain the median time, and the
ratio of ours to colver's (median and worst, per deal over the four suits), the totals over
the deals and their ratio, and the tail (90th percentile, worst); then the time
of the six strains of every board of a ``--boards`` tournament in this one process, and the
numba compilation (or cache load) paid once by a worker.
"""

import argparse
import os
import random
import statistics
import time

from benchmarks.robots_arena import colver_card
from scoring.engine.cards import DECK, SEATS_COUNTER_CLOCKWISE


def random_deals(count, seed):
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = {seat: deck[8 * i : 8 * i + 8] for i, seat in enumerate(SEATS_COUNTER_CLOCKWISE)}
        deals.append((rng.choice(SEATS_COUNTER_CLOCKWISE), hands))
    return deals


def tail(times) -> str:
    """The 90th percentile and the worst of ``times`` (seconds), in milliseconds."""
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"{p90 * 1000:.1f} ms, {ordered[-1] * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1, help="of the random deals (default 1)")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="time the deals by this process's CPU time (default, fair on a shared machine: "
        "both solvers run on one thread) or by the wall clock",
    )
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter

    print("load average before: {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    start = time.perf_counter()
    from scoring.analysis.solver import STRAINS, Solver

    solver = Solver()
    warm = random_deals(1, 0)[0]
    solver.points(warm[1], warm[0], STRAINS[0])
    print(f"import + compilation or cache load: {time.perf_counter() - start:.2f} s")

    import colver

    ours = {strain: [] for strain in STRAINS}
    nodes = dict.fromkeys(STRAINS, 0)
    theirs = []
    for dealer, hands in random_deals(args.deals, args.seed):
        env = colver.Env.deal_with_hands(
            SEATS_COUNTER_CLOCKWISE.index(dealer),
            [[colver_card(card) for card in hands[seat]] for seat in SEATS_COUNTER_CLOCKWISE],
        )
        began = clock()
        env.solve_all_suits()
        theirs.append(clock() - began)
        for strain in STRAINS:
            before = solver.nodes
            began = clock()
            solver.points(hands, dealer, strain)
            ours[strain].append(clock() - began)
            nodes[strain] += solver.nodes - before

    suits = [sum(ours[strain][i] for strain in STRAINS[:4]) for i in range(args.deals)]
    ratios = [mine / reference for mine, reference in zip(suits, theirs, strict=True)]
    print(f"{args.deals} random deals (seed {args.seed}), {args.clock} time per deal")
    print(f"  colver, four suits:     median {statistics.median(theirs) * 1000:7.1f} ms")
    print(
        f"  ours, four suits:       median {statistics.median(suits) * 1000:7.1f} ms   "
        f"ratio to colver: median {statistics.median(ratios):.2f}, worst {max(ratios):.2f}, "
        f"ratio of medians {statistics.median(suits) / statistics.median(theirs):.2f}"
    )
    print(
        f"  totals over the deals:  colver {sum(theirs):7.2f} s, ours {sum(suits):7.2f} s, "
        f"ratio of totals {sum(suits) / sum(theirs):.2f}"
    )
    print(f"  tail (p90, worst):      colver {tail(theirs)}, ours {tail(suits)}")
    for strain in STRAINS:
        times = ours[strain]
        total = sum(times)
        print(
            f"  ours, {strain.value:2}:  median {statistics.median(times) * 1000:7.1f} ms, "
            f"worst {max(times) * 1000:7.1f} ms, "
            f"{nodes[strain] / args.deals:10,.0f} nodes/deal, "
            f"{nodes[strain] / total / 1e6:5.2f} M nodes/s"
        )

    boards = random_deals(args.boards, 2)
    began, began_cpu = time.perf_counter(), time.process_time()
    for dealer, hands in boards:
        for strain in STRAINS:
            solver.points(hands, dealer, strain)
    elapsed, cpu = time.perf_counter() - began, time.process_time() - began_cpu
    print(
        f"a {args.boards}-board tournament, six strains: {elapsed:.1f} s in one process "
        f"({cpu:.1f} s of CPU)"
    )
    print("load average after: {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()

"""Benchmark: the time the Howell generator takes to search its schedule and orientation.

Run: .venv/bin/python -m benchmarks.howell_search [--runs 5] [--teams 4-16]
For each number of teams, builds ``howell(teams)`` from a cold cache (the search's memoized
schedule and orientation cleared) ``--runs`` times and prints the best and median seconds,
then the time of a warm call (memoized, what a second request costs). Prints the machine's load
average before and after; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from scoring.movements.howell import _orientation, _schedule, howell


def cold(teams: int) -> float:
    _orientation.cache_clear()
    _schedule.cache_clear()
    started = time.perf_counter()
    howell(teams)
    return time.perf_counter() - started


def warm(teams: int) -> float:
    howell(teams)
    started = time.perf_counter()
    howell(teams)
    return time.perf_counter() - started


def _team_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--teams", type=_team_range, default=range(4, 17), help="e.g. 4-16")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print(f"{'teams':>5}  {'cold best s':>11}  {'cold median s':>13}  {'warm s':>9}")
    for teams in args.teams:
        times = [cold(teams) for _ in range(args.runs)]
        print(
            f"{teams:>5}  {min(times):>11.4f}  {statistics.median(times):>13.4f}  "
            f"{warm(teams):>9.6f}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

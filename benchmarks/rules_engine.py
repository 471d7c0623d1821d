"""Benchmark: deal scores per second of the rules engine on one core.

Run: .venv/bin/python -m benchmarks.rules_engine [--seconds 3]
Prints the rate of ``score_deal`` on pre-parsed records, and of ``score_result`` (parse +
validate + score) on raw canonical records, over a mix of realistic results.
"""

import argparse
import random
import time

from scoring.engine.deal_score import score_deal, score_result
from scoring.engine.result_record import parse_result
from scoring.engine.rules import PRESETS

SEATS = ["N", "E", "S", "W"]


def sample_records(count: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    records = []
    for _ in range(count):
        if rng.random() < 0.03:
            records.append({"passed": True, "contract": None})
            continue
        taker = rng.choice(SEATS)
        strain = rng.choice(["S", "H", "D", "C"])
        side_suit = rng.choice([suit for suit in "SHDC" if suit != strain])
        bid = rng.choice([80, 90, 100, 110, 120, 130, 140, 150, 160])
        capot = "taker" if rng.random() < 0.02 else None
        record = {
            "passed": False,
            "contract": {
                "bid": bid,
                "strain": strain,
                "taker": taker,
                "coinche": rng.choice([0, 0, 0, 0, 1, 2]),
            },
            "taker_points": None if capot else rng.choice(range(20, 153, 1)),
            "capot": capot,
            "belote": [rng.choice(SEATS)] if rng.random() < 0.3 else [],
            "annonces": (
                [{"seat": taker, "kind": "tierce", "high": "K", "suit": side_suit}]
                if rng.random() < 0.2
                else []
            ),
        }
        if record["taker_points"] in (1, 161):
            record["taker_points"] = 80
        records.append(record)
    return records


def rate(function, items, seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for item in items:
            function(item)
        done += len(items)
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rules = PRESETS["ffb-coinche"]
    raw = sample_records(2000)
    parsed = [parse_result(record, rules) for record in raw]
    scored = rate(lambda record: score_deal(record, rules), parsed, args.seconds)
    full = rate(lambda record: score_result(record, rules), raw, args.seconds)
    print(f"score_deal (parsed records):          {scored:,.0f} deal scores/s on one core")
    print(f"score_result (parse+validate+score):  {full:,.0f} deal scores/s on one core")


if __name__ == "__main__":
    main()

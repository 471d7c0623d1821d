"""Command line: ``python -m scoring.analysis [--strains S,H] [--json-lines] [--must-undertrump]
[--always-overtake-partner]`` reads one deal ``{"dealer": "N", "hands": {"N": "KJ.KT..AKQT",
...}}`` or a JSON array of deals on stdin and prints the double-dummy points of each side per
strain (``scoring.analysis.solver``). On invalid input it prints the errors on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from scoring.analysis.solver import STRAINS, Solver, analyse, deal_from_json
from scoring.engine.cards import Strain

EXIT_INVALID = 2


class _UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m scoring.analysis",
        description='Read one deal {"dealer": "N", "hands": {"N": "KJ.KT..AKQT", "E": ..., '
        '"S": ..., "W": ...}} (PBN hands) or a JSON array of deals on stdin and print, per '
        "deal, the points each side takes with perfect play in each strain: "
        '{"S": {"ns": 90, "ew": 72}, ...}.',
    )
    parser.add_argument(
        "--strains",
        default=",".join(strain.value for strain in STRAINS),
        help="the strains to solve, comma-separated (default: S,H,D,C,SA,TA)",
    )
    parser.add_argument(
        "--json-lines",
        action="store_true",
        help="print one line per deal as soon as it is solved, instead of one JSON document",
    )
    parser.add_argument(
        "--must-undertrump",
        action="store_true",
        help="the variant where a player who cannot overtrump must still play a trump",
    )
    parser.add_argument(
        "--always-overtake-partner",
        action="store_true",
        help="the rule overtake_partner=always: a trump played on the partner's trump must "
        "beat it when the hand can",
    )
    return parser


def _strains(text: str) -> list[Strain]:
    strains: list[Strain] = []
    for item in text.split(","):
        item = item.strip().upper()
        if item not in {strain.value for strain in STRAINS}:
            raise _UsageError(f"unknown strain {item!r} in --strains (S, H, D, C, SA, TA)")
        if Strain(item) not in strains:
            strains.append(Strain(item))
    return strains


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    try:
        strains = _strains(arguments.strains)
        data = json.load(sys.stdin)
    except _UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INVALID
    except json.JSONDecodeError as error:
        print(f"error: stdin is not JSON: {error}", file=sys.stderr)
        return EXIT_INVALID
    items = data if isinstance(data, list) else [data]
    deals = []
    problems = []
    for index, item in enumerate(items):
        prefix = f"deal {index}: " if isinstance(data, list) else ""
        try:
            deals.append(deal_from_json(item))
        except ValueError as error:
            problems.append(f"{prefix}{error}")
    if problems:
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        return EXIT_INVALID
    solver = Solver()
    results = []
    for dealer, hands in deals:
        table = analyse(
            hands,
            dealer,
            strains,
            must_undertrump=arguments.must_undertrump,
            always_overtake_partner=arguments.always_overtake_partner,
            solver=solver,
        )
        result = {strain.value: points.to_dict() for strain, points in table.items()}
        if arguments.json_lines:
            print(json.dumps(result), flush=True)
        else:
            results.append(result)
    if not arguments.json_lines:
        print(json.dumps(results if isinstance(data, list) else results[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

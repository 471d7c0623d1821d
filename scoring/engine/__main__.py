"""Command line: ``python -m scoring.engine score [--rules PRESET]`` scores result records.

Reads one canonical result record (a JSON object) or a JSON array of records on stdin and
prints their deal scores as JSON. On invalid input it prints the errors on stderr and exits 2.

``python -m scoring.engine dd [--strains S,H] [--json-lines] [--must-undertrump]
[--always-overtake-partner]`` reads one
deal ``{"dealer": "N", "hands": {"N": "KJ.KT..AKQT", ...}}`` or an array of deals and prints
the double-dummy points of each side per strain (scoring.analysis.solver).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from scoring.analysis.solver import STRAINS, Solver, analyse, deal_from_json
from scoring.engine.cards import Strain
from scoring.engine.deal_score import score_deal
from scoring.engine.record_errors import ResultValidationError
from scoring.engine.result_record import parse_result
from scoring.engine.rules import DEFAULT_PRESET, PRESETS, RuleSettings

EXIT_INVALID = 2


class _UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m scoring.engine",
        description="Coinche rules engine: score result records under a tournament's rules.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser(
        "score",
        help="score the result records read on stdin",
        description="Read one result record (JSON object) or a JSON array of records on stdin "
        "and print their deal scores as JSON.",
    )
    show = commands.add_parser("rules", help="print the rule settings as JSON")
    for command in (score, show):
        command.add_argument(
            "--rules",
            choices=sorted(PRESETS),
            default=DEFAULT_PRESET,
            help=f"the preset rule set (default: {DEFAULT_PRESET})",
        )
        command.add_argument(
            "--set",
            action="append",
            default=[],
            metavar="SETTING=VALUE",
            help="override one setting of the preset, e.g. --set surcoinche_multiplier=3",
        )
    dd = commands.add_parser(
        "dd",
        help="double-dummy analysis of the deals read on stdin",
        description='Read one deal {"dealer": "N", "hands": {"N": "KJ.KT..AKQT", "E": ..., '
        '"S": ..., "W": ...}} (PBN hands) or a JSON array of deals on stdin and print, per '
        "deal, the points each side takes with perfect play in each strain: "
        '{"S": {"ns": 90, "ew": 72}, ...}.',
    )
    dd.add_argument(
        "--strains",
        default=",".join(strain.value for strain in STRAINS),
        help="the strains to solve, comma-separated (default: S,H,D,C,SA,TA)",
    )
    dd.add_argument(
        "--json-lines",
        action="store_true",
        help="print one line per deal as soon as it is solved, instead of one JSON document",
    )
    dd.add_argument(
        "--must-undertrump",
        action="store_true",
        help="the variant where a player who cannot overtrump must still play a trump",
    )
    dd.add_argument(
        "--always-overtake-partner",
        action="store_true",
        help="the rule overtake_partner=always: a trump played on the partner's trump must "
        "beat it when the hand can",
    )
    score.add_argument(
        "--detail",
        action="store_true",
        help="add the detail: totals, card points, belote, annonces, multiplier",
    )
    return parser


def _rules(preset: str, overrides: Sequence[str]) -> RuleSettings:
    settings = PRESETS[preset].to_dict()
    for override in overrides:
        key, sep, text = override.partition("=")
        if not sep:
            raise _UsageError(f"--set needs SETTING=VALUE, not {override!r}")
        try:
            value: Any = json.loads(text)
        except json.JSONDecodeError:
            # Enum values are plain words: --set rounding=half_down
            value = text
        settings[key.strip()] = value
    try:
        return RuleSettings.from_dict(settings)
    except ValueError as error:
        raise _UsageError(str(error)) from None


def _score(data: Any, rules: RuleSettings, detail: bool) -> tuple[Any, list[str]]:
    records = data if isinstance(data, list) else [data]
    scores: list[dict[str, Any]] = []
    problems: list[str] = []
    for index, record in enumerate(records):
        prefix = f"record {index}: " if isinstance(data, list) else ""
        try:
            deal_score = score_deal(parse_result(record, rules), rules)
        except ResultValidationError as error:
            problems.extend(f"{prefix}{item.field}: {item.render()}" for item in error.errors)
            continue
        result = deal_score.to_dict()
        if not detail:
            del result["detail"]
        scores.append(result)
    return (scores if isinstance(data, list) else scores[0] if scores else None), problems


def _strains(text: str) -> list[Strain]:
    strains: list[Strain] = []
    for item in text.split(","):
        item = item.strip().upper()
        if item not in {strain.value for strain in STRAINS}:
            raise _UsageError(f"unknown strain {item!r} in --strains (S, H, D, C, SA, TA)")
        if Strain(item) not in strains:
            strains.append(Strain(item))
    return strains


def _double_dummy(arguments: argparse.Namespace) -> int:
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


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    if arguments.command == "dd":
        return _double_dummy(arguments)
    try:
        rules = _rules(arguments.rules, arguments.set)
    except _UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INVALID
    if arguments.command == "rules":
        print(json.dumps(rules.to_dict(), indent=2))
        return 0
    try:
        data = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        print(f"error: stdin is not JSON: {error}", file=sys.stderr)
        return EXIT_INVALID
    result, problems = _score(data, rules, arguments.detail)
    if problems:
        for problem in problems:
            print(problem, file=sys.stderr)
        return EXIT_INVALID
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())

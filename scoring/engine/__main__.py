"""Command line: ``python -m scoring.engine score [--rules PRESET]`` scores result records.

Reads one canonical result record (a JSON object) or a JSON array of records on stdin and
prints their deal scores as JSON. On invalid input it prints the errors on stderr and exits 2.

``python -m scoring.engine rules`` prints the rule settings; the double-dummy analysis has its
own command, ``python -m scoring.analysis`` (the engine sits below the analysis).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

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


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
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

"""The event's traveller as JSON lines: one traveller line a line,
``{"club", "board", "ns_team", "ew_team", "ns", "ew"}``, for scripts and outside checks.

``ns``/``ew`` are the marks of the result, or the adjusted score's name (``"average_plus"``,
``"average"``, ``"average_minus"``), or null for the phantom's side; teams are named as in
the rankings. The lines carry no movement (rounds, tables, each board's plays): ``field_input``
numbers the tables itself and takes each board's plays from the lines, so a field read from
here is ranked as the original when every table played (docs/exchange.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scoring.deals.problems import Problem, Term
from scoring.duplicate import Adjustment, BoardResult, FieldResult, FieldSession
from scoring.exchange.event_results import EventResults
from scoring.exchange.safe_xml import ExchangeError
from scoring.translation import gettext_noop

KEYS = ("club", "board", "ns_team", "ew_team", "ns", "ew")
MAX_LINE_CHARS = 10_000  # the message says so

Mark = int | Adjustment | None
"""A side's result on a line: marks, an adjusted score, or None (the phantom's side)."""


@dataclass(frozen=True, slots=True)
class JsonLine:
    """One traveller line: the club, the board, the two teams' names (None: the phantom) and
    each side's marks or adjusted score."""

    club: str
    board: int
    ns_team: str | None
    ew_team: str | None
    ns: Mark
    ew: Mark


def event_lines(event: EventResults) -> list[JsonLine]:
    """The event's traveller lines, club by club, in the order of each club's lines."""
    lines = []
    for club in event.clubs:
        for line in club.lines:
            result = line.result
            lines.append(
                JsonLine(
                    club.club,
                    result.board,
                    None if result.ns_team is None else club.team_name(result.ns_team),
                    None if result.ew_team is None else club.team_name(result.ew_team),
                    result.ns_marks if result.is_played else result.ns_adjusted,
                    result.ew_marks if result.is_played else result.ew_adjusted,
                )
            )
    return lines


def _shown(mark: Mark) -> int | str | None:
    return mark.value if isinstance(mark, Adjustment) else mark


def write_jsonl(lines: Iterable[JsonLine]) -> str:
    """One JSON object a line, keys in the order of ``KEYS``, UTF-8 text as is."""
    return "".join(
        json.dumps(
            {
                "club": line.club,
                "board": line.board,
                "ns_team": line.ns_team,
                "ew_team": line.ew_team,
                "ns": _shown(line.ns),
                "ew": _shown(line.ew),
            },
            ensure_ascii=False,
        )
        + "\n"
        for line in lines
    )


_BAD_LINE = gettext_noop("This line is not a traveller line: %(reason)s.")


def read_jsonl(text: str) -> list[JsonLine]:
    """The lines written by ``write_jsonl`` (blank lines skipped). Raises ``ExchangeError``
    with every line that cannot be read and why."""
    lines: list[JsonLine] = []
    problems: list[Problem] = []
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            lines.append(_line(raw))
        except _NotALine as error:
            problems.append(
                Problem("invalid_jsonl", _BAD_LINE, {"reason": error.reason}, line=number)
            )
    if problems:
        raise ExchangeError(problems)
    return lines


class _NotALine(ValueError):
    """Why a line is not a traveller line: a phrase translated with the message."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = Term(reason)


def _line(raw: str) -> JsonLine:
    if len(raw) > MAX_LINE_CHARS:
        raise _NotALine(gettext_noop("it is longer than 10,000 characters"))
    try:
        data = json.loads(raw)
    except json.JSONDecodeError:
        raise _NotALine(gettext_noop("it is not JSON")) from None
    except RecursionError:
        # json's decoder recurses once per nested array or object: "[[[[..." to the limit.
        raise _NotALine(gettext_noop("it is nested too deeply")) from None
    if not isinstance(data, dict) or sorted(data) != sorted(KEYS):
        raise _NotALine(
            gettext_noop("it needs exactly the keys club, board, ns_team, ew_team, ns, ew")
        )
    club, board = data["club"], data["board"]
    if not isinstance(club, str) or not club:
        raise _NotALine(gettext_noop("club is a non-empty text"))
    if type(board) is not int or not 1 <= board <= 999:
        raise _NotALine(gettext_noop("board is a number from 1 to 999"))
    teams = []
    for key in ("ns_team", "ew_team"):
        if data[key] is not None and (not isinstance(data[key], str) or not data[key]):
            raise _NotALine(gettext_noop("a team is named by a non-empty text, or null"))
        teams.append(data[key])
    marks = [_mark(data[key]) for key in ("ns", "ew")]
    return JsonLine(club, board, teams[0], teams[1], marks[0], marks[1])


def _mark(value: Any) -> Mark:
    if value is None:
        return None
    if type(value) is int and 0 <= value <= 100_000:
        return value
    if isinstance(value, str):
        try:
            return Adjustment(value)
        except ValueError:
            pass
    raise _NotALine(
        gettext_noop("ns and ew are marks (a whole number), an adjusted score's name, or null")
    )


def field_input(lines: Iterable[JsonLine]) -> tuple[list[FieldSession], list[FieldResult]]:
    """What ``score_field`` ranks the lines from: one session per club, its teams numbered in
    the order they first appear, each line a table of its own (round: the board, table: the
    line's place on the board), each board's plays counted from the lines. A club where a team
    sat both NS and EW is ranked in one field (a Howell). Raises ValueError on a line that is
    not a result (``BoardResult``'s checks: a team against itself, marks with an adjusted
    score...), saying which."""
    numbers: dict[str, dict[str, int]] = {}
    tables: dict[tuple[str, int], int] = {}
    lines_seen: dict[str, set[str]] = {}
    results: list[FieldResult] = []
    for line in lines:
        of_club = numbers.setdefault(line.club, {})
        team_numbers: list[int | None] = []
        for name, side in ((line.ns_team, "NS"), (line.ew_team, "EW")):
            if name is None:
                team_numbers.append(None)
                continue
            team_numbers.append(of_club.setdefault(name, len(of_club) + 1))
            lines_seen.setdefault(line.club, set()).add(f"{side}:{name}")
        table = tables[(line.club, line.board)] = tables.get((line.club, line.board), 0) + 1
        played = isinstance(line.ns, int) or isinstance(line.ew, int)
        try:
            result = BoardResult(
                line.board,
                line.board,
                table,
                team_numbers[0],
                team_numbers[1],
                ns_marks=line.ns if played and not isinstance(line.ns, Adjustment) else None,
                ew_marks=line.ew if played and not isinstance(line.ew, Adjustment) else None,
                ns_adjusted=line.ns if isinstance(line.ns, Adjustment) else None,
                ew_adjusted=line.ew if isinstance(line.ew, Adjustment) else None,
            )
        except ValueError as error:
            raise ValueError(f"club {line.club}, board {line.board}: {error}") from None
        results.append(FieldResult(line.club, 1, result))
    sessions = []
    for club, seen in lines_seen.items():
        names = {entry[3:] for entry in seen}
        both = any(f"NS:{name}" in seen and f"EW:{name}" in seen for name in names)
        sessions.append(FieldSession(club, single_ranking=both))
    return sessions, results

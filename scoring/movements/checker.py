"""The movement checker (contrôle du mouvement): the invariants every table plan must keep.

Errors make a plan unplayable or unfair (a team playing a board twice, a repeated meeting);
warnings are known shortfalls that an organizer may accept (boards played unequally often,
scored with Neuberg; boards shared between two tables in a round).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from scoring.engine.cards import Side
from scoring.movements.messages import gettext_noop
from scoring.movements.plan import Assignment, Movement


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class ProblemCode(StrEnum):
    """What is wrong; stable strings that callers may test for or accept."""

    ROUND_NUMBERS = "round_numbers"
    TABLE_NUMBERS = "table_numbers"
    TABLE_COUNT = "table_count"
    DUPLICATE_TABLE = "duplicate_table"
    UNKNOWN_TEAM = "unknown_team"
    TEAM_MISSING = "team_missing"
    TEAM_TWICE_IN_ROUND = "team_twice_in_round"
    TWO_PHANTOMS = "two_phantoms"
    BOARD_SET_SIZE = "board_set_size"
    BOARD_NUMBERS = "board_numbers"
    BOARD_SETS_OVERLAP = "board_sets_overlap"
    BOARD_PLAYED_TWICE = "board_played_twice"
    REPEATED_MEETING = "repeated_meeting"
    DIRECTION_CHANGE = "direction_change"
    UNEQUAL_BOARD_PLAYS = "unequal_board_plays"
    SHARED_BOARD_SET = "shared_board_set"


@dataclass(frozen=True)
class Problem:
    """One broken invariant: a code, an English message template with its parameters, a place.

    ``message`` is marked for translation; ``render()`` gives the English text, the Django layer
    renders ``gettext(message) % params`` instead.
    """

    code: ProblemCode
    message: str
    params: Mapping[str, object] = field(default_factory=dict)
    round: int | None = None
    table: int | None = None
    severity: Severity = Severity.ERROR

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def render(self) -> str:
        return self.message % self.params


def check_movement(movement: Movement) -> list[Problem]:
    """Every problem of ``movement``, errors and warnings; an empty list when it is sound.

    Checked: rounds 1..R and tables 1..T in every round with T = teams / 2 rounded up; each
    team seated exactly once per round (playing, or sitting out against the phantom); at most
    one phantom per table; every table carrying one board set of ``boards_per_round`` boards,
    sets identical or disjoint, boards numbered 1..``board_count``; no team playing a board
    twice; no two teams meeting twice; in a two-field movement, every team always playing the
    same hands. Warnings: boards not all played the same number of times, and a set on two
    tables in the same round.
    """
    problems: list[Problem] = []
    problems += _round_and_table_numbers(movement)
    problems += _seating(movement)
    problems += _board_sets(movement)
    problems += _boards_played_twice(movement)
    problems += _meetings(movement)
    problems += _directions(movement)
    problems += _board_plays(movement)
    problems += _shared_sets(movement)
    return problems


def errors(problems: list[Problem]) -> list[Problem]:
    """The problems that make a plan unusable, leaving aside the warnings."""
    return [problem for problem in problems if problem.is_error]


# --- Structure ----------------------------------------------------------------------------------


def _round_and_table_numbers(movement: Movement) -> list[Problem]:
    problems = []
    rounds = sorted({a.round for a in movement.assignments})
    if rounds != list(range(1, movement.rounds + 1)):
        problems.append(
            Problem(
                ProblemCode.ROUND_NUMBERS,
                gettext_noop(
                    "The rounds must be numbered 1 to %(rounds)s without a gap; the plan has "
                    "rounds %(found)s."
                ),
                {"rounds": movement.rounds, "found": _ranges(rounds)},
            )
        )
    expected_tables = (movement.teams + 1) // 2
    by_round = _by_round(movement)
    for round_number in rounds:
        tables = Counter(a.table for a in by_round[round_number])
        for table, times in sorted(tables.items()):
            if times > 1:
                problems.append(
                    Problem(
                        ProblemCode.DUPLICATE_TABLE,
                        gettext_noop("Table %(table)s appears %(times)s times in round %(round)s."),
                        {"table": table, "times": times, "round": round_number},
                        round=round_number,
                        table=table,
                    )
                )
        if sorted(tables) != list(range(1, len(tables) + 1)):
            problems.append(
                Problem(
                    ProblemCode.TABLE_NUMBERS,
                    gettext_noop(
                        "The tables of round %(round)s must be numbered from 1 without a gap; "
                        "they are %(found)s."
                    ),
                    {"round": round_number, "found": _ranges(sorted(tables))},
                    round=round_number,
                )
            )
        elif len(tables) != expected_tables:
            problems.append(
                Problem(
                    ProblemCode.TABLE_COUNT,
                    gettext_noop(
                        "Round %(round)s has %(found)s tables; %(teams)s teams need %(expected)s."
                    ),
                    {
                        "round": round_number,
                        "found": len(tables),
                        "teams": movement.teams,
                        "expected": expected_tables,
                    },
                    round=round_number,
                )
            )
    return problems


def _seating(movement: Movement) -> list[Problem]:
    problems = []
    known = range(1, movement.teams + 1)
    by_round = _by_round(movement)
    for round_number in range(1, movement.rounds + 1):
        seated: Counter[int] = Counter()
        for a in by_round[round_number]:
            if a.ns is None and a.ew is None:
                problems.append(
                    Problem(
                        ProblemCode.TWO_PHANTOMS,
                        gettext_noop(
                            "Table %(table)s in round %(round)s has no team: the phantom "
                            "cannot sit at both places."
                        ),
                        {"table": a.table, "round": round_number},
                        round=round_number,
                        table=a.table,
                    )
                )
            for team in a.teams:
                if team not in known:
                    problems.append(
                        Problem(
                            ProblemCode.UNKNOWN_TEAM,
                            gettext_noop(
                                "Team %(team)s at table %(table)s in round %(round)s is not "
                                "one of the teams 1 to %(teams)s."
                            ),
                            {
                                "team": team,
                                "table": a.table,
                                "round": round_number,
                                "teams": movement.teams,
                            },
                            round=round_number,
                            table=a.table,
                        )
                    )
                seated[team] += 1
        for team in known:
            if seated[team] == 0:
                problems.append(
                    Problem(
                        ProblemCode.TEAM_MISSING,
                        gettext_noop(
                            "Team %(team)s has no table in round %(round)s (not even a sit-out "
                            "against the phantom)."
                        ),
                        {"team": team, "round": round_number},
                        round=round_number,
                    )
                )
            elif seated[team] > 1:
                problems.append(
                    Problem(
                        ProblemCode.TEAM_TWICE_IN_ROUND,
                        gettext_noop("Team %(team)s has %(times)s places in round %(round)s."),
                        {"team": team, "times": seated[team], "round": round_number},
                        round=round_number,
                    )
                )
    return problems


def _board_sets(movement: Movement) -> list[Problem]:
    problems = []
    set_of_board: dict[int, tuple[int, ...]] = {}
    seen: set[int] = set()
    for a in sorted(movement.assignments, key=lambda a: (a.round, a.table)):
        if len(a.boards) != movement.boards_per_round or len(set(a.boards)) != len(a.boards):
            problems.append(
                Problem(
                    ProblemCode.BOARD_SET_SIZE,
                    gettext_noop(
                        "Table %(table)s in round %(round)s has boards %(boards)s; every table "
                        "needs %(expected)s different boards."
                    ),
                    {
                        "table": a.table,
                        "round": a.round,
                        "boards": _listing(a.boards),
                        "expected": movement.boards_per_round,
                    },
                    round=a.round,
                    table=a.table,
                )
            )
        for board in a.boards:
            seen.add(board)
            if not 1 <= board <= movement.board_count:
                problems.append(
                    Problem(
                        ProblemCode.BOARD_NUMBERS,
                        gettext_noop(
                            "Board %(board)s at table %(table)s in round %(round)s is not one "
                            "of the boards 1 to %(boards)s."
                        ),
                        {
                            "board": board,
                            "table": a.table,
                            "round": a.round,
                            "boards": movement.board_count,
                        },
                        round=a.round,
                        table=a.table,
                    )
                )
            earlier = set_of_board.setdefault(board, a.boards)
            if earlier != a.boards:
                problems.append(
                    Problem(
                        ProblemCode.BOARD_SETS_OVERLAP,
                        gettext_noop(
                            "Board %(board)s travels in set %(set)s at table %(table)s in round "
                            "%(round)s but in set %(other)s elsewhere: a board belongs to one "
                            "set."
                        ),
                        {
                            "board": board,
                            "set": _listing(a.boards),
                            "other": _listing(earlier),
                            "table": a.table,
                            "round": a.round,
                        },
                        round=a.round,
                        table=a.table,
                    )
                )
    unused = [board for board in range(1, movement.board_count + 1) if board not in seen]
    if unused:
        problems.append(
            Problem(
                ProblemCode.BOARD_NUMBERS,
                gettext_noop("Boards %(boards)s are on no table in any round."),
                {"boards": _ranges(unused)},
            )
        )
    return problems


# --- Play ---------------------------------------------------------------------------------------


def _boards_played_twice(movement: Movement) -> list[Problem]:
    problems = []
    first_play: dict[tuple[int, int], Assignment] = {}
    for a in sorted(movement.assignments, key=lambda a: (a.round, a.table)):
        if a.is_phantom_table:
            continue
        for team in a.teams:
            repeated = []
            earlier_round = None
            for board in a.boards:
                earlier = first_play.setdefault((team, board), a)
                if earlier is not a:
                    repeated.append(board)
                    earlier_round = earlier.round
            if repeated:
                problems.append(
                    Problem(
                        ProblemCode.BOARD_PLAYED_TWICE,
                        gettext_noop(
                            "Team %(team)s plays boards %(boards)s again at table %(table)s in "
                            "round %(round)s (already played in round %(earlier)s)."
                        ),
                        {
                            "team": team,
                            "boards": _listing(repeated),
                            "table": a.table,
                            "round": a.round,
                            "earlier": earlier_round,
                        },
                        round=a.round,
                        table=a.table,
                    )
                )
    return problems


def _meetings(movement: Movement) -> list[Problem]:
    problems = []
    first_meeting: dict[frozenset[int], int] = {}
    rounds_played: Counter[int] = Counter()
    for a in movement.assignments:
        if not a.is_phantom_table:
            rounds_played.update(a.teams)
    for a in sorted(movement.assignments, key=lambda a: (a.round, a.table)):
        if a.is_phantom_table or a.ns == a.ew:
            continue
        pair = frozenset(a.teams)
        earlier = first_meeting.setdefault(pair, a.round)
        if earlier == a.round:
            continue
        # Only a team with more rounds than there are other teams has to meet one again.
        unavoidable = max(rounds_played[team] for team in pair) > movement.teams - 1
        problems.append(
            Problem(
                ProblemCode.REPEATED_MEETING,
                gettext_noop(
                    "Teams %(ns)s and %(ew)s meet again at table %(table)s in round %(round)s "
                    "(they met in round %(earlier)s)."
                ),
                {"ns": a.ns, "ew": a.ew, "table": a.table, "round": a.round, "earlier": earlier},
                round=a.round,
                table=a.table,
                severity=Severity.WARNING if unavoidable else Severity.ERROR,
            )
        )
    return problems


def _directions(movement: Movement) -> list[Problem]:
    """In two rankings (NS and EW) a team must play the same hands all session."""
    if movement.single_ranking:
        return []
    problems = []
    first_hands: dict[int, Side] = {}
    for a in sorted(movement.assignments, key=lambda a: (a.round, a.table)):
        if a.is_phantom_table:
            continue
        for team in a.teams:
            hands = a.hands_of(team)
            if first_hands.setdefault(team, hands) is not hands:
                problems.append(
                    Problem(
                        ProblemCode.DIRECTION_CHANGE,
                        gettext_noop(
                            "Team %(team)s plays the %(hands)s hands at table %(table)s in round "
                            "%(round)s, but the %(first)s hands before: with separate NS and EW "
                            "rankings a team keeps its direction."
                        ),
                        {
                            "team": team,
                            "hands": hands.value,
                            "first": first_hands[team].value,
                            "table": a.table,
                            "round": a.round,
                        },
                        round=a.round,
                        table=a.table,
                    )
                )
    return problems


def _board_plays(movement: Movement) -> list[Problem]:
    """Every board should give the same number of results (each with an NS and an EW score)."""
    plays: Counter[int] = Counter(dict.fromkeys(range(1, movement.board_count + 1), 0))
    for a in movement.assignments:
        if not a.is_phantom_table:
            plays.update(a.boards)
    if len(set(plays.values())) <= 1:
        return []
    most = max(plays.values())
    by_count: defaultdict[int, list[int]] = defaultdict(list)
    for board, count in sorted(plays.items()):
        if count < most:
            by_count[count].append(board)
    return [
        Problem(
            ProblemCode.UNEQUAL_BOARD_PLAYS,
            gettext_noop(
                "Boards %(boards)s are played %(plays)s times, the others up to %(most)s times: "
                "their scores must be adjusted (Neuberg)."
            ),
            {"boards": _ranges(boards), "plays": count, "most": most},
            severity=Severity.WARNING,
        )
        for count, boards in sorted(by_count.items())
    ]


def _shared_sets(movement: Movement) -> list[Problem]:
    """A set on two tables in one round must be copied, or passed between them as they play."""
    tables_by_set: defaultdict[tuple[int, tuple[int, ...]], list[int]] = defaultdict(list)
    for a in movement.assignments:
        if not a.is_phantom_table:
            tables_by_set[(a.round, a.boards)].append(a.table)
    return [
        Problem(
            ProblemCode.SHARED_BOARD_SET,
            gettext_noop(
                "Boards %(boards)s are played at tables %(tables)s at once in round %(round)s: "
                "copy them, or let those tables pass them to each other during the round."
            ),
            {"boards": _listing(boards), "tables": _listing(sorted(tables)), "round": round_number},
            round=round_number,
            table=min(tables),
            severity=Severity.WARNING,
        )
        for (round_number, boards), tables in sorted(tables_by_set.items())
        if len(tables) > 1
    ]


def _by_round(movement: Movement) -> defaultdict[int, list[Assignment]]:
    by_round: defaultdict[int, list[Assignment]] = defaultdict(list)
    for a in sorted(movement.assignments, key=lambda a: (a.round, a.table)):
        by_round[a.round].append(a)
    return by_round


def _listing(numbers: tuple[int, ...] | list[int]) -> str:
    return ", ".join(str(number) for number in numbers)


def _ranges(numbers: list[int]) -> str:
    """1, 2, 3, 5 -> "1-3, 5": compact enough for a long list of boards."""
    parts = []
    start = previous = None
    for number in sorted(numbers):
        if previous is not None and number == previous + 1:
            previous = number
            continue
        if start is not None:
            parts.append(f"{start}-{previous}" if previous != start else f"{start}")
        start = previous = number
    if start is not None:
        parts.append(f"{start}-{previous}" if previous != start else f"{start}")
    return ", ".join(parts)

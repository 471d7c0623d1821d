"""The table plan (plan de table) as data: who sits where, against whom, on which boards.

A movement is nothing but rows of (round, table, NS team, EW team, board set); the generators in
``mitchell`` and ``howell`` build them, ``checker`` verifies them, the Django layer stores them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from scoring.engine.cards import Side
from scoring.movements.messages import MovementError, gettext_noop

#: Boards per round when the organizer does not say: a coinche deal takes five to seven minutes
#: with the scoring, so three deals make a twenty-minute round, the rhythm clubs are used to.
DEFAULT_BOARDS_PER_ROUND = 3


class MovementKind(StrEnum):
    """The family of a movement (type de mouvement)."""

    MITCHELL = "mitchell"
    HOWELL = "howell"


@dataclass(frozen=True)
class Assignment:
    """One table in one round: the NS team, the EW team and the board set (étuis) on the table.

    ``ns`` and ``ew`` are the teams sitting at the NS and EW places, ``None`` for the phantom
    (the other team sits out). In an arrow-switch round the NS team plays the EW hands and the
    EW team the NS hands, so results are recorded under the hands played (``ns_hands``).
    """

    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]
    arrow_switch: bool = False

    @property
    def is_phantom_table(self) -> bool:
        """True when one place is the phantom: nobody plays the boards on this table."""
        return self.ns is None or self.ew is None

    @property
    def sitting_out(self) -> int | None:
        """The team that faces the phantom and sits out this round, if any."""
        if self.ns is None:
            return self.ew
        if self.ew is None:
            return self.ns
        return None

    @property
    def teams(self) -> tuple[int, ...]:
        """The real teams at this table, NS first (one team when it sits out)."""
        return tuple(team for team in (self.ns, self.ew) if team is not None)

    @property
    def ns_hands(self) -> int | None:
        """The team that plays the NS hands: the NS team, or the EW team in an arrow switch."""
        return self.ew if self.arrow_switch else self.ns

    @property
    def ew_hands(self) -> int | None:
        """The team that plays the EW hands: the EW team, or the NS team in an arrow switch."""
        return self.ns if self.arrow_switch else self.ew

    def plays(self, team: int) -> bool:
        """True when ``team`` plays the boards here (it sits at the table and faces a team)."""
        return not self.is_phantom_table and team in (self.ns, self.ew)

    def seat_of(self, team: int) -> Side:
        """Where ``team`` sits: at the NS or the EW places of the table."""
        if team == self.ns:
            return Side.NS
        if team == self.ew:
            return Side.EW
        raise MovementError(
            gettext_noop("Team %(team)s is not at table %(table)s in round %(round)s."),
            team=team,
            table=self.table,
            round=self.round,
        )

    def hands_of(self, team: int) -> Side:
        """Which hands ``team`` plays: its seat, turned round in an arrow-switch round."""
        seat = self.seat_of(team)
        return seat.other if self.arrow_switch else seat

    def opponent_of(self, team: int) -> int | None:
        """The team that ``team`` faces here; ``None`` when it faces the phantom and sits out."""
        return self.ew if self.seat_of(team) is Side.NS else self.ns


@dataclass(frozen=True)
class Movement:
    """A complete table plan: every round, every table.

    ``single_ranking`` says whether all teams are ranked together (Howell, or a Mitchell with
    arrow-switch rounds) or in two fields, NS teams against NS teams and EW against EW.
    """

    kind: MovementKind
    teams: int
    rounds: int
    boards_per_round: int
    board_count: int
    assignments: tuple[Assignment, ...]
    single_ranking: bool

    def __post_init__(self) -> None:
        # Accept the plain string a caller or a JSON file gives ("mitchell"), keep the enum.
        object.__setattr__(self, "kind", parse_kind(self.kind))

    @property
    def tables(self) -> int:
        """The number of tables: the highest table number in the plan."""
        return max((a.table for a in self.assignments), default=0)

    @property
    def arrow_switch_rounds(self) -> tuple[int, ...]:
        """The rounds in which NS play the EW hands."""
        return tuple(sorted({a.round for a in self.assignments if a.arrow_switch}))

    @property
    def board_sets(self) -> tuple[tuple[int, ...], ...]:
        """The distinct board sets, in order of first appearance."""
        return tuple(dict.fromkeys(a.boards for a in self.assignments))

    def in_round(self, round: int) -> tuple[Assignment, ...]:
        """The tables of one round, by table number."""
        return tuple(sorted((a for a in self.assignments if a.round == round), key=_table_key))

    def at(self, round: int, table: int) -> Assignment:
        """The assignment of one table in one round."""
        for assignment in self.assignments:
            if assignment.round == round and assignment.table == table:
                return assignment
        raise MovementError(
            gettext_noop("There is no table %(table)s in round %(round)s."),
            table=table,
            round=round,
        )

    def to_rows(self) -> list[dict[str, object]]:
        """The plan as JSON-ready rows ``{"round", "table", "ns", "ew", "boards"}``.

        ``ns`` and ``ew`` name the teams that play the NS and EW hands (so an arrow-switch round
        shows the seated NS team under ``ew``), ``None`` (JSON ``null``) for the phantom; this
        is the form results are recorded and compared in.
        """
        return [
            {
                "round": a.round,
                "table": a.table,
                "ns": a.ns_hands,
                "ew": a.ew_hands,
                "boards": list(a.boards),
            }
            for a in sorted(self.assignments, key=_plan_key)
        ]

    @classmethod
    def from_rows(
        cls,
        rows: Iterable[Mapping[str, object]],
        kind: MovementKind | str,
        *,
        teams: int | None = None,
        boards_per_round: int | None = None,
        board_count: int | None = None,
        arrow_switch_rounds: Iterable[int] = (),
    ) -> Movement:
        """Rebuild a movement from rows in the ``to_rows`` form (a stored or imported plan).

        Omitted sizes are read off the rows: ``teams`` is the highest team number,
        ``boards_per_round`` the usual length of a board set, ``board_count`` the highest board.
        Rows of ``arrow_switch_rounds`` carry the hands played, as ``to_rows`` writes them, and
        are turned back into seats. A Mitchell is single-ranking when some team plays both NS
        and EW hands. Nothing else is verified here: run ``check_movement`` on the result.
        """
        movement_kind = parse_kind(kind)
        switched = set(arrow_switch_rounds)
        assignments = tuple(
            sorted(
                (_assignment_from_row(i, row, switched) for i, row in enumerate(rows)),
                key=_plan_key,
            )
        )
        if not assignments:
            raise MovementError(gettext_noop("A table plan needs at least one row."))
        if teams is None:
            teams = max((team for a in assignments for team in a.teams), default=0)
        if boards_per_round is None:
            boards_per_round = Counter(len(a.boards) for a in assignments).most_common(1)[0][0]
        if board_count is None:
            board_count = max((board for a in assignments for board in a.boards), default=0)
        if movement_kind is MovementKind.HOWELL:
            single_ranking = True
        else:
            single_ranking = _some_team_plays_both_directions(assignments)
        return cls(
            kind=movement_kind,
            teams=teams,
            rounds=max(a.round for a in assignments),
            boards_per_round=boards_per_round,
            board_count=board_count,
            assignments=assignments,
            single_ranking=single_ranking,
        )


def parse_kind(kind: MovementKind | str) -> MovementKind:
    """The movement kind named by ``kind`` (``"mitchell"`` or ``"howell"``, any case)."""
    try:
        return MovementKind(str(kind).strip().lower())
    except ValueError:
        raise MovementError(
            gettext_noop('Unknown movement type "%(kind)s": choose mitchell or howell.'),
            kind=kind,
        ) from None


def board_set(index: int, boards_per_round: int) -> tuple[int, ...]:
    """The board numbers of the ``index``-th board set (0-based): sets are consecutive boards."""
    first = index * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def require_whole_number(value: object, name: str) -> int:
    """Refuse anything but an ``int`` (``True`` included) for a count or a number in the plan;
    the value, now known to be one, is returned."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MovementError(
            gettext_noop("%(name)s must be a whole number, not %(value)s."),
            name=name,
            value=value,
        )
    return value


def require_boards_per_round(boards_per_round: object) -> None:
    """Refuse a number of boards per round that is not a whole number of at least one."""
    if require_whole_number(boards_per_round, "boards_per_round") < 1:
        raise MovementError(
            gettext_noop("Each round needs at least one board; %(boards)s were asked for."),
            boards=boards_per_round,
        )


def _table_key(assignment: Assignment) -> int:
    return assignment.table


def _plan_key(assignment: Assignment) -> tuple[int, int]:
    return (assignment.round, assignment.table)


def _some_team_plays_both_directions(assignments: Iterable[Assignment]) -> bool:
    directions: dict[int, set[Side]] = {}
    for a in assignments:
        if a.is_phantom_table:
            continue
        for team in a.teams:
            directions.setdefault(team, set()).add(a.hands_of(team))
    return any(len(sides) > 1 for sides in directions.values())


def _assignment_from_row(index: int, row: Mapping[str, object], switched: set[int]) -> Assignment:
    for key in ("round", "table", "ns", "ew", "boards"):
        if key not in row:
            raise MovementError(
                gettext_noop("Row %(row)s of the table plan has no %(key)s."),
                row=index + 1,
                key=key,
            )
    round_number = _whole_number(row["round"], index, "round")
    table = _whole_number(row["table"], index, "table")
    ns = None if row["ns"] is None else _whole_number(row["ns"], index, "ns")
    ew = None if row["ew"] is None else _whole_number(row["ew"], index, "ew")
    boards_value = row["boards"]
    if isinstance(boards_value, str | bytes) or not isinstance(boards_value, Iterable):
        raise MovementError(
            gettext_noop("Row %(row)s of the table plan: boards must be a list of numbers."),
            row=index + 1,
        )
    boards = tuple(_whole_number(board, index, "boards") for board in boards_value)
    arrow_switch = round_number in switched
    if arrow_switch:
        # The row names the hands played; the seated NS team is the one playing EW hands.
        ns, ew = ew, ns
    return Assignment(round_number, table, ns, ew, boards, arrow_switch)


def _whole_number(value: object, index: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        raise MovementError(
            gettext_noop("Row %(row)s of the table plan: %(key)s must be a whole number."),
            row=index + 1,
            key=key,
        )
    return value

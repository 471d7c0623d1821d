"""The stored table plan (plan de table) read back once, as plain values.

Every app that needs the plan asks here rather than reading ``TableAssignment`` rows into a
shape of its own: the rows as stored, the core's ``Movement`` rebuilt from them, and the few
facts derived from it — the rounds each board is played in, how many tables play each board,
whether the field has one ranking or one per direction. One query.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from scoring.engine.cards import Side
from scoring.movements import Movement, MovementError
from scoring.movements.plan import Assignment, MovementKind

from .models import TableAssignment, Tournament


@dataclass(frozen=True)
class PlanRow:
    """One stored row: in a round, at a table, the seated NS and EW teams (by number; None for
    the phantom) and the boards, with the arrow-switch of that row (NS seats play EW hands)."""

    assignment_id: int
    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]
    arrow_switch: bool

    @property
    def sits_out(self) -> bool:
        """A table where a team faces the phantom (relâche): its boards are not played."""
        return self.ns is None or self.ew is None

    @property
    def assignment(self) -> Assignment:
        """The row as the core's ``Assignment``, which knows whose hands are whose."""
        return Assignment(self.round, self.table, self.ns, self.ew, self.boards, self.arrow_switch)

    def hands_of(self, team: int) -> Side:
        """The hands ``team`` plays at this row (the other side's in an arrow-switch round)."""
        return self.assignment.hands_of(team)


@dataclass(frozen=True)
class StoredPlan:
    """A tournament's stored plan and what follows from it."""

    kind: str
    rows: tuple[PlanRow, ...]

    def movement_rows(self) -> list[dict]:
        """The rows as ``movement --json`` writes them: ``ns``/``ew`` are the teams playing the
        NS and EW hands (swapped in an arrow-switch round), as ``Movement.to_rows`` does."""
        return [
            {
                "round": row.round,
                "table": row.table,
                "ns": row.assignment.ns_hands,
                "ew": row.assignment.ew_hands,
                "boards": list(row.boards),
            }
            for row in self.rows
        ]

    @cached_property
    def arrow_switch_rounds(self) -> list[int]:
        return sorted({row.round for row in self.rows if row.arrow_switch})

    @cached_property
    def movement(self) -> Movement | None:
        """The core's ``Movement`` (None without a plan, or for rows it cannot read)."""
        if not self.rows:
            return None
        try:
            return Movement.from_rows(
                self.movement_rows(), self.kind, arrow_switch_rounds=self.arrow_switch_rounds
            )
        except MovementError:
            return None

    @cached_property
    def board_rounds(self) -> dict[int, set[int]]:
        """For each board of the plan, the rounds in which it is played."""
        rounds: dict[int, set[int]] = {}
        for row in self.rows:
            for board in row.boards:
                rounds.setdefault(board, set()).add(row.round)
        return rounds

    @cached_property
    def plays_per_board(self) -> dict[int, int]:
        """How many tables play each board (tables with two real teams)."""
        plays: dict[int, int] = {}
        for row in self.rows:
            if row.sits_out:
                continue
            for board in row.boards:
                plays[board] = plays.get(board, 0) + 1
        return plays

    @cached_property
    def hands_played(self) -> dict[int, set[Side]]:
        """For each team of the plan, the hands (NS, EW) it plays in some round."""
        hands: dict[int, set[Side]] = {}
        for row in self.rows:
            if row.sits_out:
                for team in (row.ns, row.ew):
                    if team is not None:
                        hands.setdefault(team, set())
                continue
            for team in (row.ns, row.ew):
                hands.setdefault(team, set()).add(row.hands_of(team))
        return hands

    @cached_property
    def single_ranking(self) -> bool:
        """One ranking of the whole field (a Howell, or a Mitchell where some team plays both
        the NS and the EW hands: arrow-switch rounds), else one ranking per direction. The
        core's rule (``Movement.single_ranking``)."""
        if self.movement is not None:
            return self.movement.single_ranking
        return self.kind == MovementKind.HOWELL or any(
            len(sides) > 1 for sides in self.hands_played.values()
        )


def stored_plan(tournament: Tournament | int) -> StoredPlan:
    """The stored plan of ``tournament`` (an instance or its id), in round and table order."""
    if isinstance(tournament, Tournament):
        tournament_id, kind = tournament.pk, tournament.movement_type
    else:
        tournament_id = tournament
        kind = Tournament.objects.values_list("movement_type", flat=True).get(pk=tournament_id)
    rows = tuple(
        PlanRow(pk, round_number, table, ns, ew, tuple(int(b) for b in boards or ()), switched)
        for pk, round_number, table, ns, ew, boards, switched in TableAssignment.objects.filter(
            round__tournament_id=tournament_id
        )
        .order_by("round__number", "table__number")
        .values_list(
            "pk",
            "round__number",
            "table__number",
            "ns_team__number",
            "ew_team__number",
            "boards",
            "arrow_switch",
        )
    )
    return StoredPlan(kind=kind, rows=rows)

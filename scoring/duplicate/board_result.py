"""What one table did on one board, as the duplicate comparisons read it (a line of the traveller).

The record is team-centric: every ``ns_`` field belongs to the team the movement seated in the
North-South line, every ``ew_`` field to the East-West team, even on an arrow-switched round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from scoring.engine.cards import Side

ResultKey = tuple[int, int, int]
"""``(board, round, table)``: identifies a result within a tournament."""


class Adjustment(Enum):
    """An adjusted score (score ajusté) given by the arbiter instead of a played result."""

    AVERAGE_MINUS = "average_minus"  # moyenne moins, 40 %
    AVERAGE = "average"  # moyenne, 50 %
    AVERAGE_PLUS = "average_plus"  # moyenne plus, 60 %

    @property
    def percentage(self) -> int:
        """The share of the top this adjustment is worth in matchpoints: 40, 50 or 60."""
        return _PERCENTAGES[self]

    @property
    def share(self) -> Fraction:
        """The same share as a fraction of one: 2/5, 1/2 or 3/5."""
        return Fraction(_PERCENTAGES[self], 100)


_PERCENTAGES = {Adjustment.AVERAGE_MINUS: 40, Adjustment.AVERAGE: 50, Adjustment.AVERAGE_PLUS: 60}


@dataclass(frozen=True, slots=True)
class BoardResult:
    """The result of one board at one table in one round (ligne de la feuille ambulante).

    ``ns_team``/``ew_team`` are the team numbers the movement seated North-South and East-West;
    None is the phantom (fantôme), whose opponents sit out and can only get an adjusted score.

    A played result gives ``ns_marks``/``ew_marks``: the deal score each team got (the rounded
    marks, from the rules engine). An adjusted result gives ``ns_adjusted``/``ew_adjusted``
    instead, one per team and chosen independently (60/40 when one side is at fault).

    ``arrow_switched``: the North-South team played the board's East-West cards (and the EW
    team the NS cards), so in a one-ranking Mitchell its score is compared with the EW field.
    The marks stay with the teams: ``ns_marks`` is what the NS-line team scored, which on an
    arrow-switched board is the deal score of the board's E-W seats.

    ``assigned``: the marks are an assigned score (score assigné) the arbiter gave instead of
    the deal's result; it is compared with the other tables exactly like a played result.
    """

    board: int
    round: int
    table: int
    ns_team: int | None
    ew_team: int | None
    ns_marks: int | None = None
    ew_marks: int | None = None
    ns_adjusted: Adjustment | None = None
    ew_adjusted: Adjustment | None = None
    arrow_switched: bool = False
    assigned: bool = False

    def __post_init__(self) -> None:
        if not self._plainly_valid():
            self._check()

    def _check(self) -> None:
        """Every rule of a result, with a message saying which one is broken."""
        for name in ("board", "round", "table"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a positive integer, not {value!r}")
        where = f"board {self.board}, round {self.round}, table {self.table}"
        if self.ns_team is None and self.ew_team is None:
            raise ValueError(f"{where}: a table needs at least one real team")
        if self.ns_team is not None and self.ns_team == self.ew_team:
            raise ValueError(f"{where}: team {self.ns_team} cannot play against itself")
        marks = (self.ns_marks, self.ew_marks)
        adjustments = (self.ns_adjusted, self.ew_adjusted)
        if any(mark is not None for mark in marks):
            if any(adjustment is not None for adjustment in adjustments):
                raise ValueError(f"{where}: a result is either played or adjusted, not both")
            if None in (self.ns_team, self.ew_team):
                raise ValueError(f"{where}: nobody plays against the phantom")
            for mark in marks:
                if not isinstance(mark, int) or isinstance(mark, bool) or mark < 0:
                    raise ValueError(f"{where}: marks are two non-negative integers: {marks}")
            return
        if self.assigned:
            raise ValueError(f"{where}: an assigned score gives marks to both teams")
        for team, adjustment, line in (
            (self.ns_team, self.ns_adjusted, "NS"),
            (self.ew_team, self.ew_adjusted, "EW"),
        ):
            if team is None and adjustment is not None:
                raise ValueError(f"{where}: the phantom in {line} gets no score")
            if team is not None and not isinstance(adjustment, Adjustment):
                raise ValueError(f"{where}: the {line} team needs marks or an adjusted score")

    def _plainly_valid(self) -> bool:
        """The common cases checked at once (a run builds thousands of results): positive
        plain integers, two different teams, and two non-negative marks or none. Anything
        else goes through ``_check``, which says what is wrong; whatever this accepts, ``_check``
        accepts too (a property test)."""
        board, round_, table = self.board, self.round, self.table
        ns_team, ew_team = self.ns_team, self.ew_team
        if not (
            type(board) is int
            and type(round_) is int
            and type(table) is int
            and board >= 1
            and round_ >= 1
            and table >= 1
            and ns_team is not None
            and ew_team is not None
            and ns_team != ew_team
        ):
            return False
        ns_marks, ew_marks = self.ns_marks, self.ew_marks
        if ns_marks is None or ew_marks is None:
            return False
        return (
            type(ns_marks) is int
            and type(ew_marks) is int
            and ns_marks >= 0
            and ew_marks >= 0
            and self.ns_adjusted is None
            and self.ew_adjusted is None
        )

    @property
    def key(self) -> ResultKey:
        return (self.board, self.round, self.table)

    @property
    def is_played(self) -> bool:
        """True for a played result (marks), False for an adjusted one."""
        return self.ns_marks is not None

    @property
    def net(self) -> int | None:
        """The NS team's net score (marks minus the opponents' marks); None when adjusted."""
        if self.ns_marks is None or self.ew_marks is None:
            return None
        return self.ns_marks - self.ew_marks

    @property
    def net_on_ns_cards(self) -> int | None:
        """The net score of whoever held the board's N-S cards: what the field is compared on."""
        net = self.net
        if net is None:
            return None
        return -net if self.arrow_switched else net

    def teams(self) -> tuple[int, ...]:
        """The real teams at the table (the phantom left out)."""
        ns_team, ew_team = self.ns_team, self.ew_team
        if ns_team is not None and ew_team is not None:
            return (ns_team, ew_team)  # the common case at once (every result, twice a run)
        return tuple(team for team in (ns_team, ew_team) if team is not None)

    def line_of(self, team: int) -> Side:
        """The line (NS or EW) the movement seated ``team`` in at this table."""
        if team == self.ns_team:
            return Side.NS
        if team == self.ew_team:
            return Side.EW
        raise ValueError(f"team {team} did not play board {self.board} at table {self.table}")

    def opponent_of(self, team: int) -> int | None:
        """The team ``team`` faced at this table (None for the phantom)."""
        return self.ew_team if self.line_of(team) is Side.NS else self.ns_team


def check_distinct(results: Sequence[BoardResult]) -> None:
    """Raises ValueError when two results have the same board, round and table."""
    keys = {result.key for result in results}
    if len(keys) != len(results):
        raise ValueError("two results have the same board, round and table")

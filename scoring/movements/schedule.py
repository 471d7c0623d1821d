"""What players read off the plan: a team's own rounds, and where everyone goes after a round.

The team page lists ``team_schedule``; the table card (fiche de table) prints ``next_positions``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from scoring.engine.cards import Side
from scoring.movements.messages import MovementError, gettext_noop
from scoring.movements.plan import Assignment, Movement


@dataclass(frozen=True)
class NextPosition:
    """Where a team sits next round: its table, its places (NS or EW), and whether it sits out."""

    team: int
    table: int
    seat: Side
    sits_out: bool


@dataclass(frozen=True)
class NextPositions:
    """Where the NS team, the EW team and the boards of one table go for the next round.

    ``ns``/``ew`` are ``None`` for a phantom place. ``boards_to`` lists the tables that play this
    board set next round: empty when it rests (off the tables, or after the last round), several
    when it is shared.
    """

    round: int
    ns: NextPosition | None
    ew: NextPosition | None
    boards_to: tuple[int, ...]


def team_schedule(movement: Movement, team: int) -> list[Assignment]:
    """The rounds of ``team`` in order, one assignment per round, sit-outs included.

    Each gives the table, ``seat_of(team)`` / ``hands_of(team)`` (its direction),
    ``opponent_of(team)`` (``None`` when it sits out) and the boards.
    """
    if not 1 <= team <= movement.teams:
        raise MovementError(
            gettext_noop("There is no team %(team)s: the teams are numbered 1 to %(teams)s."),
            team=team,
            teams=movement.teams,
        )
    return sorted(
        (a for a in movement.assignments if team in a.teams),
        key=lambda a: a.round,
    )


def next_positions(movement: Movement, round: int, table: int) -> NextPositions | None:
    """Where the teams and boards of ``table`` in ``round`` go; ``None`` after the last round."""
    here = movement.at(round, table)
    if round >= movement.rounds:
        return None
    following = movement.in_round(round + 1)
    return NextPositions(
        round=round + 1,
        ns=_position(following, here.ns),
        ew=_position(following, here.ew),
        boards_to=tuple(a.table for a in following if a.boards == here.boards),
    )


def _position(following: tuple[Assignment, ...], team: int | None) -> NextPosition | None:
    if team is None:
        return None
    for a in following:
        if team in a.teams:
            return NextPosition(team, a.table, a.seat_of(team), a.sitting_out == team)
    raise MovementError(
        gettext_noop("Team %(team)s has no table in the next round."),
        team=team,
    )


@dataclass(frozen=True)
class RoundChange:
    """How the room moves from one round to the next (le changement de tour), read off the plan.

    ``round`` is the round about to start. When every NS team stays, every EW team moves the
    same number of tables and every board set too, the change is ``regular``: ``ew_step`` and
    ``boards_step`` are signed table counts (+1: one table up, to the next number; -1: one table
    down; modulo the tables, the last table's next is table 1); ``boards_step`` is ``None`` when
    the board sets do not all move alike (shared or resting sets). ``arrow_switch``: the round
    about to start is played arrow-switched (NS seats play the EW hands). Not ``regular``
    (a Howell, a hand-made plan): each team reads its own route card.
    """

    round: int
    regular: bool
    ew_step: int | None
    boards_step: int | None
    arrow_switch: bool


class SeatedRow(Protocol):
    """A row of a plan as seated: an ``Assignment``, or the site's stored row."""

    @property
    def round(self) -> int: ...
    @property
    def table(self) -> int: ...
    @property
    def ns(self) -> int | None: ...
    @property
    def ew(self) -> int | None: ...
    @property
    def boards(self) -> tuple[int, ...]: ...
    @property
    def arrow_switch(self) -> bool: ...


def round_change(rows: Iterable[SeatedRow], round: int) -> RoundChange | None:
    """The change from ``round`` to ``round + 1``, or ``None`` when there is no next round.

    ``rows`` are the plan's rows as seated (``Assignment`` or any value with ``round``,
    ``table``, ``ns``, ``ew``, ``boards``, ``arrow_switch``; ``None`` for the phantom).
    """
    rows = list(rows)
    here = [row for row in rows if row.round == round]
    after = [row for row in rows if row.round == round + 1]
    if not here or not after:
        return None
    tables = max(row.table for row in here + after)
    ns_next = {row.ns: row.table for row in after if row.ns is not None}
    ew_next = {row.ew: row.table for row in after if row.ew is not None}
    ns_steps = {_step(row.table, ns_next.get(row.ns), tables) for row in here if row.ns is not None}
    ew_steps = {_step(row.table, ew_next.get(row.ew), tables) for row in here if row.ew is not None}
    board_steps = set()
    for row in here:
        found = [other.table for other in after if other.boards == row.boards]
        board_steps.add(_step(row.table, found[0], tables) if len(found) == 1 else None)
    switched = any(row.arrow_switch for row in after)
    regular = ns_steps == {0} and len(ew_steps) == 1 and None not in ew_steps
    if not regular:
        return RoundChange(round + 1, False, None, None, switched)
    boards_step = board_steps.pop() if len(board_steps) == 1 else None
    return RoundChange(round + 1, True, ew_steps.pop(), boards_step, switched)


def _step(table: int, next_table: int | None, tables: int) -> int | None:
    """The signed move from ``table`` to ``next_table`` around ``tables`` tables (the shorter
    way, ties counted upwards); ``None`` when the team changes places (NS to EW) or leaves."""
    if next_table is None:
        return None
    step = (next_table - table) % tables
    return step - tables if step > tables / 2 else step

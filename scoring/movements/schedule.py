"""What players read off the plan: a team's own rounds, and where everyone goes after a round.

The team page lists ``team_schedule``; the table card (fiche de table) prints ``next_positions``.
"""

from __future__ import annotations

from dataclasses import dataclass

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

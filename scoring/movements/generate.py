"""Builds the movement a tournament asks for, by kind: the one entry point for the Django layer."""

from __future__ import annotations

from collections.abc import Iterable

from scoring.movements.howell import howell
from scoring.movements.messages import MovementError, gettext_noop
from scoring.movements.mitchell import mitchell
from scoring.movements.plan import DEFAULT_BOARDS_PER_ROUND, Movement, MovementKind, parse_kind


def movement_for(
    kind: MovementKind | str,
    teams: int,
    rounds: int | None = None,
    boards_per_round: int = DEFAULT_BOARDS_PER_ROUND,
    arrow_switch_rounds: Iterable[int] = (),
) -> Movement:
    """The Mitchell or Howell for ``teams`` teams; ``rounds=None`` is the complete movement.

    Arrow-switch rounds belong to a Mitchell only: a Howell already ranks everyone together.
    Raises ``MovementError`` (a ``ValueError``) for an unknown kind or an impossible request.
    """
    movement_kind = parse_kind(kind)
    if movement_kind is MovementKind.MITCHELL:
        return mitchell(teams, rounds, boards_per_round, arrow_switch_rounds)
    if tuple(arrow_switch_rounds):
        raise MovementError(
            gettext_noop(
                "A Howell has no arrow-switch rounds: every team already plays both directions "
                "and is ranked in one field."
            )
        )
    return howell(teams, rounds, boards_per_round)

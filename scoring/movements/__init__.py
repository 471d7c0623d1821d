"""Movements (mouvements): the table plan of a session, as plain data, and its checker.

Mitchell and Howell generators, ``check_movement`` for the invariants, ``comparison_balance`` for
how evenly teams are compared, and the helpers behind team pages and table cards. See
docs/movements.md.
"""

from scoring.movements.balance import ComparisonBalance, comparison_balance, comparison_counts
from scoring.movements.checker import Problem, ProblemCode, Severity, check_movement, errors
from scoring.movements.generate import movement_for
from scoring.movements.howell import howell, max_howell_rounds
from scoring.movements.messages import MovementError
from scoring.movements.mitchell import max_mitchell_rounds, mitchell, mitchell_tables
from scoring.movements.plan import (
    DEFAULT_BOARDS_PER_ROUND,
    Assignment,
    Movement,
    MovementKind,
)
from scoring.movements.schedule import (
    NextPosition,
    NextPositions,
    RoundChange,
    next_positions,
    round_change,
    team_schedule,
)

__all__ = [
    "DEFAULT_BOARDS_PER_ROUND",
    "Assignment",
    "ComparisonBalance",
    "Movement",
    "MovementError",
    "MovementKind",
    "NextPosition",
    "NextPositions",
    "Problem",
    "ProblemCode",
    "RoundChange",
    "Severity",
    "check_movement",
    "comparison_balance",
    "comparison_counts",
    "errors",
    "howell",
    "max_howell_rounds",
    "max_mitchell_rounds",
    "mitchell",
    "mitchell_tables",
    "movement_for",
    "next_positions",
    "round_change",
    "team_schedule",
]

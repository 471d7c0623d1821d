"""How evenly a movement compares teams (équilibre des comparaisons).

Two teams are compared on a board when both play it, at different tables, with the same hands:
their scores on it are then ranked against each other. A well-balanced movement compares every
two teams ranked together on about the same number of boards.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from scoring.engine.cards import Side
from scoring.movements.howell import howell
from scoring.movements.plan import Movement


@dataclass(frozen=True)
class ComparisonBalance:
    """The boards on which each two teams ranked together are compared, and their spread.

    ``counts`` maps a pair of team numbers (lower first) to its number of boards. In a two-field
    Mitchell only teams of the same field (NS with NS, EW with EW) are ranked together.
    """

    counts: Mapping[tuple[int, int], int]
    minimum: int
    maximum: int
    mean: float
    deviation: float

    @property
    def pairs(self) -> int:
        """How many pairs of teams are ranked together."""
        return len(self.counts)

    @property
    def spread(self) -> int:
        """Most boards minus fewest boards over all pairs: 0 for a perfectly balanced movement."""
        return self.maximum - self.minimum

    @property
    def is_perfect(self) -> bool:
        return self.spread == 0


def comparison_counts(movement: Movement) -> dict[tuple[int, int], int]:
    """For each two teams ranked together, the number of boards they are compared on."""
    hands: dict[int, dict[int, Side]] = {}
    for assignment in movement.assignments:
        if assignment.is_phantom_table:
            continue
        for team in assignment.teams:
            for board in assignment.boards:
                hands.setdefault(board, {})[team] = assignment.hands_of(team)
    counts = dict.fromkeys(_ranked_together(movement, hands.values()), 0)
    for held in hands.values():
        for a, b in combinations(sorted(held), 2):
            if held[a] is held[b] and (a, b) in counts:
                counts[(a, b)] += 1
    return counts


def comparison_balance(movement: Movement) -> ComparisonBalance:
    """The comparison counts of ``movement`` with their minimum, maximum, mean and deviation."""
    counts = comparison_counts(movement)
    values = list(counts.values()) or [0]
    mean = sum(values) / len(values)
    deviation = math.sqrt(sum((value - mean) ** 2 for value in values) / len(values))
    return ComparisonBalance(counts, min(values), max(values), mean, deviation)


def howell_balance_table(sizes: Iterable[int] = range(4, 17), boards_per_round: int = 1) -> str:
    """A Markdown table of the balance of the complete Howell for each number of teams.

    With one board per round the counts are in board sets; multiply by the boards per round.
    """
    lines = [
        "| teams | tables | rounds | sets | compared on (sets): fewest | most | mean | std dev |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for teams in sizes:
        movement = howell(teams, boards_per_round=boards_per_round)
        balance = comparison_balance(movement)
        lines.append(
            f"| {teams} | {movement.tables} | {movement.rounds} | "
            f"{movement.board_count // boards_per_round} | {balance.minimum} | {balance.maximum} "
            f"| {balance.mean:.2f} | {balance.deviation:.2f} |"
        )
    return "\n".join(lines)


def _ranked_together(
    movement: Movement, hands_by_board: Iterable[Mapping[int, Side]]
) -> list[tuple[int, int]]:
    if movement.single_ranking:
        return list(combinations(range(1, movement.teams + 1), 2))
    field: dict[int, set[Side]] = {}
    for held in hands_by_board:
        for team, side in held.items():
            field.setdefault(team, set()).add(side)
    return [
        (a, b)
        for a, b in combinations(range(1, movement.teams + 1), 2)
        if field.get(a) == field.get(b)
    ]

"""The table plan: its rows, its grid by round, its rounds, what a reader may see of it."""

from dataclasses import dataclass, field

from django.db.models import QuerySet

from tournaments.setup.policy import is_arbiter

from ..models import Round, TableAssignment, Tournament
from ..stored_plan import stored_plan


def plan_assignments(tournament: Tournament) -> QuerySet[TableAssignment]:
    """The table plan's rows with their round, table, teams and players, in round and table
    order (for pages that show who plays where)."""
    return (
        TableAssignment.objects.filter(round__tournament=tournament)
        .select_related(
            "round",
            "table",
            "ns_team__player_one",
            "ns_team__player_two",
            "ew_team__player_one",
            "ew_team__player_two",
        )
        .order_by("round__number", "table__number")
    )


@dataclass
class PlanRound:
    """One round of the plan for display: its Round row and its tables in order."""

    round: Round
    assignments: list[TableAssignment] = field(default_factory=list)

    @property
    def arrow_switch(self) -> bool:
        return any(a.arrow_switch for a in self.assignments)


@dataclass
class PlanGrid:
    """The table plan as a grid round × table (cells are assignments, None where no table)."""

    tables: list[int]
    rounds: list[PlanRound]

    def rows(self) -> list[tuple[PlanRound, list[TableAssignment | None]]]:
        rows = []
        for plan_round in self.rounds:
            by_table = {a.table.number: a for a in plan_round.assignments}
            rows.append((plan_round, [by_table.get(number) for number in self.tables]))
        return rows

    @property
    def board_count(self) -> int:
        return max(
            (board for r in self.rounds for a in r.assignments for board in a.boards), default=0
        )


def plan_grid(tournament: Tournament, *, published_only: bool = False) -> PlanGrid:
    """The stored plan, every round (or only the published ones) with its tables."""
    rounds = {r.pk: PlanRound(r) for r in tournament.round_set.order_by("number")}
    assignments = plan_assignments(tournament)
    if published_only:
        assignments = assignments.filter(round__published=True)
    tables: set[int] = set()
    for assignment in assignments:
        rounds[assignment.round_id].assignments.append(assignment)
        tables.add(assignment.table.number)
    kept = [r for r in rounds.values() if r.assignments or not published_only]
    if published_only:
        kept = [r for r in kept if r.round.published]
    return PlanGrid(tables=sorted(tables), rounds=kept)


def visible_plan(user, tournament: Tournament) -> PlanGrid:
    """The rounds this user may see: published ones, or all of them for staff."""
    return plan_grid(tournament, published_only=not is_arbiter(user, tournament))


def rounds_of(tournament: Tournament) -> QuerySet[Round]:
    """Every round in order, with its rows of the table plan (the boards it plays)."""
    return (
        Round.objects.filter(tournament=tournament)
        .prefetch_related("assignments")
        .order_by("number")
    )


def round_numbers(tournament: Tournament) -> set[int]:
    return set(tournament.round_set.values_list("number", flat=True))


def visible_rounds(who, tournament: Tournament) -> QuerySet[Round]:
    """The rounds whose plan ``who`` may see (``policy.can_see_plan_round``): the published
    ones, or all of them for staff."""
    rounds = rounds_of(tournament)
    return rounds if is_arbiter(who, tournament) else rounds.filter(published=True)


def visible_plan_rows(who, tournament: Tournament) -> QuerySet[TableAssignment]:
    """The rows of the table plan (round, table, teams, boards) ``who`` may see, in round and
    table order: those of the published rounds, or every row for staff."""
    rows = plan_assignments(tournament)
    return rows if is_arbiter(who, tournament) else rows.filter(round__published=True)


def stored_plan_rows(tournament: Tournament) -> list[dict]:
    """The stored plan as ``movement --json`` rows: {"round", "table", "ns", "ew", "boards"}.

    ``ns``/``ew`` are the team numbers playing the NS and EW hands (in an arrow-switch round the
    seated EW team plays the NS hands), None for the phantom, as ``Movement.to_rows`` writes.
    """
    return stored_plan(tournament).movement_rows()

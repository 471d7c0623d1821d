"""A team's route through the rounds (fiche de route), and the results still missing."""

from dataclasses import dataclass

from django.db.models import Max, Q

from scoring.engine.cards import Side

from ..models import TableAssignment, Team, Tournament
from ..stored_plan import stored_plan
from .plan import plan_assignments


def _completed_boards(tournament: Tournament) -> dict[int, set[int]]:
    """Board numbers with a current, not deleted result, per assignment id (through the
    reverse relation: set-up imports nothing of the results app above it)."""
    done: dict[int, set[int]] = {}
    deleted = tournament.results.model.Status.DELETED
    results = (
        tournament.results.filter(is_current=True)
        .exclude(status=deleted)
        .values_list("assignment_id", "board_number")
    )
    for assignment_id, board in results:
        done.setdefault(assignment_id, set()).add(board)
    return done


@dataclass(frozen=True)
class ScheduleEntry:
    """A team's round: where it sits, which hands it plays, whom it meets, which boards.

    ``direction`` is where the team sits ("NS" or "EW"); ``hands`` the hands it plays (they
    differ in an arrow-switch round). ``opponent`` is None when the team sits out (relâche).
    """

    round_number: int
    published: bool
    table: int
    direction: str
    hands: str
    opponent: Team | None
    boards: list[int]
    arrow_switch: bool
    finished: bool
    # The table's secret entry link: for the team's own pages and route card, never public.
    table_token: str = ""
    # The plan row (the meeting of this table in this round): what a team link proves.
    assignment_id: int | None = None

    @property
    def sits_out(self) -> bool:
        return self.opponent is None


def _schedule_entry(a: TableAssignment, team: Team, *, finished: bool) -> ScheduleEntry:
    """The team's round at this assignment (a row of the plan it sits in)."""
    row = a.as_assignment()
    seat = row.seat_of(team.pk)
    return ScheduleEntry(
        round_number=a.round.number,
        published=a.round.published,
        table=a.table.number,
        direction=seat.value,
        hands=row.hands_of(team.pk).value,
        opponent=a.ew_team if seat is Side.NS else a.ns_team,
        boards=list(a.boards),
        arrow_switch=a.arrow_switch,
        finished=finished,
        table_token=a.table.token,
        assignment_id=a.pk,
    )


def team_schedule(team: Team, *, include_unpublished: bool = False) -> list[ScheduleEntry]:
    """The team's rounds in order (only the published ones unless asked)."""
    assignments = (
        TableAssignment.objects.filter(Q(ns_team=team) | Q(ew_team=team))
        .select_related("round", "table", "ns_team", "ew_team")
        .order_by("round__number")
    )
    if not include_unpublished:
        assignments = assignments.filter(round__published=True)
    assignments = list(assignments)
    done = _completed_boards(team.tournament)
    last_round_with_results = _last_round_with_results(team.tournament)
    entries = []
    for a in assignments:
        opponent = a.ew_team if a.ns_team_id == team.pk else a.ns_team
        if opponent is None:
            finished = last_round_with_results > a.round.number
        else:
            finished = set(a.boards) <= done.get(a.pk, set())
        entries.append(_schedule_entry(a, team, finished=finished))
    return entries


def team_routes(tournament: Tournament) -> dict[int, list[ScheduleEntry]]:
    """Every team's rounds of the whole plan, published or not, keyed by team id, from one read
    of the plan: the route cards (fiches de route) printed before play. ``finished`` is left
    False (a route card is about where to go, not what was played)."""
    routes: dict[int, list[ScheduleEntry]] = {}
    for a in plan_assignments(tournament):
        for team in (a.ns_team, a.ew_team):
            if team is not None:
                routes.setdefault(team.pk, []).append(_schedule_entry(a, team, finished=False))
    return routes


def _last_round_with_results(tournament: Tournament) -> int:
    latest = (
        tournament.results.filter(is_current=True)
        .exclude(status=tournament.results.model.Status.DELETED)
        .aggregate(latest=Max("round__number"))["latest"]
    )
    return latest or 0


def next_entry(schedule: list[ScheduleEntry]) -> ScheduleEntry | None:
    """The team's next round to play: the first one not finished."""
    return next((entry for entry in schedule if not entry.finished), None)


def missing_results_count(tournament: Tournament) -> int:
    """How many boards of the plan have no result that counts yet (confirmed or adjusted), at
    the tables where two teams play: what finishing the tournament now would leave out. Asked
    through the reverse relation (set-up imports nothing of the results app)."""
    expected = sum(len(row.boards) for row in stored_plan(tournament).rows if not row.sits_out)
    counting = tournament.results.filter(
        is_current=True, status__in=tournament.results.model.COUNTING_STATUSES
    ).count()
    return max(expected - counting, 0)

"""Reads on tournaments, teams and the table plan, for pages, commands and the API."""

from dataclasses import dataclass, field

from django.db.models import Count, Max, Q, QuerySet
from django.http import Http404

from tournaments.policy import can_see_tournament, is_arbiter
from tournaments.vocabulary import OTHER_SIDE

from .models import Player, Round, TableAssignment, Team, Tournament
from .stored_plan import stored_plan


def listed_tournaments() -> QuerySet[Tournament]:
    """Tournaments shown on the home page: everything past the draft stage."""
    return (
        Tournament.objects.exclude(status=Tournament.Status.DRAFT)
        .annotate(team_count=Count("teams", filter=Q(teams__withdrawn=False)))
        .order_by("-date", "name")
    )


def tournaments_managed_by(user) -> QuerySet[Tournament]:
    """Tournaments this user organizes or arbitrates (all of them for a superuser)."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    queryset = Tournament.objects.all()
    if not user.is_superuser:
        queryset = queryset.filter(Q(organizers=user) | Q(arbiters=user)).distinct()
    return queryset.annotate(team_count=Count("teams", filter=Q(teams__withdrawn=False)))


def tournaments_organized_by(user) -> QuerySet[Tournament]:
    """Tournaments this user organizes (« Mes tournois »), with their team counts."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    queryset = Tournament.objects.all()
    if not user.is_superuser:
        queryset = queryset.filter(organizers=user)
    return queryset.annotate(
        team_count=Count("teams", filter=Q(teams__withdrawn=False), distinct=True),
        checked_in_count=Count(
            "teams", filter=Q(teams__withdrawn=False, teams__checked_in=True), distinct=True
        ),
    ).order_by("-date", "name")


def visible_tournament(user, slug: str) -> Tournament:
    """The tournament for a page: a draft exists only for its organizers (404 otherwise,
    ``policy.can_see_tournament``)."""
    try:
        tournament = Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise Http404 from None
    if not can_see_tournament(user, tournament):
        raise Http404
    return tournament


def teams_of(tournament: Tournament, *, include_withdrawn: bool = True) -> QuerySet[Team]:
    teams = tournament.teams.select_related("player_one", "player_two").order_by("number")
    if not include_withdrawn:
        teams = teams.filter(withdrawn=False)
    return teams


def players_of(tournament: Tournament) -> QuerySet[Player]:
    """The tournament's players (joueurs), by last and first name."""
    return Player.objects.filter(tournament=tournament).order_by("last_name", "first_name", "pk")


def team_numbers(tournament: Tournament) -> dict[int, int]:
    """Each team's number, by team id."""
    return dict(tournament.teams.values_list("pk", "number"))


def team_number_by_player(tournament: Tournament) -> dict[int, int]:
    """The number of each player's team, by player id."""
    numbers = {}
    for number, one, two in tournament.teams.values_list(
        "number", "player_one_id", "player_two_id"
    ):
        numbers[one] = number
        numbers[two] = number
    return numbers


@dataclass(frozen=True)
class TeamCounts:
    registered: int
    withdrawn: int
    checked_in: int

    @property
    def active(self) -> int:
        return self.registered - self.withdrawn

    @property
    def waiting(self) -> int:
        """Registered, not withdrawn, not yet checked in."""
        return self.active - self.checked_in


def team_counts(tournament: Tournament) -> TeamCounts:
    counts = tournament.teams.aggregate(
        registered_count=Count("pk"),
        withdrawn_count=Count("pk", filter=Q(withdrawn=True)),
        checked_in_count=Count("pk", filter=Q(withdrawn=False, checked_in=True)),
    )
    return TeamCounts(
        registered=counts["registered_count"],
        withdrawn=counts["withdrawn_count"],
        checked_in=counts["checked_in_count"],
    )


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

    @property
    def sits_out(self) -> bool:
        return self.opponent is None


def _schedule_entry(a: TableAssignment, team: Team, *, finished: bool) -> ScheduleEntry:
    """The team's round at this assignment (a row of the plan it sits in)."""
    sits_ns = a.ns_team_id == team.pk
    direction = "NS" if sits_ns else "EW"
    return ScheduleEntry(
        round_number=a.round.number,
        published=a.round.published,
        table=a.table.number,
        direction=direction,
        hands=OTHER_SIDE[direction] if a.arrow_switch else direction,
        opponent=a.ew_team if sits_ns else a.ns_team,
        boards=list(a.boards),
        arrow_switch=a.arrow_switch,
        finished=finished,
        table_token=a.table.token,
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


def team_by_number(tournament: Tournament, number: int) -> Team:
    try:
        return tournament.teams.select_related("player_one", "player_two").get(number=number)
    except Team.DoesNotExist:
        raise Http404 from None


def missing_results_count(tournament: Tournament) -> int:
    """How many boards of the plan have no result that counts yet (confirmed or adjusted), at
    the tables where two teams play: what finishing the tournament now would leave out. Asked
    through the reverse relation (set-up imports nothing of the results app)."""
    expected = sum(len(row.boards) for row in stored_plan(tournament).rows if not row.sits_out)
    counting = tournament.results.filter(
        is_current=True, status__in=tournament.results.model.COUNTING_STATUSES
    ).count()
    return max(expected - counting, 0)

"""Reads on tournaments, teams and the table plan, for pages, commands and the API."""

import datetime
from dataclasses import dataclass, field

from django.db.models import Count, Max, Q, QuerySet
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from scoring.engine.cards import Side
from tournaments import checklist
from tournaments.checklist import Step
from tournaments.setup.policy import can_see_tournament, is_arbiter

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


def team_by_number(tournament: Tournament, number: int) -> Team:
    try:
        return tournament.teams.select_related(
            "player_one__club_player", "player_two__club_player"
        ).get(number=number)
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


# --- The organizer's checklist (« La journée, étape par étape ») -------------------------------
# Set-up's own steps; the other apps register theirs (``tournaments.checklist``).


def organizer_checklist(tournament: Tournament) -> list[Step]:
    """The steps of the tournament's day in order, each with its state, a short reason and the
    page that does it; the first step to do is marked ``is_next``."""
    return checklist.steps_for(tournament)


def manage_url(tournament: Tournament, anchor: str = "") -> str:
    url = reverse("tournaments:manage", args=[tournament.slug])
    return f"{url}#{anchor}" if anchor else url


def settings_step(tournament: Tournament) -> Step:
    if tournament.rounds:
        rounds = ngettext("%(count)s tour", "%(count)s tours", tournament.rounds) % {
            "count": tournament.rounds
        }
    else:
        rounds = gettext("mouvement complet")
    boards = ngettext(
        "%(count)s étui par tour", "%(count)s étuis par tour", tournament.boards_per_round
    ) % {"count": tournament.boards_per_round}
    return Step(
        key="settings",
        name=gettext("Paramètres et règles"),
        state=checklist.DONE,
        reason=f"{tournament.get_movement_type_display()}, {rounds}, {boards}",
        url=reverse("tournaments:edit", args=[tournament.slug]),
    )


def teams_step(tournament: Tournament) -> Step:
    counts = team_counts(tournament)
    if counts.active >= 2:
        state = checklist.DONE
    elif counts.active == 1:
        state = checklist.IN_PROGRESS
    else:
        state = checklist.TODO
    if counts.active:
        reason = ngettext(
            "%(count)s équipe inscrite", "%(count)s équipes inscrites", counts.active
        ) % {"count": counts.active}
    else:
        reason = gettext("Aucune équipe inscrite")
    if counts.active == 1:
        reason = gettext("%(reason)s : il en faut au moins deux") % {"reason": reason}
    return Step(
        key="teams",
        name=gettext("Inscriptions"),
        state=state,
        reason=reason,
        url=reverse("tournaments:manage_teams", args=[tournament.slug]),
    )


def _has_plan(tournament: Tournament) -> bool:
    return TableAssignment.objects.filter(round__tournament=tournament).exists()


def checkin_step(tournament: Tournament) -> Step:
    counts = team_counts(tournament)
    url = reverse("tournaments:checkin", args=[tournament.slug])
    name = gettext("Pointage")
    if not counts.active:
        return Step("checkin", name, checklist.BLOCKED, gettext("Aucune équipe inscrite"), url)
    waiting = ngettext(
        "%(count)s équipe non pointée", "%(count)s équipes non pointées", counts.waiting
    ) % {"count": counts.waiting}
    if not counts.waiting:
        state = checklist.DONE
        reason = ngettext(
            "%(count)s équipe pointée", "%(count)s équipes pointées", counts.checked_in
        ) % {"count": counts.checked_in}
    elif _has_plan(tournament):
        # The plan is made: a team still not checked in is absent, not a step left to do.
        state = checklist.DONE
        reason = gettext("%(waiting)s, hors du plan de table") % {"waiting": waiting}
    else:
        state = checklist.IN_PROGRESS if counts.checked_in else checklist.TODO
        reason = waiting
    return Step("checkin", name, state, reason, url)


def plan_step(tournament: Tournament) -> Step:
    url = reverse("tournaments:plan", args=[tournament.slug])
    name = gettext("Plan de table")
    if _has_plan(tournament):
        rounds = Round.objects.filter(tournament=tournament).count()
        tables = tournament.tables.count()
        reason = ngettext("%(count)s tour", "%(count)s tours", rounds) % {"count": rounds}
        reason += ", " + ngettext("%(count)s table", "%(count)s tables", tables) % {"count": tables}
        return Step("plan", name, checklist.DONE, reason, url)
    if team_counts(tournament).checked_in < 2:
        return Step(
            "plan", name, checklist.BLOCKED, gettext("Pointez d'abord au moins deux équipes"), url
        )
    return Step("plan", name, checklist.TODO, gettext("À générer"), url)


def publication_step(tournament: Tournament) -> Step:
    """« Publication »: the rounds published, on the plan page's « Publier tous les tours »
    (« Ouvrir la séance » does it too)."""
    name = gettext("Publication")
    url = reverse("tournaments:plan", args=[tournament.slug]) + "#publier"
    if tournament.status == Tournament.Status.DRAFT:
        return Step(
            "publication",
            name,
            checklist.TODO,
            gettext(
                "Brouillon : seuls les organisateurs voient le tournoi ; « Ouvrir la séance » le "
                "publie avec ses tours"
            ),
            manage_url(tournament, "ouvrir-la-seance"),
        )
    rounds = Round.objects.filter(tournament=tournament)
    total = rounds.count()
    published = rounds.filter(published=True).count()
    if not total:
        return Step(
            "publication",
            name,
            checklist.BLOCKED,
            gettext("Tournoi visible ; générez le plan de table pour publier les tours"),
            url,
        )
    if published == total:
        reason = ngettext(
            "Tournoi visible, %(count)s tour publié",
            "Tournoi visible, %(count)s tours publiés",
            total,
        ) % {"count": total}
        return Step("publication", name, checklist.DONE, reason, url)
    if published:
        reason = ngettext(
            "%(count)s tour publié sur %(total)s",
            "%(count)s tours publiés sur %(total)s",
            published,
        ) % {"count": published, "total": total}
        return Step("publication", name, checklist.IN_PROGRESS, reason, url)
    return Step("publication", name, checklist.TODO, gettext("Aucun tour publié"), url)


def finish_step(tournament: Tournament) -> Step:
    name = gettext("Clôture")
    url = manage_url(tournament, "etat")
    status = tournament.status
    if status == Tournament.Status.FINISHED:
        return Step("finish", name, checklist.DONE, gettext("Tournoi terminé"), url)
    if status != Tournament.Status.RUNNING:
        return Step(
            "finish", name, checklist.BLOCKED, gettext("Le tournoi n'est pas encore en cours"), url
        )
    missing = missing_results_count(tournament)
    if missing:
        reason = ngettext(
            "%(count)s résultat manque encore", "%(count)s résultats manquent encore", missing
        ) % {"count": missing}
    else:
        reason = gettext("Tous les résultats sont là : terminez le tournoi")
    return Step("finish", name, checklist.TODO, reason, url)


# --- How long the session lasts ------------------------------------------------------------


@dataclass(frozen=True)
class SessionEstimate:
    """The playing time: rounds × boards per round × minutes per board.

    Changing tables between rounds is not counted (no setting says how long it takes; clubs
    fold it into the minutes per board). ``start`` is when the first round started, if it has;
    ``end`` then follows from it."""

    rounds: int
    boards_per_round: int
    minutes_per_board: int
    start: datetime.datetime | None = None

    @property
    def minutes(self) -> int:
        return self.rounds * self.boards_per_round * self.minutes_per_board

    @property
    def duration_text(self) -> str:
        """« 3 h 20 », « 45 min »."""
        hours, minutes = divmod(self.minutes, 60)
        if not hours:
            return gettext("%(minutes)s min") % {"minutes": minutes}
        return gettext("%(hours)s h %(minutes)02d") % {"hours": hours, "minutes": minutes}

    @property
    def sentence(self) -> str:
        """« Durée estimée : 3 h 16 (7 tours de 4 étuis, 7 min par étui) »."""
        rounds = ngettext("%(count)s tour", "%(count)s tours", self.rounds) % {"count": self.rounds}
        boards = ngettext("de %(count)s étui", "de %(count)s étuis", self.boards_per_round) % {
            "count": self.boards_per_round
        }
        return gettext(
            "Durée estimée : %(duration)s (%(rounds)s %(boards)s, %(minutes)s min par étui)"
        ) % {
            "duration": self.duration_text,
            "rounds": rounds,
            "boards": boards,
            "minutes": self.minutes_per_board,
        }

    @property
    def end(self) -> datetime.datetime | None:
        if self.start is None:
            return None
        return self.start + datetime.timedelta(minutes=self.minutes)


def session_estimate(tournament: Tournament) -> SessionEstimate | None:
    """The session's length from the plan's rounds and boards (or the settings'); None
    while neither is known (a complete movement depends on the teams checked in)."""
    rounds = Round.objects.filter(tournament=tournament)
    count = rounds.count() or tournament.rounds
    if not count:
        return None
    first = rounds.order_by("number").first()
    # The plan's rounds as they were generated (the settings may have changed since).
    planned = TableAssignment.objects.filter(round__tournament=tournament).values_list(
        "boards", flat=True
    )
    boards_per_round = max((len(boards) for boards in planned), default=0)
    return SessionEstimate(
        rounds=count,
        boards_per_round=boards_per_round or tournament.boards_per_round,
        minutes_per_board=tournament.minutes_per_board,
        start=first.started_at if first is not None else None,
    )


def is_club_player_of(tournament: Tournament, club_player_id: int) -> bool:
    """Is ``club_player_id`` a record (not anonymised) of the registry of the tournament's
    club? Never for a tournament without a club."""
    club = tournament.organizing_club
    return club is not None and club.players.filter(pk=club_player_id, anonymised=False).exists()

"""Writes on the table plan (plan de table): generation from the movement settings, publication.

The movement itself is computed by ``scoring.movements`` (plain Python) and verified by its
checker; this module loads the teams, calls it and stores the rounds, tables and assignments in
one transaction.
"""

from dataclasses import dataclass, field
from functools import partial

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.movements import (
    Movement,
    MovementError,
    MovementKind,
    Severity,
    check_movement,
    max_mitchell_rounds,
    movement_for,
)
from tournaments import public_pages
from tournaments.accounts.roles import Account
from tournaments.setup.models import Round, Table, TableAssignment, Team, Tournament

from .errors import OrganizerError
from .tournament import has_results


@dataclass(frozen=True)
class PlanOutcome:
    """A generated plan: the movement stored, and notices for the organizer."""

    movement: Movement
    teams: list[Team]
    warnings: list[str] = field(default_factory=list)

    @property
    def has_phantom(self) -> bool:
        return len(self.teams) % 2 == 1


def render_movement_message(*, template: str, params) -> str:
    """A message of the movement library (English template + params) in the active language."""
    return gettext(template) % dict(params)


def plan_teams(*, tournament: Tournament) -> list[Team]:
    """The teams that take part in the plan: checked in and not withdrawn, by number."""
    return list(
        tournament.teams.filter(checked_in=True, withdrawn=False)
        .select_related("player_one", "player_two")
        .order_by("number")
    )


def default_arrow_switch_rounds(*, rounds: int) -> tuple[int, ...]:
    """The rounds arrow-switched for a one-ranking Mitchell: the last quarter of the rounds.

    Club practice is to switch the last round (or the last few in a long session), which
    keeps the table cards simple: the switch is announced once, near the end. With a single
    round nothing can be switched without merely renaming the two fields.
    """
    if rounds < 2:
        return ()
    count = max(1, rounds // 4)
    return tuple(range(rounds - count + 1, rounds + 1))


def build_movement(*, tournament: Tournament, team_count: int) -> Movement:
    """The movement for this many teams from the tournament's settings (raises MovementError)."""
    switched: tuple[int, ...] = ()
    if tournament.movement_type == MovementKind.MITCHELL and tournament.arrow_switch:
        rounds = tournament.rounds or max_mitchell_rounds(team_count)
        switched = default_arrow_switch_rounds(rounds=rounds)
    return movement_for(
        tournament.movement_type,
        team_count,
        rounds=tournament.rounds,
        boards_per_round=tournament.boards_per_round,
        arrow_switch_rounds=switched,
    )


def generate_plan(*, tournament: Tournament, by: Account | None = None) -> PlanOutcome:
    """Compute the movement for the checked-in teams and store it, replacing any earlier plan.

    Refused once a result exists or hands were released. Rounds start unpublished; tables that
    already existed keep their secret token (printed QR codes stay valid).
    """
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if has_results(tournament=locked):
            raise OrganizerError(
                gettext(
                    "Des résultats ont déjà été saisis : le plan de table ne peut plus être "
                    "régénéré."
                )
            )
        if locked.round_set.filter(hands_released=True).exists():
            raise OrganizerError(
                gettext("Les donnes ont été dévoilées : le plan de table ne peut plus changer.")
            )
        teams = plan_teams(tournament=locked)
        if not teams:
            raise OrganizerError(
                gettext(
                    "Aucune équipe pointée : pointez les équipes présentes avant de générer le "
                    "plan de table."
                )
            )
        try:
            movement = build_movement(tournament=locked, team_count=len(teams))
        except MovementError as error:
            raise OrganizerError(
                gettext("Plan de table impossible : %(reason)s")
                % {"reason": render_movement_message(template=error.template, params=error.params)}
            ) from error
        warnings = []
        for problem in check_movement(movement):
            text = render_movement_message(template=problem.message, params=problem.params)
            if problem.severity is Severity.WARNING:
                warnings.append(text)
            else:
                raise OrganizerError(
                    gettext("Le mouvement calculé est incorrect : %(reason)s") % {"reason": text}
                )
        if locked.arrow_switch and movement.kind == "mitchell" and not movement.single_ranking:
            warnings.append(
                gettext(
                    "Un seul tour : aucun tour ne peut être inversé, le Mitchell garde deux "
                    "classements (Nord-Sud et Est-Ouest)."
                )
            )
        _store(locked, movement, teams)
        locked.plan_generated_at = timezone.now()
        locked.save(update_fields=["plan_generated_at", "updated_at"])
    tournament.plan_generated_at = locked.plan_generated_at
    board_count = tournament.boards.count()
    if board_count and board_count != movement.board_count:
        warnings.append(
            gettext(
                "Les donnes enregistrées (%(boards)s étuis) ne correspondent plus au plan "
                "(%(needed)s étuis) : régénérez les donnes."
            )
            % {"boards": board_count, "needed": movement.board_count}
        )
    return PlanOutcome(movement=movement, teams=teams, warnings=warnings)


def _store(tournament: Tournament, movement: Movement, teams: list[Team]) -> None:
    TableAssignment.objects.filter(round__tournament=tournament).delete()
    Round.objects.filter(tournament=tournament).delete()
    tournament.tables.filter(number__gt=movement.tables).delete()
    tables = {table.number: table for table in tournament.tables.all()}
    missing = [
        Table(tournament=tournament, number=number)
        for number in range(1, movement.tables + 1)
        if number not in tables
    ]
    for table in Table.objects.bulk_create(missing):
        tables[table.number] = table
    rounds = {
        round_.number: round_
        for round_ in Round.objects.bulk_create(
            Round(tournament=tournament, number=number) for number in range(1, movement.rounds + 1)
        )
    }

    def team(number: int | None) -> Team | None:
        # The movement numbers the teams 1..N; the plan uses the N checked-in teams in order.
        return None if number is None else teams[number - 1]

    TableAssignment.objects.bulk_create(
        TableAssignment(
            round=rounds[a.round],
            table=tables[a.table],
            ns_team=team(a.ns),
            ew_team=team(a.ew),
            boards=list(a.boards),
            arrow_switch=a.arrow_switch,
        )
        for a in movement.assignments
    )


@transaction.atomic
def publish_rounds(*, tournament: Tournament, round_numbers=None, published: bool = True) -> int:
    """Publish (or withdraw) the plan of some rounds, or of all when ``round_numbers`` is None."""
    rounds = tournament.round_set.all()
    if round_numbers is not None:
        rounds = rounds.filter(number__in=list(round_numbers))
    changed = rounds.exclude(published=published).update(published=published)
    public_pages.bump(tournament.slug)
    transaction.on_commit(partial(public_pages.bump, tournament.slug))
    return changed

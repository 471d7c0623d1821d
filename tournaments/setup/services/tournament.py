"""Writes on a tournament's set-up: creation, settings, organizers and arbiters, status changes."""

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine.rules import PRESETS, RuleSettings
from tournaments import slugs
from tournaments.accounts.roles import Account
from tournaments.setup.models import TableAssignment, Tournament
from tournaments.setup.signals import rules_changed as rules_changed_signal
from tournaments.setup.signals import scoring_changed

from .errors import OrganizerError

Status = Tournament.Status

#: Status changes an organizer may make (draft → registration → running → finished), including
#: the steps back a real day needs: reopening registration, or a finished tournament for a late
#: correction. The guards in ``transition_problem`` come on top.
TRANSITIONS: dict[str, tuple[str, ...]] = {
    Status.DRAFT: (Status.REGISTRATION,),
    Status.REGISTRATION: (Status.DRAFT, Status.RUNNING),
    Status.RUNNING: (Status.REGISTRATION, Status.FINISHED),
    Status.FINISHED: (Status.RUNNING,),
}

#: Settings that shape the table plan: changing one makes a generated plan out of date.
MOVEMENT_FIELDS = ("movement_type", "rounds", "boards_per_round", "arrow_switch")

#: Tournament fields the settings form writes (besides the rules, organizers and arbiters).
SETTINGS_FIELDS = (
    "name",
    "date",
    "venue",
    "club",
    "rules_preset",
    "scoring_method",
    "movement_type",
    "rounds",
    "boards_per_round",
    "arrow_switch",
    "table_entry",
    "deals_mode",
    "arbiters_see_hands",
    "replay_open_to_all",
    "minutes_per_board",
)


def has_results(*, tournament: Tournament) -> bool:
    """Has any result (even a later deleted one) been entered? Rules and plan are then frozen.

    Asked through the reverse relation: set-up sits below the results app and imports nothing
    of it."""
    return tournament.results.exists()


def has_plan(*, tournament: Tournament) -> bool:
    return TableAssignment.objects.filter(round__tournament=tournament).exists()


def unique_slug(*, name: str, exclude_pk: int | None = None) -> str:
    """A tournament's URL identifier made from the name, unique with a -2, -3… suffix."""
    return slugs.unique_slug(Tournament, name, fallback="tournoi", exclude_pk=exclude_pk)


def chosen_rules(
    *, preset: str, changes: Mapping[str, Any] | None = None, tournament: Tournament | None = None
) -> dict:
    """The rules (règlement) an organizer chose: the settings of ``preset`` with ``changes`` on
    top. A ``tournament`` that keeps its preset starts from the rules it plays now instead, so
    that a change of one setting keeps the others.

    Raises ``ValueError`` (the rules engine's message) when the result is not valid rules.
    """
    if tournament is not None and tournament.rules_preset == preset:
        rules = tournament.rule_settings().to_dict()
    else:
        rules = PRESETS[preset].to_dict()
    rules.update(changes or {})
    return RuleSettings.from_dict(rules).to_dict()


KEEP = object()
"""``update_tournament(organizing_club=KEEP)``: the club stays as it is."""


def _club_of(by, club):
    """The club a tournament is given, if ``by`` organizes it (else refused)."""
    if club is None:
        return None
    if not (by.is_superuser or club.organizers.filter(pk=by.pk).exists()):
        raise OrganizerError(gettext("Vous n'organisez pas ce club."))
    return club


def _validated_rules(rules: dict) -> dict:
    try:
        return RuleSettings.from_dict(rules).to_dict()
    except ValueError as error:
        raise OrganizerError(_("Règles invalides : %(error)s") % {"error": error}) from error


@transaction.atomic
def create_tournament(
    *,
    by: Account,
    fields: dict,
    rules: dict,
    co_organizers: Iterable = (),
    arbiters: Iterable = (),
    organizing_club=None,
) -> Tournament:
    """Create a draft tournament; its creator becomes one of its organizers. ``organizing_club``:
    one of the creator's clubs (its registry gives the players, its seasons may count it)."""
    values = {key: fields[key] for key in SETTINGS_FIELDS if key in fields}
    tournament = Tournament(
        **values,
        slug=unique_slug(name=values["name"]),
        rules=_validated_rules(rules),
        status=Status.DRAFT,
        organizing_club=_club_of(by, organizing_club),
    )
    tournament.full_clean(exclude=["slug"])
    tournament.save()
    tournament.organizers.set({by, *co_organizers})
    tournament.arbiters.set(list(arbiters))
    return tournament


def update_tournament(
    *,
    tournament: Tournament,
    by: Account,
    fields: dict,
    rules: dict | object = KEEP,
    rule_changes: Mapping[str, Any] | None = None,
    co_organizers: Iterable | object = KEEP,
    arbiters: Iterable | object = KEEP,
    organizing_club=KEEP,
) -> list[str]:
    """Save the settings; return notices for the organizer (e.g. "regenerate the plan").

    Only what is given changes, and only those columns are written (``update_fields``), on the
    row locked here: two organizers changing different settings at once both keep their change.
    ``rules``: the whole rules, or ``KEEP`` to start from the locked row's rules (the preset's
    when ``fields`` changes the preset) with ``rule_changes`` on top. ``co_organizers``,
    ``arbiters``, ``organizing_club``: ``KEEP`` leaves them as they are.

    Once results exist the rules and the movement settings are frozen: a change is refused.
    The editing organizer stays an organizer (he is not in the co-organizers list).
    """
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if rules is KEEP:
            preset = fields.get("rules_preset", locked.rules_preset)
            try:
                rules = chosen_rules(preset=preset, changes=rule_changes, tournament=locked)
            except ValueError as error:
                message = _("Règles invalides : %(error)s") % {"error": error}
                raise OrganizerError(message) from error
        rules = _validated_rules(rules)
        frozen = has_results(tournament=locked)
        changed = {
            key for key in SETTINGS_FIELDS if key in fields and fields[key] != getattr(locked, key)
        }
        rules_changed = rules != locked.rule_settings().to_dict() or "rules_preset" in changed
        movement_changed = bool(changed & set(MOVEMENT_FIELDS))
        if frozen:
            _refuse_frozen(rules_changed=rules_changed, movement_changed=movement_changed)
        written = set(changed)
        for key in changed:
            setattr(locked, key, fields[key])
        if organizing_club is not KEEP and organizing_club != locked.organizing_club:
            locked.organizing_club = _club_of(by, organizing_club)
            written.add("organizing_club")
        if rules != locked.rules:
            locked.rules = rules
            written.add("rules")
        locked.full_clean(exclude=["slug"])
        # Saved even when only the staff changed: the receivers of a saved tournament (the
        # public pages' cache, the seasons) hear of every change, as before.
        locked.save(update_fields=[*sorted(written), "updated_at"])
        _set_staff(locked, by=by, co_organizers=co_organizers, arbiters=arbiters)
        if rules_changed:
            rules_changed_signal.send(sender=Tournament, tournament=locked)
        if "scoring_method" in changed and frozen:
            # The standings app listens: every score must be computed again.
            scoring_changed.send(sender=Tournament, tournament=locked)
    tournament.refresh_from_db()
    notices = []
    if movement_changed and has_plan(tournament=tournament):
        notices.append(
            gettext(
                "Les réglages du mouvement ont changé : régénérez le plan de table pour les "
                "appliquer."
            )
        )
    return notices


def _refuse_frozen(*, rules_changed: bool, movement_changed: bool) -> None:
    """Once results exist, the rules and the movement settings no longer change."""
    if rules_changed:
        raise OrganizerError(
            _("Des résultats ont déjà été saisis : les règles ne peuvent plus être modifiées.")
        )
    if movement_changed:
        raise OrganizerError(
            _("Des résultats ont déjà été saisis : le mouvement ne peut plus être modifié.")
        )


def _set_staff(locked: Tournament, *, by, co_organizers, arbiters) -> None:
    """The co-organizers and arbiters given (``KEEP``: unchanged); the editing organizer stays
    one."""
    if co_organizers is not KEEP:
        organizers = set(co_organizers)
        if locked.organizers.filter(pk=by.pk).exists():
            organizers.add(by)
        locked.organizers.set(organizers)
    if arbiters is not KEEP:
        locked.arbiters.set(list(arbiters))


def transition_problem(*, tournament: Tournament, status: str) -> str | None:
    """Why the tournament cannot move to ``status`` now, or None when it can."""
    if status not in TRANSITIONS.get(tournament.status, ()):
        return gettext("Le tournoi ne peut pas passer de « %(current)s » à « %(new)s ».") % {
            "current": tournament.get_status_display(),
            "new": Status(status).label if status in Status.values else status,
        }
    if status == Status.RUNNING and not has_plan(tournament=tournament):
        return gettext("Générez le plan de table avant de lancer le tournoi.")
    if status in (Status.DRAFT, Status.REGISTRATION) and has_results(tournament=tournament):
        return gettext(
            "Des résultats ont déjà été saisis : le tournoi ne peut plus revenir à l'état "
            "« %(status)s »."
        ) % {"status": Status(status).label}
    return None


def allowed_transitions(*, tournament: Tournament) -> list[tuple[str, str, str | None]]:
    """(status, label, problem or None) for each status reachable from the current one."""
    return [
        (status, Status(status).label, transition_problem(tournament=tournament, status=status))
        for status in TRANSITIONS[tournament.status]
    ]


@transaction.atomic
def change_status(*, tournament: Tournament, status: str, by: Account | None = None) -> Tournament:
    """Move the tournament to ``status`` (brouillon, inscriptions, en cours, terminé)."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    problem = transition_problem(tournament=locked, status=status)
    if problem:
        raise OrganizerError(problem)
    locked.status = status
    locked.save(update_fields=["status", "updated_at"])
    tournament.status = status
    return locked

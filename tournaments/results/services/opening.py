"""« Ouvrir la séance »: from a ready set-up to round 1 under way in one act of the organizer.

The day used to open in five places (the state form twice, the plan page's « Publier tous les
tours », the arbiter's « Démarrer le tour »). Once the teams are checked in and the plan, the
deals and the documents are done (the checklist's own steps say so: ``checklist.step_for``),
``open_session`` puts the tournament « En cours », publishes every round and starts round 1,
in one transaction, and writes it in the tournament's journal (``TournamentEvent``). The
checklist's « Ouverture de la séance » step (``opening_step``) offers it, or says what is
missing.
"""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext

from tournaments import checklist
from tournaments.checklist import Step
from tournaments.setup import policy
from tournaments.setup.models import Round, Tournament, TournamentEvent
from tournaments.setup.services import change_status, publish_rounds

from ..exceptions import InvalidAction, ResultForbidden
from .rounds import start_round

Status = Tournament.Status

READY_STEPS = ("checkin", "plan", "deals", "documents")
"""The checklist's steps that must be done before the session opens, in the day's order."""


def _first_round(tournament: Tournament) -> Round | None:
    return Round.objects.filter(tournament=tournament, number=1).first()


def is_open(*, tournament: Tournament) -> bool:
    """The session is under way: the tournament is « En cours » (or over) and round 1 started
    (or every round opened to the tables)."""
    if tournament.status == Status.FINISHED:
        return True
    if tournament.status != Status.RUNNING:
        return False
    first = _first_round(tournament)
    return tournament.all_rounds_open or (first is not None and first.started_at is not None)


def opening_problems(*, tournament: Tournament) -> list[str]:
    """What stands between the set-up and « Ouvrir la séance », one line per step not done
    (« Pointage (3 équipes non pointées) »); empty when the session may open."""
    if is_open(tournament=tournament):
        return [gettext("La séance est déjà ouverte.")]
    problems = []
    for key in READY_STEPS:
        step = checklist.step_for(tournament, key)
        if step is not None and step.state != checklist.DONE:
            problems.append(f"{step.name} ({step.reason})")
    return problems


def opening_step(*, tournament: Tournament) -> Step:
    """« Ouverture de la séance »: done once round 1 is under way; else the one act to take when
    the set-up is ready, or what is missing."""
    name = gettext("Ouverture de la séance")
    url = reverse("tournaments:manage", args=[tournament.slug]) + "#ouvrir-la-seance"
    if is_open(tournament=tournament):
        return Step("opening", name, checklist.DONE, gettext("Séance ouverte"), url)
    problems = opening_problems(tournament=tournament)
    if problems:
        reason = gettext("À terminer d'abord : %(missing)s") % {"missing": " ; ".join(problems)}
        return Step("opening", name, checklist.BLOCKED, reason, url)
    reason = gettext(
        "Tout est prêt : « Ouvrir la séance » passe le tournoi « En cours », publie les tours et "
        "démarre le tour 1"
    )
    return Step("opening", name, checklist.TODO, reason, url)


@transaction.atomic
def open_session(*, tournament: Tournament, by: policy.Who | None = None) -> TournamentEvent:
    """« Ouvrir la séance »: the tournament to « En cours », every round published, round 1
    started, and the act in the tournament's journal. Its organizers only; refused with what
    is missing (``InvalidAction``) when the set-up is not ready."""
    if by is not None and not policy.is_organizer(by, tournament):
        raise ResultForbidden(gettext("Seuls les organisateurs de ce tournoi ouvrent la séance."))
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    problems = opening_problems(tournament=locked)
    if problems:
        raise InvalidAction(
            gettext("Impossible d'ouvrir la séance, à terminer d'abord : %(missing)s.")
            % {"missing": " ; ".join(problems)}
        )
    before = locked.status
    if locked.status == Status.DRAFT:
        change_status(tournament=locked, status=Status.REGISTRATION, by=by)
    if locked.status == Status.REGISTRATION:
        change_status(tournament=locked, status=Status.RUNNING, by=by)
    published = publish_rounds(tournament=locked)
    first = Round.objects.select_for_update().get(tournament=locked, number=1)
    # The organizer's act, checked above: the arbiters' own check of « Démarrer le tour » is not
    # asked again.
    start_round(round_=first)
    tournament.status = locked.status
    return TournamentEvent.objects.create(
        tournament=locked,
        action=TournamentEvent.Action.OPEN_SESSION,
        by=by if by is not None and by.is_authenticated else None,
        details={
            "status": [before, locked.status],
            "published": published,
            "started_round": first.number,
        },
    )

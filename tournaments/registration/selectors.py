"""Reads of the online registration: the entries by state, for the organizer's page, and the
organizer's checklist step."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from tournaments import checklist
from tournaments.checklist import Step
from tournaments.setup.models import Team, Tournament

from .models import Entry, RegistrationSettings


def entries_of(tournament: Tournament, *statuses: str) -> QuerySet[Entry]:
    """The entries in any of ``statuses``, in the order they came: one query with one ORDER BY
    (never a UNION of ordered querysets, which SQLite refuses and PostgreSQL leaves unordered)."""
    return Entry.objects.filter(tournament=tournament, status__in=statuses).order_by(
        "created_at", "pk"
    )


def entries_for_organizer(tournament: Tournament) -> QuerySet[Entry]:
    """Every entry of the tournament in the order they came, with their team."""
    return (
        Entry.objects.filter(tournament=tournament)
        .select_related("team")
        .order_by("created_at", "pk")
    )


def waiting_positions(tournament: Tournament) -> dict[int, int]:
    """The waiting list: entry id → its position (1 for the first pair)."""
    waiting = entries_of(tournament, Entry.Status.WAITING).values_list("pk", flat=True)
    return {pk: position for position, pk in enumerate(waiting, start=1)}


def registration_step(tournament: Tournament) -> Step | None:
    """The checklist's « Inscriptions en ligne »: open or closed, the teams registered, the
    waiting list and the pairs awaiting the organizer's decision — the next step while some
    await it. No step for a tournament whose registration was never opened (neither open now
    nor any pair ever registered)."""
    found = RegistrationSettings.objects.filter(tournament=tournament).first()
    counts = Entry.objects.filter(tournament=tournament).aggregate(
        total=Count("pk"),
        pending=Count("pk", filter=Q(status=Entry.Status.PENDING)),
        waiting=Count("pk", filter=Q(status=Entry.Status.WAITING)),
    )
    is_open = found is not None and found.open
    if not is_open and not counts["total"]:
        return None
    teams = Team.objects.filter(tournament=tournament, withdrawn=False).count()
    parts = [
        ngettext("%(count)s équipe inscrite", "%(count)s équipes inscrites", teams)
        % {"count": teams}
    ]
    if counts["waiting"]:
        parts.append(
            ngettext(
                "%(count)s en liste d'attente", "%(count)s en liste d'attente", counts["waiting"]
            )
            % {"count": counts["waiting"]}
        )
    if counts["pending"]:
        parts.append(
            ngettext("%(count)s à valider", "%(count)s à valider", counts["pending"])
            % {"count": counts["pending"]}
        )
    if is_open and tournament.status == Tournament.Status.REGISTRATION:
        status = gettext("Ouvertes")
    else:
        status = gettext("Fermées")
    return Step(
        key="registration",
        name=gettext("Inscriptions en ligne"),
        state=checklist.TODO if counts["pending"] else checklist.DONE,
        reason=gettext("%(status)s : %(counts)s") % {"status": status, "counts": ", ".join(parts)},
        url=reverse("registration:manage", args=[tournament.slug]),
    )

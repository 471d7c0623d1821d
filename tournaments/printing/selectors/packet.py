"""The packet of the day (the documents printed before the first round): its status, the
organizer's checklist step, and its state for the tests and the command."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from tournaments import checklist
from tournaments.checklist import Step
from tournaments.setup.models import Tournament

from .catalogue import PACKET, PUBLIC_COPIES, Kind, Scope, documents_of, job_is_alive
from .document_rows import DocumentRow, DocumentState, document_row
from .facts import Facts, facts_digest, unavailable_for


@dataclass(frozen=True)
class PacketStatus:
    """The packet's documents that can be made now, by state: up to date, never made (or
    failed), outdated (périmé), being made."""

    ready: int
    missing: int
    stale: int
    in_progress: int

    @property
    def available(self) -> int:
        return self.ready + self.missing + self.stale + self.in_progress


def packet_status(tournament: Tournament) -> PacketStatus:
    """The state of each document of the packet (``PACKET``) that can be made now (a ranking
    before any result cannot). Nothing before the table plan: the rules sheet alone, which
    needs none, is no packet yet."""
    facts = Facts(tournament)
    counts = {"ready": 0, "missing": 0, "stale": 0, "in_progress": 0}
    if unavailable_for(facts, Kind.COMBINED_PACKET, Scope.STAFF) is not None:
        return PacketStatus(**counts)
    stored = documents_of(tournament)
    now = timezone.now()
    for kind, scope in PACKET:
        if unavailable_for(facts, kind, scope) is not None:
            continue
        document = stored.get((kind, scope))
        if document is not None and document.in_progress and job_is_alive(document, now):
            counts["in_progress"] += 1
        elif document is None or not document.has_file:
            counts["missing"] += 1
        elif document.data_version != facts_digest(facts, kind, scope):
            counts["stale"] += 1
        else:
            counts["ready"] += 1
    return PacketStatus(**counts)


def documents_step(tournament: Tournament) -> Step:
    """« Documents »: is the packet made, and up to date with the plan, teams and results?"""
    name = gettext("Documents")
    url = reverse("printing:documents", args=[tournament.slug])
    status = packet_status(tournament)
    if not status.available:
        return Step(
            "documents", name, checklist.BLOCKED, gettext("Générez d'abord le plan de table"), url
        )
    if status.ready == status.available:
        reason = ngettext(
            "%(count)s document à jour", "%(count)s documents à jour", status.ready
        ) % {"count": status.ready}
        return Step("documents", name, checklist.DONE, reason, url)
    parts = []
    if status.missing:
        parts.append(
            ngettext(
                "%(count)s document à générer", "%(count)s documents à générer", status.missing
            )
            % {"count": status.missing}
        )
    if status.stale:
        parts.append(
            ngettext("%(count)s document périmé", "%(count)s documents périmés", status.stale)
            % {"count": status.stale}
        )
    if status.in_progress:
        parts.append(
            ngettext(
                "%(count)s document en cours de génération",
                "%(count)s documents en cours de génération",
                status.in_progress,
            )
            % {"count": status.in_progress}
        )
    state = checklist.IN_PROGRESS if status.ready or status.in_progress else checklist.TODO
    # Every document made, some since out of date (results came in): reprint when convenient.
    can_wait = not status.missing
    return Step("documents", name, state, ", ".join(parts), url, can_wait=can_wait)


def packet_documents() -> tuple[tuple[str, str], ...]:
    """Everything "Générer tout le dossier" makes: the combined PDF, each part of the packet,
    and the public copies."""
    return ((Kind.COMBINED_PACKET, Scope.STAFF), *PACKET, *PUBLIC_COPIES)


@dataclass(frozen=True)
class PacketState:
    """Where the organizer's packet stands: one row per document it makes (``rows``, in the
    order of ``packet_documents``), whoever asks (no download links)."""

    rows: tuple[DocumentRow, ...]

    @property
    def combined(self) -> DocumentRow:
        """The combined PDF (dossier complet en un seul PDF)."""
        return self.rows[0]

    @property
    def can_be_made(self) -> bool:
        """Is there anything to print yet (a table plan)?"""
        return self.combined.unavailable is None

    @property
    def building(self) -> bool:
        return any(row.state == DocumentState.IN_PROGRESS for row in self.rows)

    @property
    def to_build(self) -> list[DocumentRow]:
        """The documents that can be made and are missing, stale, failed or lost."""
        return [
            row
            for row in self.rows
            if not row.unavailable
            and row.state not in (DocumentState.UP_TO_DATE, DocumentState.IN_PROGRESS)
        ]

    @property
    def ready(self) -> bool:
        """Every document that can be made now is made and up to date."""
        return self.can_be_made and not self.building and not self.to_build

    @property
    def available(self) -> int:
        """How many of its documents can be made now."""
        return sum(1 for row in self.rows if not row.unavailable)

    @property
    def up_to_date(self) -> int:
        """How many of those are made and up to date."""
        return sum(1 for row in self.rows if row.state == DocumentState.UP_TO_DATE)


def packet_state(tournament: Tournament) -> PacketState:
    """The state of every document of the packet (see ``PacketState``)."""
    facts = Facts(tournament)
    stored = documents_of(tournament)
    now = timezone.now()
    return PacketState(
        rows=tuple(
            document_row(None, facts, stored, now, kind, scope)
            for kind, scope in packet_documents()
        )
    )

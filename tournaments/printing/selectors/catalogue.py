"""The catalogue of printed documents: the kinds, the scopes each is made in, the packet, the
files' names, and the stored documents and their jobs."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from tournaments.setup.models import Tournament

from ..models import Document

Kind = Document.Kind
Scope = Document.Scope

LAYOUT_VERSION = 4
"""Bump when the templates change what a document shows: every stored file becomes stale."""

KIND_SCOPES: dict[str, tuple[str, ...]] = {
    Kind.COMBINED_PACKET: (Scope.STAFF,),
    Kind.SEATING_POSTER: (Scope.STAFF,),
    Kind.TABLE_CARDS: (Scope.STAFF,),
    Kind.ROUTE_CARDS: (Scope.STAFF,),
    Kind.SCORE_SHEETS: (Scope.STAFF,),
    Kind.TRAVELLERS: (Scope.STAFF, Scope.PUBLIC),
    Kind.HAND_RECORDS: (Scope.STAFF, Scope.PUBLIC),
    Kind.RANKINGS: (Scope.PUBLIC,),
    Kind.SCORECARDS: (Scope.STAFF, Scope.PUBLIC),
    Kind.RULES_SHEET: (Scope.PUBLIC,),
}
"""The scopes each kind is made in. Table cards, route cards (they print every team's secret
code), score sheets, the seating poster and the combined packet are for the staff only;
rankings and the rules sheet (règlement de la marque) are the same for everyone."""

PACKET: tuple[tuple[str, str], ...] = (
    (Kind.RULES_SHEET, Scope.PUBLIC),
    (Kind.SEATING_POSTER, Scope.STAFF),
    (Kind.TABLE_CARDS, Scope.STAFF),
    (Kind.ROUTE_CARDS, Scope.STAFF),
    (Kind.SCORE_SHEETS, Scope.STAFF),
    (Kind.TRAVELLERS, Scope.STAFF),
    (Kind.HAND_RECORDS, Scope.STAFF),
    (Kind.RANKINGS, Scope.PUBLIC),
    (Kind.SCORECARDS, Scope.STAFF),
)
"""The organizer's packet (dossier complet), in printing order: its parts, each a PDF of its
own, and in this order the pages of the combined PDF (``Kind.COMBINED_PACKET``)."""

PUBLIC_COPIES: tuple[tuple[str, str], ...] = tuple(
    (kind, Scope.PUBLIC)
    for kind, scopes in KIND_SCOPES.items()
    if Scope.PUBLIC in scopes and (kind, Scope.PUBLIC) not in PACKET
)
"""The public versions the packet does not hold (travellers, hand records, scorecards): the
packet builds them too, so that the players' page has them as soon as they may be seen."""

JOB_ORDER = (
    Kind.COMBINED_PACKET,
    Kind.SCORE_SHEETS,
    Kind.TRAVELLERS,
    Kind.SCORECARDS,
    Kind.TABLE_CARDS,
    Kind.ROUTE_CARDS,
    Kind.HAND_RECORDS,
    Kind.SEATING_POSTER,
    Kind.RANKINGS,
    Kind.RULES_SHEET,
)
"""The packet's jobs are queued longest first: with several worker processes the short ones
fill the gaps, and the whole packet is ready sooner."""

FILE_NAMES = {
    Kind.COMBINED_PACKET: "dossier-complet",
    Kind.SEATING_POSTER: "plan-de-salle",
    Kind.TABLE_CARDS: "fiches-de-table",
    Kind.ROUTE_CARDS: "fiches-de-route",
    Kind.SCORE_SHEETS: "feuilles-de-marque",
    Kind.TRAVELLERS: "feuilles-ambulantes",
    Kind.HAND_RECORDS: "releve-des-donnes",
    Kind.RANKINGS: "classement",
    Kind.SCORECARDS: "cartes-de-score",
    Kind.RULES_SHEET: "reglement-de-la-marque",
}

QUEUED_STALE_SECONDS = 600
"""A job queued longer ago than this and never started is presumed lost (broker restarted)."""

RUNNING_STALE_SECONDS = 900
"""A job running longer than this is presumed dead (worker killed): a new request may start."""


def is_valid(kind: str, scope: str) -> bool:
    return scope in KIND_SCOPES.get(kind, ())


def file_name(tournament: Tournament, kind: str, scope: str) -> str:
    """The name the PDF is downloaded under: ``<slug>-fiches-de-table.pdf``."""
    suffix = "-public" if scope == Scope.PUBLIC and len(KIND_SCOPES[kind]) > 1 else ""
    return f"{tournament.slug}-{FILE_NAMES[kind]}{suffix}.pdf"


def route_card_file_name(tournament: Tournament, team_number: int) -> str:
    """One team's route card: ``<slug>-fiche-de-route-12.pdf``."""
    return f"{tournament.slug}-fiche-de-route-{team_number}.pdf"


def document_for(tournament: Tournament, kind: str, scope: str) -> Document | None:
    return Document.objects.filter(tournament=tournament, kind=kind, scope=scope).first()


def documents_of(tournament: Tournament) -> dict[tuple[str, str], Document]:
    return {(doc.kind, doc.scope): doc for doc in Document.objects.filter(tournament=tournament)}


def job_is_alive(document: Document, now=None) -> bool:
    """Is a job queued or running for this document and not presumed lost?"""
    now = now or timezone.now()
    if document.status == Document.Status.QUEUED:
        since = document.requested_at or document.created_at
        return since is not None and now - since < timedelta(seconds=QUEUED_STALE_SECONDS)
    if document.status == Document.Status.RUNNING:
        since = document.started_at or document.requested_at
        return since is not None and now - since < timedelta(seconds=RUNNING_STALE_SECONDS)
    return False

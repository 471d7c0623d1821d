"""Reads on printed documents: which ones exist, whether they are stale, who may download them.

The catalogue (``KIND_SCOPES``) says which scopes each kind is made in. ``data_version`` digests
the data a document shows (plan, teams, released rounds, snapshot version...) so a stored file can
be compared with the current data. Secrecy is asked of the deals and standings selectors:
``can_download`` checks what a stored file reveals (``Document.contents``) against what the user
may see now.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Max
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from tournaments import checklist, policy
from tournaments.checklist import Step
from tournaments.deals import selectors as deals
from tournaments.results.table_links import table_entry_url, team_link_url
from tournaments.setup.models import Round, Table, TableAssignment, Team, Tournament
from tournaments.standings import selectors as standings

from .models import Document

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


# ---------------------------------------------------------------------------------------------
# What each document shows: the pieces of its data version, and whether there is anything yet


class Facts:
    """The cheap facts versions and availability are made of, each read once (a few queries)."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament
        self._cache: dict[str, object] = {}

    def _get(self, name: str, compute):
        if name not in self._cache:
            self._cache[name] = compute()
        return self._cache[name]

    @property
    def header(self) -> list:
        t = self.tournament
        return [
            t.name,
            t.date.isoformat(),
            t.venue,
            t.club,
            t.scoring_method,
            t.movement_type,
            t.table_entry,
            t.rules_preset,
            t.rules,
            settings.LANGUAGE_CODE,
            LAYOUT_VERSION,
        ]

    @property
    def plan(self) -> list:
        return self._get(
            "plan",
            lambda: list(
                TableAssignment.objects.filter(round__tournament=self.tournament)
                .order_by("round__number", "table__number")
                .values_list(
                    "round__number",
                    "table__number",
                    "ns_team_id",
                    "ew_team_id",
                    "boards",
                    "arrow_switch",
                )
            ),
        )

    @property
    def has_plan(self) -> bool:
        return bool(self.plan)

    @property
    def tables(self) -> list:
        """Each table's entry URL (its QR code on the table card), when players enter results."""

        def compute():
            tables = Table.objects.filter(tournament=self.tournament).order_by("number")
            if not self.tournament.table_entry:
                return [table.number for table in tables]
            return [(table.number, table_entry_url(table)) for table in tables]

        return self._get("tables", compute)

    @property
    def teams(self) -> list:
        return self._get(
            "teams",
            lambda: list(
                Team.objects.filter(tournament=self.tournament)
                .order_by("number")
                .values_list(
                    "pk",
                    "number",
                    "name",
                    "withdrawn",
                    "player_one__first_name",
                    "player_one__last_name",
                    "player_two__first_name",
                    "player_two__last_name",
                )
            ),
        )

    @property
    def team_secrets(self) -> list:
        """Each team's code and own link (its route card), when players enter results."""

        def compute():
            if not self.tournament.table_entry:
                return []
            teams = Team.objects.filter(tournament=self.tournament).order_by("number")
            return [(team.number, team.code, team_link_url(team)) for team in teams]

        return self._get("team_secrets", compute)

    @property
    def released_rounds(self) -> list:
        return self._get(
            "released",
            lambda: list(
                Round.objects.filter(tournament=self.tournament)
                .order_by("number")
                .values_list("number", "hands_released")
            ),
        )

    @property
    def boards(self) -> list:
        def compute():
            stats = self.tournament.boards.aggregate(count=Count("pk"), last=Max("updated_at"))
            last = stats["last"].isoformat() if stats["last"] else None
            return [stats["count"], last]

        return self._get("boards", compute)

    @property
    def analyses(self) -> list:
        """The boards' double-dummy analyses printed on the hand records (deals)."""
        return self._get("analyses", lambda: deals.analyses_version(self.tournament))

    @property
    def scores_version(self) -> int:
        return self._get("scores", lambda: standings.freshness(self.tournament).version)

    @property
    def recorded_hands(self) -> list[int]:
        """Stored boards whose four hands are recorded (what the staff hand records print)."""
        return self._get(
            "recorded",
            lambda: [
                board.number
                for board in self.tournament.boards.order_by("number")
                if board.has_hands
            ],
        )

    @property
    def public_hands(self) -> list[int]:
        """Recorded boards whose hands everybody may see (deals' secrecy rule)."""

        def compute():
            visible = deals.visible_board_numbers(AnonymousUser(), self.tournament)
            return [number for number in self.recorded_hands if number in visible]

        return self._get("public_hands", compute)

    @property
    def finished_boards(self) -> list[int]:
        """Boards with a counted result at every table that plays them (standings' rule)."""
        return self._get(
            "finished",
            lambda: [
                status.board
                for status in standings.board_statuses(self.tournament)
                if status.finished
            ],
        )

    @property
    def has_ranking(self) -> bool:
        return self._get("ranking", lambda: standings.current_ranking(self.tournament) is not None)


_PIECES = {
    Kind.SEATING_POSTER: ("header", "plan", "teams"),
    Kind.TABLE_CARDS: ("header", "plan", "teams", "tables"),
    Kind.ROUTE_CARDS: ("header", "plan", "teams", "team_secrets"),
    Kind.SCORE_SHEETS: ("header", "plan", "teams"),
    Kind.TRAVELLERS: ("header", "plan", "teams", "scores_version"),
    Kind.HAND_RECORDS: (
        "header",
        "plan",
        "boards",
        "released_rounds",
        "scores_version",
        "analyses",
    ),
    Kind.RANKINGS: ("header", "teams", "scores_version"),
    Kind.SCORECARDS: ("header", "plan", "teams", "scores_version"),
    # The header holds the preset and the stored rules: all the rules sheet shows.
    Kind.RULES_SHEET: ("header",),
}


def _digest(facts: Facts, kind: str, scope: str) -> str:
    if kind == Kind.COMBINED_PACKET:
        # The combined PDF shows what its parts show, and which of them can be made.
        values = [kind, scope, LAYOUT_VERSION]
        for part_kind, part_scope in PACKET:
            available = unavailable_for(facts, part_kind, part_scope) is None
            values.append([part_kind, part_scope, available, _digest(facts, part_kind, part_scope)])
    else:
        values = [kind, scope, *(getattr(facts, piece) for piece in _PIECES[kind])]
    text = json.dumps(values, default=str, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def data_version(tournament: Tournament, kind: str, scope: str) -> str:
    """A digest of the data the document shows: it changes when the printed pages would."""
    return _digest(Facts(tournament), kind, scope)


def unavailable_for(facts: Facts, kind: str, scope: str) -> str | None:
    plan_kinds = (
        Kind.COMBINED_PACKET,
        Kind.SEATING_POSTER,
        Kind.TABLE_CARDS,
        Kind.ROUTE_CARDS,
        Kind.SCORE_SHEETS,
        Kind.TRAVELLERS,
        Kind.SCORECARDS,
    )
    if kind in plan_kinds and not facts.has_plan:
        return gettext("Le plan de table n'est pas encore généré.")
    # Staff travellers print blank lines for the tables still to play: the plan is enough.
    needs_scores = kind in (Kind.SCORECARDS, Kind.RANKINGS) or (
        kind == Kind.TRAVELLERS and scope == Scope.PUBLIC
    )
    if needs_scores and not facts.scores_version:
        return gettext("Aucun résultat n'est encore classé.")
    if kind == Kind.RANKINGS and not facts.has_ranking:
        return gettext("Le classement n'est pas encore calculé.")
    public_results = kind in (Kind.TRAVELLERS, Kind.SCORECARDS) and scope == Scope.PUBLIC
    if public_results and not facts.finished_boards:
        return gettext("Aucun étui n'est encore terminé à toutes les tables.")
    if kind == Kind.HAND_RECORDS:
        if not facts.recorded_hands:
            return gettext("Aucune donne n'est enregistrée (donnes non enregistrées).")
        if scope == Scope.PUBLIC and not facts.public_hands:
            return gettext("Le relevé des donnes n'est pas encore publié.")
    return None


def unavailable_reason(tournament: Tournament, kind: str, scope: str) -> str | None:
    """Why there is nothing to print yet (no plan, no result...), in the active language;
    None when the document can be made."""
    return unavailable_for(Facts(tournament), kind, scope)


# ---------------------------------------------------------------------------------------------
# Who may download what


def _hands_visible(user, tournament: Tournament, boards) -> bool:
    boards = set(boards or ())
    if not boards:
        return True
    return boards <= deals.visible_board_numbers(user, tournament)


def _results_visible(user, tournament: Tournament, boards) -> bool:
    """Travellers' rule (``standings.can_see_traveller``) for many boards in two queries:
    staff always, players once each board is finished at every table."""
    boards = set(boards or ())
    if not boards or policy.can_see_board_results(user, tournament, finished_everywhere=False):
        return True
    finished = {status.board for status in standings.board_statuses(tournament) if status.finished}
    return boards <= finished


def may_see_tournament(user, tournament: Tournament) -> bool:
    """A draft tournament exists only for its staff."""
    return policy.can_see_tournament(user, tournament)


def may_request(user, tournament: Tournament) -> bool:
    """Organizers ask for documents to be made (the packet, a rebuild)."""
    return policy.can_order_documents(user, tournament)


def may_open_documents_page(user, tournament: Tournament) -> bool:
    """The staff "Documents" page: organizers and arbiters."""
    return policy.can_see_staff_pages(user, tournament)


def scope_allowed(user, tournament: Tournament, kind: str, scope: str) -> bool:
    """May ``user`` download this kind in this scope at all (before looking at its contents)?

    Staff documents: organizers and arbiters (staff hand records only for those who may see
    every hand; route cards for those who may see every team's code). Public documents:
    whoever may see the tournament.
    """
    if not may_see_tournament(user, tournament):
        return False
    if scope == Scope.STAFF:
        if not policy.is_arbiter(user, tournament):
            return False
        if kind == Kind.HAND_RECORDS:
            return deals.sees_all_hands(user, tournament)
        if kind == Kind.ROUTE_CARDS:
            return policy.can_see_team_secrets(user, tournament)
        if kind == Kind.COMBINED_PACKET:
            # Every part in one file: for whoever may have each of them (route cards' codes,
            # the staff hand records).
            return all(
                scope_allowed(user, tournament, part_kind, part_scope)
                for part_kind, part_scope in PACKET
            )
        return True
    return True


def can_download(user, document: Document) -> bool:
    """May ``user`` download this stored file now? The scope's rule, then what the file reveals
    (hands of boards, results of boards) checked against what ``user`` may see now."""
    tournament = document.tournament
    if not document.has_file:
        return False
    if not scope_allowed(user, tournament, document.kind, document.scope):
        return False
    contents = document.contents or {}
    return _hands_visible(user, tournament, contents.get("hands")) and _results_visible(
        user, tournament, contents.get("results")
    )


# ---------------------------------------------------------------------------------------------
# The Documents page


class DocumentState(StrEnum):
    """Where a document stands, in one word (the badge of the Documents page)."""

    UP_TO_DATE = "up_to_date"  # à jour
    STALE = "stale"  # périmé: the data changed since the file was made
    IN_PROGRESS = "in_progress"  # en attente / en cours
    LOST = "lost"  # interrompu: the job no longer answers
    FAILED = "failed"  # échec
    NOT_BUILT = "not_built"  # pas encore généré, though it could be
    UNAVAILABLE = "unavailable"  # nothing to print yet (``DocumentRow.unavailable`` says why)


@dataclass(frozen=True)
class DocumentRow:
    """One line of the Documents page: a kind in a scope, its stored document and its state."""

    kind: str
    scope: str
    document: Document | None
    current_version: str
    unavailable: str | None
    downloadable: bool
    alive: bool

    @property
    def label(self) -> str:
        return str(Kind(self.kind).label)

    @property
    def scope_label(self) -> str:
        return str(Scope(self.scope).label)

    @property
    def has_file(self) -> bool:
        return self.document is not None and self.document.has_file

    @property
    def stale(self) -> bool:
        """The stored file shows older data than the current one (périmé)."""
        return self.has_file and self.document.data_version != self.current_version

    @property
    def in_progress(self) -> bool:
        return self.document is not None and self.document.in_progress and self.alive

    @property
    def failed(self) -> bool:
        return self.document is not None and self.document.status == Document.Status.FAILED

    @property
    def lost(self) -> bool:
        """A job was queued or started but seems lost (worker killed, broker restarted)."""
        return self.document is not None and self.document.in_progress and not self.alive

    @property
    def state(self) -> DocumentState:
        """The one state the Documents page shows, in the same order of precedence."""
        if self.in_progress:
            return DocumentState.IN_PROGRESS
        if self.lost:
            return DocumentState.LOST
        if self.failed:
            return DocumentState.FAILED
        if self.has_file:
            return DocumentState.STALE if self.stale else DocumentState.UP_TO_DATE
        if self.unavailable:
            return DocumentState.UNAVAILABLE
        return DocumentState.NOT_BUILT


def _row(user, facts: Facts, stored: dict, now, kind: str, scope: str) -> DocumentRow:
    """``user`` None: the row without a download link (the packet's state, whoever asks)."""
    document = stored.get((kind, scope))
    return DocumentRow(
        kind=kind,
        scope=scope,
        document=document,
        current_version=_digest(facts, kind, scope),
        unavailable=unavailable_for(facts, kind, scope),
        downloadable=user is not None and document is not None and can_download(user, document),
        alive=document is not None and job_is_alive(document, now),
    )


def document_rows(user, tournament: Tournament, *, scopes=None) -> list[DocumentRow]:
    """Every kind and scope ``user`` may download (in ``scopes``, default all), in the order of
    the catalogue, with its stored document, staleness and availability."""
    facts = Facts(tournament)
    stored = documents_of(tournament)
    now = timezone.now()
    rows = []
    for kind, kind_scopes in KIND_SCOPES.items():
        for scope in kind_scopes:
            if scopes is not None and scope not in scopes:
                continue
            if not scope_allowed(user, tournament, kind, scope):
                continue
            rows.append(_row(user, facts, stored, now, kind, scope))
    return rows


# ---------------------------------------------------------------------------------------------
# The organizer's checklist: the packet (dossier complet)


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
        elif document.data_version != _digest(facts, kind, scope):
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


# ---------------------------------------------------------------------------------------------
# The packet as a whole (the Documents page's summary, the organizer's checklist)


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
            _row(None, facts, stored, now, kind, scope) for kind, scope in packet_documents()
        )
    )

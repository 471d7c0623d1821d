"""The documents page's rows: each document's state (missing, queued, ready, stale...) and what
the user may do with it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.utils import timezone

from tournaments.setup.models import Tournament

from ..models import Document
from .access import can_download, scope_allowed
from .catalogue import KIND_SCOPES, Kind, Scope, documents_of, job_is_alive
from .facts import Facts, facts_digest, unavailable_for


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


def document_row(user, facts: Facts, stored: dict, now, kind: str, scope: str) -> DocumentRow:
    """``user`` None: the row without a download link (the packet's state, whoever asks)."""
    document = stored.get((kind, scope))
    return DocumentRow(
        kind=kind,
        scope=scope,
        document=document,
        current_version=facts_digest(facts, kind, scope),
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
            rows.append(document_row(user, facts, stored, now, kind, scope))
    return rows

"""Writes on printed documents: asking for a document or the whole packet, and the job's body.

``request_document`` records the request and queues a Celery job after the commit (without a
broker, in a thread of the web process: ``tournaments.background``). Requests are coalesced: a
job queued and not started yet will read the latest data anyway, so asking again queues
nothing. Each request bumps ``generation``; a job stores its file only if no newer request came
in meanwhile, so a slow job never overwrites a newer document, and an old file is removed only
once its replacement is stored.
"""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta
from enum import Enum
from functools import partial

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournaments import background
from tournaments.accounts.roles import Account
from tournaments.jobs import BrokerUnavailable, after_commit, publish
from tournaments.setup.models import Tournament

from . import documents, selectors
from .models import Document
from .tasks import build_document_task

logger = logging.getLogger(__name__)

IN_BACKGROUND = "background"
"""``settings.DOCUMENTS_IN_PROCESS``: without a broker, the jobs run in the process's documents
thread (the default); any other value runs them in the request, after its commit."""

RETRY_FAILED_SECONDS = 60
"""A failed document is remade on a download request no sooner than this after the failure."""

BROKER_DOWN = gettext_lazy(
    "Le service de génération des documents est injoignable : réessayez dans un instant."
)
UNEXPECTED = gettext_lazy(
    "La génération a échoué sur une erreur inattendue ; l'administrateur en trouvera le détail "
    "dans le journal."
)


class InvalidDocument(ValueError):
    """A kind or scope that does not exist, or a scope that kind is not made in."""


class Outcome(Enum):
    """What a job did."""

    STORED = "stored"  # a new file was stored
    SUPERSEDED = "superseded"  # a newer request came in: this job's work was dropped
    NOTHING_TO_PRINT = "nothing_to_print"  # no plan, no result... (status FAILED, reason shown)
    FAILED = "failed"  # an unexpected error (status FAILED, logged)
    MISSING = "missing"  # the document row no longer exists


class Superseded(Exception):
    """A newer request came in while the job was rendering."""


def _check(kind: str, scope: str) -> None:
    if not selectors.is_valid(kind, scope):
        raise InvalidDocument(f"no document {kind!r} in scope {scope!r}")


def request_document(
    *, tournament: Tournament, kind: str, scope: str, by: Account | None = None, force: bool = False
) -> Document:
    """Ask for the document to be (re)made; return its row.

    Nothing is queued when a job for it is already waiting (it will read the latest data), nor,
    unless ``force``, when one is running on the current data or the stored file is up to date.
    Raises ``InvalidDocument`` for an unknown kind or scope.
    """
    _check(kind, scope)
    version = selectors.data_version(tournament, kind, scope)
    with transaction.atomic():
        document, _created = Document.objects.select_for_update().get_or_create(
            tournament=tournament,
            kind=kind,
            scope=scope,
            defaults={"status": Document.Status.QUEUED},
        )
        if not _created and not _needs_job(document, version, force):
            return document
        document.generation += 1
        document.status = Document.Status.QUEUED
        document.progress = 0
        document.error = ""
        document.requested_at = timezone.now()
        document.requested_by = by if by is not None and by.is_authenticated else None
        document.started_at = None
        document.save()
        after_commit(_enqueue, document.pk, document.generation)
    return document


def _needs_job(document: Document, version: str, force: bool) -> bool:
    alive = selectors.job_is_alive(document)
    if alive and document.status == Document.Status.QUEUED:
        return False
    if force:
        return True
    if document.status == Document.Status.FAILED and document.finished_at is not None:
        # Downloads retry a failed document at most once a minute, not at every click.
        return timezone.now() - document.finished_at >= timedelta(seconds=RETRY_FAILED_SECONDS)
    if alive:
        # Running: it read the data when it started; queue another only if the data moved on
        # since the request it serves (a stale file will show on the page otherwise).
        return False
    up_to_date = document.status == Document.Status.READY and document.data_version == version
    return not (up_to_date and document.file)


def _in_process() -> bool:
    """No broker: Celery would run the job in the process (``task_always_eager``)."""
    return bool(build_document_task.app.conf.task_always_eager)


def _enqueue(document_id: int, generation: int) -> None:
    """Hand the job to Celery; on a broker failure the document shows the error at once.

    Without a broker (``bin/run``) the job goes to the process's documents thread
    (``tournaments.background``), never into the request that asked for it: the page answers
    at once and shows the progress (``DOCUMENTS_IN_PROCESS=1`` runs it here, for tests and
    scripts)."""
    if _in_process() and settings.DOCUMENTS_IN_PROCESS == IN_BACKGROUND:
        background.documents.submit(
            ("document", document_id, generation),
            partial(build_document, document_id=document_id, generation=generation),
        )
        return
    try:
        publish(build_document_task, (document_id, generation))
    except BrokerUnavailable as error:
        logger.warning("document %s: broker unreachable (%s)", document_id, error)
        _fail(document_id, generation, str(BROKER_DOWN))


def request_packet(
    *, tournament: Tournament, by: Account | None = None, force: bool = False
) -> list[Document]:
    """Ask for every document of the organizer's packet that can be made now: the combined PDF,
    each part, and the public copies (``selectors.packet_documents``); return them in the order
    their jobs were queued: the staff's longest first, then the public copies."""
    requested = []
    packet = sorted(
        selectors.packet_documents(),
        key=lambda pair: (pair[1] == Document.Scope.PUBLIC, selectors.JOB_ORDER.index(pair[0])),
    )
    for kind, scope in packet:
        if selectors.unavailable_reason(tournament, kind, scope) is not None:
            continue
        requested.append(
            request_document(tournament=tournament, kind=kind, scope=scope, by=by, force=force)
        )
    return requested


def forget_missing_file(*, document: Document) -> None:
    """The stored file has gone from the disk (restored backup, cleaned volume): forget it, so
    that the next request makes the document again."""
    Document.objects.filter(pk=document.pk, file=document.file.name).update(
        file="", file_size=0, pages=0
    )


def ensure_fresh(*, tournament: Tournament, kind: str, scope: str) -> Document | None:
    """For a download: queue a rebuild when the stored file is missing or stale and nothing is
    being made; return the row (None when there is nothing to print yet)."""
    _check(kind, scope)
    if selectors.unavailable_reason(tournament, kind, scope) is not None:
        return selectors.document_for(tournament, kind, scope)
    return request_document(tournament=tournament, kind=kind, scope=scope)


# ---------------------------------------------------------------------------------------------
# The job


def _claimed(document_id: int, generation: int):
    return Document.objects.filter(pk=document_id, generation=generation)


def _fail(document_id: int, generation: int, message: str) -> None:
    _claimed(document_id, generation).update(
        status=Document.Status.FAILED, error=message, finished_at=timezone.now()
    )


def _storage_name(document: Document) -> str:
    # Unguessable, and never the name of the file it replaces.
    token = secrets.token_hex(8)
    return (
        f"printing/{document.tournament_id}/"
        f"{document.kind}-{document.scope}-{document.generation}-{token}.pdf"
    )


def build_document(*, document_id: int, generation: int) -> Outcome:
    """Make the PDF of a requested document and store it (the body of the Celery job)."""
    document = Document.objects.select_related("tournament").filter(pk=document_id).first()
    if document is None:
        return Outcome.MISSING
    if document.generation != generation:
        return Outcome.SUPERSEDED
    claimed = _claimed(document_id, generation).update(
        status=Document.Status.RUNNING, started_at=timezone.now(), progress=0
    )
    if not claimed:
        return Outcome.SUPERSEDED
    tournament = document.tournament
    # Read before the data: if it changes while we print, the file shows as stale.
    version = selectors.data_version(tournament, document.kind, document.scope)

    def progress(done: int, total: int, pages: int) -> None:
        percent = min(99, int(100 * done / total)) if total else 99
        if not _claimed(document_id, generation).update(progress=percent):
            raise Superseded

    try:
        rendered = documents.make_pdf(tournament, document.kind, document.scope, progress)
    except Superseded:
        return Outcome.SUPERSEDED
    except documents.NothingToPrint as nothing:
        _fail(document_id, generation, nothing.reason)
        return Outcome.NOTHING_TO_PRINT
    except Exception:
        logger.exception("document %s (%s) could not be made", document_id, document.kind)
        _fail(document_id, generation, str(UNEXPECTED))
        return Outcome.FAILED
    return _store(document, generation, rendered, version)


def _store(document: Document, generation: int, rendered, version: str) -> Outcome:
    name = default_storage.save(_storage_name(document), ContentFile(rendered.pdf))
    with transaction.atomic():
        current = Document.objects.select_for_update().filter(pk=document.pk).first()
        if current is None or current.generation != generation:
            transaction.on_commit(partial(_delete_file, name))
            return Outcome.SUPERSEDED
        old_name = current.file.name if current.file else ""
        now = timezone.now()
        current.file.name = name
        current.file_size = len(rendered.pdf)
        current.pages = rendered.pages
        current.contents = rendered.contents
        current.data_version = version
        current.status = Document.Status.READY
        current.progress = 100
        current.error = ""
        current.built_at = now
        current.finished_at = now
        current.save()
        if old_name and old_name != name:
            transaction.on_commit(partial(_delete_file, old_name))
    return Outcome.STORED


def _delete_file(name: str) -> None:
    try:
        default_storage.delete(name)
    except OSError:
        logger.warning("could not delete the old document file %s", name)


def delete_document_file(*, document: Document) -> None:
    """Remove a document's file once the row is gone (the post_delete signal)."""
    if document.file:
        transaction.on_commit(partial(_delete_file, document.file.name))

"""Celery jobs of the printing app: make one document's PDF and store it.

Thin: the task calls the service (imported inside it, so that the services may import the task
to publish it). Acknowledged late (a worker lost mid-run leaves the message to another one)
and retried on database errors; a job superseded by a newer request stops at its next section.
"""

from celery import shared_task

from tournaments.jobs import task_options


@shared_task(
    name="printing.build_document",
    **task_options(retried=True, retry_backoff=2, max_retries=5),
)
def build_document_task(document_id: int, generation: int) -> str:
    """Make and store the PDF of ``document_id`` for request ``generation``
    (``services.build_document``)."""
    from .services import build_document

    return build_document(document_id=document_id, generation=generation).value

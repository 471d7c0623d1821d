"""Celery job of the events: recompute an event's national figures."""

from celery import shared_task

from tournaments.jobs import task_options


@shared_task(name="standings.recompute_event", **task_options(retried=True))
def recompute_event_task(event_id: int) -> int:
    """Recompute an event's figures across the field (``recomputation.recompute_event``)."""
    from .services import recompute_event

    return recompute_event(event_id=event_id)

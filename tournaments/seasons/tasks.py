"""Celery jobs of the seasons: compute a season's ranking; catch up on stale seasons.

Thin (the jobs pattern): each calls one service, imported inside the task. Idempotent,
acknowledged late, retried on database errors; routed to the ``standings`` queue (short)."""

from celery import shared_task
from django.db import DatabaseError, InterfaceError


@shared_task(
    name="seasons.recompute",
    acks_late=True,
    ignore_result=True,
    autoretry_for=(DatabaseError, InterfaceError),
    retry_backoff=1,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=10,
)
def recompute_season_task(season_id: int) -> int:
    """Compute and store a season's ranking (``services.recompute_season``)."""
    from .services import recompute_season

    standing = recompute_season(season_id)
    return len(standing.lines) if standing is not None else -1


@shared_task(name="seasons.catch_up", acks_late=True, ignore_result=True)
def catch_up_task() -> list[int]:
    """Compute every season whose ranking is stale (a job lost while the broker was away)."""
    from .services import catch_up

    return catch_up()

"""Celery jobs of the seasons: compute a season's ranking; catch up on stale seasons.

Thin (the jobs pattern): each calls one service, imported inside the task. Idempotent,
acknowledged late, retried on database errors; routed to the ``standings`` queue (short)."""

from celery import shared_task

from tournaments.jobs import task_options


@shared_task(
    name="seasons.recompute",
    **task_options(retried=True),
)
def recompute_season_task(season_id: int) -> int:
    """Compute and store a season's ranking (``services.recompute_season``)."""
    from .services import recompute_season

    standing = recompute_season(season_id=season_id)
    return len(standing.lines) if standing is not None else -1


@shared_task(name="seasons.catch_up", **task_options(retried=False))
def catch_up_task() -> list[int]:
    """Compute every season whose ranking is stale (a job lost while the broker was away)."""
    from .services import catch_up

    return catch_up()

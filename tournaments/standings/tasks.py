"""Celery jobs of the standings: recompute a tournament, and catch up on every stale tournament.

Tasks are thin: each calls one function of the services (imported inside the task, so that
the services may import the tasks to publish them).

Both are idempotent (a run with nothing new writes nothing), acknowledged late (a worker lost
mid-run leaves the message to another one) and retried with backoff on database errors.
"""

import logging

from celery import shared_task
from celery.signals import worker_ready

from tournaments.jobs import task_options

logger = logging.getLogger(__name__)

CATCH_UP_EXPIRES_SECONDS = 30
"""A catch-up still queued after this long is dropped: the next beat tick sends a fresh one."""


@shared_task(
    name="standings.recompute_tournament",
    **task_options(retried=True),
)
def recompute_tournament_task(tournament_id: int) -> str:
    """Recompute a tournament's board scores and rankings (see ``recomputation.recompute``)."""
    from .services import recompute_tournament

    return recompute_tournament(tournament_id=tournament_id)


@shared_task(name="standings.catch_up", **task_options(retried=False))
def catch_up_task() -> list[int]:
    """Recompute every tournament whose scores are stale and no job takes care of (run by beat
    every few seconds and when a worker starts; see ``services.catch_up``)."""
    from .services import catch_up

    return catch_up()


@worker_ready.connect
def catch_up_when_a_worker_starts(sender=None, **kwargs) -> None:
    """A worker (re)starting may have missed changes made while nothing was running."""
    try:
        catch_up_task.apply_async(expires=CATCH_UP_EXPIRES_SECONDS)
    except Exception:
        logger.exception("could not queue the catch-up at worker start")

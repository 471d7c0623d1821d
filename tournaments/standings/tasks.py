"""Celery jobs of the standings: recompute a tournament, and catch up on every stale tournament.

Both are idempotent (a run with nothing new writes nothing), acknowledged late (a worker lost
mid-run leaves the message to another one) and retried with backoff on database errors.
"""

import logging

from celery import shared_task
from celery.signals import worker_ready
from django.db import DatabaseError, InterfaceError

from .recomputation import recompute
from .selectors import tournaments_to_catch_up

logger = logging.getLogger(__name__)

CATCH_UP_EXPIRES_SECONDS = 30
"""A catch-up still queued after this long is dropped: the next beat tick sends a fresh one."""


@shared_task(
    name="standings.recompute_tournament",
    acks_late=True,
    ignore_result=True,
    autoretry_for=(DatabaseError, InterfaceError),
    retry_backoff=1,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=10,
)
def recompute_tournament(tournament_id: int) -> str:
    """Recompute a tournament's board scores and rankings (see ``recomputation.recompute``)."""
    report = recompute(tournament_id)
    return report.outcome.value


@shared_task(name="standings.catch_up", acks_late=True, ignore_result=True)
def catch_up() -> list[int]:
    """Recompute every tournament whose scores are stale and that no job is taking care of.

    Run by beat every few seconds and when a worker starts: result changes made while the
    broker was down reach the rankings with no manual step. Returns the tournaments recomputed.
    """
    done = []
    for tournament_id in tournaments_to_catch_up():
        try:
            recompute(tournament_id)
        except Exception:
            # The next tick tries again; the other tournaments need not wait for this one.
            logger.exception("catch-up of tournament %s failed", tournament_id)
            continue
        done.append(tournament_id)
    if done:
        logger.info("caught up on tournaments %s", done)
    return done


@worker_ready.connect
def catch_up_when_a_worker_starts(sender=None, **kwargs) -> None:
    """A worker (re)starting may have missed changes made while nothing was running."""
    try:
        catch_up.apply_async(expires=CATCH_UP_EXPIRES_SECONDS)
    except Exception:
        logger.exception("could not queue the catch-up at worker start")

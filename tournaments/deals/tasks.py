"""Celery jobs of the deals: the double-dummy analysis of the boards (queue ``analysis``).

Thin, like every task: each calls one function of ``deals.analysis`` (imported inside the
task). Idempotent, acknowledged late, retried with backoff on database errors.
"""

import logging

from celery import shared_task
from celery.signals import worker_ready

from tournaments import jobs

logger = logging.getLogger(__name__)


@shared_task(name="analysis.analyse_boards", **jobs.RETRIED_JOB)
def analyse_boards_task(tournament_id: int, board_numbers: list[int] | None = None) -> int:
    """Analyse the boards of a tournament lacking a current analysis (all, or these numbers)."""
    from .analysis import analyse_boards

    return analyse_boards(tournament_id, board_numbers)


@shared_task(name="analysis.catch_up", **jobs.JOB)
def catch_up_task() -> list[int]:
    """Queue the analysis of every tournament with boards left unanalysed (when a worker
    starts, and by beat every five minutes: ``analysis-catch-up``)."""
    from .analysis import catch_up

    return catch_up()


@worker_ready.connect
def catch_up_when_a_worker_starts(sender=None, **kwargs) -> None:
    """Analyses published while the broker was away are caught up when a worker starts."""
    try:
        catch_up_task.apply_async()
    except Exception:
        logger.exception("could not queue the analysis catch-up at worker start")

"""Celery jobs of the games: the robots' turns (queue ``robots``), the review of a game over
(queue ``analysis``).

Thin, like every task: it calls ``services.play_robots`` (imported inside the task), which acts
only when a robot is to play at the action number expected: a job run twice adds nothing.
"""

import logging

from celery import shared_task
from celery.signals import worker_ready

from tournaments.jobs import task_options

logger = logging.getLogger(__name__)


@shared_task(name="robots.play_turns", **task_options(retried=True))
def play_robots_task(game_id: int, expected: int) -> int:
    """Play the robots' turns of a game from action ``expected`` (docs/play.md)."""
    from .services import play_robots

    return play_robots(game_id=game_id, expected=expected)


@shared_task(name="robots.catch_up", **task_options(retried=False))
def catch_up_task() -> list[int]:
    """Queue again the robots' turns of games left waiting (when a worker starts, and by beat
    every 30 seconds: ``robots-catch-up``)."""
    from .services import catch_up_robots

    return catch_up_robots()


@worker_ready.connect
def catch_up_when_a_worker_starts(sender=None, **kwargs) -> None:
    """Games whose robots' job was lost with a worker resume when a worker starts."""
    try:
        catch_up_task.apply_async()
    except Exception:
        logger.exception("could not queue the robots' catch-up at worker start")


@shared_task(name="analysis.review_game", **task_options(retried=True))
def review_game_task(game_id: int) -> bool:
    """The double-dummy review of South's cards once the game is over (queue ``analysis``:
    nobody waits at a card for it)."""
    from .review import review_game

    return review_game(game_id)

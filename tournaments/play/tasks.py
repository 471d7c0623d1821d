"""Celery jobs of the games: the robots' turns (queue ``robots``).

Thin, like every task: it calls ``services.play_robots`` (imported inside the task), which acts
only when a robot is to play at the action number expected: a job run twice adds nothing.
"""

from celery import shared_task
from django.db import DatabaseError, InterfaceError


@shared_task(
    name="robots.play_turns",
    acks_late=True,
    ignore_result=True,
    autoretry_for=(DatabaseError, InterfaceError),
    retry_backoff=1,
    retry_backoff_max=30,
    retry_jitter=True,
    max_retries=10,
)
def play_robots_task(game_id: int, expected: int) -> int:
    """Play the robots' turns of a game from action ``expected`` (docs/play.md)."""
    from .services import play_robots

    return play_robots(game_id=game_id, expected=expected)

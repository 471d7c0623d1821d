"""The double-dummy review of a game over (docs/play.md, « The replay »): for each of South's
cards, the points South's side would take with each legal card, the four hands seen
(``scoring.robots.review``), stored on the game (``Game.review``).

Never in a request: once the game is finished, ``enqueue_review`` publishes the
``analysis.review_game`` job (the ``analysis`` queue, beside the boards' analysis: nobody waits
at a card for it); without a broker it goes to the analysis' thread of the web process
(``ANALYSIS_IN_PROCESS``, as the boards' analysis), runs here with ``1``, or waits for the
catch-up with ``0``. Idempotent: a game already reviewed is left alone. The robots' catch-up
(``services.catch_up_robots``) queues again the review of a game finished long ago without one.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from scoring.robots.review import review_cards
from tournaments import background
from tournaments.jobs import BrokerUnavailable, publish

from .models import Game
from .selectors import HUMAN, position_of
from .tasks import review_game_task

logger = logging.getLogger(__name__)

IN_BACKGROUND = "background"
IN_REQUEST = "1"
REVIEW_LATE_SECONDS = 10 * 60
"""A game finished this long ago without its review is presumed to have lost its job."""


def review_game(game_id: int) -> bool:
    """Compute and store the review of a finished game; False when there is nothing to do
    (no such game, not finished, already reviewed)."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED, review__isnull=True).first()
    if game is None:
        return False
    position = position_of(game)
    cards = []
    if position.south.contract is not None:
        reviews = review_cards(
            position.rules, position.dealer, position.hands, position.calls, position.play, HUMAN
        )
        cards = [review.to_dict() for review in reviews]
    with transaction.atomic():
        updated = Game.objects.filter(pk=game_id, review__isnull=True).update(
            review={"cards": cards}
        )
    return bool(updated)


def enqueue_review(game_id: int) -> None:
    """Hand the review of a finished game to a job; never raises."""
    if review_game_task.app.conf.task_always_eager:
        if settings.ANALYSIS_IN_PROCESS == IN_REQUEST:
            review_game(game_id)
        elif settings.ANALYSIS_IN_PROCESS == IN_BACKGROUND:
            background.analysis.submit(("game-review", game_id), review_game, game_id)
        return
    try:
        publish(review_game_task, (game_id,))
    except BrokerUnavailable as error:
        logger.warning(
            "game %s: broker unreachable (%s); review left to the catch-up", game_id, error
        )
    except Exception:
        logger.exception("game %s: could not publish the review", game_id)


def late_reviews() -> list[int]:
    """The games finished long enough ago still without their review."""
    since = timezone.now() - timedelta(seconds=REVIEW_LATE_SECONDS)
    return list(
        Game.objects.filter(
            status=Game.Status.FINISHED, review__isnull=True, finished_at__lt=since
        ).values_list("pk", flat=True)
    )

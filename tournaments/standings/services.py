"""Writes on standings: marking a tournament's scores as out of date, in the result's transaction.

``mark_results_changed`` is called by every result write (entry, change, confirmation,
adjustment, deletion, import) inside its transaction; the recomputation itself is a Celery job.
"""

from django.db import transaction
from django.utils import timezone

from .models import ScoringState


def mark_results_changed(tournament, board_numbers=()) -> None:
    """Record that the tournament's scores are stale; enqueue the recomputation after commit."""
    now = timezone.now()
    state, _created = ScoringState.objects.select_for_update().get_or_create(
        tournament=tournament
    )
    if state.dirty_since is None:
        state.dirty_since = now
    state.requested_at = now
    state.save(update_fields=["dirty_since", "requested_at"])
    transaction.on_commit(lambda: enqueue_recomputation(tournament.pk))


def enqueue_recomputation(tournament_id: int) -> None:
    """Hand the recomputation to Celery (filled in by the standings app)."""

"""Writes on standings: marking a tournament's scores as out of date, in the result's transaction,
and handing the recomputation to Celery after the commit.

``mark_results_changed`` is called by every result write (entry, change, confirmation,
adjustment, deletion, import) inside its transaction; the recomputation itself is a Celery job.
Publishing never fails the request: when the broker is down the tournament stays stale
("calcul en attente") and the periodic catch-up recomputes it once the broker is back.
"""

import logging
from datetime import timedelta
from enum import Enum

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from tournaments import rows
from tournaments.jobs import BrokerUnavailable, after_commit, publish

from . import sql
from .models import ScoreChange, ScoringState
from .recomputation import recompute
from .selectors import tournaments_to_catch_up
from .tasks import recompute_tournament_task

logger = logging.getLogger(__name__)

"""What publishing raises when the broker is unreachable (refused, reset, timed out)."""

COALESCE_SECONDS = 0.5
"""The job starts this long after the first change of a burst: the burst's other changes find
it queued and queue nothing (override with the STANDINGS_COALESCE_SECONDS setting)."""

SCHEDULED_STALE_SECONDS = ScoringState.SCHEDULED_STALE_SECONDS


class Enqueued(Enum):
    """What ``enqueue_recomputation`` did."""

    PUBLISHED = "published"  # a job is on its way
    ALREADY_QUEUED = "already_queued"  # a queued job will include this change (coalesced)
    BROKER_DOWN = "broker_down"  # left pending; the catch-up will recompute
    FAILED = "failed"  # unexpected error, logged; left pending for the catch-up


def mark_results_changed(*, tournament, board_numbers=()) -> None:
    """Record that the tournament's scores are stale; enqueue the recomputation after commit.

    Call it inside the transaction that writes the result, so that the change and its journal
    row commit together. The mark is one ``INSERT`` into ``ScoreChange`` (a row per board
    touched; none given: one row meaning "any board"): it locks no shared row, so entries of one
    tournament neither queue behind each other nor wait while a recomputation stores its scores.
    """
    now = timezone.now()
    boards = sorted(set(board_numbers)) or [None]
    if connection.vendor == "postgresql":
        _journal_by_sql(tournament.pk, boards, now)
    else:
        _journal_by_orm(tournament.pk, boards, now)
    after_commit(enqueue_recomputation, tournament_id=tournament.pk)


def _journal_by_sql(tournament_id: int, boards: list[int | None], now) -> None:
    """The journal rows by ``sql.MARK_SQL`` (PostgreSQL): building the ``INSERT`` with the ORM
    cost more CPU than running it, and every result write runs it."""
    with rows.cursor() as cursor:
        if len(boards) == 1:
            cursor.execute(sql.MARK_SQL, (tournament_id, boards[0], now))
        else:
            cursor.executemany(sql.MARK_SQL, [(tournament_id, board, now) for board in boards])


def _journal_by_orm(tournament_id: int, boards: list[int | None], now) -> None:
    """The journal rows the ORM's way (SQLite; the twin of ``_journal_by_sql``)."""
    ScoreChange.objects.bulk_create(
        [ScoreChange(tournament_id=tournament_id, board_number=b, at=now) for b in boards]
    )


def on_results_changed(*, sender, tournament, board_numbers=(), **kwargs) -> None:
    """Receiver of ``results.signals.results_changed`` (connected in ``StandingsConfig``)."""
    mark_results_changed(tournament=tournament, board_numbers=board_numbers)


def enqueue_recomputation(*, tournament_id: int) -> Enqueued:
    """Hand the recomputation of a tournament to Celery, once per burst of changes.

    A job already queued and not yet started covers this change (it reads the results when it
    starts), so nothing more is published. Never raises on a broker failure: the tournament
    stays stale and the catch-up task recomputes it when the broker is back.
    """
    now = timezone.now()
    claimed, exists = _claim(tournament_id, now)
    if not claimed:
        if exists:
            return Enqueued.ALREADY_QUEUED
        # First time for this tournament: start its books.
        ScoringState.objects.get_or_create(tournament_id=tournament_id)
        return enqueue_recomputation(tournament_id=tournament_id)
    countdown = getattr(settings, "STANDINGS_COALESCE_SECONDS", COALESCE_SECONDS)
    try:
        publish(recompute_tournament_task, (tournament_id,), countdown=countdown)
    except BrokerUnavailable as error:
        _unclaim(tournament_id, now)
        logger.warning(
            "tournament %s: broker unreachable (%s); scores stay pending until the catch-up",
            tournament_id,
            error,
        )
        return Enqueued.BROKER_DOWN
    except Exception:
        # The result is committed: whatever happens here must not fail the request.
        _unclaim(tournament_id, now)
        logger.exception("tournament %s: the recomputation could not be queued", tournament_id)
        return Enqueued.FAILED
    return Enqueued.PUBLISHED


def _claim(tournament_id: int, now) -> tuple[bool, bool]:
    """Claim the job (``scheduled_at``) unless one is queued: (claimed, the books exist), in
    one statement on PostgreSQL. While a job is queued the ``UPDATE`` matches no row, so it
    takes no lock: a burst of entries does not queue on the tournament's row."""
    stale = now - timedelta(seconds=SCHEDULED_STALE_SECONDS)
    if connection.vendor == "postgresql":
        return _claim_by_sql(tournament_id, now, stale)
    return _claim_by_orm(tournament_id, now, stale)


def _claim_by_sql(tournament_id: int, now, stale) -> tuple[bool, bool]:
    """The claim by ``sql.CLAIM_SQL`` (PostgreSQL): one statement."""
    with rows.cursor() as cursor:
        cursor.execute(sql.CLAIM_SQL, {"now": now, "tournament": tournament_id, "stale": stale})
        claimed, exists = cursor.fetchone()
        return bool(claimed), bool(exists)


def _claim_by_orm(tournament_id: int, now, stale) -> tuple[bool, bool]:
    """The claim the ORM's way (SQLite; the twin of ``_claim_by_sql``)."""
    claimed = (
        ScoringState.objects.filter(tournament_id=tournament_id)
        .filter(Q(scheduled_at__isnull=True) | Q(scheduled_at__lt=stale))
        .update(scheduled_at=now)
    )
    if claimed:
        return True, True
    return False, ScoringState.objects.filter(tournament_id=tournament_id).exists()


def _unclaim(tournament_id: int, claimed_at) -> None:
    ScoringState.objects.filter(tournament_id=tournament_id, scheduled_at=claimed_at).update(
        scheduled_at=None
    )


def request_recomputation(*, tournament) -> None:
    """An arbiter's "recalculer": treat it as a change, so that the job runs even when the
    scores look fresh (after a team was renamed, or once the cause of an error is fixed)."""
    mark_results_changed(tournament=tournament)


def recompute_tournament(*, tournament_id: int) -> str:
    """Recompute a tournament's board scores and rankings now; the outcome's name
    (``recomputation.recompute``)."""
    return recompute(tournament_id).outcome.value


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

"""A run's place among the others and its books (``ScoringState``): its ticket and journal rows,
what it reports, the stores' lock, the end of a run that wrote nothing."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from django.db import connection, transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from .. import sql
from ..models import (
    ScoreChange,
    ScoringState,
)

logger = logging.getLogger(__name__)


KEEP_VERSIONS = 10
"""Snapshot versions kept per tournament; older ones are deleted by the run that supersedes them."""


class Outcome(Enum):
    """What a run did."""

    WRITTEN = "written"  # a new snapshot version was stored
    UP_TO_DATE = "up_to_date"  # nothing changed since the latest snapshot
    SUPERSEDED = "superseded"  # a newer run had already stored more recent scores
    FAILED = "failed"  # the results could not be scored (see ScoringState.last_error)
    MISSING = "missing"  # the tournament no longer exists


@dataclass(frozen=True)
class Run:
    """One run's place among the others: its ticket, the journal rows (``ScoreChange`` ids) it
    includes, and the instant it started reading (every change committed before is in it)."""

    ticket: int
    changes: list[int]
    changes_until: datetime
    # The boards the journal rows name; None when one may touch every board.
    boards: frozenset[int] | None = None


@dataclass(frozen=True)
class RunReport:
    """The outcome of one recomputation, for logs and the ``recompute`` command."""

    tournament_id: int
    outcome: Outcome
    version: int
    results_counted: int = 0
    rankings_computed: int = 0
    duration_ms: int = 0
    error: str = ""
    # Boards whose comparison was computed again: every board on a full run, only the changed
    # ones on an incremental run (None when nothing was written).
    boards_rescored: int | None = None


def serialize_stores(tournament_id: int) -> None:
    """Inside a store's transaction: wait for any other run storing the same tournament's scores
    (a transaction-scoped advisory lock on PostgreSQL; SQLite serializes every write anyway).
    Not a row lock on ``ScoringState``: the results' job claims update that row."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(sql.LOCK_STORES_SQL, (sql.STORE_LOCK, tournament_id))
            # Everything a store writes is derived from the results and can be computed again:
            # its commit need not wait for the disk (a crash loses the whole transaction or
            # nothing, and the journal rows it would have folded are then still there).
            cursor.execute(sql.NO_SYNCHRONOUS_COMMIT_SQL)


def fold(run: Run) -> None:
    """Delete the journal rows ``run`` includes; rows appended since stay for the next run."""
    if run.changes:
        ScoreChange.objects.filter(id__in=run.changes)._raw_delete(ScoreChange.objects.db)


def finish(tournament_id: int, run: Run, included: bool = False) -> None:
    """End a run that wrote nothing. ``included``: its changes are in the latest snapshot
    (same inputs), so their journal rows are folded and no older run may store after it."""
    now = timezone.now()
    with transaction.atomic():
        fields: dict = {"finished_at": now}
        if included:
            serialize_stores(tournament_id)
            fold(run)
            fields.update(
                covered_ticket=Greatest(F("covered_ticket"), Value(run.ticket)),
                covered_until=Greatest(
                    Coalesce(F("covered_until"), Value(run.changes_until)),
                    Value(run.changes_until),
                ),
                computed_at=now,
            )
        ScoringState.objects.filter(tournament_id=tournament_id).update(**fields)


def fail(tournament_id: int, run: Run, message: str) -> RunReport:
    logger.error("tournament %s: scores cannot be computed: %s", tournament_id, message)
    now = timezone.now()
    ScoringState.objects.filter(tournament_id=tournament_id).update(
        last_error=message, failed_change=max(run.changes, default=0), finished_at=now
    )
    version = ScoringState.objects.filter(tournament_id=tournament_id).values_list(
        "version", flat=True
    )[0]
    return RunReport(tournament_id, Outcome.FAILED, version, error=message)

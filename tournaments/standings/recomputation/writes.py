"""The bulk writes of the stores: BoardScore and RankingSnapshot rows by COPY on PostgreSQL
(``bulk_create`` on SQLite), snapshot rows copied inside the database, one-statement deletes."""

from __future__ import annotations

import json
from datetime import datetime
from fractions import Fraction

from django.db import connection
from django.utils import timezone

from .. import sql
from ..models import (
    BoardScore,
    RankingSnapshot,
)
from .inputs import Inputs

BULK_BATCH = 1000


def copy_snapshots(tournament_id, from_version, to_version, computed, changes_until) -> None:
    """Copy the rankings of ``from_version`` not in ``computed`` to ``to_version``, in the
    database (their entries never come through Python)."""
    excluded = sorted(r for r in computed if r is not None)
    with connection.cursor() as cursor:
        cursor.execute(
            sql.copy_rankings_sql(len(excluded)),
            [to_version, changes_until, timezone.now(), tournament_id, from_version, *excluded],
        )


BOARD_SCORE_COLUMNS = (
    "tournament_id",
    "round_number",
    "table_number",
    "board_number",
    "ns_team_id",
    "ew_team_id",
    "ns_marks",
    "ew_marks",
    "ns_score",
    "ew_score",
    "ns_percentage",
    "ew_percentage",
    "top",
    "adjusted",
    "computed_at",
    "result_id",
    "ns_adjustment",
    "ew_adjustment",
    "arrow_switched",
    "datum",
    "assigned",
)


def board_score_row(inputs: Inputs, score, now: datetime) -> tuple:
    """A BoardScore row as a tuple of BOARD_SCORE_COLUMNS (no model instance: 3,000 of them
    would cost more than the database write)."""
    result = score.result
    ns_adjustment, ew_adjustment = inputs.adjustments[result.key]
    played = result.is_played
    return (
        inputs.tournament.pk,
        result.round,
        result.table,
        result.board,
        inputs.team_ids.get(result.ns_team),
        inputs.team_ids.get(result.ew_team),
        result.ns_marks,
        result.ew_marks,
        _float(score.ns_score),
        _float(score.ew_score),
        _share(score.ns_score, score.top),
        _share(score.ew_score, score.top),
        score.top,
        not played,
        now,
        inputs.result_pks[result.key],
        "" if played else ns_adjustment,
        "" if played else ew_adjustment,
        result.arrow_switched,
        score.datum,
        result.assigned,
    )


def insert_board_scores(rows: list[tuple]) -> None:
    """Insert the rows: COPY on PostgreSQL (a tenth of the time of an INSERT of 3,000 rows),
    ``bulk_create`` elsewhere (SQLite on a club laptop)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        _board_scores_by_orm(rows)
    else:
        _board_scores_by_copy(rows)


def _board_scores_by_copy(rows: list[tuple]) -> None:
    _copy(BoardScore, BOARD_SCORE_COLUMNS, rows)


def _board_scores_by_orm(rows: list[tuple]) -> None:
    """The ORM's twin of ``_board_scores_by_copy`` (SQLite)."""
    BoardScore.objects.bulk_create(
        [BoardScore(**dict(zip(BOARD_SCORE_COLUMNS, row, strict=True))) for row in rows],
        batch_size=BULK_BATCH,
    )


def delete_rows(rows) -> None:
    """One DELETE statement: ``QuerySet.delete`` takes its fast path (no row loaded) as long as
    nothing refers to these rows and no ``post_delete`` receiver listens to their model — a
    receiver for every model once cost 316 queries and seconds at 30,000 board scores
    (tests/standings/test_incremental.py counts the statements)."""
    rows.delete()


SNAPSHOT_COLUMNS = (
    "tournament_id",
    "version",
    "up_to_round",
    "method",
    "entries",
    "results_counted",
    "includes_changes_until",
    "computed_at",
    "fingerprint",
)


def insert_snapshots(snapshots: list[RankingSnapshot]) -> None:
    """Insert the snapshot rows: COPY on PostgreSQL (``bulk_create`` sends the entries of every
    ranking as an array literal that psycopg escapes in Python: 80 ms of a live change at
    3,000 results), ``bulk_create`` elsewhere.

    Rankings that are one computation (the overall ranking and the last round's, unless a
    penalty differs) share their entries: they are sent and parsed once, and the other rows
    copy them inside the database (encoding and parsing 2,000 teams' entries again was a
    tenth of a live change at 30,000 results)."""
    if connection.vendor != "postgresql":
        RankingSnapshot.objects.bulk_create(snapshots)
    else:
        _snapshots_by_copy(snapshots)


def _snapshots_by_copy(snapshots: list[RankingSnapshot]) -> None:
    """The snapshot rows by COPY, each list of entries once, and ``sql.SHARE_ENTRIES_SQL`` for
    the rows sharing it (PostgreSQL; ``bulk_create`` is the twin)."""
    now = timezone.now()
    sent: dict[int, RankingSnapshot] = {}
    copies: list[tuple[RankingSnapshot, RankingSnapshot]] = []
    for snapshot in snapshots:
        first = sent.setdefault(id(snapshot.entries), snapshot)
        if first is not snapshot:
            copies.append((snapshot, first))
    _copy(
        RankingSnapshot,
        SNAPSHOT_COLUMNS,
        (
            (
                snapshot.tournament_id,
                snapshot.version,
                snapshot.up_to_round,
                snapshot.method,
                json.dumps(snapshot.entries),
                snapshot.results_counted,
                snapshot.includes_changes_until,
                now,
                snapshot.fingerprint,
            )
            for snapshot in sent.values()
        ),
    )
    if not copies:
        return
    with connection.cursor() as cursor:
        cursor.executemany(
            sql.SHARE_ENTRIES_SQL,
            [
                (
                    snapshot.up_to_round,
                    snapshot.results_counted,
                    snapshot.includes_changes_until,
                    now,
                    snapshot.fingerprint,
                    first.tournament_id,
                    first.version,
                    first.up_to_round,
                )
                for snapshot, first in copies
            ],
        )


def _copy(model, columns: tuple[str, ...], rows) -> None:
    """COPY ``rows`` (tuples of ``columns``) into ``model``'s table (PostgreSQL only)."""
    statement = sql.copy_sql(model, columns)
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        for row in rows:
            copy.write_row(row)


def _float(value: Fraction | None) -> float | None:
    return None if value is None else value.numerator / value.denominator


def _share(score: Fraction | None, top: int | None) -> float | None:
    """``float(TableScore.ns_percentage)`` (or EW's) without building the fraction ``100 ×
    score ÷ top``: the same correctly rounded quotient of the same rational, in integers (the
    fractions were a third of a live change's CPU)."""
    if score is None or not top:
        return None
    return 100 * score.numerator / (score.denominator * top)

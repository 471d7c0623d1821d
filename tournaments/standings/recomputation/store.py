"""Storing a run's scores: the BoardScore rows, a new RankingSnapshot version, the running totals
and the books, in one transaction."""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from functools import partial

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from scoring.duplicate import (
    BoardResult,
    Computation,
    Tally,
)
from tournaments import public_pages
from tournaments.setup.models import Tournament

from ..models import (
    BoardScore,
    RankingSnapshot,
    RunningTotals,
    ScoringState,
)
from .entries import ranking_entries
from .inputs import Inputs, stored_context
from .plan import RankingPlan
from .runs import KEEP_VERSIONS, Outcome, Run, RunReport, finish, fold, serialize_stores
from .writes import board_score_row, delete_rows, insert_board_scores, insert_snapshots

logger = logging.getLogger(__name__)


def store(
    inputs: Inputs,
    plan: RankingPlan,
    reused: dict[str, tuple[list, int]],
    computations: dict[str, Computation],
    *,
    run: Run,
    force: bool,
    started: float,
    dirty: set[int] | None = None,
    base_version: int = 0,
) -> RunReport:
    """Store the scores and the snapshot. ``dirty``: the boards an incremental run compared
    again (None: a full run); only their BoardScore rows are replaced, provided the stored rows
    are still those of ``base_version`` the run compared its inputs with — else every row is."""
    tournament = inputs.tournament
    overall = computations[plan.fingerprints[None]]
    rankings_computed = len(computations)
    now = timezone.now()
    all_scores = list(overall.scores.values())
    with transaction.atomic():
        serialize_stores(tournament.pk)
        state = ScoringState.objects.get(tournament=tournament)
        # Another run already stored these changes, or newer ones: never go back in time.
        if not force and state.covered_ticket >= run.ticket:
            finish(tournament.pk, run)
            return RunReport(tournament.pk, Outcome.SUPERSEDED, state.version)
        version = state.version + 1
        if dirty is not None and state.version == base_version:
            # Incremental: the other boards' rows are those of base_version, unchanged inputs.
            if dirty:
                delete_rows(
                    BoardScore.objects.filter(tournament=tournament, board_number__in=sorted(dirty))
                )
            written = [score for score in all_scores if score.result.board in dirty]
            boards_rescored = len(dirty)
        else:
            # A full run, or another run stored other rows meanwhile: rewrite every row.
            delete_rows(BoardScore.objects.filter(tournament=tournament))
            written = all_scores
            boards_rescored = len(inputs.expected_plays) if dirty is None else len(dirty)
        insert_board_scores([board_score_row(inputs, score, now) for score in written])
        snapshots = _snapshots(inputs, plan, reused, computations, version, run.changes_until)
        insert_snapshots(snapshots)
        duration_ms = close_version(tournament, version, run, started, overall.tallies, inputs)
    logger.info(
        "tournament %s: scores v%s, %s results (%s left out), %s rankings computed, %s ms",
        tournament.pk,
        version,
        len(inputs.results),
        inputs.skipped,
        rankings_computed,
        duration_ms,
    )
    return RunReport(
        tournament.pk,
        Outcome.WRITTEN,
        version,
        results_counted=len(inputs.results),
        rankings_computed=rankings_computed,
        duration_ms=duration_ms,
        boards_rescored=boards_rescored,
    )


def _snapshots(
    inputs: Inputs,
    plan: RankingPlan,
    reused: dict[str, tuple[list, int]],
    computations: dict[str, Computation],
    version: int,
    changes_until,
) -> list[RankingSnapshot]:
    """The snapshot rows of ``version``: each ranking's entries computed (once per
    computation) or reused from the previous version, with the results it counts."""
    counted_by_round = _counted_by_round(inputs.results)
    snapshots = []
    entries_of: dict[str, list] = {}  # the overall ranking is often the last round's
    for up_to_round, fingerprint in plan.fingerprints.items():
        if fingerprint in computations:
            computation = computations[fingerprint]
            if fingerprint not in entries_of:
                entries_of[fingerprint] = ranking_entries(computation, inputs.team_names)
            entries = entries_of[fingerprint]
            counted = len(computation.scores)
        else:
            entries, counted = reused[fingerprint]
        if up_to_round is not None:
            counted = counted_by_round.get(up_to_round, counted)
        snapshots.append(
            RankingSnapshot(
                tournament=inputs.tournament,
                version=version,
                up_to_round=up_to_round,
                method=inputs.method,
                entries=entries,
                results_counted=counted,
                includes_changes_until=changes_until,
                fingerprint=fingerprint,
            )
        )
    return snapshots


def close_version(
    tournament: Tournament,
    version: int,
    run: Run,
    started: float,
    tallies: Mapping[int, Tally],
    inputs: Inputs,
    context_stored: bool = False,
) -> int:
    """The end of a store's transaction, once the board scores and snapshots of ``version``
    are written: the running totals, the public pages, old versions, the journal rows the run
    includes, and the books last (so that row is locked only until the commit: a result's
    claim of the next job never waits while the scores are written). ``context_stored``: the
    setup digest and context already stored are the run's (a live change read them there:
    2,000 teams' names are not written again). The run's duration."""
    _store_totals(tournament.pk, version, tallies)
    # The public pages show the new scores once they are committed.
    public_pages.bump(tournament.slug)
    transaction.on_commit(partial(public_pages.bump, tournament.slug))
    delete_rows(
        RankingSnapshot.objects.filter(tournament=tournament, version__lte=version - KEEP_VERSIONS)
    )
    fold(run)
    now = timezone.now()
    duration_ms = round((time.perf_counter() - started) * 1000)
    context = (
        {}
        if context_stored
        else {
            "totals_digest": inputs.digest,
            "totals_context": stored_context(inputs),
        }
    )
    ScoringState.objects.filter(tournament=tournament).update(
        version=version,
        covered_ticket=Greatest(F("covered_ticket"), Value(run.ticket)),
        covered_until=run.changes_until,
        computed_at=now,
        finished_at=now,
        duration_ms=duration_ms,
        last_error="",
        failed_change=None,
        **context,
    )
    return duration_ms


def _store_totals(tournament_id: int, version: int, tallies: Mapping[int, Tally]) -> None:
    """Replace the running totals by those of ``version``: one row, one line per team."""
    text = "\n".join(
        f"{team} {t.score} {t.top} {t.boards} {t.won}" for team, t in sorted(tallies.items())
    )
    # Stores are serialized (``serialize_stores``): no other run creates the row meanwhile.
    if not RunningTotals.objects.filter(tournament_id=tournament_id).update(
        version=version, totals=text
    ):
        RunningTotals.objects.create(tournament_id=tournament_id, version=version, totals=text)


def _counted_by_round(results: list[BoardResult]) -> dict[int, int]:
    """How many results a ranking after each round counts (rounds 1..r)."""
    per_round: dict[int, int] = {}
    for result in results:
        per_round[result.round] = per_round.get(result.round, 0) + 1
    counted, total = {}, 0
    for round_number in range(1, max(per_round, default=0) + 1):
        total += per_round.get(round_number, 0)
        counted[round_number] = total
    return counted

"""One recomputation (recalcul) of a tournament: claim the run, then the live change, the
incremental run or the full one, and store what it computed."""

from __future__ import annotations

import time

from django.db.models import F
from django.utils import timezone

from tournaments.setup.models import Tournament

from ..models import (
    RankingSnapshot,
    ScoreChange,
    ScoringState,
)
from .incremental import incremental_computations
from .inputs import load
from .live import live_change
from .plan import compute, plan_rankings, reusable_entries
from .runs import Outcome, Run, RunReport, fail, finish
from .store import store


def recompute(tournament_id: int, *, force: bool = False) -> RunReport:
    """Recompute one tournament's scores and rankings if anything changed since the last run.

    ``force``: compute every ranking from scratch and store a new version even when nothing
    changed (``manage.py recompute``). Database errors propagate (the task retries them); a
    result set the scoring rejects is recorded in ``ScoringState.last_error`` and reported as
    FAILED, not raised. A tournament deleted in the meantime is reported as MISSING.
    """
    started = time.perf_counter()
    now = timezone.now()
    # Claim the run: from now on a new change queues a new job, since this run may miss it.
    # The ticket orders the runs by the instant they start reading.
    claim = ScoringState.objects.filter(tournament_id=tournament_id)
    if not claim.update(scheduled_at=None, started_at=now, run_ticket=F("run_ticket") + 1):
        if not Tournament.objects.filter(pk=tournament_id).exists():
            return RunReport(tournament_id, Outcome.MISSING, 0)
        ScoringState.objects.get_or_create(tournament_id=tournament_id)
        claim.update(scheduled_at=None, started_at=now, run_ticket=F("run_ticket") + 1)
    state = ScoringState.objects.get(tournament_id=tournament_id)
    # The changes this run includes: every journal row committed by now (the results are read
    # after them, so they include at least these changes). Rows committed later stay for the
    # next run.
    journal = list(
        ScoreChange.objects.filter(tournament_id=tournament_id).values_list("id", "board_number")
    )
    boards = {board for _id, board in journal}
    run = Run(
        state.run_ticket,
        [change for change, _board in journal],
        changes_until=now,
        boards=None if None in boards else frozenset(boards),
    )
    if not force and state.version and not journal:
        finish(tournament_id, run)
        return RunReport(tournament_id, Outcome.UP_TO_DATE, state.version)
    if not force and state.version and run.boards is not None:
        try:
            live = live_change(tournament_id, state, run, started)
        except ValueError as error:
            return fail(tournament_id, run, str(error))
        if live is not None:
            return live

    try:
        inputs = load(tournament_id)
        plan = plan_rankings(inputs)
        previous = dict(
            RankingSnapshot.objects.filter(
                tournament_id=tournament_id, version=state.version
            ).values_list("up_to_round", "fingerprint")
        )
        if not force and state.version and previous == plan.fingerprints:
            # Same inputs as the latest snapshot (e.g. a result entered, not confirmed yet).
            finish(tournament_id, run, included=True)
            return RunReport(tournament_id, Outcome.UP_TO_DATE, state.version, len(inputs.results))
        reused = {} if force else reusable_entries(tournament_id, state.version, plan)
        incremental = (
            None if force else incremental_computations(inputs, plan, reused, state.version)
        )
        if incremental is None:
            computations, dirty = compute(inputs, plan, reused), None
        else:
            computations, dirty = incremental
    except ValueError as error:
        return fail(tournament_id, run, str(error))
    return store(
        inputs,
        plan,
        reused,
        computations,
        run=run,
        force=force,
        started=started,
        dirty=dirty,
        base_version=state.version,
    )

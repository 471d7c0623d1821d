"""The recomputation (recalcul) of a tournament's scores: load the counted results and the table
plan, call ``scoring.duplicate.compute``, store BoardScore rows and a new RankingSnapshot version.

Called by the Celery task, the catch-up and ``manage.py recompute``; safe to run twice or
concurrently (an older run never overwrites a newer one). A handful of queries whatever the size.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from fractions import Fraction
from functools import partial
from types import MappingProxyType

from django.db import connection, transaction
from django.db.models import Count, F, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    Computation,
    Method,
    Penalty,
    ResultKey,
    TableScore,
    Tally,
    add_scores,
    check_consistency,
    common_top,
    compute_rankings,
    deductions,
    most_plays,
    rank_tallies,
    score_boards,
    team_lines,
)
from scoring.engine.cards import Side
from tournaments import public_pages
from tournaments.results.models import Penalty as PenaltyRow
from tournaments.results.models import Result
from tournaments.results.services.penalties import CORE_UNITS
from tournaments.setup.models import Team, Tournament
from tournaments.setup.stored_plan import stored_plan

from .models import (
    BoardScore,
    RankingSnapshot,
    RunningTotals,
    ScoreChange,
    ScoringState,
    SetupVersion,
)

logger = logging.getLogger(__name__)

"""A current result counts once confirmed, or when the arbiter gave an adjusted score."""

KEEP_VERSIONS = 10
"""Snapshot versions kept per tournament; older ones are deleted by the run that supersedes them."""

ADJUSTMENTS = {
    "A-": Adjustment.AVERAGE_MINUS,
    "A": Adjustment.AVERAGE,
    "A+": Adjustment.AVERAGE_PLUS,
}
"""Result.ns_adjustment / ew_adjustment codes to the plain-Python adjustments."""

BULK_BATCH = 1000

RULES_REVISION = 3
"""Part of every ranking's fingerprint; bumped when ``scoring.duplicate`` gives other scores for
the same inputs, so that no ranking is copied from a snapshot the older rules computed.
2: every board scaled to the common top (Neuberg to the most plays of any board).
3: a ranking after a round no longer shares the overall one's entries when a penalty counts
from a later round (revision 2 stored it with that penalty taken off)."""


class Outcome(Enum):
    """What a run did."""

    WRITTEN = "written"  # a new snapshot version was stored
    UP_TO_DATE = "up_to_date"  # nothing changed since the latest snapshot
    SUPERSEDED = "superseded"  # a newer run had already stored more recent scores
    FAILED = "failed"  # the results could not be scored (see ScoringState.last_error)
    MISSING = "missing"  # the tournament no longer exists


@dataclass(frozen=True)
class _Run:
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


@dataclass
class _Inputs:
    """Everything a tournament's scores are computed from, read in a few queries."""

    tournament: Tournament
    method: str
    single_ranking: bool
    expected_plays: dict[int, int]
    common_plays: int | None  # the Neuberg E: the most plays of any board of the plan
    team_lines: dict[int, Side | None]
    team_ids: dict[int, int]  # number -> pk
    team_names: dict[int, str]
    digest: str = ""  # of the setup read (_Setup.digest)
    results: list[BoardResult] = field(default_factory=list)
    result_pks: dict[tuple[int, int, int], int] = field(default_factory=dict)
    adjustments: dict[tuple[int, int, int], tuple[str, str]] = field(default_factory=dict)
    penalties: list[Penalty] = field(default_factory=list)  # the arbiter's, not removed
    skipped: int = 0  # counted results that cannot be scored (sit-out table, no marks)


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
    run = _Run(
        state.run_ticket,
        [change for change, _board in journal],
        changes_until=now,
        boards=None if None in boards else frozenset(boards),
    )
    if not force and state.version and not journal:
        _finish(tournament_id, run)
        return RunReport(tournament_id, Outcome.UP_TO_DATE, state.version)
    if not force and state.version and run.boards is not None:
        try:
            live = _live_change(tournament_id, state, run, started)
        except ValueError as error:
            return _fail(tournament_id, run, str(error))
        if live is not None:
            return live

    try:
        inputs = _load(tournament_id)
        plan = _plan_rankings(inputs)
        previous = dict(
            RankingSnapshot.objects.filter(
                tournament_id=tournament_id, version=state.version
            ).values_list("up_to_round", "fingerprint")
        )
        if not force and state.version and previous == plan.fingerprints:
            # Same inputs as the latest snapshot (e.g. a result entered, not confirmed yet).
            _finish(tournament_id, run, included=True)
            return RunReport(tournament_id, Outcome.UP_TO_DATE, state.version, len(inputs.results))
        reused = {} if force else _reusable_entries(tournament_id, state.version, plan)
        incremental = None if force else _incremental(inputs, plan, reused, state.version)
        if incremental is None:
            computations, dirty = _compute(inputs, plan, reused), None
        else:
            computations, dirty = incremental
    except ValueError as error:
        return _fail(tournament_id, run, str(error))
    return _store(
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


def _load(tournament_id: int) -> _Inputs:
    inputs = _load_context(tournament_id)
    _load_results(inputs)
    return inputs


@dataclass(frozen=True)
class _Setup:
    """What a tournament's rankings depend on besides the results, as read from the database,
    and its digest (``ScoringState.totals_digest``)."""

    tournament: Tournament
    plan: object  # setup.stored_plan.StoredPlan
    teams: list[tuple]
    penalties: list[tuple]
    digest: str


def _load_setup(tournament_id: int) -> _Setup:
    """The tournament, its plan, teams and penalties in force, nothing derived."""
    tournament = Tournament.objects.get(pk=tournament_id)
    # The setup's version before its rows: a change committed in between makes the digest
    # older than the rows read, so the next live change goes the general way (never the
    # reverse: totals trusted under a digest newer than their inputs).
    version = _setup_version(tournament_id)
    plan = stored_plan(tournament)
    teams = list(
        Team.objects.filter(tournament_id=tournament_id)
        .order_by("number")
        .values_list(
            "pk", "number", "name", "withdrawn", "player_one__last_name", "player_two__last_name"
        )
    )
    penalties = _penalty_rows(tournament_id)
    digest = _setup_digest(tournament, penalties, plan.rows, teams, version=version)
    return _Setup(tournament, plan, teams, penalties, digest)


def _penalty_rows(tournament_id: int) -> list[tuple]:
    return sorted(
        PenaltyRow.objects.filter(tournament_id=tournament_id, removed_at__isnull=True).values_list(
            "team__number", "amount", "unit", "round_number", "board_number"
        ),
        key=repr,
    )


def _setup_version(tournament_id: int) -> int | None:
    """How many times the tournament's setup rows were written (``SetupVersion``, counted by
    PostgreSQL triggers); None elsewhere (SQLite: the setup's values are digested)."""
    if connection.vendor != "postgresql":
        return None
    version = (
        SetupVersion.objects.filter(tournament_id=tournament_id)
        .values_list("version", flat=True)
        .first()
    )
    return version or 0


def _setup_digest(
    tournament: Tournament,
    penalties: list[tuple],
    rows=None,
    teams=None,
    version: int | None = None,
) -> str:
    """A digest of everything the rankings depend on besides the results: the rules' revision,
    method and movement kind, the penalties in force, and the plan's rows and the teams (their
    row ids, numbers, names, players' names, withdrawals). On PostgreSQL the rows stand for
    themselves by the setup's version (``SetupVersion``: triggers count every write of a plan
    row, round, table, team or player; read first by ``_load_setup``, or here): a live change
    reads none of those rows. Elsewhere (SQLite) ``rows`` and ``teams``, read by the caller,
    are digested here."""
    if connection.vendor == "postgresql":
        if version is None:
            version = _setup_version(tournament.pk)
        setup_part = ("setup version", version)
    else:
        if rows is None or teams is None:
            loaded = _load_setup(tournament.pk)
            return loaded.digest
        setup_part = (repr(rows), repr(teams))
    return hashlib.sha256(
        repr(
            (
                RULES_REVISION,
                tournament.scoring_method,
                tournament.movement_type,
                penalties,
                setup_part,
            )
        ).encode()
    ).hexdigest()


def _load_context(tournament_id: int) -> _Inputs:
    """Everything but the results: the tournament, its plan, teams and penalties in force."""
    setup = _load_setup(tournament_id)
    tournament, plan, teams = setup.tournament, setup.plan, setup.teams
    expected = plan.plays_per_board
    single = plan.single_ranking
    if single:
        lines = {number: None for _pk, number, _n, withdrawn, *_ in teams if not withdrawn}
        lines.update(dict.fromkeys(plan.hands_played))
    else:
        # Two rankings: no team plays both hands, so each plays in the one direction it sits in.
        lines = {number: next(iter(sides)) for number, sides in plan.hands_played.items() if sides}
    return _inputs(
        tournament,
        setup.penalties,
        setup.digest,
        single_ranking=single,
        expected_plays=expected,
        team_lines=lines,
        team_ids={number: pk for pk, number, *_rest in teams},
        team_names={
            number: name or f"{first} – {second}" for _pk, number, name, _w, first, second in teams
        },
    )


def _inputs(tournament, penalties: list[tuple], digest: str, **context) -> _Inputs:
    inputs = _Inputs(
        tournament=tournament,
        method=tournament.scoring_method,
        common_plays=most_plays(context["expected_plays"]),
        digest=digest,
        **context,
    )
    inputs.penalties = sorted(
        (
            Penalty(team, amount, CORE_UNITS[unit], max(round_number, 1), board)
            for team, amount, unit, round_number, board in penalties
        ),
        key=lambda penalty: (penalty.team, penalty.round, penalty.board or 0, penalty.amount),
    )
    return inputs


def _stored_context(inputs: _Inputs) -> dict:
    """The rankings' inputs but the results and penalties, as JSON (``totals_context``): a live
    change under the same setup digest reads them here instead of the plan and the teams."""
    return {
        "single_ranking": inputs.single_ranking,
        "expected_plays": sorted(inputs.expected_plays.items()),
        "lines": sorted(
            (team, line.value if line else None) for team, line in inputs.team_lines.items()
        ),
        "team_ids": sorted(inputs.team_ids.items()),
        "team_names": sorted(inputs.team_names.items()),
    }


def _context_from_store(tournament, penalties, digest, stored: Mapping) -> _Inputs:
    return _inputs(
        tournament,
        penalties,
        digest,
        single_ranking=stored["single_ranking"],
        expected_plays=dict(stored["expected_plays"]),
        team_lines={team: Side(line) if line else None for team, line in stored["lines"]},
        team_ids=dict(stored["team_ids"]),
        team_names=dict(stored["team_names"]),
    )


def _load_results(inputs: _Inputs, boards: Collection[int] | None = None) -> None:
    """The counted results (of ``boards`` only, when given) into ``inputs``, by round, with
    their table plan rows (round, table, teams, arrow-switch) in the same query."""
    rows = Result.objects.filter(
        tournament_id=inputs.tournament.pk, is_current=True, status__in=Result.COUNTING_STATUSES
    )
    if boards is not None:
        rows = rows.filter(board_number__in=sorted(boards))
    # No ORDER BY (the model's ordering joins the round and the table again only to sort):
    # the results are sorted here.
    rows = rows.order_by().values_list(
        "pk",
        "assignment_id",
        "board_number",
        "ns_marks",
        "ew_marks",
        "ns_adjustment",
        "ew_adjustment",
        "status",
        "assignment__round__number",
        "assignment__table__number",
        "assignment__ns_team__number",
        "assignment__ew_team__number",
        "assignment__arrow_switch",
    )
    for (
        pk,
        _assignment,
        board,
        ns_marks,
        ew_marks,
        ns_adjustment,
        ew_adjustment,
        status,
        round_number,
        table_number,
        ns,
        ew,
        arrow_switch,
    ) in rows:
        if ns is None or ew is None:
            # A sit-out team scores nothing on the boards it does not play.
            inputs.skipped += 1
            continue
        if ns_adjustment or ew_adjustment:
            result = BoardResult(
                board,
                round_number,
                table_number,
                ns,
                ew,
                ns_adjusted=ADJUSTMENTS.get(ns_adjustment, Adjustment.AVERAGE),
                ew_adjusted=ADJUSTMENTS.get(ew_adjustment, Adjustment.AVERAGE),
                arrow_switched=arrow_switch,
            )
        elif ns_marks is not None and ew_marks is not None:
            result = BoardResult(
                board,
                round_number,
                table_number,
                ns,
                ew,
                ns_marks=ns_marks,
                ew_marks=ew_marks,
                arrow_switched=arrow_switch,
                # Marks with the adjusted status: the arbiter's assigned score.
                assigned=status == Result.Status.ADJUSTED,
            )
        else:
            logger.warning("result %s counts but has neither marks nor adjustment: skipped", pk)
            inputs.skipped += 1
            continue
        inputs.results.append(result)
        inputs.result_pks[result.key] = pk
        inputs.adjustments[result.key] = (ns_adjustment or "", ew_adjustment or "")
    inputs.results.sort(key=_by_round)


def _by_round(result: BoardResult) -> tuple[int, int, int]:
    return (result.round, result.board, result.table)


@dataclass(frozen=True)
class _RankingPlan:
    """Which rankings to store (overall under None, then after each round played so far) and
    the digest of the inputs of each; rankings with equal digests are computed once."""

    fingerprints: dict[int | None, str]


def _plan_rankings(inputs: _Inputs) -> _RankingPlan:
    # The digest covers the inputs and RULES_REVISION, not the scoring code itself: after
    # upgrading scoring.duplicate without bumping it, run ``manage.py recompute`` so that no
    # ranking is copied from the old code's snapshot.
    context = hashlib.sha256(_context_text(inputs).encode())
    by_round: dict[int, list] = {}
    for result in inputs.results:
        by_round.setdefault(result.round, []).append((result, inputs.result_pks[result.key]))
    last_round = max(by_round, default=0)
    fingerprints: dict[int | None, str] = {}
    digest = context.copy()
    for round_number in range(1, last_round + 1):
        digest.update(repr((round_number, by_round.get(round_number, []))).encode())
        fingerprints[round_number] = digest.hexdigest()
    # The overall ranking is the one after the last round played (computed once) unless a
    # penalty counts from a later round: the overall ranking takes it off, that one does not.
    later = [p for p in inputs.penalties if p.round > last_round]
    if later:
        digest.update(repr(("overall", [(p.team, p.amount, p.round) for p in later])).encode())
    fingerprints[None] = digest.hexdigest()
    return _RankingPlan(fingerprints)


def _context_text(inputs: _Inputs) -> str:
    """Every input of the rankings but the results, as text (digested by the fingerprints)."""
    return repr(
        (
            RULES_REVISION,
            inputs.method,
            inputs.single_ranking,
            sorted(inputs.expected_plays.items()),
            inputs.common_plays,
            sorted(
                (team, line.value if line else None) for team, line in inputs.team_lines.items()
            ),
            sorted(inputs.team_names.items()),
            [(p.team, p.amount, p.unit.value, p.round, p.board) for p in inputs.penalties],
        )
    )


def _reusable_entries(
    tournament_id: int, version: int, plan: _RankingPlan
) -> dict[str, tuple[list, int]]:
    """Entries of the latest version whose inputs did not change, by fingerprint."""
    wanted = set(plan.fingerprints.values()) - {plan.fingerprints[None]}
    if not version or not wanted:
        return {}
    rows = RankingSnapshot.objects.filter(
        tournament_id=tournament_id, version=version, fingerprint__in=wanted
    ).values_list("fingerprint", "entries", "results_counted")
    return {fingerprint: (entries, counted) for fingerprint, entries, counted in rows}


def _compute(
    inputs: _Inputs,
    plan: _RankingPlan,
    reused: dict[str, tuple[list, int]],
    scores: list[TableScore] | None = None,
) -> dict[str, Computation]:
    """Compute each ranking not reusable, and the overall one always (its board scores are
    stored), in one pass over the rounds (``compute_rankings``: a board is compared once per
    set of its results a ranking counts, the totals carried from round to round). ``scores``:
    the table scores of every result when already known (the incremental run's)."""
    overall_fingerprint = plan.fingerprints[None]
    wanted: dict[str, int | None] = {}
    for up_to_round, fingerprint in plan.fingerprints.items():
        if fingerprint in reused and fingerprint != overall_fingerprint:
            continue
        # The overall ranking is often the last round's: computed once, under that round.
        wanted.setdefault(fingerprint, up_to_round)
    computed = compute_rankings(
        inputs.method,
        inputs.results,
        inputs.expected_plays,
        inputs.single_ranking,
        wanted.values(),
        teams=inputs.team_lines,
        # Every ranking, after any round, on the plan's common top: E of the whole plan.
        common_plays=inputs.common_plays,
        penalties=inputs.penalties,
        scores=scores,
    )
    return {fingerprint: computed[up_to_round] for fingerprint, up_to_round in wanted.items()}


def _incremental(
    inputs: _Inputs,
    plan: _RankingPlan,
    reused: dict[str, tuple[list, int]],
    version: int,
) -> tuple[dict[str, Computation], set[int]] | None:
    """The rankings computed again from the stored board scores of ``version`` and a new
    comparison of the boards whose inputs differ from those rows; None when the stored rows
    cannot be used (nothing stored, another method or top, rows changed while read, a score
    not exactly recoverable): the caller then computes everything.

    The changed boards are found by comparing the inputs, not by time stamps: whatever result
    changes were committed before the results were read are compared with what the stored rows
    were computed from, so no change can be missed, however the runs and the entries interleave.
    """
    if not version:
        return None
    stored = _stored_rows(inputs.tournament.pk, version, inputs.method)
    if stored is None:
        return None
    method = Method(inputs.method)
    board_top = common_top(method, inputs.common_plays)
    current: dict[ResultKey, tuple] = {}
    dirty: set[int] = set()
    tables: dict[int, int] = {}
    for result in inputs.results:
        current[result.key] = _signature(inputs, result)
        if len(result.teams()) == 2:
            tables[result.board] = tables.get(result.board, 0) + 1
    for board, count in tables.items():
        if count > inputs.expected_plays.get(board, 0):
            return None  # the full run raises the same error as before
    for key, signature in current.items():
        row = stored.get(key)
        if row is None or row[:_INPUT_COLUMNS] != signature:
            dirty.add(key[0])
    for key in stored.keys() - current.keys():
        dirty.add(key[0])
    if method is Method.TOTAL and dirty:
        # An adjusted side gets a share of the field average over every board.
        dirty.update(result.board for result in inputs.results if not result.is_played)
    if method is Method.MATCHPOINTS:
        played_on: dict[int, int] = {}
        for result in inputs.results:
            if result.is_played:
                played_on[result.board] = played_on.get(result.board, 0) + 1
    kept: list[TableScore] = []
    for result in inputs.results:
        if result.board in dirty:
            continue
        row = stored[result.key]
        stored_top = row[_INPUT_COLUMNS + 2]
        if method is Method.MATCHPOINTS:
            if stored_top != board_top:
                return None
            # Neuberg scores are in (1/A)Z, A the board's played results; adjusted ones in
            # (1/10)Z: over 10A both are whole numbers, so the stored float gives them back.
            denominator = 10 * max(played_on.get(result.board, 1), 1)
        else:
            denominator = 1
        ns_score = _exact(row[_INPUT_COLUMNS], denominator)
        ew_score = _exact(row[_INPUT_COLUMNS + 1], denominator)
        if ns_score is False or ew_score is False:
            return None
        kept.append(
            TableScore(
                result,
                ns_score,
                ew_score,
                top=None if stored_top is None else int(stored_top),
                datum=row[_INPUT_COLUMNS + 3],
            )
        )
    rescored = score_boards(
        method, inputs.results, inputs.expected_plays, inputs.common_plays, boards=dirty
    )
    return _compute(inputs, plan, reused, kept + rescored), dirty


_INPUT_COLUMNS = 12
"""The columns of ``_stored_rows`` a board's comparison is computed from (``_signature``)."""


def _signature(inputs: _Inputs, result: BoardResult) -> tuple:
    """What a stored BoardScore row says its score was computed from, for ``result``."""
    played = result.is_played
    ns_adjustment, ew_adjustment = inputs.adjustments[result.key]
    return (
        inputs.result_pks[result.key],
        inputs.team_ids.get(result.ns_team),
        inputs.team_ids.get(result.ew_team),
        result.ns_marks,
        result.ew_marks,
        "" if played else ns_adjustment,
        "" if played else ew_adjustment,
        result.arrow_switched,
        result.assigned,
        not played,
        # The codes map to the same adjustments whatever the previous run saw.
        result.ns_adjusted,
        result.ew_adjusted,
    )


def _stored_rows(
    tournament_id: int, version: int, method: str, boards: Collection[int] | None = None
) -> dict[ResultKey, tuple] | None:
    """The BoardScore rows of ``version`` by result key: ``_signature`` then the scores, top
    and datum. None if ``version`` is no longer the latest once they are read (its rows may be
    half replaced by then) or was computed with another method."""
    if not RankingSnapshot.objects.filter(
        tournament_id=tournament_id, version=version, up_to_round=None, method=method
    ).exists():
        return None
    rows = BoardScore.objects.filter(tournament_id=tournament_id).order_by()  # into a dict
    if boards is not None:
        rows = rows.filter(board_number__in=sorted(boards))
    rows = rows.values_list(
        "board_number",
        "round_number",
        "table_number",
        "result_id",
        "ns_team_id",
        "ew_team_id",
        "ns_marks",
        "ew_marks",
        "ns_adjustment",
        "ew_adjustment",
        "arrow_switched",
        "assigned",
        "adjusted",
        "ns_score",
        "ew_score",
        "top",
        "datum",
    )
    stored: dict[ResultKey, tuple] = {}
    for board, round_number, table, *inputs_and_scores in rows:
        (*columns, adjusted, ns_score, ew_score, board_top, datum_value) = inputs_and_scores
        ns_adjustment, ew_adjustment = columns[5], columns[6]
        stored[(board, round_number, table)] = (
            *columns,
            adjusted,
            ADJUSTMENTS.get(ns_adjustment, Adjustment.AVERAGE) if adjusted else None,
            ADJUSTMENTS.get(ew_adjustment, Adjustment.AVERAGE) if adjusted else None,
            ns_score,
            ew_score,
            board_top,
            datum_value,
        )
    # The rows and the snapshot are written in one transaction: the same version after the
    # read means the rows read are that version's.
    latest = ScoringState.objects.filter(tournament_id=tournament_id).values_list(
        "version", flat=True
    )
    if list(latest) != [version]:
        return None
    return stored


def _exact(value: float | None, denominator: int) -> Fraction | None | bool:
    """The exact score a stored float was written from, known to be a multiple of
    1/``denominator``; False when the float is not one (then the run computes in full)."""
    if value is None:
        return None
    if value.is_integer():
        return Fraction(int(value))
    exact = Fraction(round(value * denominator), denominator)
    return exact if float(exact) == value else False


def _store(
    inputs: _Inputs,
    plan: _RankingPlan,
    reused: dict[str, tuple[list, int]],
    computations: dict[str, Computation],
    *,
    run: _Run,
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
    counted_by_round = _counted_by_round(inputs.results)
    changes_until = run.changes_until
    with transaction.atomic():
        _serialize_stores(tournament.pk)
        state = ScoringState.objects.get(tournament=tournament)
        # Another run already stored these changes, or newer ones: never go back in time.
        if not force and state.covered_ticket >= run.ticket:
            _finish(tournament.pk, run)
            return RunReport(tournament.pk, Outcome.SUPERSEDED, state.version)
        version = state.version + 1
        if dirty is not None and state.version == base_version:
            # Incremental: the other boards' rows are those of base_version, unchanged inputs.
            if dirty:
                _delete(
                    BoardScore.objects.filter(tournament=tournament, board_number__in=sorted(dirty))
                )
            written = [score for score in all_scores if score.result.board in dirty]
            boards_rescored = len(dirty)
        else:
            # A full run, or another run stored other rows meanwhile: rewrite every row.
            _delete(BoardScore.objects.filter(tournament=tournament))
            written = all_scores
            boards_rescored = len(inputs.expected_plays) if dirty is None else len(dirty)
        _insert_board_scores([_board_score_row(inputs, score, now) for score in written])
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
                    tournament=tournament,
                    version=version,
                    up_to_round=up_to_round,
                    method=inputs.method,
                    entries=entries,
                    results_counted=counted,
                    includes_changes_until=changes_until,
                    fingerprint=fingerprint,
                )
            )
        _insert_snapshots(snapshots)
        duration_ms = _close_version(tournament, version, run, started, overall.tallies, inputs)
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


def _close_version(
    tournament: Tournament,
    version: int,
    run: _Run,
    started: float,
    tallies: Mapping[int, Tally],
    inputs: _Inputs,
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
    _delete(
        RankingSnapshot.objects.filter(tournament=tournament, version__lte=version - KEEP_VERSIONS)
    )
    _fold(run)
    now = timezone.now()
    duration_ms = round((time.perf_counter() - started) * 1000)
    context = (
        {}
        if context_stored
        else {
            "totals_digest": inputs.digest,
            "totals_context": _stored_context(inputs),
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
    # Stores are serialized (``_serialize_stores``): no other run creates the row meanwhile.
    if not RunningTotals.objects.filter(tournament_id=tournament_id).update(
        version=version, totals=text
    ):
        RunningTotals.objects.create(tournament_id=tournament_id, version=version, totals=text)


def _read_totals(tournament_id: int, version: int) -> dict[int, Tally] | None:
    """The running totals of ``version`` (without head-to-head lists); None if not stored."""
    text = (
        RunningTotals.objects.filter(tournament_id=tournament_id, version=version)
        .values_list("totals", flat=True)
        .first()
    )
    if not text:
        return None
    totals = {}
    for line in text.split("\n"):
        team, score, board_top, boards, won = line.split(" ")
        totals[int(team)] = Tally(
            score=_fraction(score), top=int(board_top), boards=int(boards), won=int(won)
        )
    return totals


def _fraction(text: str) -> Fraction:
    """A stored total, ``str(Fraction)``: "n/d" or "n" (Fraction's own parser, a regular
    expression, costs ten times more: 2,000 teams per live change)."""
    numerator, _slash, denominator = text.partition("/")
    return Fraction(int(numerator), int(denominator) if denominator else 1)


# --- A live change from the running totals --------------------------------------------------


class _NotLive(Exception):
    """The live change cannot be applied after all (another run stored a version meanwhile)."""


def _live_change(tournament_id: int, state: ScoringState, run: _Run, started: float):
    """A change in the last round, applied to the running totals: a RunReport, or None when
    this run must go the general way (``recompute``).

    Only the changed boards' results and stored scores are read. Their old scores are computed
    again from what the stored rows say they were computed from, taken off the teams' totals
    (``RunningTotals``, exact fractions) and the new ones added; the overall ranking and the one
    after the last round are ranked from the totals (a tie asks the head-to-head boards of the
    tied teams only), the rankings after earlier rounds are copied as they are. It applies
    when every journal row names a board, the method compares boards one by one (matchpoints,
    datum: with total points an adjusted side is worth the field's average over every board),
    the totals were stored for the latest version under the same plan, teams and penalties,
    and every result that differs is in the last round that has results (a correction of an
    earlier round, or the first result of a new round, goes the general way). Returns None
    without writing anything otherwise; ``tests/standings/test_incremental.py`` checks that it
    stores what a full recomputation stores.
    """
    if not state.totals_digest or not state.totals_context:
        return None
    tournament = Tournament.objects.get(pk=tournament_id)
    penalties = _penalty_rows(tournament_id)
    digest = _setup_digest(tournament, penalties)
    if digest != state.totals_digest:
        return None
    inputs = _context_from_store(tournament, penalties, digest, state.totals_context)
    method = Method(inputs.method)
    if method is Method.TOTAL:
        return None
    previous = {
        up_to_round: (fingerprint, counted)
        for up_to_round, fingerprint, counted in RankingSnapshot.objects.filter(
            tournament_id=tournament_id, version=state.version
        ).values_list("up_to_round", "fingerprint", "results_counted")
    }
    last_round = max((r for r in previous if r is not None), default=0)
    if None not in previous or not last_round:
        return None
    boards = run.boards
    _load_results(inputs, boards=boards)
    stored = _stored_rows(tournament_id, state.version, inputs.method, boards=boards)
    if stored is None:
        return None
    current = {result.key: _signature(inputs, result) for result in inputs.results}
    changed = {
        key
        for key, signature in current.items()
        if key not in stored or stored[key][:_INPUT_COLUMNS] != signature
    } | (stored.keys() - current.keys())
    if not changed:
        # Nothing counted changed (an entry to be confirmed, a dispute): the journal is folded.
        _finish(tournament_id, run, included=True)
        return RunReport(tournament_id, Outcome.UP_TO_DATE, state.version, 0)
    if {key[1] for key in changed} != {last_round}:
        return None
    delta = len(current) - len(stored)
    still_played = previous[last_round][1] - previous.get(last_round - 1, ("", 0))[1] + delta
    if still_played <= 0:
        return None  # the last round has no result left: its ranking goes
    tables: dict[int, int] = {}
    for result in inputs.results:
        if len(result.teams()) == 2:
            tables[result.board] = tables.get(result.board, 0) + 1
    if any(count > inputs.expected_plays.get(board, 0) for board, count in tables.items()):
        return None  # the general way raises the same error as before
    totals = _read_totals(tournament_id, state.version)
    if totals is None:
        return None
    old_results = _stored_results(inputs, stored)
    old_scores = score_boards(
        method, old_results, inputs.expected_plays, inputs.common_plays, boards=boards
    )
    new_scores = score_boards(
        method, inputs.results, inputs.expected_plays, inputs.common_plays, boards=boards
    )
    check_consistency(sorted(inputs.results, key=lambda result: result.key))
    lines = team_lines(inputs.results, inputs.single_ranking, inputs.team_lines)
    if lines.keys() != totals.keys():
        return None
    add_scores(method, totals, old_scores, sign=-1, meetings=False)
    add_scores(method, totals, new_scores, meetings=False)
    # With two rankings a team only ever meets the other line's teams: a tie in one ranking
    # has no head-to-head to read (``_head_to_head`` keeps such a group together).
    meetings = (
        partial(_meetings, inputs, state.version, boards, new_scores)
        if inputs.single_ranking
        else _never_met
    )
    board_top = common_top(method, inputs.common_plays)
    rankings = {}
    try:
        for up_to_round in (None, last_round):
            taken_off = deductions(inputs.penalties, method, board_top, up_to_round)
            # The ranking after the last round is the overall one unless a penalty counts from
            # a later round (as in the general way, it is then computed on its own).
            same = next((r for r, (d, _) in rankings.items() if d == taken_off), False)
            if same is not False:
                rankings[up_to_round] = rankings[same]
                continue
            ranked = rank_tallies(
                method, totals, lines, inputs.single_ranking, up_to_round, taken_off, meetings
            )
            rankings[up_to_round] = (taken_off, ranked)
        return _store_live(
            inputs, state, run, started, totals, rankings, new_scores, previous, delta
        )
    except _NotLive:
        return None


def _stored_results(inputs: _Inputs, stored: dict[ResultKey, tuple]) -> list[BoardResult]:
    """The results the stored rows were computed from, as the core's values."""
    numbers = {pk: number for number, pk in inputs.team_ids.items()}
    results = []
    for (board, round_number, table), row in stored.items():
        (
            _pk,
            ns_pk,
            ew_pk,
            ns_marks,
            ew_marks,
            _a,
            _b,
            arrow,
            assigned,
            adjusted,
            ns_adj,
            ew_adj,
        ) = row[:_INPUT_COLUMNS]
        ns, ew = numbers.get(ns_pk), numbers.get(ew_pk)
        if adjusted:
            result = BoardResult(
                board,
                round_number,
                table,
                ns,
                ew,
                ns_adjusted=ns_adj,
                ew_adjusted=ew_adj,
                arrow_switched=arrow,
            )
        else:
            result = BoardResult(
                board,
                round_number,
                table,
                ns,
                ew,
                ns_marks=ns_marks,
                ew_marks=ew_marks,
                arrow_switched=arrow,
                assigned=assigned,
            )
        results.append(result)
    return results


def _never_met(group) -> dict:
    """The meetings of teams of one line of a two-ranking Mitchell with each other: none."""
    return {}


def _meetings(
    inputs: _Inputs,
    version: int,
    boards: frozenset[int],
    new_scores: list[TableScore],
    group,
) -> dict[int, dict[int, list[tuple[Fraction, int]]]]:
    """The boards the teams of a tied ``group`` played against each other: the changed boards'
    new scores, the others read back exactly from the stored rows of ``version``."""
    members = set(group)
    met: dict[int, dict[int, list[tuple[Fraction, int]]]] = {team: {} for team in group}

    def meet(ns: int | None, ew: int | None, ns_score, ew_score, board_top: int) -> None:
        if ns in members and ew in members:
            if ns_score is not None:
                met[ns].setdefault(ew, []).append((ns_score, board_top))
            if ew_score is not None:
                met[ew].setdefault(ns, []).append((ew_score, board_top))

    for score in new_scores:
        result = score.result
        meet(result.ns_team, result.ew_team, score.ns_score, score.ew_score, score.top or 0)
    pks = [inputs.team_ids[team] for team in group if team in inputs.team_ids]
    numbers = {pk: number for number, pk in inputs.team_ids.items()}
    rows = (
        BoardScore.objects.filter(
            tournament_id=inputs.tournament.pk, ns_team_id__in=pks, ew_team_id__in=pks
        )
        .exclude(board_number__in=sorted(boards))
        .order_by()
        .values_list("board_number", "ns_team_id", "ew_team_id", "ns_score", "ew_score", "top")
    )
    rows = list(rows)
    by_matchpoints = Method(inputs.method) is Method.MATCHPOINTS
    denominators = {}
    if rows and by_matchpoints:
        played = (
            BoardScore.objects.filter(
                tournament_id=inputs.tournament.pk,
                adjusted=False,
                board_number__in={row[0] for row in rows},
            )
            .values("board_number")
            .annotate(plays=Count("id"))
            .values_list("board_number", "plays")
        )
        denominators = {board: 10 * max(plays, 1) for board, plays in played}
    for board, ns_pk, ew_pk, ns_score, ew_score, board_top in rows:
        # As _incremental reads them back: over 10·A for matchpoints, whole numbers otherwise.
        # (A board whose every row is adjusted has no played row: its scores are tenths.)
        denominator = denominators.get(board, 10) if by_matchpoints else 1
        ns_exact, ew_exact = _exact(ns_score, denominator), _exact(ew_score, denominator)
        if ns_exact is False or ew_exact is False:
            raise _NotLive
        meet(numbers[ns_pk], numbers[ew_pk], ns_exact, ew_exact, int(board_top or 0))
    return met


def _store_live(inputs, state, run, started, totals, rankings, new_scores, previous, delta):
    """Write a live change: the changed boards' rows, the two rankings computed, the others
    copied in the database, the totals; raises _NotLive if another run stored meanwhile."""
    tournament = inputs.tournament
    boards = run.boards
    now = timezone.now()
    with transaction.atomic():
        _serialize_stores(tournament.pk)
        latest = ScoringState.objects.filter(tournament=tournament).values_list(
            "version", "covered_ticket"
        )[0]
        if latest[1] >= run.ticket:
            _finish(tournament.pk, run)
            return RunReport(tournament.pk, Outcome.SUPERSEDED, latest[0])
        if latest[0] != state.version:
            raise _NotLive
        version = state.version + 1
        _delete(BoardScore.objects.filter(tournament=tournament, board_number__in=sorted(boards)))
        _insert_board_scores([_board_score_row(inputs, score, now) for score in new_scores])
        snapshots = []
        entries_of: dict[int, list] = {}  # one ranking serves both when no penalty differs
        for up_to_round, (_taken_off, computed) in rankings.items():
            fingerprint, counted = previous[up_to_round]
            if id(computed) not in entries_of:
                computation = Computation(
                    Method(inputs.method), up_to_round, {}, computed, MappingProxyType(totals)
                )
                entries_of[id(computed)] = ranking_entries(computation, inputs.team_names)
            snapshots.append(
                RankingSnapshot(
                    tournament=tournament,
                    version=version,
                    up_to_round=up_to_round,
                    method=inputs.method,
                    entries=entries_of[id(computed)],
                    results_counted=counted + delta,
                    includes_changes_until=run.changes_until,
                    # A digest of the previous one and the change: never equal to a digest of
                    # the inputs, so the general way computes these rankings again.
                    fingerprint=hashlib.sha256(
                        repr((fingerprint, version, sorted(run.changes))).encode()
                    ).hexdigest(),
                )
            )
        _insert_snapshots(snapshots)
        _copy_snapshots(tournament.pk, state.version, version, set(rankings), run.changes_until)
        duration_ms = _close_version(
            tournament, version, run, started, totals, inputs, context_stored=True
        )
    logger.info(
        "tournament %s: scores v%s, live change on boards %s, %s ms",
        tournament.pk,
        version,
        sorted(boards),
        duration_ms,
    )
    return RunReport(
        tournament.pk,
        Outcome.WRITTEN,
        version,
        results_counted=previous[None][1] + delta,
        rankings_computed=len({id(ranked) for ranked in rankings.values()}),
        duration_ms=duration_ms,
        boards_rescored=len(boards),
    )


def _copy_snapshots(tournament_id, from_version, to_version, computed, changes_until) -> None:
    """Copy the rankings of ``from_version`` not in ``computed`` to ``to_version``, in the
    database (their entries never come through Python)."""
    table = RankingSnapshot._meta.db_table
    excluded = sorted(r for r in computed if r is not None)
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {table} (tournament_id, version, up_to_round, method, entries,
                results_counted, includes_changes_until, computed_at, fingerprint)
            SELECT tournament_id, %s, up_to_round, method, entries, results_counted, %s, %s,
                fingerprint
            FROM {table}
            WHERE tournament_id = %s AND version = %s AND up_to_round IS NOT NULL
            """  # noqa: S608 - the table name from the model, values as parameters
            + (
                "AND up_to_round NOT IN (" + ", ".join(["%s"] * len(excluded)) + ")"
                if excluded
                else ""
            ),
            [to_version, changes_until, timezone.now(), tournament_id, from_version, *excluded],
        )


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


def _board_score_row(inputs: _Inputs, score, now: datetime) -> tuple:
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


def _insert_board_scores(rows: list[tuple]) -> None:
    """Insert the rows: COPY on PostgreSQL (a tenth of the time of an INSERT of 3,000 rows),
    ``bulk_create`` elsewhere (SQLite on a club laptop)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        BoardScore.objects.bulk_create(
            [BoardScore(**dict(zip(BOARD_SCORE_COLUMNS, row, strict=True))) for row in rows],
            batch_size=BULK_BATCH,
        )
        return
    _copy(BoardScore, BOARD_SCORE_COLUMNS, rows)


def _delete(rows) -> None:
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


def _insert_snapshots(snapshots: list[RankingSnapshot]) -> None:
    """Insert the snapshot rows: COPY on PostgreSQL (``bulk_create`` sends the entries of every
    ranking as an array literal that psycopg escapes in Python: 80 ms of a live change at
    3,000 results), ``bulk_create`` elsewhere.

    Rankings that are one computation (the overall ranking and the last round's, unless a
    penalty differs) share their entries: they are sent and parsed once, and the other rows
    copy them inside the database (encoding and parsing 2,000 teams' entries again was a
    tenth of a live change at 30,000 results)."""
    if connection.vendor != "postgresql":
        RankingSnapshot.objects.bulk_create(snapshots)
        return
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
    table = RankingSnapshot._meta.db_table
    with connection.cursor() as cursor:
        cursor.executemany(
            f"""
            INSERT INTO {table} (tournament_id, version, up_to_round, method, entries,
                results_counted, includes_changes_until, computed_at, fingerprint)
            SELECT tournament_id, version, %s, method, entries, %s, %s, %s, %s
            FROM {table}
            WHERE tournament_id = %s AND version = %s AND up_to_round IS NOT DISTINCT FROM %s
            """,  # noqa: S608 - the table name from the model, values as parameters
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
    from psycopg import sql

    statement = sql.SQL("COPY {table} ({columns}) FROM STDIN").format(
        table=sql.Identifier(model._meta.db_table),
        columns=sql.SQL(", ").join(sql.Identifier(column) for column in columns),
    )
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


def number(value: Fraction | int | None) -> int | float | None:
    """A score for JSON: an integer when whole, else a float to two decimals (a half rounded
    away from zero, as ``display_decimal``; in integers: 2,000 teams' entries are many)."""
    if value is None:
        return None
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1:
        return int(numerator)
    magnitude = (abs(numerator) * 200 + denominator) // (2 * denominator)
    whole, decimals = divmod(magnitude, 100)
    sign = "-" if numerator < 0 and magnitude else ""
    return float(f"{sign}{whole}.{decimals:02d}")


def ranking_entries(computation: Computation, names: dict[int, str]) -> list[dict]:
    """The JSON entries of a snapshot: every ranking of ``computation``, NS before EW."""
    return [
        {
            "rank": entry.rank,
            "tied": entry.tied,
            "display_rank": entry.display_rank,
            "team": entry.team,
            "name": names.get(entry.team, ""),
            "direction": entry.direction.value if entry.direction else None,
            "score": number(entry.score),
            "percentage": number(entry.percentage),
            "boards": entry.boards,
            "boards_won": entry.boards_won,
            "penalty": number(entry.penalty),
        }
        for ranking in computation.rankings
        for entry in ranking.entries
    ]


def _serialize_stores(tournament_id: int) -> None:
    """Inside a store's transaction: wait for any other run storing the same tournament's scores
    (a transaction-scoped advisory lock on PostgreSQL; SQLite serializes every write anyway).
    Not a row lock on ``ScoringState``: the results' job claims update that row."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", (STORE_LOCK, tournament_id))
            # Everything a store writes is derived from the results and can be computed again:
            # its commit need not wait for the disk (a crash loses the whole transaction or
            # nothing, and the journal rows it would have folded are then still there).
            cursor.execute("SET LOCAL synchronous_commit TO OFF")


STORE_LOCK = 0x5C0E
"""The first key of the stores' advisory lock (the second is the tournament's id)."""


def _fold(run: _Run) -> None:
    """Delete the journal rows ``run`` includes; rows appended since stay for the next run."""
    if run.changes:
        ScoreChange.objects.filter(id__in=run.changes)._raw_delete(ScoreChange.objects.db)


def _finish(tournament_id: int, run: _Run, included: bool = False) -> None:
    """End a run that wrote nothing. ``included``: its changes are in the latest snapshot
    (same inputs), so their journal rows are folded and no older run may store after it."""
    now = timezone.now()
    with transaction.atomic():
        fields: dict = {"finished_at": now}
        if included:
            _serialize_stores(tournament_id)
            _fold(run)
            fields.update(
                covered_ticket=Greatest(F("covered_ticket"), Value(run.ticket)),
                covered_until=Greatest(
                    Coalesce(F("covered_until"), Value(run.changes_until)),
                    Value(run.changes_until),
                ),
                computed_at=now,
            )
        ScoringState.objects.filter(tournament_id=tournament_id).update(**fields)


def _fail(tournament_id: int, run: _Run, message: str) -> RunReport:
    logger.error("tournament %s: scores cannot be computed: %s", tournament_id, message)
    now = timezone.now()
    ScoringState.objects.filter(tournament_id=tournament_id).update(
        last_error=message, failed_change=max(run.changes, default=0), finished_at=now
    )
    version = ScoringState.objects.filter(tournament_id=tournament_id).values_list(
        "version", flat=True
    )[0]
    return RunReport(tournament_id, Outcome.FAILED, version, error=message)

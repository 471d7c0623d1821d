"""A live change from the running totals: a change in the last round applied to the teams' totals
without reading the other boards (``live_change``)."""

from __future__ import annotations

import hashlib
import logging
from fractions import Fraction
from functools import partial
from types import MappingProxyType

from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from scoring.duplicate import (
    Computation,
    Method,
    TableScore,
    Tally,
    add_scores,
    check_consistency,
    common_top,
    deductions,
    rank_tallies,
    score_boards,
    team_lines,
)
from tournaments.setup.models import Tournament

from ..models import (
    BoardScore,
    RankingSnapshot,
    RunningTotals,
    ScoringState,
)
from .entries import ranking_entries
from .incremental import INPUT_COLUMNS, exact_score, input_signature, stored_results, stored_rows
from .inputs import Inputs, context_from_store, load_results, penalty_rows, setup_digest
from .runs import Outcome, Run, RunReport, finish, serialize_stores
from .store import close_version
from .writes import (
    board_score_row,
    copy_snapshots,
    delete_rows,
    insert_board_scores,
    insert_snapshots,
)

logger = logging.getLogger(__name__)


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


def live_change(tournament_id: int, state: ScoringState, run: Run, started: float):
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
    inputs = _stored_inputs(tournament_id, state)
    if inputs is None:
        return None
    method = Method(inputs.method)
    previous = _previous_rankings(tournament_id, state.version)
    last_round = max((r for r in previous if r is not None), default=0)
    if None not in previous or not last_round:
        return None
    boards = run.boards
    load_results(inputs, boards=boards)
    stored = stored_rows(tournament_id, state.version, inputs.method, boards=boards)
    if stored is None:
        return None
    current = {result.key: input_signature(inputs, result) for result in inputs.results}
    changed = {
        key
        for key, signature in current.items()
        if key not in stored or stored[key][:INPUT_COLUMNS] != signature
    } | (stored.keys() - current.keys())
    if not changed:
        # Nothing counted changed (an entry to be confirmed, a dispute): the journal is folded.
        finish(tournament_id, run, included=True)
        return RunReport(tournament_id, Outcome.UP_TO_DATE, state.version, 0)
    if {key[1] for key in changed} != {last_round}:
        return None
    delta = len(current) - len(stored)
    still_played = previous[last_round][1] - previous.get(last_round - 1, ("", 0))[1] + delta
    if still_played <= 0:
        return None  # the last round has no result left: its ranking goes
    if _more_tables_than_plays(inputs):
        return None  # the general way raises the same error as before
    totals = _read_totals(tournament_id, state.version)
    if totals is None:
        return None
    applied = _apply_to_totals(inputs, method, totals, stored, boards)
    if applied is None:
        return None
    new_scores, lines = applied
    # With two rankings a team only ever meets the other line's teams: a tie in one ranking
    # has no head-to-head to read (``_head_to_head`` keeps such a group together).
    meetings = (
        partial(_meetings, inputs, state.version, boards, new_scores)
        if inputs.single_ranking
        else _never_met
    )
    try:
        rankings = _rank_live(inputs, method, totals, lines, last_round, meetings)
        return _store_live(
            inputs, state, run, started, totals, rankings, new_scores, previous, delta
        )
    except _NotLive:
        return None


def _stored_inputs(tournament_id: int, state: ScoringState) -> Inputs | None:
    """The rankings' inputs but the results, from the context stored with the running totals;
    None when none is stored, the setup changed since, or the method is total points."""
    if not state.totals_digest or not state.totals_context:
        return None
    tournament = Tournament.objects.get(pk=tournament_id)
    penalties = penalty_rows(tournament_id)
    digest = setup_digest(tournament, penalties)
    if digest != state.totals_digest:
        return None
    inputs = context_from_store(tournament, penalties, digest, state.totals_context)
    if Method(inputs.method) is Method.TOTAL:
        return None
    return inputs


def _previous_rankings(tournament_id: int, version: int) -> dict[int | None, tuple[str, int]]:
    """The fingerprint and results counted of each ranking of ``version``, by round."""
    return {
        up_to_round: (fingerprint, counted)
        for up_to_round, fingerprint, counted in RankingSnapshot.objects.filter(
            tournament_id=tournament_id, version=version
        ).values_list("up_to_round", "fingerprint", "results_counted")
    }


def _more_tables_than_plays(inputs: Inputs) -> bool:
    """Whether a board of the loaded results was played at more tables than the plan has."""
    tables: dict[int, int] = {}
    for result in inputs.results:
        if len(result.teams()) == 2:
            tables[result.board] = tables.get(result.board, 0) + 1
    return any(count > inputs.expected_plays.get(board, 0) for board, count in tables.items())


def _apply_to_totals(inputs: Inputs, method: Method, totals, stored, boards):
    """Take the changed boards' old scores off ``totals`` and add their new ones: the new
    scores and the teams' lines, or None when the totals are not those teams'."""
    old_results = stored_results(inputs, stored)
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
    return new_scores, lines


def _rank_live(inputs: Inputs, method: Method, totals, lines, last_round: int, meetings) -> dict:
    """The overall ranking and the one after the last round, ranked from the totals: by
    round, the penalties taken off and the ranking (one computation when they are equal)."""
    board_top = common_top(method, inputs.common_plays)
    rankings = {}
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
    return rankings


def _never_met(group) -> dict:
    """The meetings of teams of one line of a two-ranking Mitchell with each other: none."""
    return {}


def _meetings(
    inputs: Inputs,
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
        # As incremental_computations reads them back: over 10·A for matchpoints, whole numbers
        # otherwise.
        # (A board whose every row is adjusted has no played row: its scores are tenths.)
        denominator = denominators.get(board, 10) if by_matchpoints else 1
        ns_exact, ew_exact = exact_score(ns_score, denominator), exact_score(ew_score, denominator)
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
        serialize_stores(tournament.pk)
        latest = ScoringState.objects.filter(tournament=tournament).values_list(
            "version", "covered_ticket"
        )[0]
        if latest[1] >= run.ticket:
            finish(tournament.pk, run)
            return RunReport(tournament.pk, Outcome.SUPERSEDED, latest[0])
        if latest[0] != state.version:
            raise _NotLive
        version = state.version + 1
        delete_rows(
            BoardScore.objects.filter(tournament=tournament, board_number__in=sorted(boards))
        )
        insert_board_scores([board_score_row(inputs, score, now) for score in new_scores])
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
        insert_snapshots(snapshots)
        copy_snapshots(tournament.pk, state.version, version, set(rankings), run.changes_until)
        duration_ms = close_version(
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

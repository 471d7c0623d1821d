"""An incremental run (calcul incrémental): the stored BoardScore rows of the latest version read
back exactly, only the boards whose inputs differ compared again."""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    Computation,
    Method,
    ResultKey,
    TableScore,
    common_top,
    score_boards,
)
from tournaments.vocabulary import ADJUSTMENTS

from ..models import (
    BoardScore,
    RankingSnapshot,
    ScoringState,
)
from .inputs import Inputs, board_result
from .plan import RankingPlan, compute


def incremental_computations(
    inputs: Inputs,
    plan: RankingPlan,
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
    stored = stored_rows(inputs.tournament.pk, version, inputs.method)
    if stored is None:
        return None
    method = Method(inputs.method)
    board_top = common_top(method, inputs.common_plays)
    current: dict[ResultKey, tuple] = {}
    dirty: set[int] = set()
    tables: dict[int, int] = {}
    for result in inputs.results:
        current[result.key] = input_signature(inputs, result)
        if len(result.teams()) == 2:
            tables[result.board] = tables.get(result.board, 0) + 1
    for board, count in tables.items():
        if count > inputs.expected_plays.get(board, 0):
            return None  # the full run raises the same error as before
    for key, signature in current.items():
        row = stored.get(key)
        if row is None or row[:INPUT_COLUMNS] != signature:
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
        stored_top = row[INPUT_COLUMNS + 2]
        if method is Method.MATCHPOINTS:
            if stored_top != board_top:
                return None
            # Neuberg scores are in (1/A)Z, A the board's played results; adjusted ones in
            # (1/10)Z: over 10A both are whole numbers, so the stored float gives them back.
            denominator = 10 * max(played_on.get(result.board, 1), 1)
        else:
            denominator = 1
        ns_score = exact_score(row[INPUT_COLUMNS], denominator)
        ew_score = exact_score(row[INPUT_COLUMNS + 1], denominator)
        if ns_score is False or ew_score is False:
            return None
        kept.append(
            TableScore(
                result,
                ns_score,
                ew_score,
                top=None if stored_top is None else int(stored_top),
                datum=row[INPUT_COLUMNS + 3],
            )
        )
    rescored = score_boards(
        method, inputs.results, inputs.expected_plays, inputs.common_plays, boards=dirty
    )
    return compute(inputs, plan, reused, kept + rescored), dirty


INPUT_COLUMNS = 12
"""The columns of ``stored_rows`` a board's comparison is computed from (``input_signature``)."""


def input_signature(inputs: Inputs, result: BoardResult) -> tuple:
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


def stored_rows(
    tournament_id: int, version: int, method: str, boards: Collection[int] | None = None
) -> dict[ResultKey, tuple] | None:
    """The BoardScore rows of ``version`` by result key: ``input_signature`` then the scores, top
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


def exact_score(value: float | None, denominator: int) -> Fraction | None | bool:
    """The exact score a stored float was written from, known to be a multiple of
    1/``denominator``; False when the float is not one (then the run computes in full)."""
    if value is None:
        return None
    if value.is_integer():
        return Fraction(int(value))
    exact = Fraction(round(value * denominator), denominator)
    return exact if float(exact) == value else False


def stored_results(inputs: Inputs, stored: dict[ResultKey, tuple]) -> list[BoardResult]:
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
        ) = row[:INPUT_COLUMNS]
        ns, ew = numbers.get(ns_pk), numbers.get(ew_pk)
        place = (board, round_number, table, ns, ew)
        adjustments = (ns_adj, ew_adj) if adjusted else None
        result = board_result(place, arrow, (ns_marks, ew_marks), adjustments, assigned)
        results.append(result)
    return results

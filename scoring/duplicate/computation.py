"""The one entry point the ranking job calls: every result of a tournament in, per-result scores
and the rankings out, for one comparison method and one point of the tournament.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence, ValuesView
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain
from types import MappingProxyType

from scoring.duplicate.board_result import BoardResult, ResultKey
from scoring.duplicate.datum import (
    DEFAULT_ADJUSTMENT_POINTS,
    DEFAULT_DROP_EXTREMES_FROM,
    score_datum,
)
from scoring.duplicate.matchpoints import most_plays, score_matchpoints, top
from scoring.duplicate.penalties import Penalty, deductions
from scoring.duplicate.ranking import Ranking, Tally, add_scores, rank_tallies, team_lines
from scoring.duplicate.scorecard import ScorecardLine, scorecard
from scoring.duplicate.table_score import Method, TableScore
from scoring.duplicate.totals import score_totals
from scoring.engine.cards import Side


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    """The tournament's settings for the comparison methods (only datum scoring has any).

    ``datum_drop_extremes``: leave the highest and lowest net out of the datum when a board has
    at least ``datum_drop_extremes_from`` played results. ``datum_adjustment_points``: what
    average-plus earns and average-minus costs in datum scoring.
    """

    datum_drop_extremes: bool = False
    datum_drop_extremes_from: int = DEFAULT_DROP_EXTREMES_FROM
    datum_adjustment_points: int = DEFAULT_ADJUSTMENT_POINTS

    def __post_init__(self) -> None:
        if self.datum_drop_extremes_from < 3:
            raise ValueError("dropping the highest and lowest needs at least 3 results")
        if self.datum_adjustment_points < 0:
            raise ValueError("the datum adjustment is a number of points >= 0")


@dataclass(frozen=True)
class Computation:
    """Everything computed from a tournament's results with one method.

    ``scores`` maps ``(board, round, table)`` to the table's score, in that sorted order, for
    every result counted (rounds after ``up_to_round`` left out). ``rankings`` is
    ``(single ranking,)`` or ``(NS ranking, EW ranking)``. ``tallies``: each ranked team's
    totals before penalties (``ranking.Tally``), which the rankings were made from.
    """

    method: Method
    up_to_round: int | None
    scores: Mapping[ResultKey, TableScore]
    rankings: tuple[Ranking, ...]
    tallies: Mapping[int, Tally] = field(default_factory=dict)

    def ranking(self, direction: Side | str | None = None) -> Ranking:
        """The single ranking (no direction), or the NS or EW one of a two-ranking Mitchell."""
        if len(self.rankings) == 1:
            if direction is not None:
                raise ValueError("this tournament has a single ranking: ask with no direction")
            return self.rankings[0]
        if direction is None:
            raise ValueError("this tournament ranks NS and EW apart: name a direction")
        wanted = Side(direction)
        return next(ranking for ranking in self.rankings if ranking.direction is wanted)

    def traveller(self, board: int) -> tuple[TableScore, ...]:
        """Every table's score on ``board``, by round then table (feuille ambulante)."""
        return tuple(score for key, score in self.scores.items() if key[0] == board)

    def scorecard(self, team: int) -> tuple[ScorecardLine, ...]:
        """The boards ``team`` played, in order, with a running total."""
        return scorecard(self.scores.values(), team)


def compute(
    method: Method | str,
    results: Iterable[BoardResult],
    expected_plays: Mapping[int, int],
    single_ranking: bool,
    up_to_round: int | None = None,
    options: ScoringOptions | None = None,
    teams: Mapping[int, Side | None] | Iterable[int] | None = None,
    common_plays: int | None = None,
    penalties: Iterable[Penalty] = (),
) -> Computation:
    """Score every result with ``method`` and rank the teams.

    ``expected_plays`` maps each board to the number of times the movement has it played
    (matchpoints only). ``common_plays`` is the Neuberg E every board is scaled to, the most
    plays of any board of the ranking; by default the most in ``expected_plays``, so pass every
    board of the movement even when ranking after a round. ``single_ranking``: one ranking of
    the whole field (Howell, arrow-switched Mitchell) rather than one per direction.
    ``up_to_round``: count only the results of rounds 1..up_to_round (None: all). ``teams``:
    registered teams, listed even before they play, as a mapping to their direction when there
    are two rankings. ``penalties``: procedural penalties, taken off the teams' scores in the
    rankings after the comparison (those in another unit than ``method``'s are left out, see
    ``Penalty.deduction``); the table scores do not change.

    The output does not depend on the order of ``results``. Raises ValueError on an unknown
    method or inconsistent results (two results for one table and board, a team playing a
    board twice or sitting at two tables in a round, more results than expected plays).
    """
    method = Method(method)
    options = options or ScoringOptions()
    if up_to_round is not None and up_to_round < 0:
        raise ValueError(f"up_to_round must be >= 0, not {up_to_round}")
    ordered = sorted(results, key=_order)
    check_consistency(ordered)
    counted = [result for result in ordered if up_to_round is None or result.round <= up_to_round]
    scores = score_boards(method, counted, expected_plays, common_plays, options)
    return _ranked(
        method,
        ordered,
        scores,
        expected_plays,
        single_ranking,
        up_to_round=up_to_round,
        teams=teams,
        common_plays=common_plays,
        penalties=penalties,
    )


def compute_rankings(
    method: Method | str,
    results: Iterable[BoardResult],
    expected_plays: Mapping[int, int],
    single_ranking: bool,
    up_to_rounds: Iterable[int | None],
    options: ScoringOptions | None = None,
    teams: Mapping[int, Side | None] | Iterable[int] | None = None,
    common_plays: int | None = None,
    penalties: Iterable[Penalty] = (),
    scores: Iterable[TableScore] | None = None,
) -> dict[int | None, Computation]:
    """``compute`` after each round of ``up_to_rounds`` (None: every round), in one pass.

    A board's comparison depends only on which of its results a ranking counts: each board is
    compared once per different set (in a movement where every table plays a board in the same
    round, once in all), and the teams' totals are carried from one ranking to the next, a
    board's previous scores taken off when more of its results count. ``scores``: the table
    scores of every result when already known (``score_boards`` of all of them, e.g. kept from
    a stored comparison): a board whose results all count takes its scores from there.

    Each Computation equals ``compute(..., up_to_round=r)`` (tests/scoring/duplicate/
    test_properties.py), except that its tallies hold no head-to-head lists: a tied group's
    meetings are read from the scores when the ranking needs them. Total points (an adjusted
    side's share of the field average of every board) are computed ranking by ranking.
    """
    method = Method(method)
    options = options or ScoringOptions()
    penalties = tuple(penalties)
    wanted = _wanted_rounds(up_to_rounds)
    ordered = sorted(results, key=_order)
    check_consistency(ordered)
    if method is Method.TOTAL:
        return {
            up_to_round: compute(
                method,
                ordered,
                expected_plays,
                single_ranking,
                up_to_round,
                options,
                teams,
                common_plays,
                penalties,
            )
            for up_to_round in wanted
        }
    lines = team_lines(ordered, single_ranking, teams)
    plays = most_plays(expected_plays) if common_plays is None else common_plays
    board_top = common_top(method, plays)
    boards = _Boards(ordered, scores)
    tallies = {team: Tally() for team in lines}
    computations: dict[int | None, Computation] = {}
    for up_to_round in wanted:
        changed = boards.compare(
            up_to_round,
            lambda counted: score_boards(method, counted, expected_plays, common_plays, options),
        )
        tallies = _carry(method, tallies, lines, boards.scored, changed)
        computations[up_to_round] = Computation(
            method=method,
            up_to_round=up_to_round,
            scores=_ScoresByKey([boards.scored[board] for board in sorted(boards.scored)]),
            rankings=rank_tallies(
                method,
                tallies,
                lines,
                single_ranking,
                up_to_round,
                deductions(penalties, method, board_top, up_to_round),
                boards.meetings,
            ),
            tallies=MappingProxyType(
                {
                    team: Tally(tally.score, tally.top, tally.boards, tally.won)
                    for team, tally in tallies.items()
                }
            ),
        )
    return computations


def _wanted_rounds(up_to_rounds: Iterable[int | None]) -> list[int | None]:
    """The rounds to rank after, in order (None, every round, last); a negative one refused."""
    wanted = sorted(set(up_to_rounds), key=lambda r: (r is None, r or 0))
    for up_to_round in wanted:
        if up_to_round is not None and up_to_round < 0:
            raise ValueError(f"up_to_round must be >= 0, not {up_to_round}")
    return wanted


class _Boards:
    """The boards of ``compute_rankings`` as its rankings count more of their results: each
    board's results (by round), the scores already known, and what the rankings so far
    compared (``counted_on``: how many of a board's results; ``scored``: their table scores)."""

    def __init__(self, ordered: Sequence[BoardResult], scores: Iterable[TableScore] | None):
        self.on_board: dict[int, list[BoardResult]] = {}  # by round within a board
        for result in ordered:
            self.on_board.setdefault(result.board, []).append(result)
        self.rounds_on = {board: [r.round for r in rs] for board, rs in self.on_board.items()}
        self.known: dict[int, list[TableScore]] = {}
        for score in scores or ():
            self.known.setdefault(score.result.board, []).append(score)
        # Where each team's scores are: (board, index in the board's results, hence in its
        # scores, which score_boards gives in the order of the results).
        self.places_of: dict[int, list[tuple[int, int]]] = {}
        for board, board_results in self.on_board.items():
            for index, result in enumerate(board_results):
                for team in result.teams():
                    self.places_of.setdefault(team, []).append((board, index))
        self.counted_on: dict[int, int] = {}
        self.scored: dict[int, list[TableScore]] = {}

    def compare(
        self,
        up_to_round: int | None,
        score: Callable[[list[BoardResult]], list[TableScore]],
    ) -> dict[int, list[TableScore]]:
        """The new table scores of the boards that count more results up to ``up_to_round``
        (the known ones where a board's results all count, else compared by ``score``)."""
        changed: dict[int, list[TableScore]] = {}
        for board, board_results in self.on_board.items():
            count = (
                len(board_results)
                if up_to_round is None
                else bisect_right(self.rounds_on[board], up_to_round)
            )
            if self.counted_on.get(board, 0) == count:
                continue
            given = self.known.get(board) if count == len(board_results) else None
            if given is not None:
                given = sorted(given, key=_score_order)
                if [score.result for score in given] != board_results:
                    given = None  # not the scores of these very results: compared again
            changed[board] = given if given is not None else score(board_results[:count])
            self.counted_on[board] = count
        return changed

    def meetings(self, group: Sequence[int]) -> dict[int, dict[int, list[tuple[Fraction, int]]]]:
        """Each team of a tied group's scores against the others, from the boards counted."""
        members = set(group)
        met: dict[int, dict[int, list[tuple[Fraction, int]]]] = {team: {} for team in group}
        for team in group:
            for board, index in self.places_of.get(team, ()):
                if index >= self.counted_on.get(board, 0):
                    continue
                score = self.scored[board][index]
                result = score.result
                if result.ns_team == team:
                    own, opponent = score.ns_score, result.ew_team
                else:
                    own, opponent = score.ew_score, result.ns_team
                if own is not None and opponent in members:
                    met[team].setdefault(opponent, []).append((own, score.top or 0))
        return met


def _carry(
    method: Method,
    tallies: dict[int, Tally],
    lines: Iterable[int],
    scored: dict[int, list[TableScore]],
    changed: dict[int, list[TableScore]],
) -> dict[int, Tally]:
    """The teams' tallies once ``changed`` replaces the boards' scores in ``scored``.

    Carry the totals (take the changed boards' previous scores off, add the new ones) unless
    that is more work than adding every score again: when every board gets more results at
    each round (a Mitchell's rotating sets), start afresh."""
    carried = sum(len(scored.get(board, ())) + len(new) for board, new in changed.items())
    afresh = sum(len(new) for new in changed.values()) + sum(
        len(scores) for board, scores in scored.items() if board not in changed
    )
    # One call each (add_scores sums over each denominator before building a fraction).
    if carried <= afresh:
        previous = [scored[board] for board in changed if board in scored]
        add_scores(method, tallies, chain.from_iterable(previous), sign=-1, meetings=False)
        add_scores(method, tallies, chain.from_iterable(changed.values()), meetings=False)
        scored.update(changed)
        return tallies
    scored.update(changed)
    tallies = {team: Tally() for team in lines}
    add_scores(method, tallies, chain.from_iterable(scored.values()), meetings=False)
    return tallies


class _ScoresByKey(Mapping[ResultKey, TableScore]):
    """A ranking's table scores by result key, from the boards' lists (each in key order, the
    boards in order): the mapping is built when first read (a series of rankings is often
    stored for its rankings alone)."""

    def __init__(self, boards: list[list[TableScore]]) -> None:
        self._boards = boards
        self._by_key: dict[ResultKey, TableScore] | None = None

    def _mapping(self) -> dict[ResultKey, TableScore]:
        if self._by_key is None:
            self._by_key = {score.key: score for scores in self._boards for score in scores}
        return self._by_key

    def __getitem__(self, key: ResultKey) -> TableScore:
        return self._mapping()[key]

    def __iter__(self) -> Iterator[ResultKey]:
        return iter(self._mapping())

    def __len__(self) -> int:
        return sum(len(scores) for scores in self._boards)

    def values(self) -> ValuesView[TableScore]:
        return self._mapping().values()

    def __repr__(self) -> str:
        return f"_ScoresByKey({self._mapping()!r})"


def score_boards(
    method: Method | str,
    results: Sequence[BoardResult],
    expected_plays: Mapping[int, int],
    common_plays: int | None = None,
    options: ScoringOptions | None = None,
    boards: Collection[int] | None = None,
) -> list[TableScore]:
    """The comparison of the results on ``boards`` (None: every board), in the order of
    ``results`` (those on other boards left out).

    A board's scores depend only on its own results, the method, ``expected_plays`` and
    ``common_plays`` — except with total points, where an adjusted side gets a share of the
    field average of every board: ``results`` must then hold every result counted, not only
    those of ``boards``. The incremental recomputation compares only the boards that changed.
    """
    method = Method(method)
    options = options or ScoringOptions()
    if method is Method.TOTAL:
        scored = score_totals(results)
        if boards is None:
            return scored
        return [score for score in scored if score.result.board in boards]
    chosen = results if boards is None else [r for r in results if r.board in boards]
    if method is Method.MATCHPOINTS:
        return score_matchpoints(chosen, expected_plays, common_plays)
    return score_datum(
        chosen,
        drop_extremes=options.datum_drop_extremes,
        drop_extremes_from=options.datum_drop_extremes_from,
        adjustment_points=options.datum_adjustment_points,
    )


def _ranked(
    method: Method | str,
    ordered: Sequence[BoardResult],
    scores: Iterable[TableScore],
    expected_plays: Mapping[int, int],
    single_ranking: bool,
    up_to_round: int | None,
    teams: Mapping[int, Side | None] | Iterable[int] | None,
    common_plays: int | None,
    penalties: Iterable[Penalty],
) -> Computation:
    """``compute``'s rankings from the table scores, once ``ordered`` (sorted by key) passed
    the consistency checks."""
    method = Method(method)
    lines = team_lines(ordered, single_ranking, teams)
    by_key = sorted(scores, key=_score_order)
    plays = most_plays(expected_plays) if common_plays is None else common_plays
    board_top = common_top(method, plays)
    tallies = {team: Tally() for team in lines}
    add_scores(method, tallies, by_key)
    return Computation(
        method=method,
        up_to_round=up_to_round,
        scores=MappingProxyType({score.key: score for score in by_key}),
        rankings=rank_tallies(
            method,
            tallies,
            lines,
            single_ranking,
            up_to_round,
            deductions(penalties, method, board_top, up_to_round),
        ),
        tallies=MappingProxyType(tallies),
    )


def common_top(method: Method, plays: int | None) -> int | None:
    """The top every board of a ranking is scored on, 2(E - 1) for the ranking's common plays
    E (matchpoints only; None otherwise or without boards): what a penalty in percent of the
    top is a share of."""
    return top(plays) if method is Method.MATCHPOINTS and plays else None


def _score_order(score: TableScore) -> ResultKey:
    return score.result.key


def _order(result: BoardResult) -> ResultKey:
    return result.key


def check_consistency(results: Sequence[BoardResult]) -> None:
    """The movement's invariants, as far as results show them; ``results`` are sorted by key.
    Raises ValueError (two results for a table and board, a team playing a board twice or
    sitting at two tables in a round)."""
    boards_played: set[tuple[int, int]] = set()
    seats: dict[tuple[int, int], int] = {}
    previous: ResultKey | None = None
    for result in results:
        if result.key == previous:
            raise ValueError(
                f"two results for board {result.board} at table {result.table} "
                f"in round {result.round}"
            )
        previous = result.key
        for team in result.teams():
            if (team, result.board) in boards_played:
                raise ValueError(f"team {team} has two results on board {result.board}")
            boards_played.add((team, result.board))
            table = seats.setdefault((team, result.round), result.table)
            if table != result.table:
                raise ValueError(
                    f"team {team} sits at tables {table} and {result.table} in round {result.round}"
                )

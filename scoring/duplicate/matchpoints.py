"""Matchpoints (points de match): each result against the others on the same cards, Law 78A.

Every board of a ranking is scored on one common top, 2(E - 1), where E is the most plays of
any of its boards: results a board did not get (a late table, a set that passed the phantom's
table, an adjusted score) are made up for with the Neuberg formula, so that every board weighs
the same in a team's percentage however many times it was played.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from fractions import Fraction

from scoring.duplicate.board_result import Adjustment, BoardResult, ResultKey
from scoring.duplicate.table_score import TableScore


def top(plays: int) -> int:
    """The top of a board played ``plays`` times: 2 matchpoints for each other result."""
    if plays < 1:
        raise ValueError(f"a board is played at least once, not {plays} times")
    return 2 * (plays - 1)


def matchpoints(nets: Sequence[int]) -> list[int]:
    """Law 78A: for each net score, 2 per other score it beats and 1 per other score it ties.

    ``nets`` are the net scores of the same direction on the same cards; the answer is in the
    same order. On n scores they add up to n(n-1).
    """
    ordered = sorted(nets)
    points = []
    for net in nets:
        beaten = bisect_left(ordered, net)
        equal = bisect_right(ordered, net, lo=beaten) - beaten
        points.append(2 * beaten + equal - 1)
    return points


def neuberg(points: int | Fraction, expected: int, actual: int) -> Fraction:
    """Neuberg: matchpoints won among ``actual`` results, scaled to ``expected`` results.

    M' = (M + 1) * E / A - 1: each result is treated as if the missing tables had scored like
    the field, so it goes on the top of a board played E times.
    """
    if not 1 <= actual <= expected:
        raise ValueError(f"Neuberg needs 1 <= actual ({actual}) <= expected ({expected})")
    # ((M + 1) E - A) / A in one fraction, M = n / d: the same value as the formula, built
    # once (mixing ints and fractions costs a conversion at every step; thousands of boards).
    numerator, denominator = points.numerator, points.denominator
    return Fraction(
        (numerator + denominator) * expected - actual * denominator, actual * denominator
    )


def most_plays(expected_plays: Mapping[int, int]) -> int | None:
    """The Neuberg E of a ranking: the most plays of any of its boards (None without boards).

    ``expected_plays`` maps every board of the ranking to the number of times the movement has
    it played; a board with fewer plays is scaled up to this E, so all share the top 2(E - 1).
    """
    return max(expected_plays.values(), default=None)


def score_matchpoints(
    results: Sequence[BoardResult],
    expected_plays: Mapping[int, int],
    common_plays: int | None = None,
) -> list[TableScore]:
    """Matchpoint every result, board by board; the answer is in the order of ``results``.

    ``expected_plays[board]`` is how many times the movement has the board played;
    ``common_plays`` is the E of the whole ranking, by default ``most_plays(expected_plays)``.
    Every board is scored on the common top 2(E - 1): the A results it got are matchpointed
    among themselves and Neuberg-scaled from A to E, M' = (M + 1) x E / A - 1 (nothing changes
    when A = E). An adjusted side gets 40, 50 or 60 % of the common top, and the adjusted table
    is left out of the comparison of the others (their scores are scaled as if it had not
    played). A team sitting out against the phantom is not a play of the board; an adjusted
    score it gets is a share of the same top. Raises ValueError when a board has no expected
    number of plays, more tables than expected, or more expected plays than ``common_plays``.
    """
    most = most_plays(expected_plays)
    common = most if common_plays is None else common_plays
    if most is not None and common_plays is not None and common_plays < most:
        raise ValueError(
            f"the common number of plays E ({common}) cannot be below the most plays of a "
            f"board ({most})"
        )
    by_board: dict[int, list[BoardResult]] = {}
    for result in results:
        by_board.setdefault(result.board, []).append(result)

    scores: dict[ResultKey, TableScore] = {}
    for board, board_results in by_board.items():
        expected = expected_plays.get(board)
        if expected is None or common is None:
            raise ValueError(f"the number of times board {board} is played is not given")
        # A team facing the phantom sits out: that is not a play of the board, even when the
        # arbiter gives the team an adjusted score.
        tables = sum(
            1
            for result in board_results
            if result.ns_team is not None and result.ew_team is not None
        )
        if tables > expected:
            raise ValueError(f"board {board} has {tables} results but is played {expected} times")
        board_top = top(common)
        played = [
            (result, net) for result in board_results if (net := result.net_on_ns_cards) is not None
        ]
        raw = matchpoints([net for _, net in played])
        # Results with the same net share their matchpoints: each value's two fractions (on
        # the NS cards, on the EW cards) are built once.
        shares: dict[int, tuple[Fraction, Fraction]] = {}
        for (result, _), points in zip(played, raw, strict=True):
            share = shares.get(points)
            if share is None:
                if len(played) == common:
                    on_ns = Fraction(points)
                else:
                    on_ns = neuberg(points, common, len(played))
                # top - M, as one fraction over M's denominator (no int-to-fraction step).
                numerator, denominator = on_ns.numerator, on_ns.denominator
                share = shares[points] = (
                    on_ns,
                    Fraction(board_top * denominator - numerator, denominator),
                )
            ns_cards_points, ew_cards_points = share
            if result.arrow_switched:
                ns_score, ew_score = ew_cards_points, ns_cards_points
            else:
                ns_score, ew_score = ns_cards_points, ew_cards_points
            scores[result.key] = TableScore(result, ns_score, ew_score, top=board_top)
        for result in board_results:
            if not result.is_played:
                scores[result.key] = TableScore(
                    result,
                    _adjusted(result.ns_team, result.ns_adjusted, board_top),
                    _adjusted(result.ew_team, result.ew_adjusted, board_top),
                    top=board_top,
                )
    if len(scores) != len(results):
        raise ValueError("two results have the same board, round and table")
    return [scores[result.key] for result in results]


def _adjusted(team: int | None, adjustment: Adjustment | None, board_top: int) -> Fraction | None:
    if team is None or adjustment is None:
        return None
    return adjustment.share * board_top

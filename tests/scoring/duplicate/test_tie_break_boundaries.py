"""The tie-breaks at their boundaries, each with exact ranks: where a ">" read as ">=", a missing
share or a wrong default would change who is placed first.

Most use a three-table Mitchell, one board a round (NS 1-3 stay, EW 101-103 move up, boards
move down), each board played once by each NS team:

    round 1: T1 1-101 board 1 | T2 2-102 board 2 | T3 3-103 board 3
    round 2: T1 1-102 board 3 | T2 2-103 board 1 | T3 3-101 board 2
    round 3: T1 1-103 board 2 | T2 2-101 board 3 | T3 3-102 board 1
"""

from fractions import Fraction

import pytest

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    Method,
    ScoringOptions,
    TableScore,
    compute,
    rank,
    score_datum,
)
from scoring.engine.cards import Side
from tests.support.movements import mitchell

SEATING = {(board, ns): (round_, table, ew) for round_, table, ns, ew, (board,) in mitchell(3, 3)}


def _table(board: int, ns: int, ns_marks: int, ew_marks: int) -> BoardResult:
    round_, table, ew = SEATING[(board, ns)]
    return BoardResult(board, round_, table, ns, ew, ns_marks=ns_marks, ew_marks=ew_marks)


def _net(board: int, ns: int, net: int) -> BoardResult:
    return _table(board, ns, max(net, 0), max(-net, 0))


def _score(board: int, ns: int, ew: int, ns_score, ew_score, top: int = 4) -> TableScore:
    """A table's score given directly, for rank() on its own (board b in round b)."""
    result = BoardResult(board, board, 1, ns, ew, ns_marks=80, ew_marks=80)
    return TableScore(result, Fraction(ns_score), Fraction(ew_score), top=top)


def _lines(*ns: int, ew: tuple[int, ...] = ()) -> dict[int, Side]:
    return {**dict.fromkeys(ns, Side.NS), **dict.fromkeys(ew, Side.EW)}


def _adjusted(board: int, ns: int, adjustment: Adjustment) -> BoardResult:
    round_, table, ew = SEATING[(board, ns)]
    return BoardResult(
        board, round_, table, ns, ew, ns_adjusted=adjustment, ew_adjusted=Adjustment.AVERAGE
    )


def _standing(ranking):
    return [(entry.display_rank, entry.team, entry.score, entry.boards_won) for entry in ranking]


# --- Boards won ----------------------------------------------------------------------------


def test_a_flat_datum_board_is_not_a_board_won():
    # Board 1: nets 0 (team 1), +100 (team 2), -100 (team 3): datum 0 -> 0, +100, -100.
    # Board 2: nets 0, +50, -50: datum 0 -> 0, +50, -50.
    # Board 3: nets +100, -50, -50: datum 0 -> +100, -50, -50.
    # Teams 1 and 2 both total +100. Team 1 is level with the datum twice (flat, not won) and
    # won board 3: 1 board won. Team 2 won boards 1 and 2: 2. Team 2 first.
    results = [
        _net(1, 1, 0),
        _net(1, 2, 100),
        _net(1, 3, -100),
        _net(2, 1, 0),
        _net(2, 2, 50),
        _net(2, 3, -50),
        _net(3, 1, 100),
        _net(3, 2, -50),
        _net(3, 3, -50),
    ]
    ranking = compute("datum", results, {}, single_ranking=False).ranking("NS")
    assert _standing(ranking) == [("1", 2, 100, 2), ("2", 1, 100, 1), ("3", 3, -200, 0)]


def test_a_drawn_table_is_not_a_board_won():
    # Total points. Team 1: two passes générales (0-0, drawn) and 300-0: 300, 1 board won.
    # Team 2: 100-50, 100-50, 100-200: 300, 2 boards won. Team 3: 50-100 three times: 150.
    results = [
        _table(1, 1, 0, 0),
        _table(2, 1, 0, 0),
        _table(3, 1, 300, 0),
        _table(1, 2, 100, 50),
        _table(2, 2, 100, 50),
        _table(3, 2, 100, 200),
        _table(1, 3, 50, 100),
        _table(2, 3, 50, 100),
        _table(3, 3, 50, 100),
    ]
    computation = compute("total", results, {}, single_ranking=False)
    assert _standing(computation.ranking("NS")) == [
        ("1", 2, 300, 2),
        ("2", 1, 300, 1),
        ("3", 3, 150, 0),
    ]
    # Nor for the EW team facing a pass: team 103 drew board 2 (0-0 against team 1), scored 50
    # against 100 (board 1, team 2) and 100 against 50 (board 3, team 3): 150, 1 board won,
    # level with team 102 (50 + 0 + 100, won board 1 only); EW teams never meet: 2=.
    assert _standing(computation.ranking("EW")) == [
        ("1", 101, 300, 2),
        ("2=", 102, 150, 1),
        ("2=", 103, 150, 1),
    ]


def test_exactly_half_the_top_is_not_a_board_won():
    # Matchpoints, top 4. Board 1: nets +100 (team 1), +100 (team 2), -100 (team 3): 3, 3, 0.
    # Board 2: 0 (team 1), +100 (team 2), -100 (team 3): 2 (exactly half: not won), 4, 0.
    # Board 3: +50 (team 1), -50 (team 2), -50 (team 3): 4, 1, 1.
    # Team 1: 3 + 2 + 4 = 9, boards won 1 and 3 (not 2): 2. Team 2: 3 + 4 + 1 = 8, won 1 and 2.
    # Team 3: 0 + 0 + 1 = 1.
    results = [
        _net(1, 1, 100),
        _net(1, 2, 100),
        _net(1, 3, -100),
        _net(2, 1, 0),
        _net(2, 2, 100),
        _net(2, 3, -100),
        _net(3, 1, 50),
        _net(3, 2, -50),
        _net(3, 3, -50),
    ]
    ranking = compute("matchpoints", results, dict.fromkeys((1, 2, 3), 3), False).ranking("NS")
    assert _standing(ranking) == [("1", 1, 9, 2), ("2", 2, 8, 2), ("3", 3, 1, 0)]


def test_half_the_top_on_every_board_wins_nothing_and_ranks_behind_a_team_that_won():
    # Two NS teams on 50 %: team 1 has 2 of 4 on each of boards 1 and 2 (no board won), team 2
    # has 4 and 0 (one board won). Team 2 first; were exactly half a win, team 1 would be.
    scores = [
        _score(1, 1, 101, 2, 2),
        _score(2, 1, 103, 2, 2),
        _score(3, 2, 102, 4, 0),
        _score(4, 2, 104, 0, 4),
    ]
    (ns, _ew) = rank(Method.MATCHPOINTS, scores, _lines(1, 2, ew=(101, 102, 103, 104)), False)
    assert _standing(ns) == [("1", 2, 4, 1), ("2", 1, 4, 0)]


# --- The main score when nothing was compared -----------------------------------------------


def test_a_team_whose_boards_all_had_a_top_of_zero_ranks_after_a_team_on_zero_percent():
    # rank() on its own, boards with their own tops: team 1 got 0 of 4 (0 %); team 2's only
    # board had a top of 0 (played once): no percentage, nothing compared. Team 1 is ranked,
    # team 2 comes after it, and a registered team 3 with no board after both.
    scores = [_score(1, 1, 101, 0, 4), _score(2, 2, 102, 0, 0, top=0)]
    (ns, _ew) = rank(Method.MATCHPOINTS, scores, _lines(1, 2, 3, ew=(101, 102)), False)
    assert [(e.display_rank, e.team, e.percentage, e.boards) for e in ns] == [
        ("1", 1, 0, 1),
        ("2", 2, None, 1),
        ("3", 3, None, 0),
    ]


def test_when_every_board_was_played_once_every_team_shares_first_place():
    # E = 1: the common top is 0, nobody is compared with anybody; no percentage, no board won,
    # and the NS teams never met: 1=, 1=, 1= (a registered team that has no board: 4).
    results = [_net(1, 1, 100), _net(2, 2, -50), _net(3, 3, 0)]
    computation = compute(
        "matchpoints", results, {1: 1, 2: 1, 3: 1}, False, teams=_lines(1, 2, 3, 4)
    )
    ranking = computation.ranking("NS")
    assert [(e.display_rank, e.team, e.percentage, e.boards) for e in ranking] == [
        ("1=", 1, None, 1),
        ("1=", 2, None, 1),
        ("1=", 3, None, 1),
        ("4", 4, None, 0),
    ]


# --- Head-to-head in matchpoints: the share of the tops --------------------------------------


def test_head_to_head_in_matchpoints_is_the_share_of_the_tops_not_the_sum():
    # A single ranking, top 4 everywhere. Teams 1, 2 and 3 all have 8 of 16 (50 %) and one
    # board won, and all met:
    #   board 1: team 1 3 - team 2 1       board 2: team 1 2 - team 3 2
    #   boards 3 and 4: team 2 4 and 2 - team 3 0 and 2
    # Against each other: team 1 5 of 8 (62.5 %), team 2 1 + 4 + 2 = 7 of 12 (58.3 %),
    # team 3 2 + 0 + 2 = 4 of 12 (33.3 %). By share: 1, 2, 3; a sum (7 > 5) would put team 2
    # first. Their other boards: team 1 2 and 1 against team 4 (boards 5, 6), team 2 1
    # against team 5 (board 7), team 3 4 against team 5 (board 8). Team 4: 5 of 8 (62.5 %),
    # team 5: 3 of 8 (37.5 %).
    scores = [
        _score(1, 1, 2, 3, 1),
        _score(2, 1, 3, 2, 2),
        _score(3, 2, 3, 4, 0),
        _score(4, 2, 3, 2, 2),
        _score(5, 1, 4, 2, 2),
        _score(6, 1, 4, 1, 3),
        _score(7, 2, 5, 1, 3),
        _score(8, 3, 5, 4, 0),
    ]
    (ranking,) = rank(Method.MATCHPOINTS, scores, dict.fromkeys(range(1, 6)), True)
    assert [(e.display_rank, e.team, e.percentage, e.boards_won) for e in ranking] == [
        ("1", 4, Fraction(125, 2), 1),
        ("2", 1, 50, 1),
        ("3", 2, 50, 1),
        ("4", 3, 50, 1),
        ("5", 5, Fraction(75, 2), 1),
    ]


# --- Datum adjustment of zero points ----------------------------------------------------------


def test_with_a_datum_adjustment_of_zero_average_plus_and_minus_score_nothing():
    # Board 1 adjusted at every table: team 1 average-plus, team 2 average-minus, team 3
    # average. Boards 2 and 3 played flat (nets 0 everywhere). With 0 adjustment points every
    # NS team scores 0 and none won a board: the NS teams never meet, so 1=, 1=, 1=. With the
    # default 50: team 1 +50, team 3 0, team 2 -50.
    results = [
        _adjusted(1, 1, Adjustment.AVERAGE_PLUS),
        _adjusted(1, 2, Adjustment.AVERAGE_MINUS),
        _adjusted(1, 3, Adjustment.AVERAGE),
    ] + [_net(board, ns, 0) for board in (2, 3) for ns in (1, 2, 3)]
    nothing = compute(
        "datum", results, {}, False, options=ScoringOptions(datum_adjustment_points=0)
    )
    assert _standing(nothing.ranking("NS")) == [("1=", 1, 0, 0), ("1=", 2, 0, 0), ("1=", 3, 0, 0)]
    default = compute("datum", results, {}, False)
    assert _standing(default.ranking("NS")) == [("1", 1, 50, 1), ("2", 3, 0, 0), ("3", 2, -50, 0)]


def test_zero_adjustment_points_are_accepted_and_negative_ones_refused():
    assert (
        score_datum([_adjusted(1, 1, Adjustment.AVERAGE_PLUS)], adjustment_points=0)[0].ns_score
        == 0
    )
    with pytest.raises(ValueError):
        ScoringOptions(datum_adjustment_points=-1)

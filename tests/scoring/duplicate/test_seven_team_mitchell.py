"""Seven teams in a Mitchell on four tables (the phantom at table 4), worked out by hand: boards
played twice and a board played three times all weigh the same, scaled to a common top.

The plan is ``scoring.movements.mitchell(7, boards_per_round=1)``: NS teams 1-3 stay at tables
1-3; EW teams 4-7 move up one table (skipping one after round 2), boards move down one. The
EW team reaching table 4 sits out against the phantom.

    round 1: T1 1-4 board 1 | T2 2-5 board 2 | T3 3-6 board 3 | T4 phantom-7 board 4
    round 2: T1 1-7 board 2 | T2 2-4 board 3 | T3 3-5 board 4 | T4 phantom-6 board 1
    round 3: T1 1-5 board 3 | T2 2-6 board 4 | T3 3-7 board 1 | T4 phantom-4 board 2

Board 3 never reaches the phantom: it is played 3 times. Boards 1, 2 and 4 are played twice.
The ranking's E is 3, the common top 2 x (3 - 1) = 4; a board played twice is scaled with
Neuberg M' = (M + 1) x 3/2 - 1: a top of 2 becomes 7/2, a tie 1 becomes 2, a bottom 0 becomes
1/2. Under the old rule (each board its own top) board 3 weighed twice each other board.
"""

from fractions import Fraction

import pytest

from scoring.duplicate import Adjustment, BoardResult, compute, most_plays, score_matchpoints
from scoring.engine.cards import Side
from scoring.movements.mitchell import mitchell

EXPECTED_PLAYS = {1: 2, 2: 2, 3: 3, 4: 2}

RESULTS = [
    # Board 1, twice: NS nets +180 (T1, 1-4) and -90 (T3, 3-7).
    BoardResult(1, 1, 1, 1, 4, ns_marks=180, ew_marks=0),
    BoardResult(1, 3, 3, 3, 7, ns_marks=0, ew_marks=90),
    # Board 2, twice: +50 (T2, 2-5) and +50 (T1, 1-7), a tie.
    BoardResult(2, 1, 2, 2, 5, ns_marks=130, ew_marks=80),
    BoardResult(2, 2, 1, 1, 7, ns_marks=130, ew_marks=80),
    # Board 3, three times: +250 (T3, 3-6), +100 (T2, 2-4), -80 (T1, 1-5).
    BoardResult(3, 1, 3, 3, 6, ns_marks=250, ew_marks=0),
    BoardResult(3, 2, 2, 2, 4, ns_marks=160, ew_marks=60),
    BoardResult(3, 3, 1, 1, 5, ns_marks=80, ew_marks=160),
    # Board 4, twice: -40 (T3, 3-5) and +120 (T2, 2-6).
    BoardResult(4, 2, 3, 3, 5, ns_marks=80, ew_marks=120),
    BoardResult(4, 3, 2, 2, 6, ns_marks=120, ew_marks=0),
]


def _standing(ranking):
    return [(entry.display_rank, entry.team, entry.score, entry.percentage) for entry in ranking]


def test_the_movement_plays_three_boards_twice_and_one_three_times():
    plays: dict[int, int] = {}
    for assignment in mitchell(7, boards_per_round=1).assignments:
        if assignment.ns is not None and assignment.ew is not None:
            for board in assignment.boards:
                plays[board] = plays.get(board, 0) + 1
    assert plays == EXPECTED_PLAYS
    assert most_plays(EXPECTED_PLAYS) == 3


def test_every_board_is_scaled_to_the_common_top_of_four():
    # Board 1: +180 beats -90: raw 2 and 0 (top 2) -> (2 + 1) x 3/2 - 1 = 7/2 and
    #          (0 + 1) x 3/2 - 1 = 1/2 (top 4). EW: 4 - NS = 1/2 (team 4) and 7/2 (team 7).
    # Board 2: the tie, raw 1 each -> (1 + 1) x 3/2 - 1 = 2: still half the top.
    # Board 3, played E = 3 times: raw 4, 2, 0 stay 4, 2, 0 (EW 0, 2, 4).
    # Board 4: +120 (T2) raw 2 -> 7/2, -40 (T3) raw 0 -> 1/2.
    scores = compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False).scores
    assert {key: (score.ns_score, score.ew_score) for key, score in scores.items()} == {
        (1, 1, 1): (Fraction(7, 2), Fraction(1, 2)),
        (1, 3, 3): (Fraction(1, 2), Fraction(7, 2)),
        (2, 1, 2): (2, 2),
        (2, 2, 1): (2, 2),
        (3, 1, 3): (4, 0),
        (3, 2, 2): (2, 2),
        (3, 3, 1): (0, 4),
        (4, 2, 3): (Fraction(1, 2), Fraction(7, 2)),
        (4, 3, 2): (Fraction(7, 2), Fraction(1, 2)),
    }
    assert {score.top for score in scores.values()} == {4}


def test_the_percentages_are_on_the_common_top():
    # Every board adds the common top 4 to a team's denominator.
    # NS team 2: 2 (b2) + 2 (b3) + 7/2 (b4) = 15/2 of 12 -> 62.5 %
    # NS team 1: 7/2 (b1) + 2 (b2) + 0 (b3) = 11/2 of 12 -> 45.83 %
    # NS team 3: 4 (b3) + 1/2 (b4) + 1/2 (b1) = 5 of 12 -> 41.67 %
    # Each board its own top would have given team 1 (2 + 1 + 0) / (2 + 2 + 4) = 37.5 % and
    # team 3 (4 + 0 + 0) / 8 = 50 %: team 3's top on board 3 would have counted double.
    # EW team 5: 2 (b2) + 7/2 (b4) + 4 (b3) = 19/2 of 12 -> 79.17 %
    # EW team 7: 2 (b2) + 7/2 (b1) = 11/2 of 8 -> 68.75 % (sat out in round 1)
    # EW team 4: 1/2 (b1) + 2 (b3) = 5/2 of 8 -> 31.25 %
    # EW team 6: 0 (b3) + 1/2 (b4) = 1/2 of 8 -> 6.25 %
    computation = compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False)
    assert _standing(computation.ranking(Side.NS)) == [
        ("1", 2, Fraction(15, 2), Fraction(125, 2)),
        ("2", 1, Fraction(11, 2), Fraction(275, 6)),
        ("3", 3, 5, Fraction(125, 3)),
    ]
    assert _standing(computation.ranking(Side.EW)) == [
        ("1", 5, Fraction(19, 2), Fraction(475, 6)),
        ("2", 7, Fraction(11, 2), Fraction(275, 4)),
        ("3", 4, Fraction(5, 2), Fraction(125, 4)),
        ("4", 6, Fraction(1, 2), Fraction(25, 4)),
    ]


def test_an_adjusted_score_on_a_board_played_twice_is_a_share_of_the_common_top():
    # Board 4 at T2 gets 60/40 instead of +120: 60 % and 40 % of 4 = 12/5 and 8/5 (not of 2).
    # T3 is then the board's only played result: raw 0 of 0, (0 + 1) x 3/1 - 1 = 2, average.
    results = [result for result in RESULTS if result.key != (4, 3, 2)] + [
        BoardResult(
            4, 3, 2, 2, 6, ns_adjusted=Adjustment.AVERAGE_PLUS, ew_adjusted=Adjustment.AVERAGE_MINUS
        )
    ]
    scores = compute("matchpoints", results, EXPECTED_PLAYS, single_ranking=False).scores
    assert (scores[(4, 3, 2)].ns_score, scores[(4, 3, 2)].ew_score) == (
        Fraction(12, 5),
        Fraction(8, 5),
    )
    assert (scores[(4, 3, 2)].ns_percentage, scores[(4, 3, 2)].ew_percentage) == (60, 40)
    assert (scores[(4, 2, 3)].ns_score, scores[(4, 2, 3)].ew_score) == (2, 2)


def test_the_ranking_after_round_one_already_uses_the_common_top():
    # After round 1 every board has one result: (0 + 1) x 3/1 - 1 = 2 of 4, 50 % for everyone.
    computation = compute(
        "matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False, up_to_round=1
    )
    assert {score.top for score in computation.scores.values()} == {4}
    assert {entry.percentage for entry in computation.ranking("NS") if entry.boards} == {50}


def test_the_common_plays_can_be_given_and_never_below_the_most_plays_of_a_board():
    # A ranking over boards 1 and 2 only, told that its E is 3 (the session's).
    two_boards = [result for result in RESULTS if result.board in (1, 2)]
    scores = score_matchpoints(two_boards, {1: 2, 2: 2}, common_plays=3)
    assert [score.ns_score for score in scores] == [Fraction(7, 2), Fraction(1, 2), 2, 2]
    # By default each is scored on its own ranking's E, here 2: raw matchpoints.
    assert [score.ns_score for score in score_matchpoints(two_boards, {1: 2, 2: 2})] == [
        2,
        0,
        1,
        1,
    ]
    with pytest.raises(ValueError, match="most plays"):
        score_matchpoints(RESULTS, EXPECTED_PLAYS, common_plays=2)


def test_datum_differences_are_not_scaled():
    # Board 1 (twice): nets +180 and -90, mean 45 -> datum 50: +130 and -140, real points.
    # A third table at the datum would leave them +130 and -140; Neuberg's 3/2 would have made
    # +195 and -210, points nobody scored. Board 3 (three times): mean 90: +160, +10, -170.
    scores = compute("datum", RESULTS, EXPECTED_PLAYS, single_ranking=False).scores
    assert [scores[key].ns_score for key in ((1, 1, 1), (1, 3, 3))] == [130, -140]
    assert [scores[key].ns_score for key in ((3, 1, 3), (3, 2, 2), (3, 3, 1))] == [160, 10, -170]

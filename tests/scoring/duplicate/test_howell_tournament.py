"""A four-team, two-table Howell worked out by hand, for each comparison method.

Everyone meets everyone and teams change lines, so there is a single ranking. Each round both
tables play the same two boards: every board is expected twice (top 2).

    round 1 (boards 1, 2): T1 1-2 | T2 3-4
    round 2 (boards 3, 4): T1 4-1 | T2 2-3
    round 3 (boards 5, 6): T1 1-3 | T2 4-2

Boards 1 and 2 are ties (board 2 with different marks but the same net), board 4 is adjusted
at table 1 (NS team 4 average-plus, EW team 1 average-minus), board 6 is missing at table 2
(teams 4 and 2 ran out of time).
"""

from fractions import Fraction

import pytest

from scoring.duplicate import Adjustment, BoardResult, compute

EXPECTED_PLAYS = dict.fromkeys(range(1, 7), 2)

RESULTS = [
    # board 1: nets +100 and +100
    BoardResult(1, 1, 1, 1, 2, ns_marks=170, ew_marks=70),
    BoardResult(1, 1, 2, 3, 4, ns_marks=170, ew_marks=70),
    # board 2: nets -250 (0 - 250) and -250 (20 - 270)
    BoardResult(2, 1, 1, 1, 2, ns_marks=0, ew_marks=250),
    BoardResult(2, 1, 2, 3, 4, ns_marks=20, ew_marks=270),
    # board 3: nets -80 (T1) and +100 (T2)
    BoardResult(3, 2, 1, 4, 1, ns_marks=80, ew_marks=160),
    BoardResult(3, 2, 2, 2, 3, ns_marks=170, ew_marks=70),
    # board 4: table 1 adjusted, table 2 nets -110
    BoardResult(
        4, 2, 1, 4, 1, ns_adjusted=Adjustment.AVERAGE_PLUS, ew_adjusted=Adjustment.AVERAGE_MINUS
    ),
    BoardResult(4, 2, 2, 2, 3, ns_marks=80, ew_marks=190),
    # board 5: nets -260 (T1) and +170 (T2)
    BoardResult(5, 3, 1, 1, 3, ns_marks=0, ew_marks=260),
    BoardResult(5, 3, 2, 4, 2, ns_marks=220, ew_marks=50),
    # board 6: table 1 nets +80, table 2 missing
    BoardResult(6, 3, 1, 1, 3, ns_marks=160, ew_marks=80),
]


def _standing(computation):
    return [
        (entry.display_rank, entry.team, entry.score, entry.percentage, entry.boards)
        for entry in computation.ranking()
    ]


def test_matchpoints_per_table():
    # Top 2. Boards 1 and 2: equal nets, 1 each for all four teams.
    # Board 3: T2's +100 beats T1's -80: team 2 (NS T2) 2, team 4 (NS T1) 0; EW: team 1 2,
    # team 3 0.
    # Board 4: T1 adjusted: team 4 60 % of 2 = 6/5, team 1 40 % = 4/5; T2 alone, A = 1 of
    # E = 2: M = 0 -> (0 + 1) x 2/1 - 1 = 1 each.
    # Board 5: T2's +170 beats T1's -260: team 4 2, team 1 0; EW: team 3 2, team 2 0.
    # Board 6: T1 alone: 1 each for teams 1 and 3.
    scores = compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=True).scores
    by_key = {key: (score.ns_score, score.ew_score) for key, score in scores.items()}
    assert by_key == {
        (1, 1, 1): (1, 1),
        (1, 1, 2): (1, 1),
        (2, 1, 1): (1, 1),
        (2, 1, 2): (1, 1),
        (3, 2, 1): (0, 2),
        (3, 2, 2): (2, 0),
        (4, 2, 1): (Fraction(6, 5), Fraction(4, 5)),
        (4, 2, 2): (1, 1),
        (5, 3, 1): (0, 2),
        (5, 3, 2): (2, 0),
        (6, 3, 1): (1, 1),
    }


def test_matchpoint_ranking_with_a_tie_broken_head_to_head():
    # team 4: 1 + 1 + 0 + 6/5 + 2 = 26/5 = 5.2 over 5 boards (top 10) -> 52 %
    # team 2: 1 + 1 + 2 + 1 + 0 = 5 over 10 -> 50 %
    # team 3: 1 + 1 + 0 + 1 + 2 + 1 = 6 over 6 boards (top 12) -> 50 %
    # team 1: 1 + 1 + 2 + 4/5 + 0 + 1 = 29/5 = 5.8 over 12 -> 48.33 %
    # Teams 2 and 3 tie on 50 % and on boards won (more than 1 of 2): team 2 board 3, team 3
    # board 5. Head-to-head: they met in round 2 on boards 3 and 4, team 2 scored 2 + 1 = 3 of
    # 4, team 3 0 + 1 = 1 of 4: team 2 is 2nd.
    computation = compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=True)
    assert _standing(computation) == [
        ("1", 4, Fraction(26, 5), 52, 5),
        ("2", 2, 5, 50, 5),
        ("3", 3, 6, 50, 6),
        ("4", 1, Fraction(29, 5), Fraction(145, 3), 6),
    ]
    assert all(entry.direction is None for entry in computation.ranking())
    assert [entry.boards_won for entry in computation.ranking()] == [2, 1, 1, 1]


def test_datum_per_table_and_ranking():
    # Board 1: datum 100, everyone 0. Board 2: datum -250, everyone 0.
    # Board 3: nets -80, +100 -> mean 10: T1 NS (team 4) -90, EW (team 1) +90;
    #          T2 NS (team 2) +90, EW (team 3) -90.
    # Board 4: T2 alone, datum -110: 0 and 0; T1 adjusted: team 4 +50, team 1 -50.
    # Board 5: nets -260, +170 -> mean -45 -> -50 (a 5 away from zero): T1 NS (team 1)
    #          -260 + 50 = -210, EW (team 3) +210; T2 NS (team 4) 170 + 50 = 220, EW (team 2)
    #          -220.
    # Board 6: T1 alone, datum 80: 0 and 0.
    # team 4: -90 + 50 + 220 = 180; team 3: -90 + 210 = 120; team 2: 90 - 220 = -130;
    # team 1: 90 - 50 - 210 = -170.
    computation = compute("datum", RESULTS, EXPECTED_PLAYS, single_ranking=True)
    board_5 = computation.traveller(5)
    assert [(score.ns_score, score.ew_score, score.datum) for score in board_5] == [
        (-210, 210, -50),
        (220, -220, -50),
    ]
    assert _standing(computation) == [
        ("1", 4, 180, None, 5),
        ("2", 3, 120, None, 6),
        ("3", 2, -130, None, 5),
        ("4", 1, -170, None, 6),
    ]


def test_total_points_ranking_with_a_tie_broken_head_to_head():
    # Field average: sides of the 10 played results: board 1 240 + 240, board 2 250 + 290,
    # board 3 240 + 240, board 4 270, board 5 260 + 270, board 6 240 = 2540 over 20 sides
    # = 127. Average-plus 6/5 x 127 = 152.4 -> 150, average-minus 4/5 x 127 = 101.6 -> 100.
    # team 1: 170 + 0 + 160 + 100 (adjusted) + 0 + 160 = 590
    # team 2: 70 + 250 + 170 + 80 + 50 = 620
    # team 3: 170 + 20 + 70 + 190 + 260 + 80 = 790
    # team 4: 70 + 270 + 80 + 150 (adjusted) + 220 = 790
    # Teams 3 and 4 tie on 790 and on boards won (more than the opponents): team 3 boards 1, 4
    # and 5, team 4 boards 2, 4 and 5. Head-to-head, round 1 (boards 1 and 2): team 4 scored
    # 70 + 270 = 340, team 3 170 + 20 = 190: team 4 first.
    computation = compute("total", RESULTS, EXPECTED_PLAYS, single_ranking=True)
    assert (computation.scores[(4, 2, 1)].ns_score, computation.scores[(4, 2, 1)].ew_score) == (
        150,
        100,
    )
    assert _standing(computation) == [
        ("1", 4, 790, None, 5),
        ("2", 3, 790, None, 6),
        ("3", 2, 620, None, 5),
        ("4", 1, 590, None, 6),
    ]
    assert [entry.boards_won for entry in computation.ranking()][:2] == [3, 3]


def test_a_team_that_changes_lines_needs_a_single_ranking():
    with pytest.raises(ValueError, match="single ranking"):
        compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False)

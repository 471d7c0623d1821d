"""A three-table Mitchell worked out by hand, for each comparison method.

NS teams 1, 2, 3 stay at tables 1, 2, 3; EW teams 4, 5, 6 move up one table, boards move down
one table; one board a round, each board expected three times (top 4).

    round 1: T1 1-4 board 1 | T2 2-5 board 2 | T3 3-6 board 3
    round 2: T1 1-6 board 2 | T2 2-4 board 3 | T3 3-5 board 1
    round 3: T1 1-5 board 3 | T2 2-6 board 1 | T3 3-4 board 2

Board 1 has a tie (tables 1 and 3 both net -80), board 2 is missing at table 3 in round 3
(late table, no score) and has a tie, board 3 is adjusted at table 2 in round 2 (NS team 2
average-plus, EW team 4 average-minus).
"""

from fractions import Fraction

from scoring.duplicate import Adjustment, BoardResult, compute
from scoring.engine.cards import Side

EXPECTED_PLAYS = {1: 3, 2: 3, 3: 3}

RESULTS = [
    # board 1: nets -80, -80, +250
    BoardResult(1, 1, 1, 1, 4, ns_marks=80, ew_marks=160),
    BoardResult(1, 2, 3, 3, 5, ns_marks=90, ew_marks=170),
    BoardResult(1, 3, 2, 2, 6, ns_marks=250, ew_marks=0),
    # board 2: nets +130, +130; table 3 (3-4) did not play it
    BoardResult(2, 1, 2, 2, 5, ns_marks=190, ew_marks=60),
    BoardResult(2, 2, 1, 1, 6, ns_marks=180, ew_marks=50),
    # board 3: nets -250, +90; table 2 adjusted 60/40
    BoardResult(3, 1, 3, 3, 6, ns_marks=0, ew_marks=250),
    BoardResult(
        3, 2, 2, 2, 4, ns_adjusted=Adjustment.AVERAGE_PLUS, ew_adjusted=Adjustment.AVERAGE_MINUS
    ),
    BoardResult(3, 3, 1, 1, 5, ns_marks=170, ew_marks=80),
]


def _standing(ranking):
    return [(entry.display_rank, entry.team, entry.score, entry.percentage) for entry in ranking]


def test_matchpoints_per_table():
    # Board 1, all three played: -80 (T1) and -80 (T3) tie and beat nothing: 0 + 1 = 1 each;
    # +250 (T2) beats both: 4. EW get 4 minus NS: team 4: 3, team 5: 3, team 6: 0.
    # Board 2, A = 2 of E = 3: the two +130 tie, M = 1, Neuberg (1 + 1) x 3/2 - 1 = 2 each;
    # EW 4 - 2 = 2.
    # Board 3, A = 2 of E = 3: +90 (T1) M = 2 -> 3 x 3/2 - 1 = 7/2; -250 (T3) M = 0 ->
    # 1 x 3/2 - 1 = 1/2. Adjusted T2: NS 60 % of 4 = 12/5, EW 40 % of 4 = 8/5.
    scores = compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False).scores
    by_key = {key: (score.ns_score, score.ew_score) for key, score in scores.items()}
    assert by_key == {
        (1, 1, 1): (1, 3),
        (1, 2, 3): (1, 3),
        (1, 3, 2): (4, 0),
        (2, 1, 2): (2, 2),
        (2, 2, 1): (2, 2),
        (3, 1, 3): (Fraction(1, 2), Fraction(7, 2)),
        (3, 2, 2): (Fraction(12, 5), Fraction(8, 5)),
        (3, 3, 1): (Fraction(7, 2), Fraction(1, 2)),
    }
    assert {score.top for score in scores.values()} == {4}


def test_matchpoint_rankings_one_per_direction():
    # NS: team 2: 4 + 2 + 12/5 = 42/5 = 8.4 over 3 boards (top 12) -> 70 %
    #     team 1: 1 + 2 + 7/2 = 13/2 = 6.5 over 12 -> 54.17 %
    #     team 3: 1 + 1/2 = 3/2 over 2 boards (top 8; board 2 missing) -> 18.75 %
    # EW: team 4: 3 + 8/5 = 23/5 = 4.6 over 8 -> 57.5 %
    #     team 5: 3 + 2 + 1/2 = 11/2 over 12 -> 45.83 %
    #     team 6: 0 + 2 + 7/2 = 11/2 over 12 -> 45.83 %: tied with team 5; boards won (more
    #     than 2 of 4): team 5 one (board 1), team 6 one (board 3); EW teams never meet, so no
    #     head-to-head: they share 2nd place.
    computation = compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False)
    assert _standing(computation.ranking("NS")) == [
        ("1", 2, Fraction(42, 5), 70),
        ("2", 1, Fraction(13, 2), Fraction(325, 6)),
        ("3", 3, Fraction(3, 2), Fraction(75, 4)),
    ]
    assert _standing(computation.ranking(Side.EW)) == [
        ("1", 4, Fraction(23, 5), Fraction(115, 2)),
        ("2=", 5, Fraction(11, 2), Fraction(275, 6)),
        ("2=", 6, Fraction(11, 2), Fraction(275, 6)),
    ]
    assert [entry.boards for entry in computation.ranking("NS")] == [3, 3, 2]
    assert computation.ranking("EW").entry(6).boards_won == 1


def test_matchpoint_ranking_after_round_two():
    # Rounds 1 and 2 only; every board still scored on a top of 4 with Neuberg:
    # board 1 (T1 -80, T3 -80): tie, M = 1 -> 2 x 3/2 - 1 = 2 each, EW 2 each.
    # board 2 (T2 +130, T1 +130): 2 each, EW 2 each.
    # board 3 (T3 -250 alone, T2 adjusted): M = 0 -> 1 x 3/1 - 1 = 2; NS 2 12/5, EW 4 8/5.
    # NS: team 2: 2 + 12/5 = 22/5 over 8 -> 55 %; teams 1 and 3: 4 over 8 -> 50 %, no board
    # won, shared 2nd. EW: teams 5 and 6: 4 over 8 -> 50 % (1=); team 4: 2 + 8/5 = 18/5 -> 45 %.
    computation = compute(
        "matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False, up_to_round=2
    )
    assert _standing(computation.ranking("NS")) == [
        ("1", 2, Fraction(22, 5), 55),
        ("2=", 1, 4, 50),
        ("2=", 3, 4, 50),
    ]
    assert _standing(computation.ranking("EW")) == [
        ("1=", 5, 4, 50),
        ("1=", 6, 4, 50),
        ("3", 4, Fraction(18, 5), 45),
    ]
    assert all(key[1] <= 2 for key in computation.scores)


def test_datum_per_table_and_rankings():
    # Board 1: nets -80, -80, +250 -> mean 90/3 = 30: T1 -110, T3 -110, T2 +220.
    # Board 2: nets +130, +130 -> datum 130: 0 and 0.
    # Board 3: played nets -250, +90 -> mean -80: T3 -170, T1 +170; adjusted T2: NS +50, EW -50.
    # NS: team 2: 220 + 0 + 50 = 270; team 1: -110 + 0 + 170 = 60; team 3: -110 - 170 = -280.
    # EW: team 4: 110 - 50 = 60; team 6: -220 + 0 + 170 = -50; team 5: 110 + 0 - 170 = -60.
    computation = compute("datum", RESULTS, EXPECTED_PLAYS, single_ranking=False)
    scores = computation.scores
    assert (scores[(1, 1, 1)].ns_score, scores[(1, 1, 1)].datum) == (-110, 30)
    assert (scores[(3, 2, 2)].ns_score, scores[(3, 2, 2)].ew_score) == (50, -50)
    assert (scores[(3, 3, 1)].ns_score, scores[(3, 3, 1)].datum) == (170, -80)
    assert _standing(computation.ranking("NS")) == [
        ("1", 2, 270, None),
        ("2", 1, 60, None),
        ("3", 3, -280, None),
    ]
    assert _standing(computation.ranking("EW")) == [
        ("1", 4, 60, None),
        ("2", 6, -50, None),
        ("3", 5, -60, None),
    ]


def test_total_points_and_rankings():
    # Field average: every side of the 7 played results: (80 + 160) + (90 + 170) + (250 + 0)
    # + (190 + 60) + (180 + 50) + (0 + 250) + (170 + 80) = 1730 over 14 sides = 123.57.
    # Average-plus: 6/5 x 123.57 = 148.29 -> 150; average-minus: 4/5 x 123.57 = 98.86 -> 100.
    # NS: team 2: 250 + 190 + 150 = 590; team 1: 80 + 180 + 170 = 430; team 3: 90 + 0 = 90.
    # EW: team 5: 170 + 60 + 80 = 310; team 6: 0 + 50 + 250 = 300; team 4: 160 + 100 = 260.
    computation = compute("total", RESULTS, EXPECTED_PLAYS, single_ranking=False)
    assert (computation.scores[(3, 2, 2)].ns_score, computation.scores[(3, 2, 2)].ew_score) == (
        150,
        100,
    )
    assert _standing(computation.ranking("NS")) == [
        ("1", 2, 590, None),
        ("2", 1, 430, None),
        ("3", 3, 90, None),
    ]
    assert _standing(computation.ranking("EW")) == [
        ("1", 5, 310, None),
        ("2", 6, 300, None),
        ("3", 4, 260, None),
    ]


def test_team_scorecard_with_running_total():
    # Team 1 (NS), matchpoints: round 1 board 1 vs 4: 1; round 2 board 2 vs 6: 2 (running 3);
    # round 3 board 3 vs 5: 7/2 (running 13/2, i.e. 6.5 of 12 = 54.17 %).
    card = compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False).scorecard(1)
    assert [(line.round, line.board, line.opponent, line.score) for line in card] == [
        (1, 1, 4, 1),
        (2, 2, 6, 2),
        (3, 3, 5, Fraction(7, 2)),
    ]
    assert [line.running_score for line in card] == [1, 3, Fraction(13, 2)]
    assert [line.running_percentage for line in card] == [25, Fraction(75, 2), Fraction(325, 6)]
    assert (card[0].marks, card[0].opponent_marks) == (80, 160)


def test_scorecard_of_an_adjusted_team():
    card = compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False).scorecard(4)
    adjusted = next(line for line in card if line.board == 3)
    assert adjusted.adjustment is Adjustment.AVERAGE_MINUS
    assert adjusted.marks is None
    assert adjusted.score == Fraction(8, 5)
    assert adjusted.percentage == 40
    assert adjusted.direction is Side.EW


def test_traveller_lists_every_table_of_a_board():
    traveller = compute("matchpoints", RESULTS, EXPECTED_PLAYS, single_ranking=False).traveller(1)
    assert [(score.result.round, score.result.table) for score in traveller] == [
        (1, 1),
        (2, 3),
        (3, 2),
    ]
    assert [score.ns_percentage for score in traveller] == [25, 25, 100]

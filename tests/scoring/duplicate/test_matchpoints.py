"""Matchpoints: Law 78A comparisons, the Neuberg formula, adjusted scores, arrow-switched tables."""

from fractions import Fraction

import pytest

from scoring.duplicate import Adjustment, BoardResult, matchpoints, neuberg, score_matchpoints, top


def test_law_78a_two_per_score_beaten_one_per_score_tied():
    # Law 78A: "two scoring units for each score inferior to his, one scoring unit for each
    # score equal to his, and zero scoring units for each score superior to his".
    # Five NS nets on one board: +250, +100, +100, -80, -250. Top = 2 x (5 - 1) = 8.
    #   +250 beats 4            -> 2 x 4         = 8 (a top)
    #   +100 beats 2, ties 1    -> 2 x 2 + 1     = 5 (both of them)
    #    -80 beats 1            -> 2 x 1         = 2
    #   -250 beats none         -> 0             (a bottom)
    assert matchpoints([250, 100, 100, -80, -250]) == [8, 5, 5, 2, 0]


def test_matchpoints_keep_the_order_they_were_given_in():
    assert matchpoints([-80, 250, 100]) == [0, 4, 2]


def test_a_flat_board_gives_everyone_half_the_top():
    # Four identical nets: each ties three others -> 3 matchpoints, top 6.
    assert matchpoints([170, 170, 170, 170]) == [3, 3, 3, 3]


def test_a_board_played_once_has_a_top_of_zero():
    assert matchpoints([100]) == [0]
    assert top(1) == 0


def test_the_top_is_two_per_other_result():
    assert top(2) == 2
    assert top(7) == 12
    with pytest.raises(ValueError):
        top(0)


def test_neuberg_worked_example_seven_expected_six_played():
    # E = 7, A = 6: M' = (M + 1) x 7/6 - 1, on a top of 2 x (7 - 1) = 12 instead of 10.
    #   M = 10 (top of 6 results): 11 x 7/6 - 1 = 77/6 - 6/6 = 71/6   (11.83)
    #   M = 5 (average of 6):       6 x 7/6 - 1 = 7 - 1      = 6       (still average)
    #   M = 0 (bottom):             1 x 7/6 - 1 = 1/6                 (0.17)
    assert neuberg(10, expected=7, actual=6) == Fraction(71, 6)
    assert neuberg(5, expected=7, actual=6) == 6
    assert neuberg(0, expected=7, actual=6) == Fraction(1, 6)


def test_neuberg_changes_nothing_on_a_fully_played_board():
    assert neuberg(3, expected=4, actual=4) == 3


def test_neuberg_needs_between_one_and_the_expected_number_of_results():
    with pytest.raises(ValueError):
        neuberg(0, expected=3, actual=0)
    with pytest.raises(ValueError):
        neuberg(0, expected=3, actual=4)


def _played(table, ns_team, ew_team, ns_marks, ew_marks, *, board=1, arrow_switched=False):
    return BoardResult(
        board, table, table, ns_team, ew_team, ns_marks, ew_marks, arrow_switched=arrow_switched
    )


def test_a_board_played_six_times_out_of_seven_is_scored_with_neuberg():
    # Six NS nets, one table never played it: E = 7, top 12.
    # Raw matchpoints among 6: 300 -> 10, 200 -> 8, 100 and 100 -> 5 each, 0 -> 2, -100 -> 0.
    # Neuberg (M + 1) x 7/6 - 1: 10 -> 71/6, 8 -> 63/6 - 1 = 19/2, 5 -> 6, 2 -> 21/6 - 1 = 5/2,
    # 0 -> 1/6. EW get 12 minus NS.
    nets = [300, 200, 100, 100, 0, -100]
    results = [
        _played(table, table, 100 + table, max(net, 0), max(-net, 0))
        for table, net in enumerate(nets, start=1)
    ]
    scores = score_matchpoints(results, {1: 7})
    ns = [score.ns_score for score in scores]
    assert ns == [Fraction(71, 6), Fraction(19, 2), 6, 6, Fraction(5, 2), Fraction(1, 6)]
    assert [score.ew_score for score in scores] == [12 - points for points in ns]
    assert {score.top for score in scores} == {12}


def test_an_adjusted_table_is_left_out_of_the_comparison_and_gets_its_share_of_the_top():
    # Board expected 4 times (top 6). Table 4 gets 60/40. The three played nets are compared
    # among themselves (+200 -> 4, +100 -> 2, -50 -> 0) and Neuberg-scaled from 3 to 4 results:
    # (M + 1) x 4/3 - 1: 4 -> 17/3, 2 -> 3, 0 -> 1/3. Adjusted: NS 60 % of 6 = 18/5, EW 40 % = 12/5.
    results = [
        _played(1, 1, 11, 250, 50),
        _played(2, 2, 12, 170, 70),
        _played(3, 3, 13, 80, 130),
        BoardResult(
            1,
            4,
            4,
            4,
            14,
            ns_adjusted=Adjustment.AVERAGE_PLUS,
            ew_adjusted=Adjustment.AVERAGE_MINUS,
        ),
    ]
    scores = score_matchpoints(results, {1: 4})
    assert [score.ns_score for score in scores] == [
        Fraction(17, 3),
        3,
        Fraction(1, 3),
        Fraction(18, 5),
    ]
    assert scores[3].ew_score == Fraction(12, 5)
    assert scores[3].ns_percentage == 60
    assert scores[3].ew_percentage == 40


def test_both_sides_can_get_average_plus_on_a_fouled_board():
    results = [
        _played(1, 1, 11, 250, 50),
        BoardResult(
            1, 2, 2, 2, 12, ns_adjusted=Adjustment.AVERAGE_PLUS, ew_adjusted=Adjustment.AVERAGE_PLUS
        ),
    ]
    # Top 2; each side of table 2 gets 60 % of 2 = 6/5; table 1, alone, gets (0 + 1) x 2 - 1 = 1.
    scores = score_matchpoints(results, {1: 2})
    assert (scores[1].ns_score, scores[1].ew_score) == (Fraction(6, 5), Fraction(6, 5))
    assert (scores[0].ns_score, scores[0].ew_score) == (1, 1)


def test_an_arrow_switched_ns_team_is_compared_with_the_ew_field():
    # Board 1 at three tables, top 4. Table 3 is arrow-switched: NS team 3 held the E-W cards
    # and scored 80 against 160, so EW team 6 netted +80 on the N-S cards.
    #   N-S cards: team 1 +100, team 2 +250, team 6 +80  -> team 2: 4, team 1: 2, team 6: 0
    #   E-W cards: team 4 -100, team 5 -250, team 3 -80  -> team 3: 4, team 4: 2, team 5: 0
    results = [
        _played(1, 1, 4, 170, 70),
        _played(2, 2, 5, 250, 0),
        _played(3, 3, 6, 80, 160, arrow_switched=True),
    ]
    scores = score_matchpoints(results, {1: 3})
    assert [(score.ns_score, score.ew_score) for score in scores] == [(2, 2), (4, 0), (4, 0)]


def test_the_phantom_scores_nothing():
    results = [
        _played(1, 1, 11, 250, 50),
        BoardResult(1, 2, 2, 2, None, ns_adjusted=Adjustment.AVERAGE),
    ]
    scores = score_matchpoints(results, {1: 2})
    assert scores[1].ns_score == 1  # 50 % of a top of 2
    assert scores[1].ew_score is None
    assert scores[1].ew_percentage is None


def test_a_board_with_more_results_than_expected_is_refused():
    results = [_played(1, 1, 11, 250, 50), _played(2, 2, 12, 170, 70)]
    with pytest.raises(ValueError, match="played 1 times"):
        score_matchpoints(results, {1: 1})


def test_every_board_needs_its_number_of_plays():
    with pytest.raises(ValueError, match="board 1"):
        score_matchpoints([_played(1, 1, 11, 250, 50)], {2: 3})


def test_a_sit_out_is_not_a_play_of_the_board():
    # Three tables, table 3 has the phantom: the board is expected twice (top 2). The team
    # sitting out gets average, 50 % of 2 = 1; the two played tables compare normally: 2 and 0.
    results = [
        _played(1, 1, 11, 250, 50),
        _played(2, 2, 12, 170, 70),
        BoardResult(1, 3, 3, ns_team=None, ew_team=13, ew_adjusted=Adjustment.AVERAGE),
    ]
    scores = score_matchpoints(results, {1: 2})
    assert [(score.ns_score, score.ew_score) for score in scores] == [(2, 0), (0, 2), (None, 1)]

"""Datum difference: the board's mean net rounded to 10, each table's net against it."""

from fractions import Fraction

import pytest

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    adjusted_difference,
    compute,
    datum,
    round_to_ten,
    score_datum,
)


def _played(table, net, *, board=1, arrow_switched=False):
    return BoardResult(
        board,
        table,
        table,
        table,
        100 + table,
        max(net, 0) + 60,
        max(-net, 0) + 60,
        arrow_switched=arrow_switched,
    )


def test_rounding_to_ten_follows_the_deal_score_rule():
    # FFB: 95 -> 100, 94 -> 90; domain brief: 85 -> 90, 84 -> 80.
    assert round_to_ten(95) == 100
    assert round_to_ten(94) == 90
    assert round_to_ten(85) == 90
    assert round_to_ten(84) == 80
    assert round_to_ten(Fraction(430, 3)) == 140  # 143.33


def test_rounding_below_zero_mirrors_rounding_above():
    assert round_to_ten(-85) == -90
    assert round_to_ten(-84) == -80
    assert round_to_ten(Fraction(-45)) == -50
    assert round_to_ten(0) == 0


def test_the_datum_is_the_mean_net_rounded_to_ten():
    # (420 + 100 + 80 - 50 - 250) / 5 = 300 / 5 = 60.
    assert datum([420, 100, 80, -50, -250]) == 60
    # (100 + 250 + 80) / 3 = 143.33 -> 140.
    assert datum([100, 250, 80]) == 140
    # (250 - 80) / 2 = 85 -> 90: a 5 goes up, as for marks.
    assert datum([250, -80]) == 90


def test_dropping_the_highest_and_lowest_net():
    # Without 420 and -250: (100 + 80 - 50) / 3 = 43.33 -> 40.
    assert datum([420, 100, 80, -50, -250], drop_extremes=True) == 40


def test_extremes_are_kept_on_a_board_with_fewer_results_than_the_threshold():
    # Four results, threshold 5: nothing dropped, (420 + 100 + 80 - 50) / 4 = 137.5 -> 140.
    assert datum([420, 100, 80, -50], drop_extremes=True) == 140
    # Threshold lowered to 4: (100 + 80) / 2 = 90.
    assert datum([420, 100, 80, -50], drop_extremes=True, drop_extremes_from=4) == 90


def test_a_board_nobody_played_has_no_datum():
    with pytest.raises(ValueError):
        datum([])


def test_extremes_cannot_be_dropped_below_three_results():
    with pytest.raises(ValueError):
        datum([10, 20], drop_extremes=True, drop_extremes_from=2)


def test_each_table_scores_its_net_minus_the_datum_and_ew_the_opposite():
    # Nets 420, 100, 80, -50, -250; datum 60.
    scores = score_datum([_played(t, net) for t, net in enumerate([420, 100, 80, -50, -250], 1)])
    assert [score.ns_score for score in scores] == [360, 40, 20, -110, -310]
    assert [score.ew_score for score in scores] == [-360, -40, -20, 110, 310]
    assert {score.datum for score in scores} == {60}


def test_with_two_tables_the_datum_score_is_half_the_difference_with_the_other_table():
    # The Belote'L duplicate tournament (seeds/beloteL-duplicate-tournament.fr.txt) scores "la
    # différence entre votre résultat et celui d'une autre personne qui a joué ... la donne avec
    # les mêmes cartes". Table 1 nets +250, table 2 nets -50: the seed gives table 1 +300 and
    # table 2 -300. Datum (250 - 50) / 2 = 100: table 1 scores +150, table 2 -150, exactly half,
    # so both rank every team the same way.
    scores = score_datum([_played(1, 250), _played(2, -50)])
    seed_difference = [250 - (-50), -50 - 250]
    assert [score.ns_score for score in scores] == [150, -150]
    assert [2 * score.ns_score for score in scores] == seed_difference


def test_with_two_tables_an_odd_number_of_tens_rounds_the_datum():
    # Nets +250 and -80: the seed difference is 330; the datum 85 -> 90 gives +160 and -170,
    # half the difference to within the 5 points of rounding.
    scores = score_datum([_played(1, 250), _played(2, -80)])
    assert [score.ns_score for score in scores] == [160, -170]
    assert all(
        abs(2 * score.ns_score - diff) <= 10
        for score, diff in zip(scores, [330, -330], strict=True)
    )


def test_the_two_table_ranking_is_the_seeds_ranking():
    # Four boards, each played by NS teams 1 and 2. Seed differences for team 1:
    #   board 1: nets 250 / -50   -> 250 - (-50) = 300;  datum 100 -> +150
    #   board 2: nets 80 / 160    -> 80 - 160    = -80;  datum 120 -> -40
    #   board 3: nets 0 / 0       -> 0;                  datum 0   -> 0
    #   board 4: nets -250 / 110  -> -250 - 110  = -360; datum -70 -> -180
    # Seed total for team 1: -140, team 2 ahead; datum totals are half: -70 and +70.
    nets = {1: (250, -50), 2: (80, 160), 3: (0, 0), 4: (-250, 110)}
    results = []
    for board, (first, second) in nets.items():
        for table, (team, net) in enumerate([(1, first), (2, second)], start=1):
            results.append(
                BoardResult(
                    board, board, table, team, 10 + team, max(net, 0) + 60, max(-net, 0) + 60
                )
            )
    ranking = compute("datum", results, {}, single_ranking=False).ranking("NS")
    assert [(entry.team, entry.score) for entry in ranking] == [(2, 70), (1, -70)]


def test_adjusted_scores_in_datum_scoring():
    # Convention: average 0, average-plus +50, average-minus -50 (points configurable).
    assert adjusted_difference(Adjustment.AVERAGE) == 0
    assert adjusted_difference(Adjustment.AVERAGE_PLUS) == 50
    assert adjusted_difference(Adjustment.AVERAGE_MINUS) == -50
    assert adjusted_difference(Adjustment.AVERAGE_PLUS, points=30) == 30


def test_an_adjusted_table_is_left_out_of_the_datum():
    # Played nets +200 and -100: datum 50 whatever the adjusted table 3 got.
    adjusted = BoardResult(
        1, 3, 3, 3, 103, ns_adjusted=Adjustment.AVERAGE_PLUS, ew_adjusted=Adjustment.AVERAGE_MINUS
    )
    scores = score_datum([_played(1, 200), _played(2, -100), adjusted], adjustment_points=40)
    assert [(score.ns_score, score.ew_score) for score in scores] == [
        (150, -150),
        (-150, 150),
        (40, -40),
    ]
    assert scores[2].datum == 50


def test_an_arrow_switched_table_counts_on_the_cards_it_held():
    # Table 3 arrow-switched: its NS team netted -80 on the E-W cards, i.e. +80 on the N-S
    # cards. N-S nets 100, 250, 80 -> datum 143.33 -> 140. N-S holders: -40, +110, -60;
    # table 3's NS team held E-W and scores +60.
    scores = score_datum([_played(1, 100), _played(2, 250), _played(3, -80, arrow_switched=True)])
    assert [(score.ns_score, score.ew_score) for score in scores] == [
        (-40, 40),
        (110, -110),
        (60, -60),
    ]


def test_the_adjustment_points_are_a_non_negative_number():
    with pytest.raises(ValueError):
        score_datum([_played(1, 100)], adjustment_points=-10)

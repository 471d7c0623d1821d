"""Total points: the classic concours, each team adding up its own marks."""

from fractions import Fraction

from scoring.duplicate import Adjustment, BoardResult, adjusted_marks, field_average, score_totals


def test_each_team_scores_its_own_marks():
    scores = score_totals([BoardResult(1, 1, 1, 1, 2, ns_marks=250, ew_marks=0)])
    assert (scores[0].ns_score, scores[0].ew_score) == (250, 0)
    assert scores[0].top is None
    assert scores[0].ns_percentage is None


def test_the_field_average_is_the_mean_marks_of_a_side_on_a_deal():
    # Sides scored 170, 70, 0, 250: 490 / 4 = 122.5.
    results = [
        BoardResult(1, 1, 1, 1, 2, ns_marks=170, ew_marks=70),
        BoardResult(2, 1, 2, 3, 4, ns_marks=0, ew_marks=250),
        BoardResult(3, 1, 3, 5, 6, ns_adjusted=Adjustment.AVERAGE, ew_adjusted=Adjustment.AVERAGE),
    ]
    assert field_average(results) == Fraction(245, 2)


def test_adjusted_marks_are_a_share_of_the_field_average_rounded_to_ten():
    # Average 122.5: average -> 122.5 -> 120; plus: 6/5 x 122.5 = 147 -> 150;
    # minus: 4/5 x 122.5 = 98 -> 100.
    average = Fraction(245, 2)
    assert adjusted_marks(Adjustment.AVERAGE, average) == 120
    assert adjusted_marks(Adjustment.AVERAGE_PLUS, average) == 150
    assert adjusted_marks(Adjustment.AVERAGE_MINUS, average) == 100


def test_an_adjustment_before_anything_was_played_is_worth_nothing():
    assert adjusted_marks(Adjustment.AVERAGE_PLUS, None) == 0
    adjusted = BoardResult(
        1, 1, 1, 1, 2, ns_adjusted=Adjustment.AVERAGE_PLUS, ew_adjusted=Adjustment.AVERAGE
    )
    assert field_average([adjusted]) is None
    assert (score_totals([adjusted])[0].ns_score, score_totals([adjusted])[0].ew_score) == (0, 0)


def test_an_adjusted_table_scores_its_share_of_the_field_average():
    results = [
        BoardResult(1, 1, 1, 1, 2, ns_marks=170, ew_marks=70),
        BoardResult(2, 1, 2, 3, 4, ns_marks=0, ew_marks=250),
        BoardResult(
            3, 1, 3, 5, 6, ns_adjusted=Adjustment.AVERAGE_PLUS, ew_adjusted=Adjustment.AVERAGE_MINUS
        ),
    ]
    scores = score_totals(results)
    assert (scores[2].ns_score, scores[2].ew_score) == (150, 100)

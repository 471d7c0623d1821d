"""The result record the comparisons read: played or adjusted, team-centric, phantom-aware."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.duplicate import Adjustment, BoardResult
from scoring.engine.cards import Side


def test_adjustments_are_worth_40_50_and_60_percent_of_the_top():
    assert Adjustment.AVERAGE_MINUS.percentage == 40
    assert Adjustment.AVERAGE.percentage == 50
    assert Adjustment.AVERAGE_PLUS.percentage == 60
    assert Adjustment.AVERAGE_PLUS.share == Fraction(3, 5)


def test_net_score_is_ns_marks_minus_ew_marks():
    result = BoardResult(board=4, round=2, table=3, ns_team=1, ew_team=5, ns_marks=80, ew_marks=160)
    assert result.net == -80
    assert result.is_played
    assert result.key == (4, 2, 3)


def test_an_arrow_switched_result_is_compared_on_the_other_cards():
    # NS team 3 held the E-W cards and scored 80 against 160: whoever held the N-S cards
    # (EW team 6) netted +80.
    result = BoardResult(1, 1, 3, 3, 6, ns_marks=80, ew_marks=160, arrow_switched=True)
    assert result.net == -80
    assert result.net_on_ns_cards == 80


def test_an_adjusted_result_has_no_net():
    result = BoardResult(
        2, 1, 1, 1, 4, ns_adjusted=Adjustment.AVERAGE_PLUS, ew_adjusted=Adjustment.AVERAGE_MINUS
    )
    assert not result.is_played
    assert result.net is None
    assert result.net_on_ns_cards is None


def test_line_and_opponent_of_a_team():
    result = BoardResult(1, 1, 1, 1, 4, ns_marks=170, ew_marks=70)
    assert result.line_of(1) is Side.NS
    assert result.line_of(4) is Side.EW
    assert result.opponent_of(1) == 4
    assert result.opponent_of(4) == 1
    with pytest.raises(ValueError):
        result.line_of(2)


def test_the_team_facing_the_phantom_can_get_an_adjusted_score():
    result = BoardResult(1, 1, 2, ns_team=2, ew_team=None, ns_adjusted=Adjustment.AVERAGE)
    assert result.teams() == (2,)
    assert result.opponent_of(2) is None


@pytest.mark.parametrize(
    "fields",
    [
        {"ns_marks": 80, "ew_marks": 160, "ns_adjusted": Adjustment.AVERAGE},
        {"ns_marks": 80},
        {"ns_marks": -10, "ew_marks": 160},
        {"ns_adjusted": Adjustment.AVERAGE},
        {},
    ],
    ids=["played-and-adjusted", "one-side-marks", "negative-marks", "one-side-adjusted", "empty"],
)
def test_a_result_is_either_played_by_both_or_adjusted_for_both(fields):
    with pytest.raises(ValueError):
        BoardResult(1, 1, 1, 1, 4, **fields)


def test_nobody_plays_against_the_phantom():
    with pytest.raises(ValueError, match="phantom"):
        BoardResult(1, 1, 1, 1, None, ns_marks=80, ew_marks=160)


def test_the_phantom_gets_no_score():
    with pytest.raises(ValueError, match="phantom"):
        BoardResult(
            1, 1, 1, 1, None, ns_adjusted=Adjustment.AVERAGE, ew_adjusted=Adjustment.AVERAGE
        )


def test_a_team_does_not_play_against_itself():
    with pytest.raises(ValueError, match="itself"):
        BoardResult(1, 1, 1, 3, 3, ns_marks=80, ew_marks=160)


@pytest.mark.parametrize("field", ["board", "round", "table"])
def test_board_round_and_table_are_numbered_from_one(field):
    values = {"board": 1, "round": 1, "table": 1, field: 0}
    with pytest.raises(ValueError, match=field):
        BoardResult(**values, ns_team=1, ew_team=2, ns_marks=80, ew_marks=160)


_ANY_NUMBER = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 400), st.floats(-1, 200), st.just("1")
)
_ANY_ADJUSTMENT = st.one_of(st.none(), st.sampled_from(Adjustment), st.just("average"))


@given(
    values=st.fixed_dictionaries(
        {
            "board": _ANY_NUMBER,
            "round": _ANY_NUMBER,
            "table": _ANY_NUMBER,
            "ns_team": _ANY_NUMBER,
            "ew_team": _ANY_NUMBER,
            "ns_marks": _ANY_NUMBER,
            "ew_marks": _ANY_NUMBER,
            "ns_adjusted": _ANY_ADJUSTMENT,
            "ew_adjusted": _ANY_ADJUSTMENT,
            "arrow_switched": st.booleans(),
            "assigned": st.booleans(),
        }
    )
)
def test_the_quick_check_accepts_nothing_the_full_checks_refuse(values):
    # Built without __post_init__, so that both checks can be asked apart.
    result = object.__new__(BoardResult)
    for name, value in values.items():
        object.__setattr__(result, name, value)
    if result._plainly_valid():
        result._check()  # raises if the quick check let a broken result through

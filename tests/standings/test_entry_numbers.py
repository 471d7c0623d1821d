"""The numbers of a snapshot's entries: a score or percentage written as JSON is the shown value
(``display_decimal`` to two decimals, a half away from zero), computed in integers."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring.duplicate import display_decimal
from tournaments.standings.recomputation import number


@given(st.fractions(max_denominator=10**12) | st.integers(-(10**9), 10**9).map(Fraction))
def test_a_number_is_the_displayed_decimal(value):
    expected = int(value) if value.denominator == 1 else float(display_decimal(value, 2))
    assert number(value) == expected
    assert type(number(value)) is type(expected)


def test_halves_go_away_from_zero_and_none_stays_none():
    assert number(Fraction(125, 3)) == 41.67
    assert number(Fraction(1, 200)) == 0.01
    assert number(Fraction(-1, 200)) == -0.01
    assert number(Fraction(-1, 300)) == 0.0
    assert number(7) == 7
    assert number(None) is None

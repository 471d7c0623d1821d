"""Showing exact scores: decimals rounded half away from zero, shared ranks with "="."""

from fractions import Fraction

import pytest

from scoring.duplicate import display_decimal, display_rank


def test_matchpoint_percentages_show_two_decimals():
    assert display_decimal(Fraction(325, 6)) == "54.17"
    assert display_decimal(Fraction(275, 6)) == "45.83"
    assert display_decimal(70) == "70.00"


def test_a_half_rounds_away_from_zero_even_where_a_float_would_not():
    # 41.665 is 41.66499999... as a float; as a fraction it is exactly a half.
    assert display_decimal(Fraction(41665, 1000)) == "41.67"
    assert display_decimal(Fraction(-41665, 1000)) == "-41.67"
    assert display_decimal(Fraction(5, 2), places=0) == "3"


def test_neuberg_fractions_show_as_decimals():
    assert display_decimal(Fraction(71, 6)) == "11.83"
    assert display_decimal(Fraction(1, 6), places=1) == "0.2"
    assert display_decimal(Fraction(-1, 1000)) == "0.00"


def test_places_cannot_be_negative():
    with pytest.raises(ValueError):
        display_decimal(1, places=-1)


def test_display_rank():
    assert display_rank(1, tied=False) == "1"
    assert display_rank(2, tied=True) == "2="

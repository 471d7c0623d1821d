"""The chi-square p-value used by the deal statistics, against closed forms."""

import math

import pytest

from tests.support.chi_square import chi_square_sf, pearson_statistic


def _even_df_sf(statistic: float, df: int) -> float:
    # For even df the chi-square tail is a finite Poisson sum.
    half = statistic / 2
    return math.exp(-half) * sum(half**i / math.factorial(i) for i in range(df // 2))


@pytest.mark.parametrize("statistic", [0.01, 0.5, 1.0, 3.84, 10.0, 30.0])
def test_one_degree_of_freedom_is_the_normal_tail(statistic):
    assert chi_square_sf(statistic, 1) == pytest.approx(math.erfc(math.sqrt(statistic / 2)))


@pytest.mark.parametrize(
    ("statistic", "df"),
    [(0.5, 2), (5.99, 2), (9.49, 4), (14.0, 12), (40.0, 12), (80.0, 94), (94.0, 94), (160.0, 94)],
)
def test_even_degrees_of_freedom_match_the_poisson_sum(statistic, df):
    assert chi_square_sf(statistic, df) == pytest.approx(_even_df_sf(statistic, df), rel=1e-9)


def test_textbook_critical_values():
    assert chi_square_sf(3.841459, 1) == pytest.approx(0.05, rel=1e-5)
    assert chi_square_sf(124.342, 100) == pytest.approx(0.05, rel=1e-3)
    assert chi_square_sf(149.449, 100) == pytest.approx(0.001, rel=1e-2)


def test_no_deviation_is_certain():
    assert chi_square_sf(0.0, 5) == 1.0
    assert pearson_statistic([10, 20], [10, 20]) == 0.0

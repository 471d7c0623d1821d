"""The entry point the ranking job calls: its checks, its options, and its speed."""

import random
from fractions import Fraction

import pytest

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    Method,
    ScoringOptions,
    compute,
    compute_rankings,
)
from scoring.engine.cards import Side


def test_the_method_is_named_by_its_value():
    results = [BoardResult(1, 1, 1, 1, 2, ns_marks=170, ew_marks=70)]
    assert compute("total", results, {}, True).method is Method.TOTAL
    assert compute(Method.DATUM, results, {}, True).method is Method.DATUM
    with pytest.raises(ValueError):
        compute("imps", results, {}, True)


def test_two_results_for_the_same_table_and_board_are_refused():
    results = [
        BoardResult(1, 1, 1, 1, 2, ns_marks=170, ew_marks=70),
        BoardResult(1, 1, 1, 1, 2, ns_marks=180, ew_marks=60),
    ]
    with pytest.raises(ValueError, match="two results for board 1"):
        compute("matchpoints", results, {1: 2}, True)


def test_a_team_cannot_play_a_board_twice():
    results = [
        BoardResult(1, 1, 1, 1, 2, ns_marks=170, ew_marks=70),
        BoardResult(1, 2, 1, 1, 3, ns_marks=180, ew_marks=60),
    ]
    with pytest.raises(ValueError, match="team 1 has two results on board 1"):
        compute("total", results, {}, True)


def test_a_team_sits_at_one_table_a_round():
    results = [
        BoardResult(1, 1, 1, 1, 2, ns_marks=170, ew_marks=70),
        BoardResult(2, 1, 2, 1, 3, ns_marks=180, ew_marks=60),
    ]
    with pytest.raises(ValueError, match="tables 1 and 2"):
        compute("total", results, {}, True)


def test_up_to_round_cannot_be_negative():
    with pytest.raises(ValueError):
        compute("total", [], {}, True, up_to_round=-1)
    with pytest.raises(ValueError, match="must be >= 0"):
        compute_rankings("matchpoints", [], {}, True, [None, 2, -1])


def test_a_ranking_before_the_first_round_lists_the_registered_teams():
    computation = compute("matchpoints", [], {}, False, teams={1: Side.NS, 101: Side.EW})
    assert [(entry.team, entry.boards) for entry in computation.ranking("NS")] == [(1, 0)]
    assert [(entry.team, entry.boards) for entry in computation.ranking("EW")] == [(101, 0)]
    assert computation.scores == {}


def test_datum_options_reach_the_datum():
    # Nets 420, 100, 80, -50, -250 at five tables: datum 60, or 40 without the extremes.
    nets = [420, 100, 80, -50, -250]
    results = [
        BoardResult(1, 1, table, table, 100 + table, max(net, 0) + 60, max(-net, 0) + 60)
        for table, net in enumerate(nets, start=1)
    ]
    plain = compute("datum", results, {}, False)
    trimmed = compute("datum", results, {}, False, options=ScoringOptions(datum_drop_extremes=True))
    assert {score.datum for score in plain.scores.values()} == {60}
    assert {score.datum for score in trimmed.scores.values()} == {40}
    assert trimmed.ranking("NS").entry(1).score == 380


def test_datum_adjustment_points_option():
    results = [
        BoardResult(1, 1, 1, 1, 2, ns_marks=170, ew_marks=70),
        BoardResult(
            1, 2, 1, 3, 4, ns_adjusted=Adjustment.AVERAGE_PLUS, ew_adjusted=Adjustment.AVERAGE
        ),
    ]
    options = ScoringOptions(datum_adjustment_points=30)
    score = compute("datum", results, {}, False, options=options).scores[(1, 2, 1)]
    assert (score.ns_score, score.ew_score) == (30, 0)


@pytest.mark.parametrize(
    "fields", [{"datum_drop_extremes_from": 2}, {"datum_adjustment_points": -1}]
)
def test_options_are_checked(fields):
    with pytest.raises(ValueError):
        ScoringOptions(**fields)


def _large_field(rng: random.Random) -> list[BoardResult]:
    """100 tables, 30 rounds, one board a round: 3,000 results, each board played 100 times.

    NS team t stays at table t, EW teams move up ten tables a round (so none meets a board
    twice), board (t + r) mod 30 at table t in round r. A few tables are late (no result) or
    adjusted, so Neuberg and adjusted scores are exercised too.
    """
    results = []
    for round_ in range(30):
        for table in range(100):
            board = (table + round_) % 30 + 1
            ns_team, ew_team = table + 1, 101 + (table + 10 * round_) % 100
            draw = rng.random()
            if draw < 0.01:
                continue
            if draw < 0.02:
                results.append(
                    BoardResult(
                        board,
                        round_ + 1,
                        table + 1,
                        ns_team,
                        ew_team,
                        ns_adjusted=Adjustment.AVERAGE_PLUS,
                        ew_adjusted=Adjustment.AVERAGE_MINUS,
                    )
                )
                continue
            results.append(
                BoardResult(
                    board,
                    round_ + 1,
                    table + 1,
                    ns_team,
                    ew_team,
                    10 * rng.randrange(0, 50),
                    10 * rng.randrange(0, 30),
                )
            )
    return results


@pytest.mark.parametrize("method", ["matchpoints", "datum", "total"])
def test_a_large_field_of_three_thousand_results_is_scored_and_ranked(method):
    # The speed of this is measured by benchmarks/, not asserted here.
    results = _large_field(random.Random(2024))
    assert len(results) > 2900
    random.Random(1).shuffle(results)
    expected = dict.fromkeys(range(1, 31), 100)
    computation = compute(method, results, expected, single_ranking=False)
    assert len(computation.scores) == len(results)
    assert len(computation.ranking("NS")) == len(computation.ranking("EW")) == 100


def test_percentages_on_the_large_field_average_fifty():
    # Everyone's matchpoints plus their opponents' make a top on each fully played board, so
    # the NS and EW averages of a full field balance around 50 %.
    results = [result for result in _large_field(random.Random(5)) if result.is_played]
    expected = dict.fromkeys(range(1, 31), 100)
    plays = dict.fromkeys(expected, 0)
    for result in results:
        plays[result.board] += 1
    computation = compute("matchpoints", results, expected, single_ranking=False)
    total = sum((entry.score for ranking in computation.rankings for entry in ranking), Fraction(0))
    # Every board's results add up to A x (E - 1) per direction, whatever A (Neuberg).
    assert total == sum(2 * plays[board] * (expected[board] - 1) for board in expected)

"""Procedural penalties (pénalités de procédure) and assigned scores in points (scores
assignés): the rule of docs/scoring.md, checked on worked examples and as properties."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.duplicate import (
    AssignedMarksProblem,
    BoardResult,
    Method,
    Penalty,
    PenaltyUnit,
    assigned_marks_problem,
    compute,
    deductions,
    penalty_unit,
)
from scoring.engine.cards import Side
from tests.support.depth import examples
from tests.support.movements import mitchell

PERCENT = PenaltyUnit.PERCENT_OF_TOP
POINTS = PenaltyUnit.POINTS
TEAMS = dict.fromkeys((1, 2, 3), Side.NS) | dict.fromkeys((11, 12, 13), Side.EW)


def _three_tables() -> list[BoardResult]:
    """Board 1 and 2 played at three tables (teams 1-3 NS, 11-13 EW), top 4."""
    return [
        BoardResult(1, 1, 1, 1, 11, ns_marks=250, ew_marks=0),
        BoardResult(1, 2, 2, 2, 12, ns_marks=100, ew_marks=60),
        BoardResult(1, 3, 3, 3, 13, ns_marks=0, ew_marks=160),
        BoardResult(2, 1, 1, 1, 11, ns_marks=0, ew_marks=90),
        BoardResult(2, 2, 2, 2, 12, ns_marks=90, ew_marks=0),
        BoardResult(2, 3, 3, 3, 13, ns_marks=90, ew_marks=0),
    ]


def test_the_unit_follows_the_ranking_method():
    assert penalty_unit("matchpoints") is PERCENT
    assert penalty_unit(Method.DATUM) is POINTS
    assert penalty_unit("total") is POINTS


def test_a_quarter_of_a_top_costs_a_quarter_of_the_common_top_in_matchpoints():
    penalty = Penalty(team=2, amount=25, unit=PERCENT, board=1)
    assert penalty.deduction("matchpoints", 4) == 1
    assert penalty.deduction("matchpoints", 6) == Fraction(3, 2)


def test_a_points_penalty_costs_its_points_with_datum_and_total():
    penalty = Penalty(team=2, amount=50, unit=POINTS)
    assert penalty.deduction("datum", None) == 50
    assert penalty.deduction("total", None) == 50


def test_a_penalty_in_another_unit_than_the_method_does_not_apply():
    assert Penalty(team=2, amount=50, unit=POINTS).deduction("matchpoints", 4) == 0
    assert Penalty(team=2, amount=25, unit=PERCENT).deduction("datum", None) == 0


def test_a_penalty_is_a_positive_whole_amount_within_bounds():
    for amount in (0, -10, 1.5, True):
        with pytest.raises(ValueError):
            Penalty(team=1, amount=amount, unit=POINTS)
    with pytest.raises(ValueError):
        Penalty(team=1, amount=101, unit=PERCENT)
    with pytest.raises(ValueError):
        Penalty(team=1, amount=1001, unit=POINTS)
    assert Penalty(team=1, amount=100, unit=PERCENT).amount == 100


def test_penalties_of_a_team_add_up_and_later_rounds_wait():
    penalties = [
        Penalty(team=1, amount=10, unit=PERCENT, round=1, board=1),
        Penalty(team=1, amount=25, unit=PERCENT, round=2),
        Penalty(team=2, amount=50, unit=PERCENT, round=3, board=2),
    ]
    assert deductions(penalties, "matchpoints", 4) == {1: Fraction(7, 5), 2: Fraction(2)}
    assert deductions(penalties, "matchpoints", 4, up_to_round=1) == {1: Fraction(2, 5)}
    assert deductions(penalties, "datum", None) == {}


def test_a_penalty_lowers_the_team_score_after_the_comparison():
    results = _three_tables()
    teams = TEAMS
    plain = compute("matchpoints", results, {1: 3, 2: 3}, False, teams=teams)
    penalized = compute(
        "matchpoints",
        results,
        {1: 3, 2: 3},
        False,
        teams=teams,
        penalties=[Penalty(team=2, amount=25, unit=PERCENT, board=1)],
    )
    # Table scores do not change: the other tables' comparison is untouched.
    assert penalized.scores == plain.scores
    before, after = plain.ranking("NS").entry(2), penalized.ranking("NS").entry(2)
    assert after.score == before.score - 1
    assert after.penalty == 1
    # 25 % of a top over 2 boards: 12.5 percentage points.
    assert after.percentage == before.percentage - Fraction(25, 2)
    assert after.boards_won == before.boards_won
    for team in (1, 3):
        assert penalized.ranking("NS").entry(team).score == plain.ranking("NS").entry(team).score


def test_a_penalty_can_change_the_order():
    # NS: team 2 has 2 + 3 = 5 matchpoints of 8, team 1 4 + 0 = 4; half a top (2) off team 2
    # leaves it 3 and puts team 1 first.
    results = _three_tables()
    teams = TEAMS
    ranking = compute(
        "matchpoints",
        results,
        {1: 3, 2: 3},
        False,
        teams=teams,
        penalties=[Penalty(team=2, amount=50, unit=PERCENT)],
    ).ranking("NS")
    assert [entry.team for entry in ranking][:2] == [1, 2]
    assert ranking.entry(2).score == 3


def test_a_points_penalty_in_total_points():
    results = _three_tables()
    plain = compute("total", results, {}, True)
    penalized = compute(
        "total", results, {}, True, penalties=[Penalty(team=11, amount=50, unit=POINTS, round=2)]
    )
    assert penalized.ranking().entry(11).score == plain.ranking().entry(11).score - 50
    after_round_1 = compute(
        "total",
        results,
        {},
        True,
        up_to_round=1,
        penalties=[Penalty(team=11, amount=50, unit=POINTS, round=2)],
    )
    assert after_round_1.ranking().entry(11).penalty == 0


def test_a_team_penalized_before_it_plays_is_listed_with_a_negative_score():
    ranking = compute(
        "datum", [], {}, True, teams=[1, 2], penalties=[Penalty(1, 30, POINTS)]
    ).ranking()
    assert ranking.entry(1).score == -30
    assert ranking.entry(1).boards == 0


def test_an_assigned_score_is_compared_like_a_played_deal():
    played = _three_tables()
    assigned = [
        BoardResult(1, 2, 2, 2, 12, ns_marks=100, ew_marks=60, assigned=True)
        if result.key == (1, 2, 2)
        else result
        for result in played
    ]
    for method in ("matchpoints", "datum", "total"):
        plain = compute(method, played, {1: 3, 2: 3}, True)
        other = compute(method, assigned, {1: 3, 2: 3}, True)
        assert [s.ns_score for s in plain.scores.values()] == [
            s.ns_score for s in other.scores.values()
        ]
        assert plain.rankings == other.rankings


def test_an_assigned_score_needs_marks():
    with pytest.raises(ValueError, match="assigned score"):
        BoardResult(1, 1, 1, 1, 2, assigned=True)


@pytest.mark.parametrize(
    ("ns", "ew", "step", "problem"),
    [
        (160, 0, 10, None),
        (0, 250, 10, None),
        (0, 0, 10, None),
        (155, 0, 10, AssignedMarksProblem.NOT_ROUNDED),
        (155, 0, 1, None),
        (-10, 0, 10, AssignedMarksProblem.NOT_WHOLE),
        ("160", 0, 10, AssignedMarksProblem.NOT_WHOLE),
        (None, 0, 10, AssignedMarksProblem.NOT_WHOLE),
        (4000, 0, 10, None),
        (4010, 0, 10, AssignedMarksProblem.TOO_HIGH),
    ],
)
def test_the_marks_of_an_assigned_score(ns, ew, step, problem):
    assert assigned_marks_problem(ns, ew, multiple_of=step) is problem


MARKS = st.integers(min_value=0, max_value=30).map(lambda tens: 10 * tens)


@st.composite
def tournaments(draw):
    """(results, expected_plays) of a random Mitchell, some tables late, some assigned."""
    tables = draw(st.sampled_from([3, 5]))
    rounds = draw(st.integers(min_value=1, max_value=tables))
    results = []
    for round_, table, ns_team, ew_team, boards in mitchell(tables, rounds, 1):
        for board in boards:
            if draw(st.integers(min_value=0, max_value=6)) == 0:
                continue
            results.append(
                BoardResult(
                    board,
                    round_,
                    table,
                    ns_team,
                    ew_team,
                    draw(MARKS),
                    draw(MARKS),
                    assigned=draw(st.booleans()),
                )
            )
    return results, dict.fromkeys(range(1, tables + 1), rounds)


PENALTIES = st.lists(
    st.tuples(st.integers(min_value=1, max_value=100), st.integers(min_value=1, max_value=3)),
    min_size=1,
    max_size=3,
)


@settings(max_examples=examples(60), deadline=None)
@given(
    tournament=tournaments(),
    method=st.sampled_from(["matchpoints", "datum", "total"]),
    data=st.data(),
)
def test_a_penalty_changes_only_the_penalized_team(tournament, method, data):
    results, expected = tournament
    teams = sorted({team for result in results for team in result.teams()})
    if not teams:
        return
    team = data.draw(st.sampled_from(teams))
    unit = penalty_unit(method)
    penalties = [
        Penalty(team=team, amount=amount, unit=unit, round=round_)
        for amount, round_ in data.draw(PENALTIES)
    ]
    plain = compute(method, results, expected, True)
    penalized = compute(method, results, expected, True, penalties=penalties)
    assert penalized.scores == plain.scores
    common_top = 2 * (max(expected.values()) - 1)
    for entry in plain.ranking():
        after = penalized.ranking().entry(entry.team)
        if entry.team != team:
            assert (after.score, after.percentage, after.boards_won) == (
                entry.score,
                entry.percentage,
                entry.boards_won,
            )
            continue
        total = sum(
            (Fraction(p.amount, 100) * common_top if method == "matchpoints" else p.amount)
            for p in penalties
        )
        assert after.penalty == total
        assert after.score == entry.score - total
        if method == "matchpoints" and entry.percentage is not None:
            # p % of a top lowers the percentage by exactly p / boards points.
            points = sum(p.amount for p in penalties)
            assert after.percentage == entry.percentage - Fraction(points, entry.boards)

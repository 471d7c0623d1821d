"""The checker: generated movements pass, and each kind of broken plan fails with its own code."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import (
    Assignment,
    Movement,
    Problem,
    ProblemCode,
    Severity,
    check_movement,
    errors,
    howell,
    max_mitchell_rounds,
    mitchell,
    mitchell_tables,
)
from tests.support.depth import examples


def codes(problems):
    return {problem.code for problem in problems}


def expected_mitchell_warnings(teams, rounds):
    """What a sound Mitchell may still warn about: the phantom's boards, two tables sharing."""
    tables = mitchell_tables(teams)
    expected = set()
    if teams % 2 == 1 and rounds < tables:
        # The phantom's table holds a different set each round: those sets get one result less.
        expected.add(ProblemCode.UNEQUAL_BOARD_PLAYS)
    if tables == 2:
        expected.add(ProblemCode.SHARED_BOARD_SET)
    return expected


@pytest.mark.parametrize("teams", range(4, 121))
def test_every_mitchell_from_4_to_120_teams_passes(teams):
    movement = mitchell(teams)
    problems = check_movement(movement)
    assert errors(problems) == []
    assert codes(problems) == expected_mitchell_warnings(teams, movement.rounds)


@pytest.mark.parametrize("teams", range(4, 121, 3))
def test_curtailed_mitchells_pass(teams):
    most = max_mitchell_rounds(teams)
    for rounds in sorted({1, (most + 1) // 2, most - 1} - {0}):
        movement = mitchell(teams, rounds=rounds, boards_per_round=2)
        problems = check_movement(movement)
        assert errors(problems) == []
        assert codes(problems) == expected_mitchell_warnings(teams, rounds)


@pytest.mark.parametrize("teams", range(4, 17))
def test_every_howell_from_4_to_16_teams_passes(teams):
    problems = check_movement(howell(teams))
    assert errors(problems) == []
    allowed = {ProblemCode.SHARED_BOARD_SET} if teams <= 6 else set()
    assert codes(problems) == allowed


@pytest.mark.parametrize("teams", [6, 9, 12, 16])
def test_shortened_howells_have_no_errors(teams):
    for rounds in (2, teams // 2):
        assert errors(check_movement(howell(teams, rounds=rounds))) == []


@settings(max_examples=examples(60), deadline=None)
@given(
    teams=st.integers(4, 120),
    boards_per_round=st.integers(1, 5),
    data=st.data(),
)
def test_any_mitchell_the_generator_accepts_passes(teams, boards_per_round, data):
    rounds = data.draw(st.integers(1, max_mitchell_rounds(teams)), label="rounds")
    switched = data.draw(
        st.sets(st.integers(1, rounds), max_size=rounds - 1), label="arrow_switch_rounds"
    )
    movement = mitchell(teams, rounds, boards_per_round, switched)
    problems = check_movement(movement)
    assert errors(problems) == []
    assert codes(problems) == expected_mitchell_warnings(teams, rounds)


# --- Broken plans -------------------------------------------------------------------------------


def changed(movement: Movement, round: int, table: int, /, **changes) -> Movement:
    """The movement with one table's assignment changed."""
    assignments = tuple(
        replace(a, **changes) if (a.round, a.table) == (round, table) else a
        for a in movement.assignments
    )
    return replace(movement, assignments=assignments)


def error_codes(movement):
    return codes(errors(check_movement(movement)))


def test_a_team_seated_twice_in_a_round_fails():
    broken = changed(mitchell(10), 2, 3, ew=1)  # team 1 is also NS at table 1
    assert ProblemCode.TEAM_TWICE_IN_ROUND in error_codes(broken)
    problem = next(p for p in check_movement(broken) if p.code is ProblemCode.TEAM_TWICE_IN_ROUND)
    assert problem.round == 2
    assert problem.render() == "Team 1 has 2 places in round 2."


def test_a_team_playing_a_board_twice_fails():
    movement = mitchell(10)
    # NS 1 played boards 1-3 in round 1; give them the same set again in round 3 at table 1.
    broken = changed(movement, 3, 1, boards=(1, 2, 3))
    problems = [p for p in check_movement(broken) if p.code is ProblemCode.BOARD_PLAYED_TWICE]
    assert problems
    assert problems[0].is_error
    assert (problems[0].round, problems[0].table) == (3, 1)
    assert "plays boards 1, 2, 3 again at table 1 in round 3" in problems[0].render()


def test_a_repeated_meeting_fails():
    movement = mitchell(10)
    # In round 2 team 1 faces team 10; make it face team 6, met in round 1, and move 10 away.
    broken = changed(changed(movement, 2, 1, ew=6), 2, 2, ew=10)
    assert ProblemCode.REPEATED_MEETING in error_codes(broken)
    meeting = next(p for p in check_movement(broken) if p.code is ProblemCode.REPEATED_MEETING)
    assert meeting.severity is Severity.ERROR
    assert (meeting.round, meeting.table) == (2, 1)


def test_an_unbalanced_board_count_is_reported_as_a_warning():
    # Round 3, table 1 gets a fresh set 10-12 instead of 7-9: 7-9 loses a result, 10-12 has one.
    movement = replace(mitchell(6), board_count=12)
    broken = changed(movement, 3, 1, boards=(10, 11, 12))
    problems = check_movement(broken)
    assert codes(problems) == {ProblemCode.UNEQUAL_BOARD_PLAYS}
    assert all(p.severity is Severity.WARNING for p in problems)
    assert [p.render() for p in problems] == [
        "Boards 10-12 are played 1 times, the others up to 3 times: their scores must be "
        "adjusted (Neuberg).",
        "Boards 7-9 are played 2 times, the others up to 3 times: their scores must be "
        "adjusted (Neuberg).",
    ]


def test_a_team_missing_from_a_round_fails():
    broken = changed(mitchell(10), 1, 5, ew=None)
    assert ProblemCode.TEAM_MISSING in error_codes(broken)


def test_a_table_of_two_phantoms_fails():
    broken = changed(mitchell(5), 1, 3, ew=None)
    assert {ProblemCode.TWO_PHANTOMS, ProblemCode.TEAM_MISSING} <= error_codes(broken)


def test_an_unknown_team_fails():
    assert ProblemCode.UNKNOWN_TEAM in error_codes(changed(mitchell(6), 1, 1, ew=7))


def test_tables_must_be_numbered_without_gaps():
    broken = changed(mitchell(6), 2, 3, table=4)
    assert ProblemCode.TABLE_NUMBERS in error_codes(broken)


def test_a_table_listed_twice_fails():
    broken = changed(mitchell(6), 2, 3, table=2)
    assert ProblemCode.DUPLICATE_TABLE in error_codes(broken)


def test_the_number_of_tables_must_suit_the_teams():
    assert ProblemCode.TABLE_COUNT in error_codes(replace(mitchell(6), teams=4))


def test_rounds_must_be_numbered_without_gaps():
    movement = mitchell(6)
    gap = replace(
        movement,
        assignments=tuple(replace(a, round=4) if a.round == 3 else a for a in movement.assignments),
    )
    assert ProblemCode.ROUND_NUMBERS in error_codes(gap)


def test_a_board_in_two_different_sets_fails():
    broken = changed(mitchell(6), 1, 1, boards=(1, 2, 4))
    assert ProblemCode.BOARD_SETS_OVERLAP in error_codes(broken)


def test_a_set_of_the_wrong_size_fails():
    broken = changed(mitchell(6), 1, 1, boards=(1, 2))
    assert ProblemCode.BOARD_SET_SIZE in error_codes(broken)


def test_boards_outside_the_movement_fail():
    broken = replace(mitchell(6), board_count=12)
    problems = [p for p in check_movement(broken) if p.code is ProblemCode.BOARD_NUMBERS]
    assert [p.render() for p in problems] == ["Boards 10-12 are on no table in any round."]


def test_a_team_changing_direction_breaks_two_rankings():
    movement = mitchell(6)
    broken = changed(movement, 2, 1, arrow_switch=True)
    assert ProblemCode.DIRECTION_CHANGE in error_codes(broken)
    # The same plan announced as one ranking is fine.
    assert error_codes(replace(broken, single_ranking=True)) == set()


def test_the_phantom_table_boards_are_not_counted_as_played():
    # A team sitting out against the phantom may meet those boards later at a real table.
    plan = (
        Assignment(1, 1, 1, 2, (1,)),
        Assignment(1, 2, None, 3, (2,)),
        Assignment(2, 1, 3, 1, (2,)),
        Assignment(2, 2, None, 2, (1,)),
    )
    movement = Movement("howell", 3, 2, 1, 2, plan, True)
    assert ProblemCode.BOARD_PLAYED_TWICE not in codes(check_movement(movement))


def test_problems_carry_a_translatable_template_and_their_parameters():
    problem = Problem(ProblemCode.TEAM_MISSING, "Team %(team)s is missing.", {"team": 4}, round=2)
    assert problem.render() == "Team 4 is missing."
    assert problem.is_error
    assert problem.code == "team_missing"

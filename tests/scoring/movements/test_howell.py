"""The Howell: every team meets every other once, every set is played equally, balanced tables."""

from collections import Counter
from itertools import combinations

import pytest

from scoring.movements import (
    MovementError,
    ProblemCode,
    check_movement,
    comparison_balance,
    howell,
    max_howell_rounds,
)
from scoring.movements.howell import _orientation, _schedule

ALL_SIZES = range(4, 17)


@pytest.mark.parametrize("teams", ALL_SIZES)
def test_every_two_teams_meet_exactly_once(teams):
    movement = howell(teams)
    meetings = Counter(frozenset(a.teams) for a in movement.assignments if not a.is_phantom_table)
    assert set(meetings) == {frozenset(pair) for pair in combinations(range(1, teams + 1), 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("teams", ALL_SIZES)
def test_every_team_plays_every_set_once_unless_it_sits_out(teams):
    movement = howell(teams)
    for team in range(1, teams + 1):
        played = [a.boards for a in movement.assignments if a.plays(team)]
        assert len(played) == len(set(played))
        expected_sets = movement.board_count // movement.boards_per_round
        assert len(played) == expected_sets - teams % 2


@pytest.mark.parametrize("teams", ALL_SIZES)
def test_every_set_is_played_the_same_number_of_times(teams):
    movement = howell(teams)
    plays = Counter(a.boards for a in movement.assignments if not a.is_phantom_table)
    tables = movement.tables
    assert set(plays.values()) == {tables - teams % 2}


@pytest.mark.parametrize("teams", [5, 7, 9, 15])
def test_with_an_odd_number_team_k_sits_out_in_round_k(teams):
    movement = howell(teams)
    assert movement.rounds == teams
    for a in movement.assignments:
        if a.is_phantom_table:
            assert a.table == movement.tables
            assert a.sitting_out == a.round


def test_rounds_default_to_teams_minus_one_or_teams_with_a_phantom():
    assert [max_howell_rounds(teams) for teams in (4, 5, 6, 15, 16)] == [3, 5, 5, 15, 15]


@pytest.mark.parametrize("teams", range(7, 17))
def test_from_eight_places_no_set_is_on_two_tables_at_once(teams):
    assert not [p for p in check_movement(howell(teams)) if p.code is ProblemCode.SHARED_BOARD_SET]


def test_four_teams_share_every_set_and_six_teams_share_one():
    # No Room square of side 3 or 5 exists: some sets must be on two tables in the same round.
    def shared(teams):
        return [p for p in check_movement(howell(teams)) if p.code is ProblemCode.SHARED_BOARD_SET]

    assert len(shared(4)) == 3
    assert len(shared(6)) == 1


# The ideal: half of the sets that two teams both play at different tables. With an even number
# that is (teams - 2) / 2; with a phantom each also sits out one set: (teams - 3) / 2.
PERFECT = {4: 1, 7: 2, 8: 3, 11: 4, 12: 5, 13: 5, 16: 7}


@pytest.mark.parametrize(("teams", "sets"), PERFECT.items())
def test_these_sizes_compare_every_two_teams_on_the_same_number_of_sets(teams, sets):
    balance = comparison_balance(howell(teams, boards_per_round=1))
    assert balance.is_perfect
    assert balance.minimum == sets
    assert comparison_balance(howell(teams, boards_per_round=3)).minimum == 3 * sets


@pytest.mark.parametrize("teams", [6, 9, 10, 14, 15])
def test_the_other_sizes_compare_every_pair_within_one_set_of_the_mean(teams):
    balance = comparison_balance(howell(teams, boards_per_round=1))
    assert balance.mean - 1 <= balance.minimum
    assert balance.maximum <= balance.mean + 1


def test_ten_teams_cannot_be_perfect_and_come_within_one_set():
    # Two teams play all 9 sets; they agree in direction on 9 - (different directions) sets,
    # whose parity is that of their NS counts added: 4 for every pair is impossible.
    balance = comparison_balance(howell(10, boards_per_round=1))
    assert (balance.minimum, balance.maximum, balance.mean) == (3, 5, 4)


def test_five_teams_are_as_balanced_as_the_shared_sets_allow():
    # Each set gets two results, so two comparisons; ten pairs, ten sets: the best found (and
    # the best of all orientations, searched exhaustively) leaves some pairs uncompared.
    balance = comparison_balance(howell(5, boards_per_round=1))
    assert balance.mean == 1
    assert sum((count - 1) ** 2 for count in balance.counts.values()) == 4


def test_the_search_gives_the_same_plan_every_time():
    # How long the search takes is measured by benchmarks/howell_search.py, not asserted here.
    first = howell(14).to_rows()
    _orientation.cache_clear()
    _schedule.cache_clear()
    again = howell(14).to_rows()
    assert again == first


def test_a_shortened_howell_keeps_the_first_rounds():
    full = howell(12)
    short = howell(12, rounds=6)
    pairs = {frozenset(a.teams) for a in short.assignments}
    assert pairs <= {frozenset(a.teams) for a in full.assignments}
    assert short.rounds == 6
    assert all(check.severity == "warning" for check in check_movement(short))


@pytest.mark.parametrize(
    ("teams", "rounds", "message"),
    [
        (3, None, "for 4 to 16 teams"),
        (17, None, "17 teams play a Mitchell"),
        (8, 8, "between 1 and 7 rounds"),
        (9, 10, "between 1 and 9 rounds"),
    ],
)
def test_impossible_howells_are_refused(teams, rounds, message):
    with pytest.raises(MovementError, match=message):
        howell(teams, rounds=rounds)

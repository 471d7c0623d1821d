"""The Mitchell: NS stay, EW move up one table, boards move down one, a skip with even tables."""

import pytest

from scoring.engine.cards import Side
from scoring.movements import (
    DEFAULT_BOARDS_PER_ROUND,
    MovementError,
    check_movement,
    errors,
    max_mitchell_rounds,
    mitchell,
    mitchell_tables,
)
from scoring.movements.mitchell import skip_after_round


def plan(movement):
    """The plan as (round, table, NS team, EW team, first board, last board), seats not hands."""
    return [
        (a.round, a.table, a.ns, a.ew, a.boards[0], a.boards[-1])
        for a in sorted(movement.assignments, key=lambda a: (a.round, a.table))
    ]


# Written out by hand from the rule (EW up one table, board sets down one table), not by the code.
SIX_TEAMS = [
    # round 1: NS 1-3 at their tables, EW 4-6 start at tables 1-3, sets 1-3 on tables 1-3
    (1, 1, 1, 4, 1, 3),
    (1, 2, 2, 5, 4, 6),
    (1, 3, 3, 6, 7, 9),
    # round 2: 4 -> table 2, 5 -> 3, 6 -> 1; set on table 2 -> table 1, 3 -> 2, 1 -> 3
    (2, 1, 1, 6, 4, 6),
    (2, 2, 2, 4, 7, 9),
    (2, 3, 3, 5, 1, 3),
    # round 3
    (3, 1, 1, 5, 7, 9),
    (3, 2, 2, 6, 1, 3),
    (3, 3, 3, 4, 4, 6),
]

EIGHT_TEAMS = [
    (1, 1, 1, 5, 1, 3),
    (1, 2, 2, 6, 4, 6),
    (1, 3, 3, 7, 7, 9),
    (1, 4, 4, 8, 10, 12),
    # round 2: EW up one (8 from table 4 to table 1), boards down one (1-3 to table 4)
    (2, 1, 1, 8, 4, 6),
    (2, 2, 2, 5, 7, 9),
    (2, 3, 3, 6, 10, 12),
    (2, 4, 4, 7, 1, 3),
    # round 3, after half of the four-round Mitchell: EW skip a table (up two), boards down one
    (3, 1, 1, 6, 7, 9),
    (3, 2, 2, 7, 10, 12),
    (3, 3, 3, 8, 1, 3),
    (3, 4, 4, 5, 4, 6),
]

FIVE_TEAMS = [
    # the phantom holds the NS places of table 3; the EW team that reaches it sits out
    (1, 1, 1, 3, 1, 3),
    (1, 2, 2, 4, 4, 6),
    (1, 3, None, 5, 7, 9),
    (2, 1, 1, 5, 4, 6),
    (2, 2, 2, 3, 7, 9),
    (2, 3, None, 4, 1, 3),
    (3, 1, 1, 4, 7, 9),
    (3, 2, 2, 5, 1, 3),
    (3, 3, None, 3, 4, 6),
]


def test_six_team_mitchell_is_the_hand_written_plan():
    assert plan(mitchell(6)) == SIX_TEAMS


def test_eight_team_mitchell_skips_a_table_after_two_rounds():
    assert plan(mitchell(8)) == EIGHT_TEAMS


def test_five_team_mitchell_puts_the_phantom_at_the_last_table():
    movement = mitchell(5)
    assert plan(movement) == FIVE_TEAMS
    assert [a.sitting_out for a in movement.assignments if a.is_phantom_table] == [5, 4, 3]


def test_default_is_three_boards_a_round_and_one_set_per_table():
    movement = mitchell(14)
    assert movement.boards_per_round == DEFAULT_BOARDS_PER_ROUND == 3
    assert movement.board_count == 7 * 3
    assert len(movement.board_sets) == 7


def test_odd_number_of_tables_plays_one_round_per_table():
    assert mitchell_tables(13) == 7
    assert max_mitchell_rounds(13) == mitchell(13).rounds == 7
    assert skip_after_round(13) is None


def test_even_number_of_tables_stops_before_the_revenge_round():
    assert max_mitchell_rounds(16) == mitchell(16).rounds == 7
    assert skip_after_round(16) == 4
    with pytest.raises(MovementError, match="back to the NS team it met in round 1"):
        mitchell(16, rounds=8)


def test_without_the_skip_ew_would_meet_their_boards_again():
    # Half-way through an 8-table Mitchell, one more plain move would bring each EW team the set
    # it started with: the EW team and the boards go round the same cycle in steps of 2.
    movement = mitchell(16)
    team_9 = [a for a in movement.assignments if a.ew == 9]
    tables = [a.table for a in sorted(team_9, key=lambda a: a.round)]
    assert tables == [1, 2, 3, 4, 6, 7, 8]  # table 5 skipped
    assert len({a.boards for a in team_9}) == 7


def test_a_curtailed_mitchell_before_half_way_needs_no_skip():
    movement = mitchell(16, rounds=4)
    team_9 = sorted((a for a in movement.assignments if a.ew == 9), key=lambda a: a.round)
    assert [a.table for a in team_9] == [1, 2, 3, 4]
    assert errors(check_movement(movement)) == []


def test_ns_teams_never_move_and_ew_teams_never_stay():
    movement = mitchell(11)
    for a in movement.assignments:
        if a.ns is not None:
            assert a.ns == a.table
    first = {a.ew: a.table for a in movement.in_round(1)}
    second = {a.ew: a.table for a in movement.in_round(2)}
    assert all(second[team] == first[team] % 6 + 1 for team in first)


def test_arrow_switch_rounds_turn_every_table_round_and_give_one_ranking():
    plain = mitchell(10)
    switched = mitchell(10, arrow_switch_rounds=[5])
    assert not plain.single_ranking
    assert switched.single_ranking
    assert switched.arrow_switch_rounds == (5,)
    for before, after in zip(plain.assignments, switched.assignments, strict=True):
        assert (before.ns, before.ew, before.boards) == (after.ns, after.ew, after.boards)
        if after.round == 5:
            assert after.hands_of(after.ns) is Side.EW
            assert after.hands_of(after.ew) is Side.NS
            assert (after.ns_hands, after.ew_hands) == (before.ew, before.ns)
        else:
            assert after.hands_of(after.ns) is Side.NS


def test_arrow_switch_rows_name_the_team_playing_each_direction():
    rows = mitchell(6, arrow_switch_rounds=[3]).to_rows()
    last_round = [row for row in rows if row["round"] == 3]
    assert [(row["ns"], row["ew"]) for row in last_round] == [(5, 1), (6, 2), (4, 3)]


@pytest.mark.parametrize("rounds", [[0], [4], [1, 2, 3]])
def test_arrow_switch_must_name_some_but_not_all_existing_rounds(rounds):
    with pytest.raises(MovementError):
        mitchell(6, arrow_switch_rounds=rounds)


def test_two_tables_share_each_round_s_boards():
    movement = mitchell(4)
    assert plan(movement) == [
        (1, 1, 1, 3, 1, 3),
        (1, 2, 2, 4, 1, 3),
        (2, 1, 1, 4, 4, 6),
        (2, 2, 2, 3, 4, 6),
    ]


@pytest.mark.parametrize(
    ("teams", "rounds", "boards", "message"),
    [
        (3, None, 3, "at least 4 teams"),
        (10, 6, 3, "between 1 and 5 rounds"),
        (10, 0, 3, "between 1 and 5 rounds"),
        (10, None, 0, "at least one board"),
        (10, "5", 3, "rounds must be a whole number"),
    ],
)
def test_impossible_requests_are_refused_with_a_clear_message(teams, rounds, boards, message):
    with pytest.raises(MovementError, match=message) as caught:
        mitchell(teams, rounds=rounds, boards_per_round=boards)
    assert isinstance(caught.value, ValueError)
    assert caught.value.template % caught.value.params == str(caught.value)
    assert "%(" in caught.value.template

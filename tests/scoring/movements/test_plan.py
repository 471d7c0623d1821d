"""The table plan as data: assignments, rows for JSON, and rows back into a movement."""

import json

import pytest

from scoring.engine.cards import Side
from scoring.movements import (
    Assignment,
    Movement,
    MovementError,
    MovementKind,
    check_movement,
    howell,
    mitchell,
)


def test_rows_are_the_json_the_movement_command_prints():
    rows = mitchell(5, boards_per_round=2).to_rows()
    assert json.dumps(rows[:3]) == (
        '[{"round": 1, "table": 1, "ns": 1, "ew": 3, "boards": [1, 2]}, '
        '{"round": 1, "table": 2, "ns": 2, "ew": 4, "boards": [3, 4]}, '
        '{"round": 1, "table": 3, "ns": null, "ew": 5, "boards": [5, 6]}]'
    )


def test_rows_come_in_round_then_table_order():
    rows = howell(9).to_rows()
    keys = [(row["round"], row["table"]) for row in rows]
    assert keys == sorted(keys)
    assert len(keys) == len(set(keys)) == 9 * 5


@pytest.mark.parametrize(
    "movement",
    [mitchell(7), mitchell(12, rounds=4), mitchell(9, arrow_switch_rounds=[2, 5]), howell(11)],
)
def test_rows_read_back_give_the_same_movement(movement):
    rows = json.loads(json.dumps(movement.to_rows()))
    again = Movement.from_rows(
        rows, movement.kind, arrow_switch_rounds=movement.arrow_switch_rounds
    )
    assert again == movement


def test_stored_rows_of_an_arrow_switched_mitchell_still_give_one_ranking():
    rows = mitchell(9, arrow_switch_rounds=[5]).to_rows()
    stored = Movement.from_rows(rows, "mitchell")
    assert stored.single_ranking
    assert check_movement(stored) == check_movement(mitchell(9, arrow_switch_rounds=[5]))


def test_a_plain_mitchell_read_from_rows_has_two_rankings():
    assert not Movement.from_rows(mitchell(10).to_rows(), "MITCHELL").single_ranking


def test_sizes_are_read_off_the_rows_unless_given():
    rows = mitchell(7, rounds=2, boards_per_round=4).to_rows()
    movement = Movement.from_rows(rows, "mitchell")
    assert (movement.teams, movement.rounds, movement.boards_per_round) == (7, 2, 4)
    assert movement.board_count == 16
    assert Movement.from_rows(rows, "mitchell", teams=8).teams == 8


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"round": 1, "table": 1, "ns": 1, "ew": 2}, "has no boards"),
        ({"round": 1, "table": "x", "ns": 1, "ew": 2, "boards": [1]}, "table must be a whole"),
        ({"round": 1, "table": 1, "ns": 1, "ew": 2, "boards": "1-3"}, "list of numbers"),
        ({"round": True, "table": 1, "ns": 1, "ew": 2, "boards": [1]}, "round must be a whole"),
    ],
)
def test_malformed_rows_are_refused(row, message):
    with pytest.raises(MovementError, match=message):
        Movement.from_rows([row], "mitchell")


def test_unknown_kind_is_refused():
    with pytest.raises(MovementError, match='Unknown movement type "swiss"'):
        Movement.from_rows(mitchell(6).to_rows(), "swiss")


def test_kind_is_the_enum_but_compares_with_its_name():
    assert howell(6).kind is MovementKind.HOWELL
    assert mitchell(6).kind == "mitchell"


def test_a_phantom_table_seats_one_team_who_sits_out():
    table = Assignment(round=2, table=3, ns=None, ew=4, boards=(7, 8, 9))
    assert table.is_phantom_table
    assert table.sitting_out == 4
    assert table.teams == (4,)
    assert table.opponent_of(4) is None
    assert not table.plays(4)


def test_an_arrow_switch_gives_the_ns_team_the_ew_hands():
    table = Assignment(round=1, table=1, ns=1, ew=6, boards=(1, 2), arrow_switch=True)
    assert table.seat_of(1) is Side.NS
    assert table.hands_of(1) is Side.EW
    assert (table.ns_hands, table.ew_hands) == (6, 1)
    assert table.opponent_of(6) == 1


def test_asking_a_table_about_a_team_elsewhere_is_an_error():
    table = Assignment(round=1, table=1, ns=1, ew=6, boards=(1, 2))
    with pytest.raises(MovementError, match="Team 3 is not at table 1 in round 1"):
        table.seat_of(3)
    with pytest.raises(MovementError, match="no table 9 in round 1"):
        mitchell(6).at(1, 9)

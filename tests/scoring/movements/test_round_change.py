"""The change of round announced to the room: who moves where, read off the plan."""

from scoring.movements import Assignment, howell, mitchell, round_change


def test_mitchell_ew_move_up_one_table_and_boards_down_one():
    change = round_change(mitchell(10).assignments, 1)
    assert change is not None
    assert change.round == 2
    assert change.regular
    assert change.ew_step == 1
    assert change.boards_step == -1
    assert not change.arrow_switch


def test_mitchell_with_a_phantom_is_still_regular():
    change = round_change(mitchell(9).assignments, 2)
    assert change is not None and change.regular
    assert (change.ew_step, change.boards_step) == (1, -1)


def test_last_round_has_no_change():
    movement = mitchell(10)
    assert round_change(movement.assignments, movement.rounds) is None


def test_arrow_switch_round_is_announced():
    movement = mitchell(10, arrow_switch_rounds=[3])
    change = round_change(movement.assignments, 2)
    assert change is not None and change.regular
    assert change.arrow_switch
    after = round_change(movement.assignments, 3)
    assert after is not None and not after.arrow_switch


def test_howell_is_not_regular():
    movement = howell(8)
    change = round_change(movement.assignments, 1)
    assert change is not None
    assert not change.regular
    assert change.ew_step is None and change.boards_step is None


def test_ew_skipping_a_table_moves_two_tables():
    rows = [
        Assignment(1, 1, 1, 5, (1,)),
        Assignment(1, 2, 2, 6, (2,)),
        Assignment(1, 3, 3, 7, (3,)),
        Assignment(1, 4, 4, 8, (4,)),
        Assignment(2, 1, 1, 7, (4,)),
        Assignment(2, 2, 2, 8, (1,)),
        Assignment(2, 3, 3, 5, (2,)),
        Assignment(2, 4, 4, 6, (3,)),
    ]
    change = round_change(rows, 1)
    assert change is not None and change.regular
    assert change.ew_step == 2
    assert change.boards_step == 1


def test_shared_board_sets_leave_the_boards_unsaid():
    rows = [
        Assignment(1, 1, 1, 3, (1,)),
        Assignment(1, 2, 2, 4, (1,)),
        Assignment(2, 1, 1, 4, (2,)),
        Assignment(2, 2, 2, 3, (2,)),
    ]
    change = round_change(rows, 1)
    assert change is not None and change.regular
    assert change.ew_step == 1
    assert change.boards_step is None

"""A team's own rounds, where everyone goes next (table cards), and the one generator entry."""

import pytest

from scoring.engine.cards import Side
from scoring.movements import (
    MovementError,
    MovementKind,
    howell,
    mitchell,
    movement_for,
    next_positions,
    team_schedule,
)


def test_a_team_schedule_lists_its_rounds_with_table_direction_opponent_and_boards():
    movement = mitchell(6)
    rounds = team_schedule(movement, 4)
    assert [(a.round, a.table, a.seat_of(4), a.opponent_of(4), a.boards) for a in rounds] == [
        (1, 1, Side.EW, 1, (1, 2, 3)),
        (2, 2, Side.EW, 2, (7, 8, 9)),
        (3, 3, Side.EW, 3, (4, 5, 6)),
    ]


def test_a_team_schedule_includes_its_sit_out():
    rounds = team_schedule(mitchell(5), 4)
    sit_out = [a for a in rounds if a.opponent_of(4) is None]
    assert [(a.round, a.table) for a in sit_out] == [(2, 3)]
    assert len(rounds) == 3


def test_a_howell_team_plays_both_directions():
    directions = {a.hands_of(1) for a in team_schedule(howell(8), 1)}
    assert directions == {Side.NS, Side.EW}


def test_asking_for_a_team_outside_the_field_is_an_error():
    with pytest.raises(MovementError, match="There is no team 7"):
        team_schedule(mitchell(6), 7)


def test_a_mitchell_table_card_sends_ew_up_and_boards_down():
    card = next_positions(mitchell(12), 1, 3)
    assert card.round == 2
    assert (card.ns.team, card.ns.table, card.ns.seat) == (3, 3, Side.NS)
    assert (card.ew.team, card.ew.table, card.ew.seat) == (9, 4, Side.EW)
    assert card.boards_to == (2,)


def test_the_table_card_of_the_skip_round_sends_ew_up_two_tables():
    card = next_positions(mitchell(12), 3, 6)  # six tables: the skip comes after round 3
    assert card.ew.table == 2
    assert card.boards_to == (5,)


def test_the_table_card_tells_who_will_sit_out():
    # Five teams: EW 4 plays at table 2 in round 1, then reaches the phantom's table 3.
    card = next_positions(mitchell(5), 1, 2)
    assert card.ew.team == 4
    assert card.ew.table == 3
    assert card.ew.sits_out
    phantom = next_positions(mitchell(5), 1, 3)
    assert phantom.ns is None
    assert not phantom.ew.sits_out


def test_there_is_no_next_position_after_the_last_round():
    assert next_positions(mitchell(6), 3, 1) is None


def test_a_set_that_rests_next_round_goes_to_no_table():
    movement = howell(8)
    resting = [
        (a.round, a.table)
        for a in movement.assignments
        if a.round < movement.rounds and next_positions(movement, a.round, a.table).boards_to == ()
    ]
    # Seven sets, four tables: three sets wait on the side each round.
    assert resting


def test_movement_for_dispatches_by_kind():
    assert movement_for("mitchell", 10) == mitchell(10)
    assert movement_for(MovementKind.HOWELL, 10, rounds=4, boards_per_round=2) == howell(
        10, rounds=4, boards_per_round=2
    )
    assert movement_for("Mitchell", 9, arrow_switch_rounds=[5]).single_ranking


def test_movement_for_refuses_unknown_kinds_and_arrow_switched_howells():
    with pytest.raises(MovementError, match="Unknown movement type"):
        movement_for("swiss", 10)
    with pytest.raises(MovementError, match="A Howell has no arrow-switch rounds"):
        movement_for("howell", 10, arrow_switch_rounds=[2])

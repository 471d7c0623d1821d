"""Comparisons: two teams are compared on a board they both play with the same hands."""

from scoring.movements import (
    Assignment,
    Movement,
    comparison_balance,
    comparison_counts,
    mitchell,
)
from scoring.movements.balance import howell_balance_table


def test_a_full_mitchell_compares_every_ns_team_with_every_ns_team_on_every_board():
    balance = comparison_balance(mitchell(10, boards_per_round=2))
    # Two fields of five teams: ten NS pairs and ten EW pairs, each on all ten boards.
    assert balance.pairs == 20
    assert (balance.minimum, balance.maximum) == (10, 10)
    assert (1, 6) not in balance.counts


def test_the_skip_mitchell_compares_each_two_teams_on_all_but_two_sets():
    # Eight tables, seven rounds: each team misses one set, a different one for each team.
    balance = comparison_balance(mitchell(16, boards_per_round=1))
    assert balance.is_perfect
    assert balance.minimum == 8 - 2


def test_an_arrow_switch_puts_everybody_in_one_ranking():
    balance = comparison_balance(mitchell(6, boards_per_round=1, arrow_switch_rounds=[3]))
    assert balance.pairs == 15
    # NS 1 plays EW hands in round 3 on the set EW 4 played in round 2 with the same EW hands.
    assert balance.counts[(1, 4)] == 2


def test_teams_are_compared_only_on_boards_they_play_with_the_same_hands_at_other_tables():
    # Two tables sharing one board a round.
    plan = (
        Assignment(1, 1, 1, 2, (1,)),
        Assignment(1, 2, 3, 4, (1,)),
        Assignment(2, 1, 1, 3, (2,)),
        Assignment(2, 2, 4, 2, (2,)),
    )
    movement = Movement("howell", 4, 2, 1, 2, plan, True)
    # Board 1: NS 1 and 3 compared, EW 2 and 4. Board 2: NS 1 and 4, EW 3 and 2.
    # Teams 1 and 2 face each other on board 1 and play opposite hands on board 2: never compared.
    assert comparison_counts(movement) == {
        (1, 2): 0,
        (1, 3): 1,
        (1, 4): 1,
        (2, 3): 1,
        (2, 4): 1,
        (3, 4): 0,
    }


def test_the_howell_balance_table_has_one_line_per_size():
    table = howell_balance_table(range(4, 7)).splitlines()
    assert len(table) == 2 + 3
    assert table[2].startswith("| 4 | 2 | 3 | 3 | 1 | 1 | 1.00 | 0.00 |")

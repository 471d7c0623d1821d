"""The shared test plan is a proper Mitchell: each EW team plays each board set once."""

import pytest

from tests.support.factories import SMALL_MITCHELL, deal_for, small_tournament

pytestmark = pytest.mark.django_db


def test_small_mitchell_has_no_repeated_board_for_a_team():
    for team in range(1, 7):
        boards = [b for r in SMALL_MITCHELL if team in (r[2], r[3]) for b in r[4]]
        assert sorted(boards) == [1, 2, 3, 4, 5, 6]


def test_fixed_deals_are_valid():
    for number in range(1, 7):
        hands = deal_for(number)
        cards = "".join(hands.values()).replace(".", "")
        assert len(cards) == 32
        assert all(len(h.replace(".", "")) == 8 for h in hands.values())


def test_small_tournament_builds():
    tournament = small_tournament()
    assert tournament.teams.count() == 6
    assert tournament.boards.count() == 6
    assert tournament.round_set.count() == 3

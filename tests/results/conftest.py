"""Fixtures of the results tests: a small running tournament with its staff, and a board whose
hands hold belotes and annonces (the records themselves are in tests/support/results.py)."""

import pytest

from tests.support.factories import small_tournament
from tests.support.results import RICH_DEAL

PASSWORD = "correct-horse-42"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Users are created in almost every test: a slow password hash would dominate the run."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def arbiter(make_user):
    return make_user("arbitre", "arbiter")


@pytest.fixture
def organizer(make_user):
    return make_user("organisatrice", "organizer")


@pytest.fixture
def tournament(arbiter, organizer):
    """6 teams, 3 tables, 3 published rounds, 2 boards a round, hands known."""
    return small_tournament(arbiter=arbiter, organizer=organizer)


@pytest.fixture
def rich_board(tournament):
    """Board 1 of the tournament with RICH_DEAL (played at table 1 in round 1)."""
    board = tournament.boards.get(number=1)
    board.hands = dict(RICH_DEAL)
    board.save(update_fields=["hands"])
    return board

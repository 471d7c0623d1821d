"""Fixtures of the results tests: a small running tournament with its staff, and records."""

import pytest

from scoring.engine.cards import Hand, Seat
from tests.factories import deal_for, small_tournament
from tournaments.setup.models import TableAssignment

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


def assignment(tournament, round_number: int, table_number: int) -> TableAssignment:
    return TableAssignment.objects.select_related("round__tournament", "table").get(
        round__tournament=tournament, round__number=round_number, table__number=table_number
    )


def hands(board_number: int) -> dict[Seat, Hand]:
    return {Seat(seat): Hand.from_pbn(pbn) for seat, pbn in deal_for(board_number).items()}


def contract(bid=90, strain="H", taker="N", coinche=0, points=100, **extra) -> dict:
    """A played deal with no belote and no annonces (valid whatever the hands)."""
    record = {
        "passed": False,
        "contract": {"bid": bid, "strain": strain, "taker": taker, "coinche": coinche},
        "taker_points": points,
        "capot": None,
        "belote": [],
        "annonces": [],
    }
    record.update(extra)
    return record


PASSED = {"passed": True}


# A deal with belotes and annonces to choose from (the factory's deals have none):
# N holds K Q of spades and of hearts and a tierce K-Q-J of spades; E holds K Q of diamonds and
# of clubs; S a tierce 9-8-7 of spades; W a tierce 10-9-8 of clubs.
RICH_DEAL = {"N": "KQJ.KQ.A.A7", "E": "AT.AT.KQ.KQ", "S": "987.J9.J9.J", "W": ".87.T87.T98"}


@pytest.fixture
def rich_board(tournament):
    """Board 1 of the tournament with RICH_DEAL (played at table 1 in round 1)."""
    board = tournament.boards.get(number=1)
    board.hands = dict(RICH_DEAL)
    board.save(update_fields=["hands"])
    return board

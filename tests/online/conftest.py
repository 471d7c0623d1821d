"""Online tournaments in the tests: a club's organizer, a tournament open now, players."""

import pytest

from tests.support.online import open_tournament
from tournaments.clubs.services import create_club


@pytest.fixture
def organizer(make_user):
    return make_user("orga-en-ligne", role="organizer")


@pytest.fixture
def club(organizer):
    return create_club(name="Coinche Club en ligne", by=organizer)


@pytest.fixture
def tournament(organizer, club):
    return open_tournament(organizer, club)


@pytest.fixture
def players(make_user):
    return [make_user(f"joueur-{index}") for index in range(1, 5)]

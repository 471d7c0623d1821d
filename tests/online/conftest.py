"""Online tournaments in the tests: a club's organizer, a tournament open now, players."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments.clubs.services import create_club
from tournaments.online.services import create_online_tournament

SMALL_WORLDS = 2
"""Robots thinking over two worlds: fast, and still the real robots."""


@pytest.fixture
def organizer(make_user):
    return make_user("orga-en-ligne", role="organizer")


@pytest.fixture
def club(organizer):
    return create_club(name="Coinche Club en ligne", by=organizer)


def open_tournament(by, club=None, **fields):
    now = timezone.now()
    defaults = {
        "name": "Tournoi du jour",
        "opens_at": now - timedelta(hours=1),
        "closes_at": now + timedelta(hours=23),
    }
    defaults.update(fields)
    return create_online_tournament(by=by, club=club, **defaults)


@pytest.fixture
def tournament(organizer, club):
    return open_tournament(organizer, club)


@pytest.fixture
def players(make_user):
    return [make_user(f"joueur-{index}") for index in range(1, 5)]


def close(tournament):
    """Move the window into the past: the tournament is closed."""
    now = timezone.now()
    tournament.opens_at = now - timedelta(days=2)
    tournament.closes_at = now - timedelta(minutes=1)
    tournament.save(update_fields=["opens_at", "closes_at"])

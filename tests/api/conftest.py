"""The cast of the API tests: a running tournament, another one, and the six kinds of caller.

Callers: anonymous, a player (logged in, no role), an arbiter and an organizer of this
tournament, an arbiter and an organizer of another tournament. Each logs in with a session;
tokens have their own tests.
"""

import pytest
from rest_framework.test import APIClient

from tests.support.api import make_cast
from tests.support.factories import make_tournament, small_tournament


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # Six users a test: the real password hasher would spend seconds on purpose.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def cast(db):
    """Users by actor name (None for anonymous)."""
    return make_cast()


@pytest.fixture
def tournament(cast):
    """A running 6-team Mitchell, published plan, 6 boards with hands, none released."""
    return small_tournament(organizer=cast["organizer"], arbiter=cast["arbiter"])


@pytest.fixture
def other_tournament(cast):
    """Where the "other" arbiter and organizer have their roles."""
    return make_tournament(organizer=cast["other_organizer"], arbiter=cast["other_arbiter"])


@pytest.fixture
def client_for(cast, other_tournament):
    """An API client logged in as the actor (anonymous: not logged in)."""

    def make(actor: str) -> APIClient:
        client = APIClient()
        user = cast[actor]
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def api_root():
    return "/api/v1"

"""Fixtures of the organizer tests: the organizer, the other roles, logged-in clients."""

import pytest
from django.test import Client


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hash test passwords cheaply: the default hasher costs half a second per user here."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def organizer(make_user):
    return make_user("odile", role="organizer")


@pytest.fixture
def login():
    """A client logged in as the given user (None: anonymous)."""

    def make(user=None) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make

"""Fixtures of the accounts' tests: cheap passwords."""

import pytest


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hash test passwords cheaply: the default hasher costs half a second per user here."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

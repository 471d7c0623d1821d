"""Reads on accounts: the users who hold a site role."""

from collections.abc import Iterable

from django.contrib.auth import get_user_model


def users_with_role(usernames: Iterable[str], role: str) -> dict:
    """The active users among ``usernames`` who hold ``role`` (superusers hold every role),
    by username."""
    names = list(usernames)
    active = get_user_model().objects.filter(username__in=names, is_active=True)
    users = [*active.filter(groups__name=role), *active.filter(is_superuser=True)]
    return {user.username: user for user in users}

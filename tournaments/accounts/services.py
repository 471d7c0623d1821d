"""Writes on accounts: creating users with a role (demo set-up, organizer tooling)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from .roles import ROLES


def ensure_user(username: str, password: str, *, role: str | None = None, **fields):
    """Create the user if missing (or reset its password) and put it in the role's group."""
    if role is not None and role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    user_model = get_user_model()
    user, _created = user_model.objects.get_or_create(username=username, defaults=fields)
    user.set_password(password)
    user.save()
    if role:
        group, _ = Group.objects.get_or_create(name=role)
        user.groups.add(group)
    return user

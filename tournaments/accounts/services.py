"""Writes on accounts: creating users with a role (demo set-up, organizer tooling)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, User

from .roles import ROLES


def ensure_user(
    *,
    username: str,
    password: str,
    role: str | None = None,
    reset_password: bool = True,
    **fields,
) -> User:
    """Create the user if missing and put it in the role's group.

    An existing user gets ``password`` again, unless ``reset_password`` is False: then the
    password it has now is kept (someone may have changed it).
    """
    if role is not None and role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=username, defaults=fields)
    if created or reset_password:
        user.set_password(password)
        user.save()
    if role:
        group, _ = Group.objects.get_or_create(name=role)
        user.groups.add(group)
    return user

"""Writes on accounts: creating users with a role (demo set-up, organizer tooling), and a
player's own sign-up (docs/play.md)."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.service_errors import ServiceError

from .models import SignUpAttempt
from .roles import ROLES


class SignUpError(ServiceError):
    """A sign-up refused: the address already has an account, or too many sign-ups from
    the same place."""


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
        group, _group_created = Group.objects.get_or_create(name=role)
        user.groups.add(group)
    return user


SIGN_UP_WINDOW = timedelta(hours=1)


def email_taken(*, email: str) -> bool:
    """Is ``email`` (whatever its case) already an account's address or user name?"""
    users = get_user_model().objects
    return (
        users.filter(email__iexact=email).exists() or users.filter(username__iexact=email).exists()
    )


def sign_up(*, email: str, password: str, address: str | None) -> User:
    """A player's account: the e-mail is both its address and its user name (the login asks
    for it), in lower case. Refused (``SignUpError``) when the address is taken, or after
    ``settings.SIGN_UP_LIMIT`` sign-ups tried from the same network address within the hour
    (every try counts, made or refused, as the logins' failures do). The password is checked
    by the form (Django's validators)."""
    email = email.strip().lower()
    address = address or "unknown"
    now = timezone.now()
    with transaction.atomic():
        SignUpAttempt.objects.filter(at__lt=now - SIGN_UP_WINDOW).delete()
        recent = SignUpAttempt.objects.filter(address=address).count()
        SignUpAttempt.objects.create(address=address)
    if recent >= settings.SIGN_UP_LIMIT:
        raise SignUpError(
            _("Trop de comptes créés depuis cette adresse. Réessayez dans une heure.")
        )
    if email_taken(email=email):
        raise SignUpError(_("Un compte existe déjà avec cette adresse électronique."))
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(
                username=email, email=email, password=password
            )
    except IntegrityError:
        # Two sign-ups of one address at once: the user name is unique, the second loses.
        raise SignUpError(_("Un compte existe déjà avec cette adresse électronique.")) from None
    return user

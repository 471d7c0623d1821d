"""Writes of the API's own: tokens (an organizer creates one for a script or a table device,
and revokes it when it is no longer needed or was lost), the keys of idempotent submissions,
and the acts the API takes in one request where the pages take two (a team with its flags).
"""

from __future__ import annotations

import hashlib

from django.db import transaction
from django.utils import timezone

from tournaments.accounts.roles import Account
from tournaments.setup import services as setup_services
from tournaments.setup.models import Table, Team, Tournament

from .models import PREFIX_LENGTH, ApiToken, hash_key, new_key


@transaction.atomic
def create_token(
    *, tournament: Tournament, by: Account, name: str, scope: str, table: Table | None = None
) -> tuple[ApiToken, str]:
    """Create a token of ``tournament``; return it and its key, which is never shown again.

    A table-device token (scope ``table``) needs the table whose results it enters; the other
    scopes take none. The token acts with the rights of ``by``, capped by its scope.
    """
    if scope not in ApiToken.Scope.values:
        raise ValueError(f"unknown scope {scope!r}")
    if (scope == ApiToken.Scope.TABLE) != (table is not None):
        raise ValueError("a table is given for a table-device token, and only for one")
    if table is not None and table.tournament_id != tournament.pk:
        raise ValueError("the table belongs to another tournament")
    key = new_key()
    token = ApiToken.objects.create(
        tournament=tournament,
        user=by,
        name=name.strip(),
        scope=scope,
        table=table,
        prefix=key[:PREFIX_LENGTH],
        key_hash=hash_key(key),
    )
    return token, key


def revoke_token(*, token: ApiToken) -> ApiToken:
    """Revoke the token at once: its key is refused from now on. Revoking twice keeps the
    first date."""
    ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    token.refresh_from_db(fields=["revoked_at"])
    return token


def submission_key(*, tournament: Tournament, key: str, by: Account, token: ApiToken | None) -> str:
    """The stored name of a submission sent with ``Idempotency-Key: key``.

    A key names a submission of one client in one tournament: two clients (users or tokens)
    choosing the same key must not see each other's result, so the key is hashed with them.
    """
    user_id = by.pk if by.is_authenticated else ""
    scope = f"{tournament.pk}:{user_id}:{token.pk if token else ''}:{key}"
    return "api-" + hashlib.sha256(scope.encode()).hexdigest()


@transaction.atomic
def register_team(
    *,
    tournament: Tournament,
    data: setup_services.TeamData,
    checked_in: bool | None = None,
    withdrawn: bool | None = None,
) -> Team:
    """Register a team (inscription) and set its check-in and withdrawal, all or nothing."""
    team = setup_services.register_team(tournament=tournament, data=data)
    return setup_services.set_team_flags(team=team, checked_in=checked_in, withdrawn=withdrawn)


@transaction.atomic
def change_team(
    *,
    team: Team,
    data: setup_services.TeamData | None,
    checked_in: bool | None = None,
    withdrawn: bool | None = None,
) -> Team:
    """Change a team's details (``data``, None: unchanged), its check-in and its withdrawal,
    all or nothing."""
    if data is not None:
        team = setup_services.update_team(team=team, data=data)
    return setup_services.set_team_flags(team=team, checked_in=checked_in, withdrawn=withdrawn)

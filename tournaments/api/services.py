"""Writes on API tokens: an organizer creates a token for a script or a table device, and
revokes it when it is no longer needed (or was lost)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournaments.setup.models import Table, Tournament

from .models import PREFIX_LENGTH, ApiToken, hash_key, new_key


@transaction.atomic
def create_token(
    tournament: Tournament, *, by, name: str, scope: str, table: Table | None = None
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


def revoke_token(token: ApiToken) -> ApiToken:
    """Revoke the token at once: its key is refused from now on. Revoking twice keeps the
    first date."""
    ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    token.refresh_from_db(fields=["revoked_at"])
    return token

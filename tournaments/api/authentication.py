"""Authentication of API requests: the site's session, or an API token as a Bearer key.

``Authorization: Bearer <key>`` authenticates as the token's creator with ``request.auth`` set
to the ``ApiToken``; what the request may then do in a tournament is decided by
``tournaments.api.permissions.access_for``, which caps the creator's rights by the token's scope.
"""

import functools
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from tournaments import rows
from tournaments.setup.models import Table, Tournament

from .models import ApiToken, hash_key

KEYWORD = "Bearer"
# Writing last_used_at on every request would turn every read into a write.
LAST_USED_PRECISION = timedelta(minutes=1)


class ApiTokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Bearer <key>`` with a key from the organizer's « Jetons d'API » page."""

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].decode("latin-1").lower() != KEYWORD.lower():
            return None
        if len(header) != 2:  # "Bearer" and the key, nothing else
            raise exceptions.AuthenticationFailed(
                _("En-tête Authorization invalide : « Bearer <jeton> » attendu.")
            )
        try:
            key = header[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("Jeton d'API invalide.")) from None
        return self.authenticate_key(key)

    def authenticate_key(self, key: str):
        token = token_with_roles(hash_key(key))
        if token is None or not token.active or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("Jeton d'API invalide ou révoqué."))
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_PRECISION:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token.user, token

    def authenticate_header(self, request) -> str:
        return f'{KEYWORD} realm="api"'


_TOKEN = rows.Columns(ApiToken, "token")
_USER = rows.Columns(get_user_model(), "creator")
_TOURNAMENT = rows.Columns(Tournament, "tournament")
_TABLE = rows.Columns(Table, "token_table")


def _role_exists(through) -> str:
    table = connection.ops.quote_name(through._meta.db_table)
    return f"""EXISTS(SELECT 1 FROM {table} role
        WHERE role.tournament_id = token.tournament_id AND role.user_id = token.user_id)"""  # noqa: S608


@functools.cache
def _token_sql() -> str:
    quote = connection.ops.quote_name
    user = _USER.model._meta
    return f"""
SELECT {_TOKEN.sql}, {_USER.sql}, {_TOURNAMENT.sql}, {_TABLE.sql},
    {_role_exists(Tournament.organizers.through)}, {_role_exists(Tournament.arbiters.through)}
FROM {quote(ApiToken._meta.db_table)} token
JOIN {quote(user.db_table)} creator ON creator.{quote(user.pk.column)} = token.user_id
JOIN {quote(Tournament._meta.db_table)} tournament ON tournament.id = token.tournament_id
LEFT JOIN {quote(Table._meta.db_table)} token_table ON token_table.id = token.table_id
WHERE token.key_hash = %s
"""  # noqa: S608 - table and column names from the models, the hash as a parameter


def token_with_roles(key_hash: str) -> ApiToken | None:
    """The token of that key hash with its creator (``user``), tournament and table, and the
    creator's roles in that tournament (``user_organizes``, ``user_arbitrates``, which
    ``permissions.access_for`` reads): one fixed statement (``tournaments.rows``) that every
    API request with a token runs, so that a result entry asks nothing else about them."""
    with rows.cursor() as cursor:
        cursor.execute(_token_sql(), [key_hash])
        row = cursor.fetchone()
    if row is None:
        return None
    (token, user, tournament, table), roles = rows.split(row, _TOKEN, _USER, _TOURNAMENT, _TABLE)
    token.user, token.tournament, token.table = user, tournament, table
    token.user_organizes, token.user_arbitrates = (bool(value) for value in roles)
    return token


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """The token scheme in the OpenAPI schema."""

    target_class = ApiTokenAuthentication
    name = "apiToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": (
                "An API token created by an organizer on the tournament's “Jetons d'API” "
                "page, valid in that tournament only, with the scope chosen at creation."
            ),
        }

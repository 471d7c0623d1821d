"""Authentication of API requests: the site's session, or an API token as a Bearer key.

``Authorization: Bearer <key>`` authenticates as the token's creator with ``request.auth`` set
to the ``ApiToken``; what the request may then do in a tournament is decided by
``tournaments.api.permissions.access_for``, which caps the creator's rights by the token's scope.
"""

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from tournaments import rows

from . import sql
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


def token_with_roles(key_hash: str) -> ApiToken | None:
    """The token of that key hash with its creator (``user``), tournament and table, and the
    creator's roles in that tournament (``user_organizes``, ``user_arbitrates``, which
    ``permissions.access_for`` reads): one fixed statement (``sql.token_sql``, run by
    ``tournaments.rows``) that every API request with a token runs, so that a result entry asks
    nothing else about them."""
    with rows.cursor() as cursor:
        cursor.execute(sql.token_sql(), [key_hash])
        row = cursor.fetchone()
    if row is None:
        return None
    (token, user, tournament, table), roles = rows.split(row, *sql.TOKEN_COLUMNS)
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

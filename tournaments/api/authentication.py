"""Authentication of API requests: the site's session, or an API token as a Bearer key.

``Authorization: Bearer <key>`` authenticates as the token's creator with ``request.auth`` set
to the ``ApiToken``; what the request may then do in a tournament is decided by
``tournaments.api.permissions.access_for``, which caps the creator's rights by the token's scope.
"""

from datetime import timedelta

from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from tournaments.setup.models import Tournament

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
        # The creator's roles in the token's tournament come with the token, in one query
        # (``permissions.access_for`` reads them): a result entry asks nothing else about them.
        roles = Tournament.organizers.through.objects.filter(
            tournament_id=OuterRef("tournament_id"), user_id=OuterRef("user_id")
        )
        arbiters = Tournament.arbiters.through.objects.filter(
            tournament_id=OuterRef("tournament_id"), user_id=OuterRef("user_id")
        )
        token = (
            ApiToken.objects.select_related("user", "tournament", "table")
            .annotate(user_organizes=Exists(roles), user_arbitrates=Exists(arbiters))
            .filter(key_hash=hash_key(key))
            .first()
        )
        if token is None or not token.active or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("Jeton d'API invalide ou révoqué."))
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_PRECISION:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token.user, token

    def authenticate_header(self, request) -> str:
        return f'{KEYWORD} realm="api"'


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """The token scheme in the OpenAPI schema."""

    target_class = ApiTokenAuthentication
    name = "apiToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": (
                "An API token created by an organizer on the tournament's « Jetons d'API » "
                "page, valid in that tournament only, with the scope chosen at creation."
            ),
        }

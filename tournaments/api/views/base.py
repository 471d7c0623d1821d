"""What every API view shares (authentication, JSON only, the error format, the schema, the
caller's role) and what every resource of one tournament shares (its tournament)."""

from __future__ import annotations

from functools import cached_property

from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.authentication import SessionAuthentication
from rest_framework.renderers import JSONRenderer
from rest_framework.serializers import BaseSerializer

from tournaments.setup import policy
from tournaments.setup.models import Tournament

from .. import selectors
from ..authentication import ApiTokenAuthentication
from ..errors import api_exception_handler
from ..pagination import ApiPagination
from ..parsers import SafeJSONParser
from ..permissions import Access, OrganizerWrites, access_for, request_token
from ..schema import ApiAutoSchema


class ApiView:
    """What every API view shares: authentication, JSON only, the error format, the schema."""

    # The token first: its scheme is the one a 401 answer names (WWW-Authenticate: Bearer).
    authentication_classes = [ApiTokenAuthentication, SessionAuthentication]
    parser_classes = [SafeJSONParser]
    renderer_classes = [JSONRenderer]
    pagination_class = ApiPagination
    filter_backends = [DjangoFilterBackend]
    schema = ApiAutoSchema()

    def get_exception_handler(self):
        return api_exception_handler

    def access_in(self, tournament: Tournament) -> Access:
        """The caller's role in ``tournament`` (``permissions.access_for``)."""
        return access_for(self.request, tournament)

    def actor_in(self, tournament: Tournament) -> policy.Actor:
        """The caller, for the access policy, in ``tournament``."""
        return self.access_in(tournament).actor

    def validated(self, serializer_class: type[BaseSerializer], data=None, **kwargs):
        """The request's body (or ``data``) read by ``serializer_class``: a 400 field by field
        unless it is valid."""
        serializer = serializer_class(data=self.request.data if data is None else data, **kwargs)
        serializer.is_valid(raise_exception=True)
        return serializer


class TournamentScoped(ApiView):
    """A resource of one tournament: ``/tournaments/{slug}/...``.

    The tournament is loaded with the visibility rule of the public pages: a draft exists only
    for its organizers (404 for everyone else).
    """

    permission_classes = [OrganizerWrites]

    @cached_property
    def tournament(self) -> Tournament:
        slug = self.kwargs.get("slug", "")
        token = request_token(self.request)
        if token is not None and token.tournament.slug == slug:
            # Read with the token (``ApiTokenAuthentication``): not read again.
            return selectors.visible_tournament(slug, self.actor_in, known=token.tournament)
        return selectors.visible_tournament(slug, self.actor_in)

    @property
    def access(self) -> Access:
        return self.access_in(self.tournament)

    @property
    def actor(self) -> policy.Actor:
        return self.access.actor

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if getattr(self, "swagger_fake_view", False):
            return context
        context["tournament"] = self.tournament
        context["access"] = self.access
        return context

"""A tournament's online registrations (inscriptions en ligne): its organizers list them and
accept or refuse the pairs, through the registration app's services (the same waiting list,
e-mails and locks as the organizer's page). Nobody else reads them: 401 without credentials,
403 with credentials of another role."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from config.site import site_url
from tournaments.registration import selectors as registration_selectors
from tournaments.registration import services as registration
from tournaments.registration.models import Entry

from .. import filters, serializers
from ..permissions import OrganizersOnly
from .base import TournamentScoped


@extend_schema(tags=["registrations"])
class RegistrationViewSet(TournamentScoped, viewsets.ReadOnlyModelViewSet):
    """The pairs registered online, in the order they came: status (``pending``: awaiting the
    organizer's decision, ``waiting``: waiting list, ``approved``, ``refused``, ``withdrawn``),
    the two players, the contact e-mail, the position on the waiting list, the team an accepted
    pair became. The tournament's organizers only."""

    serializer_class = serializers.RegistrationSerializer
    filterset_class = filters.RegistrationFilter
    permission_classes = [OrganizersOnly]
    lookup_value_converter = "int"
    anonymous_reads = False
    extra_error_codes = {"GET": ("403",)}

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Entry.objects.none()
        return registration_selectors.entries_for_organizer(self.tournament)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if getattr(self, "swagger_fake_view", False):
            return context
        context["waiting_positions"] = registration_selectors.waiting_positions(self.tournament)
        return context

    @extend_schema(request=None, responses={200: serializers.RegistrationSerializer})
    @action(detail=True, methods=["post"])
    def accept(self, request, *args, **kwargs):
        """Accept a pair awaiting the decision (``pending``): it becomes a team with the next
        free number, not checked in (it is checked in on the day). Any other status: 400
        ``invalid_transition``."""
        registration.approve(entry=self.get_object(), site=_site(request))
        return Response(self._read(kwargs["pk"]))

    @extend_schema(request=None, responses={200: serializers.RegistrationSerializer})
    @action(detail=True, methods=["post"])
    def refuse(self, request, *args, **kwargs):
        """Refuse a pair awaiting the decision or on the waiting list; the waiting list moves
        up. Any other status: 400 ``invalid_transition``."""
        registration.refuse(entry=self.get_object(), site=_site(request))
        return Response(self._read(kwargs["pk"]))

    def _read(self, pk) -> dict:
        entry = self.get_queryset().get(pk=pk)
        return self.get_serializer(entry).data


def _site(request) -> str:
    """The site's address the pair's e-mail links to: ``SITE_URL`` (config/site.py), never the
    Host or forwarded headers of the request, which the visitor writes."""
    return site_url()

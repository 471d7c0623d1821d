"""Procedural penalties (pénalités de procédure): the tournament's arbiters list them, give one
(on a board or on the session) and remove one, through the results services — the same checks,
audit events (who, when, from which address) and standings hooks as the arbiter's page. Nobody
else reads them: 401 without credentials, 403 with credentials of another role."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from config.proxies import client_ip
from tournaments.results import services as results_services
from tournaments.results.models import Penalty

from .. import serializers
from ..errors import FieldErrors
from ..permissions import ArbitersOnly
from .base import TournamentScoped


@extend_schema(tags=["results"])
class PenaltyViewSet(TournamentScoped, viewsets.ReadOnlyModelViewSet):
    """The tournament's penalties, in force or removed, in the order given. The tournament's
    arbiters and organizers only."""

    serializer_class = serializers.PenaltySerializer
    permission_classes = [ArbitersOnly]
    lookup_value_converter = "int"
    anonymous_reads = False
    extra_error_codes = {"GET": ("403",)}

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Penalty.objects.none()
        return (
            Penalty.objects.filter(tournament=self.tournament)
            .select_related("team")
            .order_by("given_at", "pk")
        )

    @extend_schema(
        request=serializers.PenaltyCreateSerializer,
        responses={201: serializers.PenaltySerializer},
        description="Penalize a team by ``amount`` in the tournament's unit (% of a top in "
        "matchpoints, points otherwise), on a board the team plays or on the session. A reason "
        "is required. Refused with a 400 (``invalid_action``) when out of bounds.",
    )
    def create(self, request, *args, **kwargs):
        data = self.validated(serializers.PenaltyCreateSerializer).validated_data
        team = self.tournament.teams.filter(number=data["team"]).first()
        if team is None:
            raise FieldErrors.single(
                "team", "unknown_team", gettext("Cette équipe ne joue pas dans ce tournoi.")
            )
        penalty = results_services.give_penalty(
            tournament=self.tournament,
            team=team,
            amount=data["amount"],
            reason=data["reason"],
            board_number=data.get("board"),
            round_number=data.get("round"),
            by=self.actor,
            ip=client_ip(request),
        )
        return Response(self._read(penalty.pk), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=serializers.PenaltyRemoveSerializer,
        responses={200: serializers.PenaltySerializer},
        description="Remove a penalty, with an optional reason: it stays, marked removed, in the "
        "list and the audit trail. Removing it again: 400 (``invalid_action``).",
    )
    @action(detail=True, methods=["post"])
    def remove(self, request, *args, **kwargs):
        penalty = get_object_or_404(self.get_queryset(), pk=kwargs["pk"])
        data = self.validated(serializers.PenaltyRemoveSerializer).validated_data
        results_services.remove_penalty(
            penalty=penalty, reason=data["reason"], by=self.actor, ip=client_ip(request)
        )
        return Response(self._read(penalty.pk))

    def _read(self, pk: int) -> dict:
        return self.get_serializer(self.get_queryset().get(pk=pk)).data

"""Tournaments: list, read, create, change settings and status."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from scoring.engine.rules import DEFAULT_PRESET
from tournaments.setup import services as organizer
from tournaments.setup.models import Tournament
from tournaments.setup.services.tournament import SETTINGS_FIELDS

from .. import filters, selectors, serializers
from ..errors import FieldErrors, model_errors
from ..permissions import TournamentPermission, request_token
from .base import ApiView


@extend_schema(tags=["tournaments"])
class TournamentViewSet(
    ApiView,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Tournaments: everyone lists and reads those past the draft stage (organizers also their
    drafts); users with the organizer role create them; their organizers change them."""

    serializer_class = serializers.TournamentSerializer
    filterset_class = filters.TournamentFilter
    permission_classes = [TournamentPermission]
    lookup_field = "slug"
    lookup_value_converter = "slug"
    http_method_names = ["get", "post", "patch", "head"]

    def get_queryset(self):
        return selectors.tournaments_visible_to(
            self.actor_in, user=self.request.user, token=request_token(self.request)
        )

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(self._data(page, many=True))

    def retrieve(self, request, *args, **kwargs):
        return Response(self._data(self.get_object()))

    @extend_schema(
        request=serializers.TournamentWriteSerializer,
        responses={201: serializers.TournamentSerializer},
    )
    def create(self, request, *args, **kwargs):
        data = self.validated(serializers.TournamentWriteSerializer).validated_data
        preset = data.get("rules_preset", DEFAULT_PRESET)
        with model_errors():
            tournament = organizer.create_tournament(
                by=request.user,
                fields={**_settings_given(data), "rules_preset": preset},
                rules=_chosen_rules(preset, data.get("rules")),
                co_organizers=data.get("co_organizers", ()),
                arbiters=data.get("arbiters", ()),
            )
        return Response(self._read(tournament), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=serializers.TournamentWriteSerializer,
        responses={200: serializers.TournamentSerializer},
        description="Change some settings (only the fields given). Rules and movement settings "
        "are frozen once results exist.",
    )
    def partial_update(self, request, *args, **kwargs):
        tournament = self.get_object()
        data = self.validated(serializers.TournamentWriteSerializer, partial=True).validated_data
        # Only what was sent: the service applies it to the row it locks (the rule settings on
        # top of the rules stored then), so a concurrent PATCH of another field keeps its change.
        keep = organizer.KEEP
        if "rules" in data:
            # The field's own 400 for rules that are invalid now (checked again under the lock).
            preset = data.get("rules_preset", tournament.rules_preset)
            _chosen_rules(preset, data["rules"], tournament)
        with model_errors():
            organizer.update_tournament(
                tournament=tournament,
                by=request.user,
                fields=_settings_given(data),
                rule_changes=data.get("rules"),
                co_organizers=data.get("co_organizers", keep),
                arbiters=data.get("arbiters", keep),
            )
        return Response(self._read(tournament))

    @extend_schema(
        request=serializers.StatusChangeSerializer,
        responses={200: serializers.TournamentSerializer},
        description="Move the tournament to another status (draft → registration → running → "
        "finished, with the steps back a real day needs).",
    )
    @action(detail=True, methods=["post"])
    def status(self, request, *args, **kwargs):
        tournament = self.get_object()
        data = self.validated(serializers.StatusChangeSerializer).validated_data
        organizer.change_status(tournament=tournament, status=data["status"], by=request.user)
        return Response(self._read(tournament))

    def _read(self, tournament: Tournament) -> dict:
        return self._data(self.get_queryset().get(pk=tournament.pk))

    def _data(self, tournaments, *, many: bool = False) -> dict | list:
        """The tournaments as the caller sees them, with its role in each (``your_role``, the
        staff lists)."""
        context = self.get_serializer_context()
        context["access_by_tournament"] = {
            tournament.pk: self.access_in(tournament)
            for tournament in (tournaments if many else [tournaments])
        }
        return serializers.TournamentSerializer(tournaments, many=many, context=context).data


def _settings_given(data: dict) -> dict:
    return {key: data[key] for key in SETTINGS_FIELDS if key in data}


def _chosen_rules(preset: str, changes: dict | None, tournament: Tournament | None = None) -> dict:
    try:
        return organizer.chosen_rules(preset=preset, changes=changes, tournament=tournament)
    except ValueError as error:
        raise FieldErrors.single("rules", "invalid_rules", error) from None

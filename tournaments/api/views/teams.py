"""Teams (équipes) and their players (joueurs)."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.response import Response

from tournaments.setup import selectors as setup_selectors
from tournaments.setup import services as organizer
from tournaments.setup.models import Player, Team

from .. import filters, serializers, services
from ..errors import FieldErrors
from .base import TournamentScoped


@extend_schema(tags=["teams"])
class TeamViewSet(
    TournamentScoped,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """A tournament's teams (équipes) with their two players; organizers register and change
    them. Licence numbers are shown to the tournament's staff only."""

    serializer_class = serializers.TeamSerializer
    filterset_class = filters.TeamFilter
    lookup_field = "number"
    lookup_value_converter = "int"
    http_method_names = ["get", "post", "patch", "delete", "head"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Team.objects.none()
        return setup_selectors.teams_of(self.tournament)

    @extend_schema(
        request=serializers.TeamWriteSerializer, responses={201: serializers.TeamSerializer}
    )
    def create(self, request, *args, **kwargs):
        given = self.validated(serializers.TeamWriteSerializer)
        _check_registry(self.tournament, given.team_data())
        team = services.register_team(
            tournament=self.tournament, data=given.team_data(), **given.flags()
        )
        return Response(self._read(team), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=serializers.TeamWriteSerializer, responses={200: serializers.TeamSerializer}
    )
    def partial_update(self, request, *args, **kwargs):
        team = self.get_object()
        given = self.validated(serializers.TeamWriteSerializer, partial=True)
        _check_registry(self.tournament, given.team_data(team))
        team = services.change_team(team=team, data=given.team_data(team), **given.flags())
        return Response(self._read(team))

    @extend_schema(responses={204: None})
    def destroy(self, request, *args, **kwargs):
        organizer.delete_team(team=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _read(self, team: Team) -> dict:
        team = self.get_queryset().get(pk=team.pk)
        return serializers.TeamSerializer(team, context=self.get_serializer_context()).data


def _check_registry(tournament, data) -> None:
    """A registry record chosen for a player must be one of the tournament's club (not
    anonymised): a 400 naming the player otherwise."""
    if data is None:
        return
    for index, player in enumerate(data.players):
        if player.club_player_id is None:
            continue
        if not setup_selectors.is_club_player_of(tournament, player.club_player_id):
            raise FieldErrors.single(
                f"players.{index}.club_player",
                "unknown_club_player",
                gettext("Ce joueur n'est pas dans le fichier du club de ce tournoi."),
            )


@extend_schema(tags=["teams"])
class PlayerViewSet(TournamentScoped, viewsets.ReadOnlyModelViewSet):
    """The players (joueurs) registered in a tournament, with their team's number."""

    serializer_class = serializers.PlayerSerializer
    filterset_class = filters.PlayerFilter
    lookup_value_converter = "int"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Player.objects.none()
        return setup_selectors.players_of(self.tournament)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if getattr(self, "swagger_fake_view", False):
            return context
        context["team_of_player"] = setup_selectors.team_number_by_player(self.tournament)
        return context

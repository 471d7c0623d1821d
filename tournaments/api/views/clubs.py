"""Clubs, their players and seasons, and the seasons' rankings: read-only.

A club's organizer (signed in, or a session: an API token belongs to one tournament and gives
no right in a club) gets every player with their details; everyone else gets the players who
agreed to appear publicly, under their public name, without licence or e-mail."""

from __future__ import annotations

from functools import cached_property

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.clubs.models import Club, ClubPlayer
from tournaments.seasons import selectors as season_selectors
from tournaments.seasons.models import Season
from tournaments.setup import policy

from .. import serializers
from ..permissions import request_token
from .base import ApiView


class ClubApi(ApiView):
    permission_classes = [permissions.AllowAny]

    def manages(self, club: Club) -> bool:
        """May the caller read the club's registry in full?"""
        return request_token(self.request) is None and policy.can_manage_club(
            self.request.user, club
        )


@extend_schema(tags=["clubs"])
class ClubViewSet(ClubApi, viewsets.ReadOnlyModelViewSet):
    """The clubs (name, town)."""

    serializer_class = serializers.ClubSerializer
    lookup_field = "slug"
    queryset = Club.objects.order_by("name")


class ClubScoped(ClubApi):
    @cached_property
    def club(self) -> Club:
        club = Club.objects.filter(slug=self.kwargs.get("club", "")).first()
        if club is None:
            raise Http404
        return club

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if not getattr(self, "swagger_fake_view", False):
            context["club_manager"] = self.manages(self.club)
        return context


@extend_schema(tags=["clubs"])
class ClubPlayerViewSet(ClubScoped, viewsets.ReadOnlyModelViewSet):
    """A club's registry of players. The club's organizers: every player, with first and last
    name, licence, e-mail and consent. Everyone else: only the players who agreed to appear
    publicly (never an anonymised one), their name and page; the other fields are null."""

    serializer_class = serializers.ClubPlayerSerializer
    lookup_value_converter = "int"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return ClubPlayer.objects.none()
        players = self.club.players.order_by("last_name", "first_name", "pk")
        if not self.manages(self.club):
            players = players.filter(public_consent=True, anonymised=False)
        return players


@extend_schema(tags=["seasons"])
class SeasonViewSet(ClubApi, viewsets.ReadOnlyModelViewSet):
    """The seasons of the clubs: method, settings and tournaments."""

    serializer_class = serializers.SeasonSerializer
    lookup_field = "slug"

    def get_queryset(self):
        return Season.objects.select_related("club").prefetch_related("tournaments")


@extend_schema(tags=["seasons"])
class SeasonRankingView(ClubApi, APIView):
    """A season's ranking as last computed (``pending``: a change is not in it yet): players by
    their public name — full names for the club's organizers."""

    @extend_schema(responses={200: serializers.SeasonRankingSerializer})
    def get(self, request, slug: str):
        season = Season.objects.select_related("club").filter(slug=slug).first()
        if season is None:
            raise Http404
        table = season_selectors.season_table(season, full_names=self.manages(season.club))
        return Response(serializers.SeasonRankingSerializer(table).data)

"""Clubs, their players and seasons with their rankings.

A player's name is the public one (``clubs.selectors.public_name``: their own with their
consent, « Joueur n° 12 » without it, « Joueur anonymisé »); the details — first and last name,
licence, e-mail, consent — are given to the club's organizers only (``context["club_manager"]``)
and are null for everyone else. The views list the players without consent to the club's
organizers only."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import vocabulary
from tournaments.clubs.models import Club, ClubPlayer
from tournaments.clubs.selectors import public_name
from tournaments.seasons.models import Season

from .context import absolute_url

SEASON_METHODS = [value for value, _ in vocabulary.SEASON_METHOD_CHOICES]


def _manager(serializer) -> bool:
    return bool(serializer.context.get("club_manager"))


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["slug", "name", "town"]
        read_only_fields = fields


class ClubPlayerSerializer(serializers.ModelSerializer):
    name = serializers.SerializerMethodField()
    page = serializers.SerializerMethodField()
    first_name = serializers.SerializerMethodField()
    last_name = serializers.SerializerMethodField()
    licence = serializers.SerializerMethodField()
    email = serializers.SerializerMethodField()
    public_consent = serializers.SerializerMethodField()

    class Meta:
        model = ClubPlayer
        fields = [
            "id",
            "name",
            "page",
            "anonymised",
            "first_name",
            "last_name",
            "licence",
            "email",
            "public_consent",
        ]
        read_only_fields = fields

    def get_name(self, player: ClubPlayer) -> str:
        return player.full_name if _manager(self) else public_name(player)

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_page(self, player: ClubPlayer) -> str | None:
        """The player's page on the site (null: not public)."""
        if not (player.is_public or _manager(self)):
            return None
        return absolute_url(self, f"/joueurs/{player.pk}/")

    def _detail(self, player: ClubPlayer, field: str):
        return getattr(player, field) if _manager(self) else None

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_first_name(self, player: ClubPlayer) -> str | None:
        return self._detail(player, "first_name")

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_last_name(self, player: ClubPlayer) -> str | None:
        return self._detail(player, "last_name")

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_licence(self, player: ClubPlayer) -> str | None:
        return self._detail(player, "licence")

    @extend_schema_field(serializers.EmailField(allow_null=True))
    def get_email(self, player: ClubPlayer) -> str | None:
        return self._detail(player, "email")

    @extend_schema_field(serializers.BooleanField(allow_null=True))
    def get_public_consent(self, player: ClubPlayer) -> bool | None:
        return self._detail(player, "public_consent")


class SeasonSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    method = serializers.ChoiceField(choices=SEASON_METHODS)
    tournaments = serializers.SlugRelatedField(slug_field="slug", many=True, read_only=True)

    class Meta:
        model = Season
        fields = [
            "slug",
            "name",
            "club",
            "method",
            "best_of",
            "minimum_played",
            "points_scale",
            "reference_field",
            "tournaments",
        ]
        read_only_fields = fields


class SeasonLineSerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        allow_null=True, help_text="null: fewer tournaments played than the minimum"
    )
    tied = serializers.BooleanField()
    player = serializers.IntegerField(source="player.pk")
    name = serializers.CharField()
    score = serializers.FloatField(help_text="average percentage or points")
    played = serializers.IntegerField()
    counted = serializers.IntegerField()


class SeasonRankingSerializer(serializers.Serializer):
    season = serializers.CharField(source="season.slug")
    method = serializers.ChoiceField(choices=SEASON_METHODS, source="season.method")
    computed_at = serializers.DateTimeField(allow_null=True)
    pending = serializers.BooleanField(help_text="a change is not in the ranking yet")
    lines = SeasonLineSerializer(many=True, source="rows")

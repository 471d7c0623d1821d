"""A tournament's online registrations (inscriptions en ligne), for its organizers only: the
view answers nobody else, so the pairs' names, licences and contact e-mail go to them alone."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.registration.models import Entry


class RegistrationPlayerSerializer(serializers.Serializer):
    first_name = serializers.CharField(read_only=True)
    last_name = serializers.CharField(read_only=True)
    licence = serializers.CharField(read_only=True)


class RegistrationSerializer(serializers.ModelSerializer):
    status = serializers.ChoiceField(Entry.Status.choices, read_only=True)
    pair = serializers.CharField(read_only=True, help_text="“Anne Martin – Bruno Durand”")
    players = serializers.SerializerMethodField()
    waiting_position = serializers.SerializerMethodField()
    team = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = [
            "id",
            "status",
            "pair",
            "players",
            "email",
            "waiting_position",
            "team",
            "created_at",
            "decided_at",
        ]
        read_only_fields = fields

    @extend_schema_field(RegistrationPlayerSerializer(many=True))
    def get_players(self, entry: Entry) -> list[dict]:
        return [
            {
                "first_name": entry.p1_first_name,
                "last_name": entry.p1_last_name,
                "licence": entry.p1_licence,
            },
            {
                "first_name": entry.p2_first_name,
                "last_name": entry.p2_last_name,
                "licence": entry.p2_licence,
            },
        ]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_waiting_position(self, entry: Entry) -> int | None:
        """1 for the first pair of the waiting list; null for any other status."""
        return self.context.get("waiting_positions", {}).get(entry.pk)

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_team(self, entry: Entry) -> int | None:
        """The number of the team an accepted pair became."""
        return entry.team.number if entry.team_id else None

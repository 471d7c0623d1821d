"""Teams (équipes) and their players (joueurs)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.setup.models import Player, Team
from tournaments.setup.services.teams import MAX_TEAM_NUMBER, PlayerData, TeamData

from .context import absolute_url, is_staff


class PlayerBriefSerializer(serializers.ModelSerializer):
    """A team's player; the licence number is shown to the tournament's staff only."""

    licence = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ["id", "first_name", "last_name", "club", "licence"]
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_licence(self, player: Player) -> str | None:
        return player.licence if is_staff(self) else None


class PlayerSerializer(PlayerBriefSerializer):
    team = serializers.SerializerMethodField()

    class Meta(PlayerBriefSerializer.Meta):
        fields = [*PlayerBriefSerializer.Meta.fields, "team"]
        read_only_fields = fields

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_team(self, player: Player) -> int | None:
        return self.context.get("team_of_player", {}).get(player.pk)


class TeamSerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = [
            "number",
            "name",
            "display_name",
            "players",
            "checked_in",
            "withdrawn",
            "registered_at",
            "page_url",
        ]
        read_only_fields = fields

    @extend_schema_field(PlayerBriefSerializer(many=True))
    def get_players(self, team: Team) -> list[dict]:
        return PlayerBriefSerializer(
            [team.player_one, team.player_two], many=True, context=self.context
        ).data

    def get_page_url(self, team: Team) -> str:
        return absolute_url(self, team.get_absolute_url())


class PlayerInputSerializer(serializers.Serializer):
    first_name = serializers.CharField(max_length=100)
    last_name = serializers.CharField(max_length=100)
    licence = serializers.CharField(max_length=30, required=False, allow_blank=True, default="")
    club = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    club_player = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="In a club's tournament: the id of the club's registry record chosen for this "
        "player (clubs/{club}/players/), even where two records share a name. Omitted: the "
        "record is found by licence or name, or created; on a change, the player keeps the "
        "record it has while its name and licence stay the same.",
    )


class TeamWriteSerializer(serializers.Serializer):
    """A team as an organizer registers or changes it (PATCH: only some fields)."""

    number = serializers.IntegerField(
        min_value=1,
        max_value=MAX_TEAM_NUMBER,
        required=False,
        allow_null=True,
        help_text="Empty: the next free number.",
    )
    name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    players = PlayerInputSerializer(many=True, min_length=2, max_length=2)
    checked_in = serializers.BooleanField(required=False)
    withdrawn = serializers.BooleanField(required=False)

    def team_data(self, team: Team | None = None) -> TeamData | None:
        """The team's details for the services. For a change of ``team``, the details not
        given keep their values (a null number too), and None means none is given."""
        data = self.validated_data
        if team is None:
            return _team_data(data["players"], data.get("name", ""), data.get("number"))
        if not {"number", "name", "players"} & set(data):
            return None
        number = data.get("number")
        return _team_data(
            data.get("players", [_player_values(team.player_one), _player_values(team.player_two)]),
            data.get("name", team.name),
            team.number if number is None else number,
        )

    def flags(self) -> dict[str, bool | None]:
        """The check-in and withdrawal given (None: unchanged)."""
        data = self.validated_data
        return {"checked_in": data.get("checked_in"), "withdrawn": data.get("withdrawn")}


def _player_values(player: Player) -> dict:
    return {
        "first_name": player.first_name,
        "last_name": player.last_name,
        "licence": player.licence,
        "club": player.club,
    }


def _team_data(players: list[dict], name: str, number: int | None) -> TeamData:
    return TeamData(
        players=tuple(
            PlayerData(
                first_name=player["first_name"],
                last_name=player["last_name"],
                licence=player.get("licence", ""),
                club=player.get("club", ""),
                club_player_id=player.get("club_player"),
            )
            for player in players
        ),
        name=name,
        number=number,
    )

"""What the API reads and writes, field by field: the shapes of its JSON bodies.

Serializers only shape data: writes go through the services (``tournaments.setup.services``,
``tournaments.results.services``, ``tournaments.deals.services``), and the result record is
validated by the rules engine, not here (its schema below documents it for clients).
The context carries ``access`` (``permissions.Access``: staff see licences and staff lists).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.engine.card_values import DEAL_POINTS
from scoring.engine.rules import (
    FAILURE_BASES,
    PRESETS,
    SURCOINCHE_MULTIPLIERS,
    CapotBid,
    MadeScore,
    Rounding,
    WinCondition,
)
from tournaments import vocabulary
from tournaments.accounts.roles import ARBITER, ORGANIZER
from tournaments.accounts.selectors import users_with_role
from tournaments.results.models import Adjustment, Result
from tournaments.setup.models import Player, Round, TableAssignment, Team, Tournament
from tournaments.setup.services.teams import MAX_TEAM_NUMBER, PlayerData, TeamData

from .permissions import TABLE, Access

# The sets of choices of the API: each is one named enum of the schema (ENUM_NAME_OVERRIDES in
# the settings), its members named in schema.py.
SEATS = vocabulary.SEAT_VALUES
SIDES = vocabulary.SIDE_VALUES
STRAINS = vocabulary.STRAIN_VALUES
SUITS = vocabulary.SUIT_VALUES
RANKS = vocabulary.RANK_VALUES
ANNONCE_KINDS = vocabulary.ANNONCE_KIND_VALUES
CAPOTS = vocabulary.CAPOT_VALUES
# Integer choices as (value, label) pairs: ENUM_NAME_OVERRIDES takes no bare integers.
COINCHES = ((0, "none"), (1, "coinché"), (2, "surcoinché"))
FAILURE_BASE_CHOICES = tuple((base, f"{base} points") for base in FAILURE_BASES)
SURCOINCHE_MULTIPLIER_CHOICES = tuple((m, f"× {m}") for m in SURCOINCHE_MULTIPLIERS)
WIN_CONDITIONS = tuple(m.value for m in WinCondition)
MADE_SCORES = tuple(m.value for m in MadeScore)
ROUNDINGS = tuple(m.value for m in Rounding)
CAPOT_BIDS = tuple(m.value for m in CapotBid)
RULES_PRESETS = tuple(PRESETS)
ROLES = (ORGANIZER, ARBITER, TABLE)


def _access(serializer):
    return serializer.context.get("access")


def _is_staff(serializer) -> bool:
    access = _access(serializer)
    return bool(access and access.arbiter)


def _absolute(serializer, path: str) -> str:
    request = serializer.context.get("request")
    return request.build_absolute_uri(path) if request is not None else path


# --- Errors (documentation of the error format, see errors.py) ---------------------------------


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="Dotted path of the field, __all__ for the object.")
    code = serializers.CharField(help_text="Stable code of the problem (e.g. bid_too_low).")
    message = serializers.CharField(help_text="The problem, in the request's language.")


class ResultRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable code: invalid, not_found, conflict, ...")
    message = serializers.CharField(help_text="What went wrong, in the request's language.")
    errors = FieldErrorSerializer(many=True, help_text="Problems field by field (may be empty).")
    current = ResultRefSerializer(
        required=False, help_text="On a result conflict: the version now stored."
    )


# --- Tournaments ------------------------------------------------------------------------------


class RulesSerializer(serializers.Serializer):
    """The tournament's rule settings (règlement); on input, only the settings to change."""

    win_condition = serializers.ChoiceField(WIN_CONDITIONS, required=False)
    made_score = serializers.ChoiceField(MADE_SCORES, required=False)
    failure_base = serializers.ChoiceField(FAILURE_BASE_CHOICES, required=False)
    surcoinche_multiplier = serializers.ChoiceField(SURCOINCHE_MULTIPLIER_CHOICES, required=False)
    belote_imprenable = serializers.BooleanField(required=False)
    rounding = serializers.ChoiceField(ROUNDINGS, required=False)
    capot_bid = serializers.ChoiceField(CAPOT_BIDS, required=False)
    generale_bonus = serializers.IntegerField(min_value=0, max_value=1000, required=False)
    annonces = serializers.BooleanField(required=False)
    no_trump = serializers.BooleanField(required=False)
    all_trump = serializers.BooleanField(required=False)
    must_undertrump = serializers.BooleanField(required=False)


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament as everyone sees it (staff lists only for its staff)."""

    # (The docstring is the schema's description.) The tournament comes from
    # selectors.tournaments_visible_to, its counts annotated and its staff prefetched; the
    # context's access_by_tournament gives the caller's role in it: no query here.

    rules = serializers.SerializerMethodField()
    team_count = serializers.SerializerMethodField()
    hands_released = serializers.SerializerMethodField()
    your_role = serializers.SerializerMethodField()
    organizers = serializers.SerializerMethodField()
    arbiters = serializers.SerializerMethodField()
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = [
            "slug",
            "name",
            "date",
            "venue",
            "club",
            "status",
            "rules_preset",
            "rules",
            "scoring_method",
            "movement_type",
            "rounds",
            "boards_per_round",
            "arrow_switch",
            "table_entry",
            "deals_mode",
            "arbiters_see_hands",
            "minutes_per_board",
            "team_count",
            "hands_released",
            "plan_generated_at",
            "your_role",
            "organizers",
            "arbiters",
            "page_url",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    @extend_schema_field(RulesSerializer)
    def get_rules(self, tournament: Tournament) -> dict:
        return tournament.rule_settings().to_dict()

    def get_team_count(self, tournament: Tournament) -> int:
        return tournament.active_teams

    def get_hands_released(self, tournament: Tournament) -> bool:
        return bool(tournament.all_hands_released)

    def _access_in(self, tournament: Tournament) -> Access | None:
        return self.context.get("access_by_tournament", {}).get(tournament.pk)

    @extend_schema_field(serializers.ChoiceField(ROLES, allow_null=True))
    def get_your_role(self, tournament: Tournament) -> str | None:
        access = self._access_in(tournament)
        return access.role if access is not None else None

    def _staff_list(self, tournament: Tournament, relation: str) -> list[str] | None:
        access = self._access_in(tournament)
        if access is None or not access.arbiter:
            return None
        return sorted(user.username for user in getattr(tournament, relation).all())

    @extend_schema_field(serializers.ListField(child=serializers.CharField(), allow_null=True))
    def get_organizers(self, tournament: Tournament) -> list[str] | None:
        return self._staff_list(tournament, "organizers")

    @extend_schema_field(serializers.ListField(child=serializers.CharField(), allow_null=True))
    def get_arbiters(self, tournament: Tournament) -> list[str] | None:
        return self._staff_list(tournament, "arbiters")

    def get_page_url(self, tournament: Tournament) -> str:
        return _absolute(self, tournament.get_absolute_url())


class _UsernamesField(serializers.ListField):
    """Usernames of users holding a site role (organizer or arbiter)."""

    default_error_messages = {"unknown_user": _("utilisateur inconnu ou sans ce rôle.")}

    def __init__(self, role: str, **kwargs) -> None:
        self.role = role
        super().__init__(child=serializers.CharField(max_length=150), **kwargs)

    def to_internal_value(self, data):
        names = super().to_internal_value(data)
        found = users_with_role(names, self.role)
        missing = sorted(set(names) - set(found))
        if missing:
            raise serializers.ValidationError(
                [f"{name}: " + str(self.error_messages["unknown_user"]) for name in missing]
            )
        return list(found.values())


class TournamentWriteSerializer(serializers.Serializer):
    """A tournament's settings, as an organizer creates or changes them (PATCH: only some)."""

    name = serializers.CharField(max_length=200)
    date = serializers.DateField()
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True)
    club = serializers.CharField(max_length=200, required=False, allow_blank=True)
    rules_preset = serializers.ChoiceField(RULES_PRESETS, required=False)
    rules = RulesSerializer(
        required=False, help_text="Settings changed from the preset (the others keep its values)."
    )
    scoring_method = serializers.ChoiceField(Tournament.ScoringMethod.choices, required=False)
    movement_type = serializers.ChoiceField(Tournament.MovementType.choices, required=False)
    rounds = serializers.IntegerField(min_value=1, max_value=60, required=False, allow_null=True)
    boards_per_round = serializers.IntegerField(min_value=1, max_value=12, required=False)
    arrow_switch = serializers.BooleanField(required=False)
    table_entry = serializers.BooleanField(required=False)
    deals_mode = serializers.ChoiceField(Tournament.DealsMode.choices, required=False)
    arbiters_see_hands = serializers.BooleanField(required=False)
    minutes_per_board = serializers.IntegerField(min_value=1, max_value=120, required=False)
    co_organizers = _UsernamesField(ORGANIZER, required=False)
    arbiters = _UsernamesField(ARBITER, required=False)


class StatusChangeSerializer(serializers.Serializer):
    status = serializers.ChoiceField(Tournament.Status.choices)


# --- Teams and players -----------------------------------------------------------------------


class PlayerBriefSerializer(serializers.ModelSerializer):
    """A team's player; the licence number is shown to the tournament's staff only."""

    licence = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ["id", "first_name", "last_name", "club", "licence"]
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_licence(self, player: Player) -> str | None:
        return player.licence if _is_staff(self) else None


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
        return _absolute(self, team.get_absolute_url())


class PlayerInputSerializer(serializers.Serializer):
    first_name = serializers.CharField(max_length=100)
    last_name = serializers.CharField(max_length=100)
    licence = serializers.CharField(max_length=30, required=False, allow_blank=True, default="")
    club = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


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
            )
            for player in players
        ),
        name=name,
        number=number,
    )


# --- Rounds and the table plan ---------------------------------------------------------------


class RoundSerializer(serializers.ModelSerializer):
    boards = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "published", "hands_released", "started_at", "boards"]
        read_only_fields = fields

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_boards(self, round_: Round) -> list[int]:
        numbers = {int(n) for a in round_.assignments.all() for n in (a.boards or ())}
        return sorted(numbers)


class PlanRowSerializer(serializers.ModelSerializer):
    """One row of the table plan: NS and EW teams seated at a table in a round, its boards.

    At an arrow-switched table (``arrow_switch``) the team seated NS plays the EW hands.
    A missing team (null) is the phantom: the other team sits out (``sit_out``).
    """

    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="table.number")
    ns_team = serializers.IntegerField(source="ns_team.number", allow_null=True)
    ew_team = serializers.IntegerField(source="ew_team.number", allow_null=True)
    ns_name = serializers.SerializerMethodField()
    ew_name = serializers.SerializerMethodField()
    boards = serializers.ListField(child=serializers.IntegerField())
    sit_out = serializers.BooleanField(source="has_phantom")

    class Meta:
        model = TableAssignment
        fields = [
            "round",
            "table",
            "ns_team",
            "ew_team",
            "ns_name",
            "ew_name",
            "boards",
            "arrow_switch",
            "sit_out",
        ]
        read_only_fields = fields

    def get_ns_name(self, row: TableAssignment) -> str:
        return row.ns_team.display_name if row.ns_team else ""

    def get_ew_name(self, row: TableAssignment) -> str:
        return row.ew_team.display_name if row.ew_team else ""


class PlanGeneratedSerializer(serializers.Serializer):
    rounds = serializers.IntegerField()
    tables = serializers.IntegerField()
    boards = serializers.IntegerField()
    warnings = serializers.ListField(child=serializers.CharField())


class RoundsChoiceSerializer(serializers.Serializer):
    rounds = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        allow_null=True,
        min_length=1,
        help_text="Round numbers; omitted or null: every round.",
    )


class PlanPublishSerializer(RoundsChoiceSerializer):
    published = serializers.BooleanField(
        default=True, help_text="false withdraws the rounds from the public pages."
    )


class RoundsChangedSerializer(serializers.Serializer):
    changed = serializers.IntegerField(help_text="How many rounds changed.")
    rounds = RoundSerializer(many=True)


# --- Boards ----------------------------------------------------------------------------------


class HandsSerializer(serializers.Serializer):
    """The four hands in PBN notation (♠.♥.♦.♣, ranks AKQJT987), e.g. ``AK7.J9.T8.Q``."""

    N = serializers.CharField()
    E = serializers.CharField()
    S = serializers.CharField()
    W = serializers.CharField()


class BoardSerializer(serializers.Serializer):
    """A board (étui); its hands only for whoever the secrecy rules let see them."""

    number = serializers.IntegerField()
    dealer = serializers.ChoiceField(SEATS)
    hands_recorded = serializers.BooleanField()
    hands_visible = serializers.BooleanField()
    hands = HandsSerializer(allow_null=True)
    deal_number = serializers.IntegerField(
        allow_null=True, help_text="Rank of the deal among all deals; hidden with the hands."
    )

    def to_representation(self, board):
        visible = board.number in self.context.get("visible_boards", set())
        return {
            "number": board.number,
            "dealer": board.dealer,
            "hands_recorded": board.has_hands,
            "hands_visible": visible and board.has_hands,
            "hands": dict(board.hands) if visible and board.has_hands else None,
            "deal_number": board.deal_number if visible else None,
        }


# --- Results ---------------------------------------------------------------------------------


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 80, "maximum": 160, "multipleOf": 10},
            {"$ref": "#/components/schemas/BidCapot"},
        ],
        "description": "80 to 160 in steps of 10, or capot.",
    }
)
class BidField(serializers.Field):
    def to_representation(self, value):
        return value


class ContractSerializer(serializers.Serializer):
    bid = BidField()
    strain = serializers.ChoiceField(STRAINS, help_text="S H D C, SA (no trump), TA (all trump).")
    taker = serializers.ChoiceField(SEATS)
    coinche = serializers.ChoiceField(
        COINCHES, required=False, help_text="0 none, 1 coinché, 2 surcoinché."
    )


class AnnonceSerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEATS)
    kind = serializers.ChoiceField(ANNONCE_KINDS)
    high = serializers.ChoiceField(RANKS, help_text="The top card of the combination.")
    suit = serializers.ChoiceField(SUITS, required=False, help_text="Omitted for a carré.")


class ResultRecordSerializer(serializers.Serializer):
    """The canonical result of one deal at one table (docs/api.md, domain brief §5)."""

    passed = serializers.BooleanField(help_text="Passe générale: no contract, 0 for both sides.")
    contract = ContractSerializer(allow_null=True)
    taker_points = serializers.IntegerField(
        min_value=0, max_value=DEAL_POINTS, allow_null=True, help_text="Card points of the takers."
    )
    capot = serializers.ChoiceField(
        CAPOTS, allow_null=True, help_text="The side that won all eight tricks."
    )
    generale = serializers.BooleanField(
        required=False, help_text="One player won all eight tricks (only with a capot)."
    )
    belote = serializers.ListField(child=serializers.ChoiceField(SEATS))
    annonces = AnnonceSerializer(many=True)


@extend_schema_field(ResultRecordSerializer)
class RecordField(serializers.JSONField):
    """The canonical record, passed as is to the rules engine, which checks it field by field."""

    default_error_messages = {"not_an_object": _("Le résultat doit être un objet JSON.")}

    def to_internal_value(self, data):
        data = super().to_internal_value(data)
        if not isinstance(data, dict):
            self.fail("not_an_object")
        return data


class ScoreSerializer(serializers.Serializer):
    ns = serializers.IntegerField(help_text="NS deal score (marks, rounded).")
    ew = serializers.IntegerField(help_text="EW deal score (marks, rounded).")
    made = serializers.BooleanField(allow_null=True)


class ResultSerializer(serializers.ModelSerializer):
    """One version of the result of a board at a table (the current one unless said)."""

    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="table.number")
    board = serializers.IntegerField(source="board_number")
    ns_team = serializers.SerializerMethodField()
    ew_team = serializers.SerializerMethodField()
    record = serializers.SerializerMethodField()
    score = serializers.SerializerMethodField()
    detail = serializers.SerializerMethodField()
    ns_adjustment = serializers.ChoiceField(Adjustment.choices, allow_blank=True, read_only=True)
    ew_adjustment = serializers.ChoiceField(Adjustment.choices, allow_blank=True, read_only=True)
    entered_side = serializers.ChoiceField(SIDES, allow_blank=True, read_only=True)
    entered_team = serializers.SerializerMethodField()
    confirmed_team = serializers.SerializerMethodField()
    flags = serializers.SerializerMethodField()

    class Meta:
        model = Result
        fields = [
            "id",
            "round",
            "table",
            "board",
            "version",
            "is_current",
            "status",
            "source",
            "ns_team",
            "ew_team",
            "record",
            "score",
            "detail",
            "ns_adjustment",
            "ew_adjustment",
            "entered_side",
            "entered_team",
            "confirmed_team",
            "dispute_reason",
            "flags",
            "created_at",
            "confirmed_at",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_entered_team(self, result: Result) -> int | None:
        """The team that entered it (a table's entry), by number."""
        return _team_number(result, result.entered_team_id)

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_confirmed_team(self, result: Result) -> int | None:
        """The team that confirmed it (the other team of the table), by number."""
        return _team_number(result, result.confirmed_team_id)

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_flags(self, result: Result) -> list:
        """What the record disagrees with in the hands (« annonce non détenue »): only for
        those who may see the hands; an empty list for everyone else."""
        access = _access(self)
        if access is None or not access.actor.sees_hands:
            return []
        return result.flags

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_ns_team(self, result: Result) -> int | None:
        team = result.assignment.ns_team
        return team.number if team else None

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_ew_team(self, result: Result) -> int | None:
        team = result.assignment.ew_team
        return team.number if team else None

    @extend_schema_field(ResultRecordSerializer(allow_null=True))
    def get_record(self, result: Result) -> dict | None:
        return result.record

    @extend_schema_field(ScoreSerializer(allow_null=True))
    def get_score(self, result: Result) -> dict | None:
        if result.ns_marks is None or result.ew_marks is None:
            return None
        return {"ns": result.ns_marks, "ew": result.ew_marks, "made": result.made}

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_detail(self, result: Result) -> dict:
        return result.score_detail or {}


def _team_number(result: Result, team_id: int | None) -> int | None:
    if team_id is None:
        return None
    assignment = result.assignment
    for team in (assignment.ns_team, assignment.ew_team):
        if team is not None and team.pk == team_id:
            return team.number
    return None


TEAM_CODE_HELP = (
    "The code of the team acting (printed on its route card): required from a table device, "
    "which enters as one team and confirms or disputes as the other. Omitted: an arbiter."
)


class ResultCreateSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=32767)
    table = serializers.IntegerField(min_value=1, max_value=32767)
    board = serializers.IntegerField(min_value=1, max_value=32767)
    record = RecordField()
    side = serializers.ChoiceField(
        SIDES,
        required=False,
        allow_null=True,
        help_text=(
            "The side of the table entering it (optional: the code says it); when given it "
            "must be the side of the team whose code is given."
        ),
    )
    code = serializers.CharField(
        max_length=8, required=False, allow_null=True, help_text=TEAM_CODE_HELP
    )


class ResultUpdateSerializer(serializers.Serializer):
    record = RecordField()
    side = serializers.ChoiceField(
        SIDES, required=False, allow_null=True, help_text="As for an entry."
    )
    code = serializers.CharField(
        max_length=8, required=False, allow_null=True, help_text=TEAM_CODE_HELP
    )


class SideSerializer(serializers.Serializer):
    side = serializers.ChoiceField(
        SIDES,
        required=False,
        allow_null=True,
        help_text="The side acting (optional: the code says it); omitted: an arbiter.",
    )
    code = serializers.CharField(
        max_length=8, required=False, allow_null=True, help_text=TEAM_CODE_HELP
    )


class DisputeSerializer(SideSerializer):
    reason = serializers.CharField(max_length=500)


class AdjustmentSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=32767)
    table = serializers.IntegerField(min_value=1, max_value=32767)
    board = serializers.IntegerField(min_value=1, max_value=32767)
    ns_adjustment = serializers.ChoiceField(Adjustment.choices)
    ew_adjustment = serializers.ChoiceField(Adjustment.choices)
    version = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        help_text="The version being replaced, when the board already has a result.",
    )


# --- Scores and rankings ---------------------------------------------------------------------


class BoardScoreSerializer(serializers.Serializer):
    """One table's duplicate score on one board (a line of the traveller)."""

    round = serializers.IntegerField(source="round_number")
    table = serializers.IntegerField(source="table_number")
    board = serializers.IntegerField(source="board_number")
    ns_team = serializers.IntegerField(allow_null=True)
    ew_team = serializers.IntegerField(allow_null=True)
    arrow_switched = serializers.BooleanField()
    record = ResultRecordSerializer(allow_null=True)
    made = serializers.BooleanField(allow_null=True)
    ns_marks = serializers.IntegerField(allow_null=True)
    ew_marks = serializers.IntegerField(allow_null=True)
    ns_adjustment = serializers.ChoiceField(Adjustment.choices, allow_blank=True)
    ew_adjustment = serializers.ChoiceField(Adjustment.choices, allow_blank=True)
    ns_score = serializers.FloatField(allow_null=True)
    ew_score = serializers.FloatField(allow_null=True)
    ns_percentage = serializers.FloatField(allow_null=True)
    ew_percentage = serializers.FloatField(allow_null=True)
    top = serializers.FloatField(allow_null=True)
    datum = serializers.IntegerField(allow_null=True)

    def to_representation(self, row):
        numbers = self.context.get("team_numbers", {})
        adjusted = row.adjusted
        result = row.result
        return {
            "round": row.round_number,
            "table": row.table_number,
            "board": row.board_number,
            "ns_team": numbers.get(row.ns_team_id),
            "ew_team": numbers.get(row.ew_team_id),
            "arrow_switched": row.arrow_switched,
            "record": result.record if result is not None and not adjusted else None,
            "made": result.made if result is not None and not adjusted else None,
            "ns_marks": row.ns_marks,
            "ew_marks": row.ew_marks,
            "ns_adjustment": row.ns_adjustment,
            "ew_adjustment": row.ew_adjustment,
            "ns_score": row.ns_score,
            "ew_score": row.ew_score,
            "ns_percentage": row.ns_percentage,
            "ew_percentage": row.ew_percentage,
            "top": row.top,
            "datum": row.datum,
        }


class RankingEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    display_rank = serializers.CharField(help_text='"3=" for a tie.')
    team = serializers.IntegerField()
    name = serializers.CharField()
    direction = serializers.ChoiceField(SIDES, allow_null=True)
    score = serializers.FloatField(help_text="Matchpoints, difference or points.")
    percentage = serializers.FloatField(allow_null=True)
    boards = serializers.IntegerField()
    boards_won = serializers.IntegerField()


class RankingQuerySerializer(serializers.Serializer):
    up_to_round = serializers.IntegerField(min_value=1, max_value=32767, required=False)
    direction = serializers.ChoiceField(SIDES, required=False)


class RankingSerializer(serializers.Serializer):
    """The latest ranking (classement), overall or after a round; empty before any score."""

    version = serializers.IntegerField(help_text="Snapshot version; 0: nothing computed yet.")
    method = serializers.ChoiceField(Tournament.ScoringMethod.choices)
    up_to_round = serializers.IntegerField(allow_null=True)
    direction = serializers.ChoiceField(SIDES, allow_null=True)
    single = serializers.BooleanField(help_text="One ranking of the whole field.")
    pending = serializers.BooleanField(help_text="Some result changes are not in it yet.")
    computed_at = serializers.DateTimeField(allow_null=True)
    results_counted = serializers.IntegerField()
    ranked_rounds = serializers.ListField(
        child=serializers.IntegerField(), help_text="Rounds with a ranking after them."
    )
    entries = RankingEntrySerializer(many=True)

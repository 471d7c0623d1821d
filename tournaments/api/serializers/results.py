"""Results: the canonical record of a deal at a table, its versions, and the acts on them."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.duplicate.assigned import MAX_ASSIGNED_MARKS
from scoring.engine.card_values import DEAL_POINTS
from tournaments import vocabulary
from tournaments.results.models import Result

from .choices import ANNONCE_KINDS, CAPOTS, COINCHES, RANKS, SEATS, SIDES, STRAINS, SUITS
from .context import access_of


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 80},
            {"$ref": "#/components/schemas/BidCapot"},
        ],
        "description": (
            "A bid on the tournament's scale, or capot: its rules' lowest_bid (80 or 82), then "
            "every multiple of its bid_step (10 or 5) above it (80, 90, 100… by default), up "
            "to what one side can reach. A bid off the scale is refused with bid_too_low, "
            "bid_not_multiple_of_10 (the default scale) or bid_not_on_scale."
        ),
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
    ns_adjustment = serializers.ChoiceField(
        vocabulary.ADJUSTMENT_CHOICES, allow_blank=True, read_only=True
    )
    ew_adjustment = serializers.ChoiceField(
        vocabulary.ADJUSTMENT_CHOICES, allow_blank=True, read_only=True
    )
    assigned_score = serializers.BooleanField(
        source="is_assigned_score",
        read_only=True,
        help_text="An adjusted version whose score is marks the arbiter assigned (score "
        "assigné), compared with the other tables like a played deal.",
    )
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
            "assigned_score",
            "entered_side",
            "entered_team",
            "confirmed_team",
            "dispute_reason",
            "flags",
            "created_at",
            "confirmed_at",
        ]
        read_only_fields = fields

    def to_representation(self, result: Result) -> dict:
        """The version as the fields declared above describe it, written out: building those
        fields for every answer cost more CPU than the entry's SQL (docs/performance.md).
        ``tests/api/test_result_representation.py`` checks it against DRF's representation
        from the declared fields, so that the two cannot drift apart."""
        return {
            "id": result.pk,
            "round": result.round.number,
            "table": result.table.number,
            "board": result.board_number,
            "version": result.version,
            "is_current": result.is_current,
            "status": result.status,
            "source": result.source,
            "ns_team": self.get_ns_team(result),
            "ew_team": self.get_ew_team(result),
            "record": self.get_record(result),
            "score": self.get_score(result),
            "detail": self.get_detail(result),
            "ns_adjustment": result.ns_adjustment,
            "ew_adjustment": result.ew_adjustment,
            "assigned_score": result.is_assigned_score,
            "entered_side": result.entered_side,
            "entered_team": self.get_entered_team(result),
            "confirmed_team": self.get_confirmed_team(result),
            "dispute_reason": result.dispute_reason,
            "flags": self.get_flags(result),
            "created_at": _TIMESTAMP.to_representation(result.created_at),
            "confirmed_at": _TIMESTAMP.to_representation(result.confirmed_at)
            if result.confirmed_at is not None
            else None,
        }

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
        access = access_of(self)
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


_TIMESTAMP = serializers.DateTimeField(read_only=True)


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
    ns_adjustment = serializers.ChoiceField(vocabulary.ADJUSTMENT_CHOICES)
    ew_adjustment = serializers.ChoiceField(vocabulary.ADJUSTMENT_CHOICES)
    version = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        help_text="The version being replaced, when the board already has a result.",
    )


class AssignedScoreSerializer(serializers.Serializer):
    """An assigned score in points (score assigné): the marks of each side, as on a deal."""

    round = serializers.IntegerField(min_value=1, max_value=32767)
    table = serializers.IntegerField(min_value=1, max_value=32767)
    board = serializers.IntegerField(min_value=1, max_value=32767)
    ns_marks = serializers.IntegerField(
        min_value=0, max_value=MAX_ASSIGNED_MARKS, help_text="NS's marks (points)."
    )
    ew_marks = serializers.IntegerField(
        min_value=0, max_value=MAX_ASSIGNED_MARKS, help_text="EW's marks (points)."
    )
    version = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        help_text="The version being replaced, when the board already has a result.",
    )

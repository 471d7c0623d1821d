"""Rounds, the table plan and the boards (étuis)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.setup.models import Round, TableAssignment

from .choices import ANALYSIS_STATUSES, SEATS, SIDES, STRAINS


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


class SidePointsSerializer(serializers.Serializer):
    """Card points of each side (dix de der included: 162 in all, or 252 and 0 with a capot)."""

    ns = serializers.IntegerField()
    ew = serializers.IntegerField()


class StrainPointsSerializer(serializers.Serializer):
    """One value per strain: the four suits, sans atout and tout atout."""

    S = SidePointsSerializer()
    H = SidePointsSerializer()
    D = SidePointsSerializer()
    C = SidePointsSerializer()
    SA = SidePointsSerializer()
    TA = SidePointsSerializer()


class ParSerializer(serializers.Serializer):
    """The « contrat optimal » (docs/analysis.md) and its deal score."""

    side = serializers.ChoiceField(SIDES)
    strain = serializers.ChoiceField(STRAINS)
    bid = serializers.JSONField(help_text='A bid in points, or "capot".')
    made = serializers.BooleanField()
    ns = serializers.IntegerField()
    ew = serializers.IntegerField()


class BoardAnalysisSerializer(serializers.Serializer):
    """A board's double-dummy analysis, as secret as its hands.

    ``status``: ``ready``; ``pending`` (being computed); ``unrecorded`` (no hands);
    ``hidden`` (the caller may not see the hands: nothing else is said, whether an analysis
    exists or not).
    """

    number = serializers.IntegerField()
    status = serializers.ChoiceField(ANALYSIS_STATUSES)
    points = StrainPointsSerializer(allow_null=True)
    bids = serializers.JSONField(
        allow_null=True,
        help_text='Per strain and side the highest bid made: {"S": {"ns": 120, "ew": null}, '
        '...}; a number, "capot", or null when not even 80.',
    )
    par = ParSerializer(allow_null=True)

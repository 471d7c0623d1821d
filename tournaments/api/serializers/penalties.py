"""Procedural penalties (pénalités de procédure): as the arbiter's page lists them, and the
bodies of giving and removing one."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.results.models import Penalty
from tournaments.results.services import MAX_REASON_LENGTH


class PenaltySerializer(serializers.ModelSerializer):
    """A penalty against one team, on a board or on the session (``board`` null), in the
    tournament's unit (``percent`` of a top in matchpoints, ``points`` otherwise)."""

    team = serializers.IntegerField(source="team.number", help_text="The team's number.")
    board = serializers.IntegerField(source="board_number", allow_null=True)
    round = serializers.IntegerField(
        source="round_number", help_text="The round it counts from in the rankings."
    )
    removed = serializers.SerializerMethodField()

    class Meta:
        model = Penalty
        fields = [
            "id",
            "team",
            "board",
            "round",
            "amount",
            "unit",
            "reason",
            "given_at",
            "removed",
            "removed_at",
            "removal_reason",
        ]
        read_only_fields = fields

    def get_removed(self, penalty: Penalty) -> bool:
        return penalty.removed_at is not None


class PenaltyCreateSerializer(serializers.Serializer):
    team = serializers.IntegerField(min_value=1, max_value=32767, help_text="The team's number.")
    amount = serializers.IntegerField(
        min_value=1, help_text="In the tournament's unit: % of a top, or points."
    )
    reason = serializers.CharField(max_length=MAX_REASON_LENGTH)
    board = serializers.IntegerField(
        min_value=1,
        max_value=32767,
        required=False,
        allow_null=True,
        help_text="The board; omitted or null: a penalty on the session.",
    )
    round = serializers.IntegerField(
        min_value=1,
        max_value=32767,
        required=False,
        allow_null=True,
        help_text="A session penalty counts from this round (default: the latest started).",
    )


class PenaltyRemoveSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=MAX_REASON_LENGTH, required=False, allow_blank=True, default=""
    )

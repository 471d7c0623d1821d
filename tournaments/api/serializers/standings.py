"""Per-board scores (the travellers' lines) and the ranking (classement)."""

from __future__ import annotations

from rest_framework import serializers

from tournaments import vocabulary

from .choices import SIDES
from .results import ResultRecordSerializer


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
    ns_adjustment = serializers.ChoiceField(vocabulary.ADJUSTMENT_CHOICES, allow_blank=True)
    ew_adjustment = serializers.ChoiceField(vocabulary.ADJUSTMENT_CHOICES, allow_blank=True)
    ns_score = serializers.FloatField(allow_null=True)
    ew_score = serializers.FloatField(allow_null=True)
    ns_percentage = serializers.FloatField(allow_null=True)
    ew_percentage = serializers.FloatField(allow_null=True)
    top = serializers.FloatField(allow_null=True)
    datum = serializers.IntegerField(allow_null=True)
    assigned = serializers.BooleanField(
        help_text="The marks are a score the arbiter assigned (score assigné), not a deal played."
    )

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
            "assigned": row.assigned,
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
    penalty = serializers.FloatField(
        default=0,
        help_text="What the arbiter's procedural penalties took off score (and percentage).",
    )


class RankingQuerySerializer(serializers.Serializer):
    up_to_round = serializers.IntegerField(min_value=1, max_value=32767, required=False)
    direction = serializers.ChoiceField(SIDES, required=False)


class RankingSerializer(serializers.Serializer):
    """The latest ranking (classement), overall or after a round; empty before any score."""

    version = serializers.IntegerField(help_text="Snapshot version; 0: nothing computed yet.")
    method = serializers.ChoiceField(vocabulary.SCORING_METHOD_CHOICES)
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

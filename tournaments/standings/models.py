"""Precomputed scores: pages only read these; Celery jobs write them."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Team, Tournament


class ScoringState(models.Model):
    """Freshness bookkeeping of a tournament's scores.

    ``dirty_since`` is set in the same transaction as every result change; the recomputation
    job clears it when the snapshot it wrote includes everything up to ``requested_at``. If the
    broker was down, a periodic catch-up finds dirty tournaments and recomputes them.
    """

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="scoring_state"
    )
    dirty_since = models.DateTimeField(null=True, blank=True)
    requested_at = models.DateTimeField(null=True, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"{self.tournament.slug}: dirty since {self.dirty_since}"


class BoardScore(models.Model):
    """The duplicate score of one table's result on one board (matchpoints, difference, points)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="board_scores"
    )
    round_number = models.PositiveSmallIntegerField()
    table_number = models.PositiveSmallIntegerField()
    board_number = models.PositiveSmallIntegerField()
    ns_team = models.ForeignKey(Team, on_delete=models.CASCADE, null=True, related_name="+")
    ew_team = models.ForeignKey(Team, on_delete=models.CASCADE, null=True, related_name="+")
    ns_marks = models.IntegerField(null=True)
    ew_marks = models.IntegerField(null=True)
    ns_score = models.FloatField(null=True)
    ew_score = models.FloatField(null=True)
    ns_percentage = models.FloatField(null=True)
    ew_percentage = models.FloatField(null=True)
    top = models.FloatField(null=True)
    adjusted = models.BooleanField(default=False)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board_number", "round_number", "table_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round_number", "table_number", "board_number"],
                name="unique_board_score",
            )
        ]

    def __str__(self) -> str:
        return f"R{self.round_number} T{self.table_number} E{self.board_number}"


class RankingSnapshot(models.Model):
    """A versioned ranking (classement): overall or after a given round."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rankings")
    version = models.PositiveIntegerField()
    # Null: the overall ranking; else the ranking after that round.
    up_to_round = models.PositiveSmallIntegerField(null=True, blank=True)
    method = models.CharField(max_length=20)
    # [{"rank", "team", "name", "direction", "score", "percentage", "boards", "tied"}, ...]
    entries = models.JSONField(default=list)
    results_counted = models.PositiveIntegerField(default=0)
    # Every result change before this instant is included in the snapshot.
    includes_changes_until = models.DateTimeField()
    computed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-version"]
        verbose_name = _("classement")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "version", "up_to_round"], name="unique_ranking_version"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament.slug} v{self.version} ({self.up_to_round or 'overall'})"

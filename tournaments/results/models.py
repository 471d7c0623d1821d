"""Versioned results of a board at a table, and the audit trail of every change.

A result is never physically overwritten: each change adds a new version and marks the
previous one as no longer current. A partial unique constraint guarantees at most one current
version per (tournament, round, table, board), whatever the number of web workers.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments import vocabulary
from tournaments.setup.models import Round, Table, TableAssignment, Team, Tournament


class Result(models.Model):
    """One version of the result of a board played at a table in a round."""

    class Status(models.TextChoices):
        ENTERED = "entered", _("Saisi, à confirmer")
        CONFIRMED = "confirmed", _("Confirmé")
        DISPUTED = "disputed", _("Contesté")
        ADJUSTED = "adjusted", _("Score ajusté")
        DELETED = "deleted", _("Supprimé")

    class Source(models.TextChoices):
        ARBITER = "arbiter", _("Arbitre")
        TABLE = "table", _("Table")
        IMPORT = "import", _("Import")
        API = "api", _("API")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="results")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="results")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    assignment = models.ForeignKey(
        TableAssignment, on_delete=models.CASCADE, related_name="results"
    )
    board_number = models.PositiveSmallIntegerField(_("étui"))
    version = models.PositiveIntegerField(default=1)
    is_current = models.BooleanField(default=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ENTERED)
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.ARBITER)
    # The canonical record (docs/rules.md, « The result record »); null for an adjusted score
    # or a deletion.
    record = models.JSONField(null=True, blank=True)
    ns_marks = models.IntegerField(null=True, blank=True)
    ew_marks = models.IntegerField(null=True, blank=True)
    made = models.BooleanField(null=True, blank=True)
    # DealScore.to_dict()["detail"]: exact totals before rounding, who won the annonces, ...
    score_detail = models.JSONField(default=dict, blank=True)
    # Adjusted scores (scores ajustés), chosen per side by the arbiter: A-, A, A+
    # (tournaments.vocabulary.ADJUSTMENT_CODES).
    ns_adjustment = models.CharField(
        max_length=2, choices=vocabulary.ADJUSTMENT_CHOICES, blank=True
    )
    ew_adjustment = models.CharField(
        max_length=2, choices=vocabulary.ADJUSTMENT_CHOICES, blank=True
    )
    # Which side of the table entered it ("NS"/"EW"), blank when an arbiter did.
    entered_side = models.CharField(max_length=2, blank=True)
    # The team that entered it (from its code or its own link), and the team that confirmed it:
    # a table's result counts once the *other* team has confirmed it.
    entered_team = models.ForeignKey(
        "tournaments.Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_team = models.ForeignKey(
        "tournaments.Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # What disagrees with the board's hands, found after storing a record entered by someone who
    # may not see them (« annonce non détenue »...): codes of ``results.flags``.
    flags = models.JSONField(default=list, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    dispute_reason = models.CharField(max_length=500, blank=True)
    # Idempotency: a retried submission (reload, Idempotency-Key header) carries the same key.
    submission_key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round__number", "table__number", "board_number", "-version"]
        verbose_name = _("résultat")
        verbose_name_plural = _("résultats")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "table", "board_number"],
                condition=Q(is_current=True),
                name="one_current_result_per_table_and_board",
            ),
            models.UniqueConstraint(
                fields=["tournament", "round", "table", "board_number", "version"],
                name="unique_result_version",
            ),
        ]
        indexes = [models.Index(fields=["tournament", "is_current", "board_number"])]

    def __str__(self) -> str:
        return f"R{self.round.number} T{self.table.number} E{self.board_number} v{self.version}"

    # The one definition of "a result that counts": confirmed or adjusted (and current). Only
    # an arbiter may change such a result.
    COUNTING_STATUSES = (Status.CONFIRMED, Status.ADJUSTED)

    @property
    def is_assigned_score(self) -> bool:
        """An assigned score in points (score assigné): marks the arbiter gave instead of the
        deal's result, compared with the other tables like a played deal."""
        return (
            self.status == self.Status.ADJUSTED
            and self.record is None
            and self.ns_marks is not None
            and not self.ns_adjustment
        )

    def was_entered_by(self, team, side: str) -> bool:
        """Did ``team`` (sitting ``side`` at this table) enter this version? Versions entered
        before teams proved who they are only know the side."""
        if self.entered_team_id is not None:
            return self.entered_team_id == team.pk
        return self.entered_side == side

    @property
    def counts(self) -> bool:
        """Does this version take part in the scoring?"""
        return self.is_current and self.status in self.COUNTING_STATUSES


# A board at a table: missing (no live result), a sit-out (the table faces the phantom), or its
# live result's status. The one definition of these states and their labels: the pages, the
# selectors and the services import them from here.
MISSING = "missing"
ENTERED = Result.Status.ENTERED.value
CONFIRMED = Result.Status.CONFIRMED.value
DISPUTED = Result.Status.DISPUTED.value
ADJUSTED = Result.Status.ADJUSTED.value
SITOUT = "sitout"
STATES = (MISSING, ENTERED, CONFIRMED, DISPUTED, ADJUSTED)
STATE_LABELS = {MISSING: _("Manquant"), **dict(Result.Status.choices), SITOUT: _("Relâche")}


class ResultEvent(models.Model):
    """Audit trail: who did what to a result, when, from where, before and after."""

    class Action(models.TextChoices):
        CREATE = "create", _("Saisie")
        CHANGE = "change", _("Modification")
        CONFIRM = "confirm", _("Confirmation")
        DISPUTE = "dispute", _("Contestation")
        ADJUST = "adjust", _("Score ajusté")
        ASSIGN = "assign", _("Score assigné")
        DELETE = "delete", _("Suppression")
        IMPORT = "import", _("Import")
        PENALTY = "penalty", _("Pénalité")
        UNPENALTY = "unpenalty", _("Pénalité retirée")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="result_events"
    )
    result = models.ForeignKey(
        Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="events"
    )
    round_number = models.PositiveSmallIntegerField()
    # Null only for a penalty on the whole session (no board), or whose team had no table.
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    board_number = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=10, choices=Action.choices)
    penalty = models.ForeignKey(
        "Penalty", on_delete=models.SET_NULL, null=True, blank=True, related_name="events"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Who acted when there is no account: "table 3, NS", "API token …", "import".
    actor_label = models.CharField(max_length=120, blank=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("événement")
        verbose_name_plural = _("historique des résultats")

    def __str__(self) -> str:
        where = f"R{self.round_number} T{self.table_number} E{self.board_number}"
        return f"{self.get_action_display()} {where}"


class Penalty(models.Model):
    """A procedural penalty (pénalité de procédure) against one team, on one board or on the
    whole session (``board_number`` null), in the unit of the tournament's ranking method.

    Taken off the team's total after the comparison (docs/scoring.md). Never deleted: the
    arbiter removes it (``removed_at``), and both acts are in the audit trail.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="penalties")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="penalties")
    board_number = models.PositiveSmallIntegerField(_("étui"), null=True, blank=True)
    # The round it counts from in the rankings after each round: the round the team played the
    # board, or the one the arbiter named for a session penalty.
    round_number = models.PositiveSmallIntegerField(_("tour"))
    amount = models.PositiveIntegerField(_("montant"))
    unit = models.CharField(max_length=8, choices=vocabulary.PENALTY_UNIT_CHOICES)
    reason = models.CharField(_("motif"), max_length=500)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    given_at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(null=True, blank=True)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    removal_reason = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["given_at", "pk"]
        verbose_name = _("pénalité")
        verbose_name_plural = _("pénalités")
        indexes = [models.Index(fields=["tournament", "removed_at"])]

    def __str__(self) -> str:
        where = f"E{self.board_number}" if self.board_number else "session"
        return f"{self.team_id} {where} -{self.amount} {self.unit}"

    @property
    def active(self) -> bool:
        return self.removed_at is None

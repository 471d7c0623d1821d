"""Precomputed scores: pages only read these; Celery jobs write them."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.setup.models import Team, Tournament


class ScoreChange(models.Model):
    """One change that the scores do not include yet (journal des modifications): appended by
    every result write in its own transaction, folded (deleted) by the recomputation that
    includes it.

    Appending is the only write a result change makes on the standings: an ``INSERT`` locks no
    row that other entries or a running recomputation hold, so entries of one tournament never
    wait for each other nor for a recomputation writing its scores. ``board_number`` is the
    board the change touched (None: anything that may change every board, such as a team or a
    setting); the job reads which boards changed from here.
    """

    id = models.BigAutoField(primary_key=True)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    board_number = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["tournament", "id"], name="score_change_by_tournament")]

    def __str__(self) -> str:
        return f"{self.tournament_id}: board {self.board_number} at {self.at}"


class ScoringState(models.Model):
    """Freshness bookkeeping of a tournament's scores (état du calcul des classements).

    The scores are stale while the tournament has rows in ``ScoreChange``; the run that includes
    them deletes them. Result writes never update this row in their transaction (they append to
    the journal); after their commit they only claim the job (``scheduled_at``), one short
    ``UPDATE`` that finds nothing to do while a job is already queued. If the broker was down,
    a periodic catch-up finds tournaments with journal rows and recomputes them.

    The other fields coordinate the jobs: ``scheduled_at`` says a job is queued and has not
    started (further changes need not queue another one: bursts are coalesced);
    ``started_at``/``finished_at`` bracket the latest run; ``run_ticket`` numbers the runs in
    the order they started (a run reads the results after taking its ticket, so a higher
    ticket means newer data) and ``covered_ticket`` is the ticket of the run that stored the
    latest snapshot (an older run never overwrites a newer one); ``covered_until`` is the
    instant that run started reading; ``failed_change`` is the latest journal row a failed run
    could not compute (the catch-up does not retry the same data over and over: the next change
    does).
    """

    SCHEDULED_STALE_SECONDS = 30
    """A job queued longer ago than this and still not started is presumed lost (broker
    restarted without its queue): the next change queues a new one, and the catch-up
    recomputes."""
    RUN_STALE_SECONDS = 120
    """A run started longer ago than this and never finished is presumed dead (worker
    killed)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="scoring_state"
    )
    computed_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    # The latest RankingSnapshot version (0: nothing computed yet).
    version = models.PositiveIntegerField(default=0)
    scheduled_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    run_ticket = models.PositiveBigIntegerField(default=0)
    covered_ticket = models.PositiveBigIntegerField(default=0)
    covered_until = models.DateTimeField(null=True, blank=True)
    failed_change = models.BigIntegerField(null=True, blank=True)
    # What the running totals (RunningTotals) of the latest version were computed under (the plan,
    # teams, method, penalties: ``recomputation.inputs.setup_digest``); blank: none stored.
    totals_digest = models.CharField(max_length=64, blank=True)
    # What deriving the rankings' inputs from that setup gave (recomputation.inputs.stored_context).
    totals_context = models.JSONField(default=dict, blank=True)
    # How long the latest successful computation took, database writes included.
    duration_ms = models.PositiveIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.tournament_id}: v{self.version}"

    @property
    def pending(self) -> bool:
        """Some result change is not in the rankings yet (calcul en attente): one query on the
        journal. Pages read it through ``selectors.freshness``, which asks it with the row."""
        return ScoreChange.objects.filter(tournament_id=self.tournament_id).exists()


class BoardScore(models.Model):
    """The duplicate score of one table's result on one board (matchpoints, difference, points).

    A line of the traveller (feuille ambulante): ``result`` is the exact Result version that was
    scored, so the contract shown always matches the score. ``ns_``/``ew_`` fields belong to the
    teams the plan seated North-South and East-West (on an arrow-switched table the NS team held
    the East-West cards).
    """

    # Rows derived from the results and written by the thousand at every run (30,000 for a
    # federation's event): the references to teams and results are kept by Django (cascades,
    # joins) without a database constraint checked per row at every commit, and the
    # tournament has no index of its own (the two below begin with it).
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="board_scores", db_index=False
    )
    round_number = models.PositiveSmallIntegerField()
    table_number = models.PositiveSmallIntegerField()
    board_number = models.PositiveSmallIntegerField()
    ns_team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, related_name="+", db_constraint=False
    )
    ew_team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, related_name="+", db_constraint=False
    )
    ns_marks = models.IntegerField(null=True)
    ew_marks = models.IntegerField(null=True)
    ns_score = models.FloatField(null=True)
    ew_score = models.FloatField(null=True)
    ns_percentage = models.FloatField(null=True)
    ew_percentage = models.FloatField(null=True)
    top = models.FloatField(null=True)
    adjusted = models.BooleanField(default=False)
    computed_at = models.DateTimeField(auto_now=True)
    result = models.ForeignKey(
        "results.Result",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_constraint=False,
    )
    # Adjusted scores as stored on the result ("A-", "A", "A+"), blank for a played board.
    ns_adjustment = models.CharField(max_length=2, blank=True)
    ew_adjustment = models.CharField(max_length=2, blank=True)
    arrow_switched = models.BooleanField(default=False)
    # The marks are an assigned score the arbiter gave (score assigné), not a deal played.
    assigned = models.BooleanField(default=False)
    # The board's datum (datum method only).
    datum = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["board_number", "round_number", "table_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round_number", "table_number", "board_number"],
                name="unique_board_score",
            )
        ]
        indexes = [models.Index(fields=["tournament", "board_number"])]

    def __str__(self) -> str:
        return f"R{self.round_number} T{self.table_number} E{self.board_number}"


class SetupVersion(models.Model):
    """How many times a tournament's setup rows — plan rows, rounds, tables, teams, their
    players — were written, counted by PostgreSQL triggers on those tables (migration
    ``standings.0008``; every insert, update or delete, whatever wrote it: a form, a bulk
    update, a command, the shell). The running totals are trusted only under the count they
    were computed under (``ScoringState.totals_digest``). No foreign key: a tournament being
    deleted deletes its setup rows, whose triggers count once more; the row stays, unused.
    Not maintained on SQLite, where the setup's values are digested instead.
    """

    tournament_id = models.BigIntegerField(primary_key=True)
    version = models.BigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.tournament_id}: setup v{self.version}"


class RunningTotals(models.Model):
    """Each team's running totals in the overall ranking of the latest version, exactly, before
    penalties (``scoring.duplicate.Tally``): its score as a fraction, the sum of the tops of
    its boards, its boards and boards won.

    A live change in the last round adjusts them by the changed boards' old and new scores
    instead of reading every result and every board score again (docs/standings.md); every
    run that stores a version stores them with it. One row per tournament, the teams as lines
    of text: a live change rewrites every team's totals (one result changes the scores of the
    whole board), one value is cheaper to write and read than 2,000 rows.
    """

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    # One line per team, by number: "team score top boards won", the score an exact fraction
    # as ``str(Fraction)`` ("1234/7" or "12").
    totals = models.TextField()

    def __str__(self) -> str:
        return f"{self.tournament_id} v{self.version}: {self.totals.count(chr(10)) + 1} teams"


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
    # A digest of everything the entries were computed from: a later run whose inputs have the
    # same digest copies the entries instead of computing them again.
    fingerprint = models.CharField(max_length=64, blank=True)

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

    @property
    def single_ranking(self) -> bool:
        """One ranking of the whole field (Howell, arrow-switch), not one per direction."""
        return all(entry.get("direction") is None for entry in self.entries)

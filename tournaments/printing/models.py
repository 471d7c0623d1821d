"""Generated documents (documents imprimables): one stored PDF per tournament, kind and scope.

A row is created the first time a document is asked for and then reused: each request bumps
``generation`` and queues a job; only the job of the latest generation may store its file, so a
slow job never overwrites a newer one. ``data_version`` is the digest of the data the stored file
shows (``selectors.data_version``): when the current digest differs, the file is stale.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.setup.models import Tournament


class Document(models.Model):
    """A printable document of a tournament, as a PDF file in MEDIA_ROOT, and its latest job."""

    class Kind(models.TextChoices):
        COMBINED_PACKET = "combined_packet", _("Dossier complet en un seul PDF")
        SEATING_POSTER = "seating_poster", _("Plan de salle")
        TABLE_CARDS = "table_cards", _("Fiches de table")
        ROUTE_CARDS = "route_cards", _("Fiches de route")
        SCORE_SHEETS = "score_sheets", _("Feuilles de marque")
        TRAVELLERS = "travellers", _("Feuilles ambulantes")
        HAND_RECORDS = "hand_records", _("Relevé des donnes")
        RANKINGS = "rankings", _("Classement")
        SCORECARDS = "scorecards", _("Cartes de score des équipes")
        RULES_SHEET = "rules_sheet", _("Règlement de la marque")

    class Scope(models.TextChoices):
        """Who the document is made for: the staff (everything) or everybody (what is public)."""

        STAFF = "staff", _("Organisation et arbitrage")
        PUBLIC = "public", _("Public")

    class Status(models.TextChoices):
        QUEUED = "queued", _("En attente")
        RUNNING = "running", _("En cours")
        READY = "ready", _("Prêt")
        FAILED = "failed", _("Échec")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="documents")
    kind = models.CharField(_("document"), max_length=20, choices=Kind.choices)
    scope = models.CharField(_("destinataires"), max_length=10, choices=Scope.choices)
    status = models.CharField(_("état"), max_length=10, choices=Status.choices)
    # Of the latest job: sections rendered out of sections to render, as a percentage.
    progress = models.PositiveSmallIntegerField(_("avancement"), default=0)
    # Bumped by every request; a job stores its file only if its generation is still the latest.
    generation = models.PositiveIntegerField(default=0)
    requested_at = models.DateTimeField(null=True, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(_("erreur"), blank=True)
    # The stored file (the latest successful job's), kept while a newer one is being made.
    file = models.FileField(_("fichier"), upload_to="printing/", max_length=255, blank=True)
    file_size = models.PositiveIntegerField(default=0)
    pages = models.PositiveIntegerField(_("pages"), default=0)
    built_at = models.DateTimeField(_("généré le"), null=True, blank=True)
    data_version = models.CharField(max_length=64, blank=True)
    # What the file shows, for the secrecy checks at download time:
    # {"hands": [board numbers whose hands it prints], "results": [boards whose results it
    # prints], "teams": [team numbers]}.
    contents = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "kind", "scope"]
        verbose_name = _("document")
        verbose_name_plural = _("documents")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "kind", "scope"], name="one_document_per_kind_and_scope"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament.slug}: {self.kind} ({self.scope})"

    @property
    def has_file(self) -> bool:
        return bool(self.file)

    @property
    def in_progress(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

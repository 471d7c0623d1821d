"""Simultaneous events (simultanés): the same deals in many clubs, one ranking across the field.

An ``Event`` holds the secret of its deals (the seed, its public commitment); each participating
club (``EventClub``, invited, then accepted by one of the club's organizers) plays it in a
session that is an ordinary tournament of that club (``EventClub.tournament``), dealt the
event's boards; a club that runs the day on its own laptop sends its results back as a signed
upload (``EventUpload``). The national figures are one ``EventRanking`` row, recomputed by a job.
"""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.duplicate.table_score import Method
from tournaments import vocabulary
from tournaments.clubs.models import Club
from tournaments.setup.models import DEFAULT_RULES_PRESET, Tournament


def new_club_key() -> str:
    """The secret an event shares with one club: it signs the club's package and upload."""
    return secrets.token_hex(32)


class Event(models.Model):
    """A simultaneous event (simultané): its rules, its deals, its clubs and its deadlines."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("En préparation")
        OPEN = "open", _("Ouvert")
        CLOSED = "closed", _("Clos")

    slug = models.SlugField(_("identifiant"), max_length=80, unique=True)
    name = models.CharField(_("nom"), max_length=200)
    date = models.DateField(_("date"))
    status = models.CharField(
        _("état"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_events", blank=True
    )
    rules_preset = models.CharField(_("règlement"), max_length=40, default=DEFAULT_RULES_PRESET)
    rules = models.JSONField(_("règles"), default=dict, blank=True)
    # Matchpoints or datum: total points compare nothing across the field.
    scoring_method = models.CharField(
        _("méthode de classement"),
        choices=vocabulary.SCORING_METHOD_CHOICES,
        max_length=20,
        default=Method.MATCHPOINTS.value,
    )
    board_count = models.PositiveSmallIntegerField(
        _("nombre d'étuis"), validators=[MinValueValidator(1), MaxValueValidator(60)]
    )
    hours_before = models.PositiveSmallIntegerField(
        _("heures d'avance des donnes pour le club"),
        default=0,
        validators=[MaxValueValidator(168)],
        help_text=_(
            "Les organisateurs d'un club reçoivent les donnes ce nombre d'heures avant le début "
            "de leur séance (0 : à l'ouverture de la séance), pour dupliquer les étuis."
        ),
    )
    own_travellers = models.BooleanField(
        _("feuilles ambulantes du club visibles après sa séance"), default=True
    )
    small_clubs_below = models.PositiveSmallIntegerField(
        _("classement à part des clubs de moins de … tables"),
        null=True,
        blank=True,
        validators=[MinValueValidator(2), MaxValueValidator(100)],
        help_text=_("Vide : un seul classement, quelle que soit la taille du club."),
    )
    deadline = models.DateTimeField(_("date limite d'envoi des résultats"))
    corrections_until = models.DateTimeField(_("fin de la période de corrections"))
    # The deals: the secret seed (revealed when the event closes) and its SHA-256 commitment
    # (published when the event opens), made once (``services.open_event``).
    seed_hex = models.CharField(max_length=128, blank=True, editable=False)
    commitment = models.CharField(_("empreinte SHA-256 de la graine"), max_length=64, blank=True)
    generator_version = models.CharField(max_length=60, blank=True)
    opened_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("simultané")
        verbose_name_plural = _("simultanés")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    def get_absolute_url(self) -> str:
        return reverse("events:event", args=[self.slug])


class EventClub(models.Model):
    """A club invited to an event, its answer, and its session."""

    class Answer(models.TextChoices):
        INVITED = "invited", _("Invité")
        ACCEPTED = "accepted", _("Accepté")
        DECLINED = "declined", _("Décliné")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="clubs")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="event_entries")
    answer = models.CharField(
        _("réponse"), max_length=10, choices=Answer.choices, default=Answer.INVITED
    )
    region = models.CharField(_("ligue ou région"), max_length=100, blank=True)
    laptop = models.BooleanField(_("séance sur l'ordinateur du club (hors ligne)"), default=False)
    session_starts_at = models.DateTimeField(_("début de la séance"))
    # The club's session on the site (None for a laptop club and before the answer).
    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="event_session",
    )
    key = models.CharField(max_length=64, default=new_club_key, editable=False)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "club__name"]
        verbose_name = _("club du simultané")
        verbose_name_plural = _("clubs du simultané")
        constraints = [models.UniqueConstraint(fields=["event", "club"], name="unique_event_club")]

    def __str__(self) -> str:
        return f"{self.event.slug}: {self.club.slug}"


class EventUpload(models.Model):
    """A laptop club's signed results, as accepted: its teams and its scored traveller lines.

    The latest is the club's results (``is_current``); an identical upload is not stored again.
    """

    entry = models.ForeignKey(EventClub, on_delete=models.CASCADE, related_name="uploads")
    digest = models.CharField(max_length=64)
    # {"1": "Martin – Durand", ...}: the club's teams by number.
    teams = models.JSONField(default=dict)
    # [{"board", "round", "table", "ns_team", "ew_team", "arrow_switch", "record", "ns", "ew"}
    # or with "ns_adjusted"/"ew_adjusted" or "assigned": true, ...], scored with the event's
    # rules: the club's tournament's lines as the core reads them (``recomputation``).
    lines = models.JSONField(default=list)
    is_current = models.BooleanField(default=True)
    received_at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["entry", "-received_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.entry}: {self.digest[:12]}"


class EventRanking(models.Model):
    """The event's national figures: every ranking group, as computed last, and the books of
    its job (``stale_since``: a change not yet counted; ``scheduled_at``: a job queued)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="ranking")
    version = models.PositiveIntegerField(default=0)
    # [{"key": "national", "label": ..., "rows": [{"rank", "team", "club", "direction",
    #   "percentage", "region"}, ...]}, ...]
    groups = models.JSONField(default=list)
    provisional = models.BooleanField(default=True)
    results = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    stale_since = models.DateTimeField(null=True, blank=True)
    scheduled_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.event.slug} v{self.version}"


class LaptopEvent(models.Model):
    """On a club's laptop: the event package it imported (the event's identity, the club's key)
    and the local tournament that plays it."""

    event_slug = models.SlugField(max_length=80)
    event_name = models.CharField(max_length=200)
    club_slug = models.SlugField(max_length=80)
    commitment = models.CharField(max_length=64)
    key = models.CharField(max_length=64, editable=False)
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="laptop_event"
    )
    imported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event_slug", "club_slug"], name="unique_laptop_event")
        ]

    def __str__(self) -> str:
        return f"{self.event_slug}: {self.club_slug}"

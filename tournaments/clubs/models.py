"""A club, its organizers and its player registry, and the audit trail of the registry."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A club (club) that owns tournaments and seasons; its organizers manage its registry."""

    slug = models.SlugField(_("identifiant"), max_length=80, unique=True)
    name = models.CharField(_("nom"), max_length=200)
    town = models.CharField(_("ville"), max_length=200, blank=True)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_clubs", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return f"{self.name} ({self.town})" if self.town else self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:manage", args=[self.slug])


class ClubPlayer(models.Model):
    """A person in a club's registry: the same player from one tournament to the next.

    A tournament's own players (``tournaments.Player``, typed per tournament) point here. The
    name is shown publicly only with ``public_consent``; an anonymised player keeps their
    results (others' rankings need them) under a name that says nothing.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    first_name = models.CharField(_("prénom"), max_length=100)
    last_name = models.CharField(_("nom"), max_length=100)
    licence = models.CharField(_("numéro de licence"), max_length=30, blank=True)
    email = models.EmailField(_("adresse électronique"), blank=True)
    public_consent = models.BooleanField(
        _("accepte d'apparaître publiquement (classements, page du joueur)"), default=False
    )
    anonymised = models.BooleanField(_("anonymisé"), default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["last_name", "first_name", "pk"]
        verbose_name = _("joueur du club")
        verbose_name_plural = _("joueurs du club")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "licence"],
                condition=~models.Q(licence=""),
                name="unique_licence_per_club",
            )
        ]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def is_public(self) -> bool:
        """May anyone see this player's name and page?"""
        return self.public_consent and not self.anonymised


class ClubEvent(models.Model):
    """The audit trail of a club's registry: who created, changed, merged or anonymised whom."""

    class Kind(models.TextChoices):
        CLUB_CHANGED = "club", _("club créé ou modifié")
        CREATED = "created", _("joueur créé")
        CHANGED = "changed", _("joueur modifié")
        MERGED = "merged", _("fiches fusionnées")
        ANONYMISED = "anonymised", _("joueur anonymisé")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    # The player acted on (the one kept by a merge); null once deleted.
    player = models.ForeignKey(
        ClubPlayer, on_delete=models.SET_NULL, null=True, blank=True, related_name="events"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # What changed, without personal data once anonymised (ids and field names only).
    details = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.club_id} {self.kind} {self.player_id}"

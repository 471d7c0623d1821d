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
        LINKED = "linked", _("compte rattaché")

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


class PlayerClaim(models.Model):
    """An account's request to be linked to its record in a club's registry (demande de
    rattachement): the player types their name (and licence) as the club knows them; a club's
    organizer confirms it by choosing the record, or refuses it. The player never sees the
    registry: only their own request and, once confirmed, their own record's name.

    A confirmed claim makes the account one of the record's: it may replay the boards of the
    club's tournaments that record played (``tournaments.setup.policy.can_replay_board``)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("en attente")
        CONFIRMED = "confirmed", _("confirmé")
        REFUSED = "refused", _("refusé")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_claims"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="claims")
    first_name = models.CharField(_("prénom"), max_length=100)
    last_name = models.CharField(_("nom"), max_length=100)
    licence = models.CharField(_("numéro de licence"), max_length=30, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    club_player = models.ForeignKey(
        ClubPlayer, on_delete=models.CASCADE, null=True, blank=True, related_name="claims"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    OPEN = (Status.PENDING, Status.CONFIRMED)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("demande de rattachement")
        verbose_name_plural = _("demandes de rattachement")
        constraints = [
            # One request under way (or granted) per account and club.
            models.UniqueConstraint(
                fields=["user", "club"],
                condition=models.Q(status__in=["pending", "confirmed"]),
                name="one_open_claim_per_club",
            ),
            # A record belongs to one account.
            models.UniqueConstraint(
                fields=["club_player"],
                condition=models.Q(status="confirmed"),
                name="one_account_per_club_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} → {self.club_id} ({self.status})"

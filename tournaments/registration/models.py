"""A tournament's online registration (open or not, capacity) and the pairs' entries."""

import secrets

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.setup.models import Team, Tournament


def new_entry_token() -> str:
    return secrets.token_urlsafe(18)


class RegistrationSettings(models.Model):
    """Whether pairs may register online, and how many teams the tournament takes."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="online_registration"
    )
    open = models.BooleanField(_("inscriptions en ligne ouvertes"), default=False)
    capacity = models.PositiveSmallIntegerField(
        _("nombre d'équipes maximum"),
        null=True,
        blank=True,
        help_text=_("Au-delà, les paires vont en liste d'attente. Vide : pas de limite."),
    )

    def __str__(self) -> str:
        return f"{self.tournament_id}: {'open' if self.open else 'closed'}"


class Entry(models.Model):
    """A pair's registration (inscription): its two players, a contact e-mail, its state.

    ``token`` is the secret of the pair's confirmation page (its link is in the e-mails): it
    shows the state and lets the pair withdraw."""

    class Status(models.TextChoices):
        PENDING = "pending", _("en attente de validation")
        WAITING = "waiting", _("liste d'attente")
        APPROVED = "approved", _("acceptée")
        REFUSED = "refused", _("refusée")
        WITHDRAWN = "withdrawn", _("désinscrite")

    HOLDS_A_PLACE = (Status.PENDING,)
    ACTIVE = (Status.PENDING, Status.WAITING, Status.APPROVED)

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="online_entries"
    )
    p1_first_name = models.CharField(_("prénom du joueur 1"), max_length=100)
    p1_last_name = models.CharField(_("nom du joueur 1"), max_length=100)
    p1_licence = models.CharField(_("licence du joueur 1"), max_length=30, blank=True)
    p2_first_name = models.CharField(_("prénom du joueur 2"), max_length=100)
    p2_last_name = models.CharField(_("nom du joueur 2"), max_length=100)
    p2_licence = models.CharField(_("licence du joueur 2"), max_length=30, blank=True)
    email = models.EmailField(_("adresse électronique de contact"))
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    token = models.CharField(max_length=40, unique=True, default=new_entry_token, editable=False)
    team = models.OneToOneField(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="online_entry"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("inscription en ligne")
        verbose_name_plural = _("inscriptions en ligne")

    def __str__(self) -> str:
        return self.pair

    def get_absolute_url(self) -> str:
        return reverse("registration:entry", args=[self.token])

    @property
    def pair(self) -> str:
        return (
            f"{self.p1_first_name} {self.p1_last_name} – {self.p2_first_name} {self.p2_last_name}"
        )

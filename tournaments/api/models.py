"""API tokens (jetons d'API): keys an organizer creates for scripts and table devices.

A token belongs to one tournament and acts with the rights of the organizer who created it,
capped by its scope; only a hash of the key is stored (the key is shown once, at creation).
"""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.setup.models import Table, Tournament

KEY_BYTES = 30
PREFIX_LENGTH = 8


def new_key() -> str:
    """A fresh secret key: 40 URL-safe characters (240 random bits)."""
    return secrets.token_urlsafe(KEY_BYTES)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class ApiToken(models.Model):
    """A key for ``Authorization: Bearer <key>``, valid in one tournament until revoked."""

    class Scope(models.TextChoices):
        ORGANIZER = "organizer", _("Organisation : tout ce que l'organisateur peut faire")
        ARBITER = "arbiter", _("Arbitrage : lecture complète et saisie des résultats")
        TABLE = "table", _("Appareil de table : saisie et confirmation des résultats d'une table")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="api_tokens")
    # The organizer who created it: the token acts with this user's rights, capped by its scope.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("nom"), max_length=100)
    scope = models.CharField(_("portée"), max_length=12, choices=Scope.choices)
    # Only for a table device: the table whose results it enters and confirms.
    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="api_tokens",
        verbose_name=_("table"),
    )
    prefix = models.CharField(max_length=PREFIX_LENGTH, editable=False)
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("jeton d'API")
        verbose_name_plural = _("jetons d'API")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(scope="table", table__isnull=False)
                | (~models.Q(scope="table") & models.Q(table__isnull=True)),
                name="api_token_table_only_for_table_scope",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked_at is None

"""Boards (étuis) and the secret seed their deals were generated from."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments import vocabulary
from tournaments.setup.models import Tournament


class DealSet(models.Model):
    """The secret behind a tournament's generated deals and its public commitment.

    The SHA-256 of the seed is public from generation; the seed itself only once the organizer
    releases the hand records, so anyone can then regenerate and check every board.
    """

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="deal_set")
    seed_hex = models.CharField(max_length=128, editable=False)
    commitment = models.CharField(_("empreinte SHA-256 de la graine"), max_length=64)
    generator_version = models.CharField(_("version du générateur"), max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    revealed_at = models.DateTimeField(_("graine révélée le"), null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.tournament.slug}: {self.commitment[:12]}…"


class Board(models.Model):
    """A board (étui): its number, its dealer and, when recorded, the four hands."""

    class Source(models.TextChoices):
        """Where the board's hands came from; verification explains a mismatch with it."""

        GENERATED = "generated", _("Générée par le logiciel")
        IMPORTED = "imported", _("Importée (PBN)")
        TYPED = "typed", _("Saisie depuis l'étui")
        UNRECORDED = "unrecorded", _("Non enregistrée")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(_("étui"))
    dealer = models.CharField(_("donneur"), max_length=1, choices=vocabulary.SEAT_CHOICES)
    # {"N": "AKT.J9..Q87", "E": ..., "S": ..., "W": ...}; empty when the deals are unrecorded.
    hands = models.JSONField(default=dict, blank=True)
    # Rank of the deal among all 32!/(8!)^4 deals (fits in 57 bits); null when unrecorded.
    deal_number = models.BigIntegerField(_("numéro de donne"), null=True, blank=True)
    source = models.CharField(
        _("origine"), max_length=12, choices=Source.choices, default=Source.GENERATED
    )
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["number"]
        verbose_name = _("étui")
        verbose_name_plural = _("étuis")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_board_number")
        ]

    def __str__(self) -> str:
        return str(_("Étui %(number)s") % {"number": self.number})

    @property
    def has_hands(self) -> bool:
        return len(self.hands) == 4


class BoardAnalysis(models.Model):
    """The double-dummy analysis of a board: each side's points per strain with perfect play.

    Computed by the ``analysis.analyse_boards`` job (``deals.analysis``) from the board's hands
    and dealer and the tournament's undertrump rule, which are kept with it: an analysis whose
    inputs no longer match the board (retyped) or the rules is stale and shown nowhere. As
    secret as the hands it comes from (``policy.boards_with_visible_hands``).
    """

    board = models.OneToOneField(Board, on_delete=models.CASCADE, related_name="analysis")
    dealer = models.CharField(max_length=1)
    hands = models.JSONField()
    must_undertrump = models.BooleanField()
    # The tournament's rule settings it was computed under (the bids and the par use them).
    rules = models.JSONField(default=dict)
    # {"S": {"ns": 90, "ew": 72}, "H": ..., "D": ..., "C": ..., "SA": ..., "TA": ...}
    points = models.JSONField()
    # The highest bid each side makes per strain: {"S": {"ns": 120, "ew": null}, ...}
    # (a number, "capot", or null when not even 80).
    bids = models.JSONField(default=dict)
    # The « contrat optimal »: {"side": "NS", "strain": "H", "bid": 120, "made": true,
    # "ns": 282, "ew": 40}, or null for a passe générale.
    par = models.JSONField(null=True, default=None)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("analyse d'étui")
        verbose_name_plural = _("analyses d'étuis")

    def __str__(self) -> str:
        return f"{self.board}: {self.points}"

    def matches(self, board: Board, rules: dict) -> bool:
        """Computed from this board's current hands and dealer under these rule settings
        (``RuleSettings.to_dict()``), by the present par search (an older one could store a
        failing sacrifice as the par: such an analysis is made again)."""
        return (
            (self.par is None or self.par.get("made", True))
            and self.dealer == board.dealer
            and self.hands == board.hands
            and self.rules == rules
            and self.must_undertrump == rules.get("must_undertrump", False)
        )

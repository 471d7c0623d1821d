"""Online tournaments (« Tournoi du jour »): a club's or the site's series of fixed deals that
each entered account plays at South against the robots, in any order, within a window
(docs/online.md).

The deals are boards of a set-up ``Tournament`` the online tournament owns (``container``): the
deal generator and its commitment work on it as on any tournament. Deal ``d`` of instance ``i``
(the pool) is its board ``(i - 1) * deal_count + d``."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.clubs.models import Club
from tournaments.deals.models import Board
from tournaments.play.models import Game
from tournaments.setup.models import Tournament

MIN_DEALS, MAX_DEALS, DEFAULT_DEALS = 4, 12, 4
MAX_INSTANCES = 6
DEFAULT_RULES = "belote-l"


class OnlineTournament(models.Model):
    """N deals (4 to 12), a window, a pool of ``instances`` different deals per deal number,
    organised by a club (its organizers) or by the site (``club`` empty: the staff)."""

    slug = models.SlugField(_("identifiant"), max_length=80, unique=True)
    name = models.CharField(_("nom"), max_length=200)
    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="online_tournaments",
        verbose_name=_("club organisateur"),
    )
    deal_count = models.PositiveSmallIntegerField(_("nombre de donnes"), default=DEFAULT_DEALS)
    instances = models.PositiveSmallIntegerField(_("donnes différentes par numéro"), default=1)
    opens_at = models.DateTimeField(_("ouverture"))
    closes_at = models.DateTimeField(_("clôture"))
    rules_preset = models.CharField(_("règlement"), max_length=40, default=DEFAULT_RULES)
    # The set-up tournament holding the boards, their seed and commitment (never listed).
    container = models.OneToOneField(
        Tournament, on_delete=models.PROTECT, related_name="online_tournament"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-opens_at", "name"]
        verbose_name = _("tournoi en ligne")
        verbose_name_plural = _("tournois en ligne")
        constraints = [
            models.CheckConstraint(
                condition=Q(deal_count__gte=MIN_DEALS) & Q(deal_count__lte=MAX_DEALS),
                name="online_deal_count_range",
            ),
            models.CheckConstraint(
                condition=Q(instances__gte=1) & Q(instances__lte=MAX_INSTANCES),
                name="online_instances_range",
            ),
            models.CheckConstraint(
                condition=Q(closes_at__gt=F("opens_at")), name="online_window_order"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def is_open(self, now=None) -> bool:
        now = now or timezone.now()
        return self.opens_at <= now < self.closes_at

    def is_closed(self, now=None) -> bool:
        return (now or timezone.now()) >= self.closes_at

    def board_number(self, deal: int, instance: int) -> int:
        """The container's board of ``deal`` in ``instance``."""
        return (instance - 1) * self.deal_count + deal


class OnlineEntry(models.Model):
    """One account's entry (one per account and tournament); ``number`` (from 1, in the order
    of entry) places it in the pool."""

    tournament = models.ForeignKey(
        OnlineTournament, on_delete=models.CASCADE, related_name="entries"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="online_entries"
    )
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("inscription en ligne")
        verbose_name_plural = _("inscriptions en ligne")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="online_one_entry_per_account"
            ),
            models.UniqueConstraint(fields=["tournament", "number"], name="online_entry_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} #{self.number} ({self.player})"


class OnlinePlay(models.Model):
    """An entry's game of one deal (on the pool's instance): at most one per deal."""

    entry = models.ForeignKey(OnlineEntry, on_delete=models.CASCADE, related_name="plays")
    deal = models.PositiveSmallIntegerField(_("donne"))
    instance = models.PositiveSmallIntegerField()
    board = models.ForeignKey(Board, on_delete=models.PROTECT, related_name="+")
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="online_play")

    class Meta:
        ordering = ["entry", "deal"]
        verbose_name = _("donne jouée en ligne")
        verbose_name_plural = _("donnes jouées en ligne")
        constraints = [
            models.UniqueConstraint(fields=["entry", "deal"], name="online_one_play_per_deal")
        ]

    def __str__(self) -> str:
        return f"{self.entry} donne {self.deal}"

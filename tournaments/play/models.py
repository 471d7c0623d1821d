"""A game played online (une partie): one account as South, three robots, one board's deal;
and its actions, the calls and cards in the order made. The deal's state is these rows."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.engine.cards import Seat
from tournaments.deals.models import Board
from tournaments.vocabulary import SEAT_NAMES

SEAT_CHOICES = [(seat.value, SEAT_NAMES[seat.value]) for seat in Seat]


class Game(models.Model):
    """One deal played by ``player`` at South, the other seats robots.

    The hands are the board's as they were when the game started (a board retyped later does
    not change a game under way); the rules are frozen likewise. The robots' seed and number of
    worlds make their decisions reproducible: the same state gives the same call or card."""

    class Status(models.TextChoices):
        AUCTION = "auction", _("Enchères")
        PLAY = "play", _("Jeu de la carte")
        FINISHED = "finished", _("Terminée")
        ABANDONED = "abandoned", _("Abandonnée")

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games"
    )
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="games")
    # The preset's name when the rules are a preset unchanged, else empty.
    rules_preset = models.CharField(max_length=40, blank=True)
    # The full rule settings, as scoring.engine.rules.RuleSettings.to_dict() writes them.
    rules = models.JSONField()
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    # {"N": "AKT.J9..Q87", ...}: secret until the end, and then only as the policy says.
    hands = models.JSONField()
    seed = models.BigIntegerField()
    worlds = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.AUCTION)
    # At the end: the contract (None after a passe générale), the result record and its score.
    contract = models.JSONField(null=True, blank=True)
    record = models.JSONField(null=True, blank=True)
    score = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # After the end, the double-dummy review of South's cards (``play.review``): for each,
    # every legal card's points and the best; None until the job has stored it.
    review = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("partie")
        verbose_name_plural = _("parties")

    def __str__(self) -> str:
        return f"{self.board} ({self.player})"

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABANDONED)


class GameAction(models.Model):
    """One call or one card of a game, numbered from 0 in the order made. A number is taken
    once per game: a request posted twice cannot add two actions."""

    class Kind(models.TextChoices):
        CALL = "call", _("Enchère")
        CARD = "card", _("Carte")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    kind = models.CharField(max_length=4, choices=Kind.choices)
    # A call as the robots' protocol writes it ({"call": "bid", "bid": 90, "strain": "H"}).
    call = models.JSONField(null=True, blank=True)
    # A card as the engine writes it ("TS").
    card = models.CharField(max_length=2, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When South's view shows it: a robot's action no sooner than PLAY_ROBOT_PAUSE after the
    # action before it became visible, whatever the time its decision took (docs/play.md).
    visible_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="play_unique_action_number")
        ]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.number} {self.seat} {self.card or self.call}"

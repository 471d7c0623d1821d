"""A season of a club and its stored ranking (computed by a Celery job, read by the pages)."""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.duplicate.season import DEFAULT_SCALE, SeasonMethod
from tournaments import vocabulary
from tournaments.clubs.models import Club
from tournaments.setup.models import Tournament


def default_scale() -> list[int]:
    return list(DEFAULT_SCALE)


class Season(models.Model):
    """A season (saison, « challenge »): some of a club's tournaments and how its players are
    ranked over them (``scoring.duplicate.season``)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    slug = models.SlugField(_("identifiant"), max_length=80, unique=True)
    name = models.CharField(_("nom"), max_length=200)
    method = models.CharField(
        _("méthode"),
        max_length=20,
        choices=vocabulary.SEASON_METHOD_CHOICES,
        default=SeasonMethod.AVERAGE.value,
    )
    best_of = models.PositiveSmallIntegerField(
        _("meilleurs tournois retenus"),
        null=True,
        blank=True,
        help_text=_("Vide : tous les tournois joués comptent."),
    )
    minimum_played = models.PositiveSmallIntegerField(
        _("tournois joués pour être classé"), default=1
    )
    points_scale = models.JSONField(_("barème des places"), default=default_scale)
    reference_field = models.PositiveSmallIntegerField(
        _("champ de référence (équipes)"),
        null=True,
        blank=True,
        help_text=_(
            "Points par place : les points d'un tournoi sont multipliés par (équipes du "
            "classement / ce nombre). Vide : pas de mise à l'échelle."
        ),
    )
    tournaments = models.ManyToManyField(
        Tournament, related_name="seasons", blank=True, verbose_name=_("tournois")
    )
    # The latest change the stored ranking must include (a tournament finished or corrected, a
    # merge, the settings); the job clears the staleness by covering it.
    requested_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("saison")
        verbose_name_plural = _("saisons")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("seasons:season", args=[self.slug])


class SeasonStanding(models.Model):
    """The season's ranking as last computed.

    ``lines``: ``[{"rank", "tied", "player" (ClubPlayer id), "score", "played", "counted",
    "results": [{"tournament" (slug), "figure", "counted"}]}]``, names read at display time
    (a consent given or withdrawn, an anonymisation, shows at once). ``tournaments``: the
    finished tournaments that were counted, ``[{"slug", "name", "date"}]`` in date order.
    """

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="standing")
    lines = models.JSONField(default=list)
    tournaments = models.JSONField(default=list)
    computed_at = models.DateTimeField()
    # The season's requested_at this computation includes.
    covers_until = models.DateTimeField(null=True, blank=True)
    duration_ms = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.season_id} @ {self.computed_at}"

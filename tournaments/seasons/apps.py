"""Seasons (saisons, « challenge »): a club's tournaments ranked together, player by player."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "tournaments.seasons"
    label = "seasons"
    verbose_name = _("Saisons")

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from tournaments.clubs.signals import players_merged
        from tournaments.setup.models import Tournament
        from tournaments.standings.models import RankingSnapshot

        from . import services, tasks  # noqa: F401 - the tasks register themselves

        post_save.connect(
            services.on_snapshot_saved, sender=RankingSnapshot, dispatch_uid="seasons.snapshot"
        )
        post_save.connect(
            services.on_tournament_saved, sender=Tournament, dispatch_uid="seasons.tournament"
        )
        players_merged.connect(services.on_players_merged, dispatch_uid="seasons.merged")
        # An anonymisation changes no ranking: the names are read when a page is shown.

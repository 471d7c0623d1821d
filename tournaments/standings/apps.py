"""Standings (classements): per-board scores and versioned ranking snapshots, computed by Celery."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "tournaments.standings"
    label = "standings"
    verbose_name = _("Classements")

    def ready(self) -> None:
        from tournaments.results.signals import results_changed
        from tournaments.setup import navigation
        from tournaments.setup.signals import scoring_changed

        # Connects the worker_ready catch-up in every process that loads Django (workers too).
        from . import tasks  # noqa: F401
        from .services import on_results_changed

        results_changed.connect(on_results_changed, dispatch_uid="standings.results_changed")
        scoring_changed.connect(on_results_changed, dispatch_uid="standings.scoring_changed")

        navigation.register("standings:ranking", _("Classement"), navigation.PUBLIC, 40)
        navigation.register("standings:travellers", _("Feuilles ambulantes"), navigation.PUBLIC, 50)

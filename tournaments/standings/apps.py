"""Standings (classements): per-board scores and versioned ranking snapshots, computed by Celery."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "tournaments.standings"
    label = "standings"
    verbose_name = _("Classements")

    def ready(self) -> None:
        from tournaments import navigation

        # Connects the worker_ready catch-up in every process that loads Django (workers too).
        from . import tasks  # noqa: F401

        navigation.register("standings:ranking", _("Classement"), navigation.PUBLIC, 40)
        navigation.register("standings:travellers", _("Feuilles ambulantes"), navigation.PUBLIC, 50)

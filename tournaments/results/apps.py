"""The results app: versioned results per table and board, their entry and audit."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResultsConfig(AppConfig):
    name = "tournaments.results"
    label = "results"
    verbose_name = _("Résultats")

    def ready(self) -> None:
        from tournaments import checklist
        from tournaments.setup import navigation

        from . import selectors
        from .services import opening

        navigation.register("results:dashboard", _("Arbitrage"), navigation.ARBITER, 10)
        navigation.register("results:entry", _("Saisie des résultats"), navigation.ARBITER, 11)
        navigation.register(
            "results:exchange", _("Import / export des résultats"), navigation.ARBITER, 12
        )
        navigation.register("results:table_links", _("Liens des tables"), navigation.ARBITER, 13)
        navigation.register("results:penalties", _("Pénalités"), navigation.ARBITER, 14)

        # Before « Publication »: once the set-up is ready, opening the session publishes too.
        checklist.register("opening", 65, opening.opening_step)
        checklist.register("rounds", 80, selectors.rounds_step)
        checklist.register("results", 90, selectors.results_step)

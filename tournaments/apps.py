from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournois")

    def ready(self) -> None:
        from . import navigation

        navigation.register("tournaments:public", _("Accueil du tournoi"), navigation.PUBLIC, 0)

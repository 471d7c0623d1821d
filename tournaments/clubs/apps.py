"""Clubs (clubs) and their player registry (fichier des joueurs), shared by their tournaments."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "tournaments.clubs"
    label = "clubs"
    verbose_name = _("Clubs")

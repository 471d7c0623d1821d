from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OnlineConfig(AppConfig):
    name = "tournaments.online"
    label = "online"
    verbose_name = _("Tournois en ligne")

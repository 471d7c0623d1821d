from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DealsConfig(AppConfig):
    name = "tournaments.deals"
    label = "deals"
    verbose_name = _("Donnes")

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "tournaments.printing"
    label = "printing"
    verbose_name = _("Documents")

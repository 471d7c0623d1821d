"""Printed material (documents) as PDF made with WeasyPrint in Celery jobs."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "tournaments.printing"
    label = "printing"
    verbose_name = _("Documents")

    def ready(self) -> None:
        from tournaments import checklist
        from tournaments.setup import navigation

        from . import (
            receivers,  # noqa: F401 - connects them
            selectors,
        )

        navigation.register("printing:public", _("PDF à télécharger"), navigation.PUBLIC, 80)
        navigation.register("printing:documents", _("Documents"), navigation.ARBITER, 80)

        checklist.register("documents", 60, selectors.documents_step)

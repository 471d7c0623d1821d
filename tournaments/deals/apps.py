from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DealsConfig(AppConfig):
    name = "tournaments.deals"
    label = "deals"
    verbose_name = _("Donnes")

    def ready(self) -> None:
        from tournaments import checklist, navigation

        from . import selectors

        navigation.register("deals:records", _("Relevé des donnes"), navigation.PUBLIC, 60)
        navigation.register(
            "deals:verification", _("Vérification des donnes"), navigation.PUBLIC, 65
        )
        navigation.register("deals:manage", _("Donnes"), navigation.ORGANIZER, 30)

        checklist.register("deals", 50, selectors.deals_step)
        checklist.register("release", 100, selectors.release_step)

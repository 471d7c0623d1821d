from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DealsConfig(AppConfig):
    name = "tournaments.deals"
    label = "deals"
    verbose_name = _("Donnes")

    def ready(self) -> None:
        from tournaments import checklist
        from tournaments.setup import navigation

        from . import selectors

        navigation.register("deals:records", _("Relevé des donnes"), navigation.PUBLIC, 60)
        # The verification page (the deals' public commitment) is no menu entry: a technical
        # check, reached by a discreet link at the foot of the tournament's page, from the hand
        # records and from the organizer's deals page.
        navigation.register("deals:manage", _("Donnes"), navigation.ORGANIZER, 30)

        from tournaments.setup.signals import rules_changed

        from .analysis import on_request_started, on_rules_changed

        rules_changed.connect(on_rules_changed, dispatch_uid="deals.rules_changed")

        from django.core.signals import request_started

        request_started.connect(on_request_started, dispatch_uid="deals.analysis_catch_up")

        checklist.register("deals", 50, selectors.deals_step)
        checklist.register("release", 100, selectors.release_step)

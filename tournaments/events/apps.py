"""Simultaneous events (simultanés): one set of deals in many clubs, one ranking of the field."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "tournaments.events"
    label = "events"
    verbose_name = _("Simultanés")

    def ready(self) -> None:
        from tournaments import checklist
        from tournaments.results.signals import results_changed
        from tournaments.setup import policy
        from tournaments.setup.signals import scoring_changed

        from . import tasks  # noqa: F401
        from .receivers import on_session_changed
        from .selectors import embargo_for, event_step

        policy.register_embargo(embargo_for)
        checklist.register("event", 110, event_step)
        results_changed.connect(on_session_changed, dispatch_uid="events.results_changed")
        scoring_changed.connect(on_session_changed, dispatch_uid="events.scoring_changed")

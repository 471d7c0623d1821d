from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "tournaments.play"
    label = "play"
    verbose_name = _("Jeu en ligne")

    def ready(self) -> None:
        from django.core.signals import request_started

        from tournaments import board_panels

        from .services import on_request_started
        from .views_player import board_panel

        request_started.connect(on_request_started, dispatch_uid="play.robots_catch_up")
        board_panels.register("replay", 10, board_panel)

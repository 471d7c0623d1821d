from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OnlineConfig(AppConfig):
    name = "tournaments.online"
    label = "online"
    verbose_name = _("Tournois en ligne")

    def ready(self) -> None:
        from tournaments.play.selectors import register_games_section
        from tournaments.setup import policy

        from .policy import may_start_board
        from .selectors import my_tournaments_section

        policy.register_start_grant("online", may_start_board)
        register_games_section("online", my_tournaments_section)

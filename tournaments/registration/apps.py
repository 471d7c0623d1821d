"""Online registration (inscriptions en ligne): pairs register on the tournament's public page;
the organizer approves them into teams; a waiting list past the capacity."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistrationConfig(AppConfig):
    name = "tournaments.registration"
    label = "registration"
    verbose_name = _("Inscriptions en ligne")

    def ready(self) -> None:
        from tournaments import checklist
        from tournaments.clubs.signals import player_anonymised
        from tournaments.setup import navigation
        from tournaments.setup.signals import team_withdrawn

        from .selectors import registration_step
        from .services import on_player_anonymised, on_team_withdrawn

        team_withdrawn.connect(on_team_withdrawn, dispatch_uid="registration.team_withdrawn")
        player_anonymised.connect(on_player_anonymised, dispatch_uid="registration.anonymised")
        navigation.register(
            "registration:manage", _("Inscriptions en ligne"), navigation.ORGANIZER, 35
        )
        # Before « Inscriptions » (the teams): an accepted pair becomes a team.
        checklist.register("registration", 15, registration_step)

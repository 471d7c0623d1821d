from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments.setup"
    label = "tournaments"
    verbose_name = _("Tournois")

    def ready(self) -> None:
        from tournaments import checklist, public_pages
        from tournaments.clubs.signals import player_anonymised, players_merged
        from tournaments.setup import navigation

        from . import club_receivers, selectors

        players_merged.connect(club_receivers.on_players_merged, dispatch_uid="setup.merged")
        player_anonymised.connect(
            club_receivers.on_player_anonymised, dispatch_uid="setup.anonymised"
        )

        navigation.register("tournaments:public", _("Accueil du tournoi"), navigation.PUBLIC, 0)
        navigation.register("tournaments:manage", _("Organisation"), navigation.ORGANIZER, 10)
        navigation.register("tournaments:edit", _("Paramètres"), navigation.ORGANIZER, 20)
        navigation.register("tournaments:manage_teams", _("Équipes"), navigation.ORGANIZER, 30)
        navigation.register("tournaments:checkin", _("Pointage"), navigation.ORGANIZER, 40)
        navigation.register("tournaments:plan", _("Plan de table"), navigation.ORGANIZER, 50)

        checklist.register("settings", 10, selectors.settings_step)
        checklist.register("teams", 20, selectors.teams_step)
        checklist.register("checkin", 30, selectors.checkin_step)
        checklist.register("plan", 40, selectors.plan_step)
        checklist.register("publication", 70, selectors.publication_step)
        checklist.register("finish", 110, selectors.finish_step)

        public_pages.watch_saved_rows()

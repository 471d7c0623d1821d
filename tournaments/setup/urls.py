"""URLs of the tournaments site: public pages first, then organizer pages."""

from django.urls import path

from . import views_organizer as organizer
from . import views_public
from . import views_teams as teams

app_name = "tournaments"

ORG = "tournois/<slug:slug>/organisation/"

urlpatterns = [
    path("", views_public.home, name="home"),
    path("tournois/<slug:slug>/", views_public.tournament_page, name="public"),
    path("tournois/<slug:slug>/equipes/<int:number>/", views_public.team_page, name="team"),
    # Organizer pages.
    path("organisation/", organizer.organizer_home, name="organizer_home"),
    path("organisation/nouveau/", organizer.tournament_create, name="create"),
    path("organisation/regles/apercu/", organizer.rules_preview, name="rules_preview"),
    path(ORG, organizer.tournament_manage, name="manage"),
    path(ORG + "parametres/", organizer.tournament_edit, name="edit"),
    path(ORG + "etat/", organizer.tournament_status, name="status"),
    path(ORG + "copier/", organizer.tournament_copy, name="copy"),
    path(ORG + "equipes/", teams.teams, name="manage_teams"),
    path(ORG + "equipes/ajouter/", teams.team_add, name="team_add"),
    path(ORG + "equipes/<int:number>/", teams.team_edit, name="team_edit"),
    path(ORG + "equipes/<int:number>/forfait/", teams.team_withdraw, name="team_withdraw"),
    path(ORG + "equipes/<int:number>/supprimer/", teams.team_delete, name="team_delete"),
    path(ORG + "pointage/", teams.checkin, name="checkin"),
    path(ORG + "pointage/tout/", teams.checkin_all, name="checkin_all"),
    path(ORG + "pointage/<int:number>/", teams.checkin_toggle, name="checkin_toggle"),
    path(ORG + "import/", teams.team_import, name="team_import"),
    path(ORG + "import/confirmer/", teams.team_import_confirm, name="team_import_confirm"),
    path(
        ORG + "import/modele.csv",
        teams.import_template,
        {"file_format": "csv"},
        name="import_template_csv",
    ),
    path(
        ORG + "import/modele.xlsx",
        teams.import_template,
        {"file_format": "xlsx"},
        name="import_template_xlsx",
    ),
    path(ORG + "plan/", organizer.plan, name="plan"),
    path(ORG + "plan/generer/", organizer.plan_generate, name="plan_generate"),
    path(ORG + "plan/publier/", organizer.plan_publish, name="plan_publish"),
]

"""Top-level URLs: the site in French and English, the admin, the API, health."""

from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    # First: the resolver tries the patterns in order, and the site's own are many more than
    # the API's (every API request resolved behind them cost 5 % of a result entry's CPU).
    path("api/", include("tournaments.api.urls")),
    path("", include("tournaments.setup.urls")),
    path("", include("tournaments.registration.urls")),
    path("", include("tournaments.deals.urls")),
    path("", include("tournaments.results.urls")),
    path("", include("tournaments.standings.urls")),
    path("", include("tournaments.printing.urls")),
    path("", include("tournaments.clubs.urls")),
    path("", include("tournaments.seasons.urls")),
    path("", include("tournaments.events.urls")),
    path("jeu/", include("tournaments.play.urls")),
    path("en-ligne/", include("tournaments.online.urls")),
    path("comptes/", include("tournaments.accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("langue/", views.choose_language, name="choose_language"),
    path("admin/", admin.site.urls),
    path("health/", views.health, name="health"),
]

# An unreachable database answers 503 (retry later), anything else Django's 500 page.
handler500 = "config.errors.server_error"

"""URLs of the tournaments site: public pages first, then organizer pages."""

from django.urls import path

from . import views_public

app_name = "tournaments"

urlpatterns = [
    path("", views_public.home, name="home"),
    path("tournois/<slug:slug>/", views_public.tournament_page, name="public"),
]

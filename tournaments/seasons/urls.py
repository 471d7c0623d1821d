"""URLs of the seasons: public pages, then the club organizers' pages."""

from django.urls import path

from . import views

app_name = "seasons"

urlpatterns = [
    path("saisons/<slug:slug>/", views.season_page, name="season"),
    path(
        "saisons/<slug:slug>/classement.<str:file_format>",
        views.season_file,
        name="season_file",
    ),
    path("joueurs/<int:player_id>/", views.player_page, name="player"),
    path("clubs/<slug:club>/saisons/", views.club_seasons, name="club_seasons"),
    path("clubs/<slug:club>/saisons/<slug:slug>/", views.season_edit, name="edit"),
    path(
        "clubs/<slug:club>/saisons/<slug:slug>/recalculer/",
        views.season_recompute,
        name="recompute",
    ),
]

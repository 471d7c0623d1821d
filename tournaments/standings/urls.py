"""URLs of the standings app: the public ranking, travellers and team scorecards."""

from django.urls import path

from . import views

app_name = "standings"

urlpatterns = [
    path("tournois/<slug:slug>/classement/", views.ranking, name="ranking"),
    path(
        "tournois/<slug:slug>/classement/actualiser/",
        views.ranking_fragment,
        name="ranking_fragment",
    ),
    path(
        "tournois/<slug:slug>/classement/recalculer/",
        views.request_recomputation,
        name="recompute",
    ),
    path("tournois/<slug:slug>/salle/", views.room, name="room"),
    path("tournois/<slug:slug>/salle/etat/", views.room_state, name="room_state"),
    path("tournois/<slug:slug>/salle/actualiser/", views.room_fragment, name="room_fragment"),
    path("tournois/<slug:slug>/classement/etuis/", views.travellers, name="travellers"),
    path(
        "tournois/<slug:slug>/classement/etuis/<int:board>/",
        views.traveller,
        name="traveller",
    ),
    path(
        "tournois/<slug:slug>/classement/equipes/<int:number>/",
        views.scorecard,
        name="scorecard",
    ),
]

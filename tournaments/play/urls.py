"""The card table page and the game's JSON endpoints (docs/play.md)."""

from django.urls import path

from . import views

app_name = "play"

urlpatterns = [
    path("parties/<int:game>/", views.game_table, name="table"),
    path("parties/<int:game>/etat/", views.game_state, name="game_state"),
    path("parties/<int:game>/enchere/", views.game_call, name="game_call"),
    path("parties/<int:game>/carte/", views.game_card, name="game_card"),
]

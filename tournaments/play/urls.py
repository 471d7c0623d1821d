"""The card table page, the game's JSON endpoints, « Mes parties » and the replay of a room's
board (docs/play.md)."""

from django.urls import path

from . import views, views_player

app_name = "play"

urlpatterns = [
    path("", views_player.my_games, name="my_games"),
    path("rejouer/<slug:slug>/<int:board>/", views_player.replay_board, name="replay"),
    path("parties/<int:game>/", views.game_table, name="table"),
    path("parties/<int:game>/etat/", views.game_state, name="game_state"),
    path("parties/<int:game>/enchere/", views.game_call, name="game_call"),
    path("parties/<int:game>/carte/", views.game_card, name="game_card"),
]

"""The online tournaments' pages, under /en-ligne/ (docs/online.md)."""

from django.urls import path

from . import views

app_name = "online"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("nouveau/", views.create, name="create"),
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/inscription/", views.enter, name="enter"),
    path("<slug:slug>/donnes/<int:deal>/", views.deal_results, name="deal"),
    path("<slug:slug>/donnes/<int:deal>/jouer/", views.play, name="play"),
    path("<slug:slug>/donnes/<int:deal>/abandon/", views.abandon, name="abandon"),
    path("<slug:slug>/classement/", views.ranking, name="ranking"),
    path("<slug:slug>/classement/direct/", views.ranking_fragment, name="ranking_fragment"),
]

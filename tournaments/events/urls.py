"""The events' addresses (« simultanés »)."""

from django.urls import path

from . import views

app_name = "events"

urlpatterns = [
    path("simultanes/", views.event_list, name="list"),
    path("simultanes/organisation/nouveau/", views.event_create, name="create"),
    path("simultanes/organisation/importer/", views.laptop_import, name="laptop_import"),
    path(
        "simultanes/organisation/hors-ligne/<slug:slug>/resultats/",
        views.laptop_results,
        name="laptop_results",
    ),
    path("simultanes/<slug:slug>/", views.event_page, name="event"),
    path("simultanes/<slug:slug>/classement/", views.event_ranking, name="ranking"),
    path("simultanes/<slug:slug>/etuis/<int:number>/", views.event_board, name="board"),
    path("simultanes/<slug:slug>/envoi.json", views.upload_api, name="upload_api"),
    path("simultanes/<slug:slug>/organisation/inviter/", views.event_invite, name="invite"),
    path("simultanes/<slug:slug>/organisation/ouvrir/", views.event_open, name="open"),
    path("simultanes/<slug:slug>/organisation/clore/", views.event_close, name="close"),
    path(
        "simultanes/<slug:slug>/organisation/clubs/<slug:club>/reponse/",
        views.club_answer,
        name="answer",
    ),
    path(
        "simultanes/<slug:slug>/organisation/clubs/<slug:club>/paquet/",
        views.club_package,
        name="package",
    ),
    path(
        "simultanes/<slug:slug>/organisation/clubs/<slug:club>/envoi/",
        views.club_upload,
        name="upload",
    ),
]

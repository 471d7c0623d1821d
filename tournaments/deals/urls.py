"""URLs of the deals app: public hand records and verification, the organizer's pages."""

from django.urls import path

from . import views

app_name = "deals"

urlpatterns = [
    path("tournois/<slug:slug>/donnes/", views.records, name="records"),
    path("tournois/<slug:slug>/donnes/etui/<int:number>/", views.board_detail, name="board"),
    path("tournois/<slug:slug>/donnes/export.pbn", views.export, name="export"),
    path("tournois/<slug:slug>/donnes/verification/", views.verification, name="verification"),
    path("tournois/<slug:slug>/donnes/gestion/", views.manage, name="manage"),
    path("tournois/<slug:slug>/donnes/gestion/generer/", views.generate, name="generate"),
    path("tournois/<slug:slug>/donnes/gestion/importer/", views.import_pbn, name="import"),
    path("tournois/<slug:slug>/donnes/gestion/saisir/", views.type_board, name="type_board"),
    path(
        "tournois/<slug:slug>/donnes/gestion/non-enregistrees/",
        views.unrecorded,
        name="unrecorded",
    ),
    path("tournois/<slug:slug>/donnes/gestion/publier/", views.release, name="release"),
]

"""URLs of the printing app: the staff Documents page and its actions, one team's route card,
public PDFs, downloads."""

from django.urls import path

from . import views

app_name = "printing"

ORG = "tournois/<slug:slug>/organisation/documents/"

urlpatterns = [
    path(ORG, views.documents, name="documents"),
    path(ORG + "etat/", views.documents_fragment, name="documents_fragment"),
    path(ORG + "generer/", views.request_document, name="request"),
    path(ORG + "dossier/", views.request_packet, name="request_packet"),
    path(ORG + "fiche-de-route/<int:number>.pdf", views.route_card, name="route_card"),
    path("tournois/<slug:slug>/documents/", views.public, name="public"),
    path(
        "tournois/<slug:slug>/documents/<str:kind>/<str:scope>.pdf",
        views.download,
        name="download",
    ),
]

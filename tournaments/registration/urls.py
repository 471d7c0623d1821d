"""URLs of the online registration."""

from django.urls import path

from . import views

app_name = "registration"

ORG = "tournois/<slug:slug>/organisation/inscriptions/"

urlpatterns = [
    path("tournois/<slug:slug>/inscription/", views.register, name="register"),
    path("inscription/<str:token>/", views.entry_page, name="entry"),
    path("inscription/<str:token>/annuler/", views.entry_withdraw, name="withdraw"),
    path(ORG, views.manage, name="manage"),
    path(
        ORG + "<int:entry_id>/<str:action>/",
        views.decide,
        name="decide",
    ),
]

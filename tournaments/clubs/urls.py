"""URLs of the club pages (its organizers')."""

from django.urls import path

from . import views

app_name = "clubs"

CLUB = "clubs/<slug:club>/"

urlpatterns = [
    path("clubs/", views.clubs_home, name="home"),
    path(CLUB, views.club_manage, name="manage"),
    path(CLUB + "parametres/", views.club_settings, name="settings"),
    path(CLUB + "joueurs/<int:player_id>/", views.player_edit, name="player_edit"),
    path(
        CLUB + "joueurs/<int:player_id>/anonymiser/",
        views.player_anonymise,
        name="player_anonymise",
    ),
    path(CLUB + "fusion/", views.player_merge, name="player_merge"),
    path(
        CLUB + "rattachements/<int:claim_id>/confirmer/",
        views.claim_confirm,
        name="claim_confirm",
    ),
    path(CLUB + "rattachements/<int:claim_id>/refuser/", views.claim_refuse, name="claim_refuse"),
    path("compte/clubs/", views.my_claims, name="my_claims"),
    path("compte/clubs/<int:claim_id>/retirer/", views.claim_withdraw, name="claim_withdraw"),
    path("compte/clubs/<int:claim_id>/consentement/", views.claim_consent, name="claim_consent"),
]

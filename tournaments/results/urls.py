"""URLs of the results app: the arbiter's pages under the tournament, the table-entry page."""

from django.urls import path

from . import (
    views_exchange,
    views_offline,
    views_opening,
    views_public,
    views_team_codes,
    views_team_link,
)
from .views_arbiter import corrections, dashboard, penalties, sheets
from .views_table import page, score, send, state

app_name = "results"

_BOARD = "<int:round_number>/<int:table_number>/<int:board_number>"

urlpatterns = [
    path("tournois/<slug:slug>/arbitrage/", dashboard.dashboard, name="dashboard"),
    path(
        "tournois/<slug:slug>/arbitrage/grille/",
        dashboard.dashboard_grid,
        name="dashboard_grid",
    ),
    path(
        "tournois/<slug:slug>/arbitrage/tour/<int:round_number>/demarrer/",
        dashboard.start_round,
        name="start_round",
    ),
    path("tournois/<slug:slug>/arbitrage/saisie/", sheets.entry, name="entry"),
    path(
        "tournois/<slug:slug>/arbitrage/equipe/<int:team_number>/debloquer-code/",
        views_team_codes.unlock_code,
        name="unlock_code",
    ),
    path(
        "tournois/<slug:slug>/organisation/ouvrir-la-seance/",
        views_opening.open_session,
        name="open_session",
    ),
    path(
        "tournois/<slug:slug>/arbitrage/ouvrir-tous-les-tours/",
        dashboard.open_all_rounds,
        name="open_all_rounds",
    ),
    path(
        "tournois/<slug:slug>/arbitrage/saisie/<int:round_number>/",
        sheets.entry_round,
        name="entry_round",
    ),
    path(
        "tournois/<slug:slug>/arbitrage/saisie/<int:round_number>/ligne/",
        sheets.entry_row,
        name="entry_row",
    ),
    path(
        f"tournois/<slug:slug>/arbitrage/resultat/{_BOARD}/",
        corrections.history,
        name="history",
    ),
    path(
        f"tournois/<slug:slug>/arbitrage/resultat/{_BOARD}/confirmer/",
        corrections.confirm,
        name="confirm",
    ),
    path(
        f"tournois/<slug:slug>/arbitrage/resultat/{_BOARD}/ajuster/",
        corrections.adjust,
        name="adjust",
    ),
    path(
        f"tournois/<slug:slug>/arbitrage/resultat/{_BOARD}/assigner/",
        corrections.assign,
        name="assign",
    ),
    path(
        f"tournois/<slug:slug>/arbitrage/resultat/{_BOARD}/penaliser/",
        corrections.penalize,
        name="penalize",
    ),
    path("tournois/<slug:slug>/arbitrage/penalites/", penalties.penalties, name="penalties"),
    path(
        "tournois/<slug:slug>/arbitrage/penalites/<int:penalty_id>/retirer/",
        penalties.remove_penalty,
        name="remove_penalty",
    ),
    path(
        f"tournois/<slug:slug>/arbitrage/resultat/{_BOARD}/supprimer/",
        corrections.delete,
        name="delete",
    ),
    path(
        "tournois/<slug:slug>/arbitrage/liens-des-tables/",
        dashboard.table_links,
        name="table_links",
    ),
    path("tournois/<slug:slug>/arbitrage/echange/", views_exchange.exchange_page, name="exchange"),
    path(
        "tournois/<slug:slug>/arbitrage/export/<str:fmt>/",
        views_exchange.export,
        name="export",
    ),
    path("tournois/<slug:slug>/horloge/", views_public.clock, name="clock"),
    path("table/<str:token>/", page.table_entry, name="table_entry"),
    path("table/<str:token>/score/", score.table_score, name="table_score"),
    path("table/<str:token>/envoi/", send.table_send, name="table_send"),
    path("table/<str:token>/etat/", state.table_state, name="table_state"),
    path(
        "table/<str:token>/manifest.webmanifest",
        views_offline.table_manifest,
        name="table_manifest",
    ),
    path("equipe/<str:token>/", views_team_link.team_link, name="team_link"),
    path(
        "equipe/<str:token>/manifest.webmanifest",
        views_offline.team_manifest,
        name="team_manifest",
    ),
    path("hors-ligne/sw.js", views_offline.service_worker, name="service_worker"),
]

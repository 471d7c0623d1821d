"""URLs of the api app (under /api/): the v1 resources, the OpenAPI schema, its docs page, and
the organizer's page of API tokens."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import SimpleRouter

from . import views, views_tokens

app_name = "api"

TOURNAMENT = "tournaments/<slug:slug>"

router = SimpleRouter(use_regex_path=False)
router.register("tournaments", views.TournamentViewSet, basename="tournament")
router.register(f"{TOURNAMENT}/teams", views.TeamViewSet, basename="team")
router.register(f"{TOURNAMENT}/players", views.PlayerViewSet, basename="player")
router.register(f"{TOURNAMENT}/rounds", views.RoundViewSet, basename="round")
router.register(f"{TOURNAMENT}/plan", views.PlanViewSet, basename="plan")
router.register(f"{TOURNAMENT}/boards", views.BoardViewSet, basename="board")
router.register(f"{TOURNAMENT}/results", views.ResultViewSet, basename="result")
router.register(f"{TOURNAMENT}/penalties", views.PenaltyViewSet, basename="penalty")
router.register(f"{TOURNAMENT}/scores", views.BoardScoreViewSet, basename="score")
router.register(f"{TOURNAMENT}/registrations", views.RegistrationViewSet, basename="registration")
router.register("clubs", views.ClubViewSet, basename="club")
router.register("clubs/<slug:club>/players", views.ClubPlayerViewSet, basename="club-player")
router.register("seasons", views.SeasonViewSet, basename="season")

urlpatterns = [
    path("v1/", include(router.urls)),
    path(f"v1/{TOURNAMENT}/rankings/", views.RankingView.as_view(), name="ranking"),
    path(
        "v1/seasons/<slug:slug>/ranking/",
        views.SeasonRankingView.as_view(),
        name="season-ranking",
    ),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its initialising script from ?script: no inline script (CSP).
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="api:schema", template_name="api/swagger_ui.html"
        ),
        name="docs",
    ),
    # The organizer's page (HTML, French): create and revoke the tournament's tokens.
    path("tournois/<slug:slug>/jetons/", views_tokens.tokens, name="tokens"),
    path(
        "tournois/<slug:slug>/jetons/<int:token_id>/revoquer/",
        views_tokens.revoke,
        name="token_revoke",
    ),
]

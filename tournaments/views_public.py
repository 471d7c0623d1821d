"""Public pages: the list of tournaments and each tournament's page, for players and visitors."""

from django.shortcuts import get_object_or_404, render

from . import selectors
from .models import Tournament


def home(request):
    return render(
        request,
        "tournaments/home.html",
        {
            "tournaments": selectors.listed_tournaments(),
            "managed": selectors.tournaments_managed_by(request.user),
        },
    )


def tournament_page(request, slug: str):
    tournament = get_object_or_404(
        Tournament.objects.exclude(status=Tournament.Status.DRAFT), slug=slug
    )
    teams = tournament.teams.filter(withdrawn=False).select_related("player_one", "player_two")
    return render(request, "tournaments/public.html", {"tournament": tournament, "teams": teams})

"""Season pages: the public ranking (page, PDF, CSV, XLSX), and the club organizers' pages (a
club's seasons, a season's settings and tournaments, a recomputation asked by hand)."""

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.clubs.access import club_organizer_required
from tournaments.clubs.models import ClubPlayer
from tournaments.clubs.selectors import public_name
from tournaments.setup import policy

from . import charts, exports, selectors, services
from .forms import SeasonForm
from .models import Season

FILES = {
    "csv": ("text/csv; charset=utf-8", exports.season_csv),
    "xlsx": (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        exports.season_xlsx,
    ),
    "pdf": ("application/pdf", exports.season_pdf),
}


def season_page(request, slug: str):
    season = get_object_or_404(Season.objects.select_related("club"), slug=slug)
    return render(
        request,
        "seasons/season.html",
        {
            "table": selectors.season_table(season),
            "season": season,
            "may_manage": policy.can_manage_club(request.user, season.club),
        },
    )


def season_file(request, slug: str, file_format: str):
    if file_format not in FILES:
        raise Http404
    season = get_object_or_404(Season.objects.select_related("club"), slug=slug)
    content_type, make = FILES[file_format]
    response = HttpResponse(make(selectors.season_table(season)), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{season.slug}.{file_format}"'
    return response


@club_organizer_required
def club_seasons(request, club):
    form = SeasonForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.create_season(
                club=club, values=form.values(), tournaments=form.cleaned_data["tournaments"]
            )
        except services.SeasonError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Saison créée : son classement se calcule."))
            return redirect("seasons:edit", club.slug, season.slug)
    return render(
        request,
        "seasons/club_seasons.html",
        {"club": club, "seasons": selectors.seasons_of(club), "form": form},
    )


@club_organizer_required
def season_edit(request, club, slug: str):
    season = get_object_or_404(club.seasons, slug=slug)
    form = SeasonForm(request.POST or None, club=club, season=season)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_season(
                season=season, values=form.values(), tournaments=form.cleaned_data["tournaments"]
            )
        except services.SeasonError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Saison enregistrée : son classement se recalcule."))
            return redirect("seasons:edit", club.slug, season.slug)
    return render(
        request,
        "seasons/season_edit.html",
        {
            "club": club,
            "season": season,
            "form": form,
            "table": selectors.season_table(season, full_names=True),
        },
    )


@require_POST
@club_organizer_required
def season_recompute(request, club, slug: str):
    season = get_object_or_404(club.seasons, slug=slug)
    services.request_recomputation(season_ids=[season.pk])
    messages.success(request, gettext("Le recalcul du classement de la saison est demandé."))
    return redirect("seasons:edit", club.slug, season.slug)


def player_page(request, player_id: int):
    """A player's page: every tournament played, the seasons, the chart; shareable. Only with
    the player's consent (never once anonymised), else a 404 — but for the club's organizers."""
    player = get_object_or_404(ClubPlayer.objects.select_related("club"), pk=player_id)
    if not policy.can_see_player_page(request.user, player):
        raise Http404
    full_names = policy.can_manage_club(request.user, player.club)
    played = selectors.appearances(player, full_names=full_names)
    points = [
        charts.Point(a.date, a.tournament.name, a.percentage)
        for a in played
        if a.percentage is not None
    ]
    name = player.full_name if full_names else public_name(player)
    return render(
        request,
        "seasons/player.html",
        {
            "player": player,
            "name": name,
            "appearances": played,
            "standings": selectors.standings_of(player, full_names=full_names),
            "chart": charts.percentage_chart(points, title=charts.player_chart_title(name)),
            "share_url": request.build_absolute_uri(),
            "private": not player.is_public,
        },
    )

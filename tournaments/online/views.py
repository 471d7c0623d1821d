"""The online tournaments' pages (docs/online.md): the list, a new tournament (organizers), a
tournament's page (enter, the deals to play), a deal's results and the ranking, each shown
only as ``policy`` allows."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import policy, selectors, services
from .forms import OnlineTournamentForm


def _tournament(slug: str):
    found = selectors.tournament_by_slug(slug)
    if found is None:
        raise Http404
    return found


def game_page(game) -> str:
    """The card table's page of ``game``."""
    return reverse("play:table", kwargs={"game": game.pk})


def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "online/list.html",
        {"lists": selectors.listed(), "can_create": policy.can_create_any(request.user)},
    )


@login_required
def create(request: HttpRequest) -> HttpResponse:
    if not policy.can_create_any(request.user):
        raise PermissionDenied
    form = OnlineTournamentForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.create_online_tournament(
                by=request.user,
                name=data["name"],
                club=form.club(),
                deal_count=data["deal_count"],
                instances=data["instances"],
                opens_at=data["opens_at"],
                closes_at=data["closes_at"],
                rules_preset=data["rules_preset"],
            )
        except services.OnlineError as error:
            form.add_error(None, error.message)
        else:
            return redirect("online:detail", slug=tournament.slug)
    return render(request, "online/create.html", {"form": form})


def detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(slug)
    services.reveal_deals_if_closed(tournament=tournament)
    entry = policy.entry_of(request.user, tournament)
    lines = selectors.deal_lines(tournament, entry)
    return render(
        request,
        "online/detail.html",
        {
            "tournament": tournament,
            "entry": entry,
            "lines": lines,
            "is_open": tournament.is_open(),
            "is_closed": tournament.is_closed(),
            "is_organizer": policy.is_organizer(request.user, tournament),
            "entry_count": tournament.entries.count(),
            "may_see_ranking": policy.can_see_ranking(request.user, tournament),
            "deal_set": selectors.deal_set_of(tournament),
            "results_of": {
                line.deal
                for line in lines
                if policy.can_see_deal_results(request.user, tournament, line.deal)
            },
        },
    )


@login_required
@require_POST
def enter(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(slug)
    try:
        services.enter(tournament=tournament, player=request.user)
    except services.OnlineError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Vous êtes inscrit : jouez les donnes dans l'ordre voulu."))
    return redirect("online:detail", slug=slug)


@login_required
@require_POST
def play(request: HttpRequest, slug: str, deal: int) -> HttpResponse:
    tournament = _tournament(slug)
    try:
        game = services.play_deal(tournament=tournament, player=request.user, deal=deal)
    except services.OnlineError as error:
        messages.error(request, error.message)
        return redirect("online:detail", slug=slug)
    return redirect(game_page(game))


@login_required
@require_POST
def abandon(request: HttpRequest, slug: str, deal: int) -> HttpResponse:
    tournament = _tournament(slug)
    try:
        services.abandon_deal(tournament=tournament, player=request.user, deal=deal)
    except services.OnlineError as error:
        messages.error(request, error.message)
    else:
        messages.info(request, _("Donne abandonnée : elle compte comme la plus mauvaise marque."))
    return redirect("online:detail", slug=slug)


def deal_results(request: HttpRequest, slug: str, deal: int) -> HttpResponse:
    tournament = _tournament(slug)
    if not 1 <= deal <= tournament.deal_count:
        raise Http404
    if not policy.can_see_deal_results(request.user, tournament, deal):
        return _hidden(
            request, tournament, _("Vous verrez les résultats de cette donne une fois jouée.")
        )
    return render(
        request,
        "online/deal.html",
        {
            "tournament": tournament,
            "deal": deal,
            "results": selectors.deal_results(tournament, deal),
        },
    )


def ranking(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(slug)
    services.reveal_deals_if_closed(tournament=tournament)
    if not policy.can_see_ranking(request.user, tournament):
        return _hidden(
            request,
            tournament,
            _("Le classement s'affiche quand vous avez joué toutes les donnes, ou à la clôture."),
        )
    return render(request, "online/ranking.html", _ranking_context(tournament))


def ranking_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    """The ranking's table alone, for the page's live refresh; the same access."""
    tournament = _tournament(slug)
    if not policy.can_see_ranking(request.user, tournament):
        raise PermissionDenied
    answer = render(request, "online/_ranking_table.html", _ranking_context(tournament))
    answer["Cache-Control"] = "no-store"
    return answer


def _ranking_context(tournament) -> dict:
    return {
        "tournament": tournament,
        "ranking": _with_cells(selectors.ranking(tournament), tournament.deal_count),
        "is_closed": tournament.is_closed(),
        "deals": range(1, tournament.deal_count + 1),
    }


def _with_cells(ranking: list[dict], deal_count: int) -> list[dict]:
    """Each line with one cell per deal of the tournament (None: not played yet)."""
    lines = []
    for line in ranking:
        by_deal = {score["deal"]: score for score in line["deals"]}
        cells = [by_deal.get(deal) for deal in range(1, deal_count + 1)]
        lines.append({**line, "cells": cells})
    return lines


def _hidden(request: HttpRequest, tournament, reason: str) -> HttpResponse:
    """The same answer whatever the deal's results: why they are not shown yet."""
    return render(
        request, "online/hidden.html", {"tournament": tournament, "reason": reason}, status=403
    )

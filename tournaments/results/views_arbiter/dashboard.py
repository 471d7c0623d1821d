"""The arbiter's dashboard: the live grid, the rounds started, the tables' links."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.setup import policy
from tournaments.setup.guards import arbiter_required
from tournaments.setup.models import Round

from .. import disputes, selectors, services
from ..display import flag_messages
from ..exceptions import ResultError
from ..table_links import loopback_host
from .sheets import correction_url


@require_GET
@arbiter_required
def table_links(request, tournament):
    """« Liens des tables »: each table's entry link (to copy) and QR code, printable; the same
    links as the table cards, so the same warning when no phone can open them."""
    return render(
        request,
        "results/table_links.html",
        {
            "tournament": tournament,
            "links": selectors.table_links(tournament),
            "loopback_host": loopback_host(),
        },
    )


def _flagged(request, tournament) -> list[dict] | None:
    """« Résultats à vérifier », for those who may see the hands (None for the others)."""
    if not policy.can_see_result_flags(request.user, tournament):
        return None
    return [
        {"result": result, "messages": flag_messages(result)}
        for result in selectors.flagged_results(tournament)
    ]


@require_GET
@arbiter_required
def dashboard(request, tournament):
    return render(
        request,
        "results/dashboard.html",
        {
            "tournament": tournament,
            "board": selectors.dashboard(tournament),
            "flagged": _flagged(request, tournament),
            "disputed": disputes.dashboard_items(tournament, correction_url),
            "locked_teams": services.locked_teams(tournament=tournament),
            "only_flagged": request.GET.get("filtre") == "a-verifier",
            "can_open_all_rounds": policy.can_open_all_rounds(request.user, tournament),
        },
    )


@require_GET
@arbiter_required
def dashboard_grid(request, tournament):
    """The grid alone, refreshed every few seconds by site.js (data-refresh-url)."""
    return render(
        request,
        "results/_grid.html",
        {
            "tournament": tournament,
            "board": selectors.dashboard(tournament),
            "flagged": _flagged(request, tournament),
            "disputed": disputes.dashboard_items(tournament, correction_url),
            "locked_teams": services.locked_teams(tournament=tournament),
        },
    )


@require_POST
@arbiter_required
def start_round(request, tournament, round_number: int):
    round_ = get_object_or_404(Round, tournament=tournament, number=round_number)
    try:
        services.start_round(round_=round_, by=request.user)
    except ResultError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("Tour %(number)s démarré : les tables peuvent saisir leurs résultats.")
            % {"number": round_number},
        )
    return redirect("results:dashboard", tournament.slug)


@require_POST
@arbiter_required
def open_all_rounds(request, tournament):
    """« Ouvrir tous les tours » (or close them again): organizers only."""
    open_ = request.POST.get("open") == "1"
    try:
        services.open_all_rounds(tournament=tournament, by=request.user, open_=open_)
    except ResultError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("Saisie ouverte dans tous les tours publiés.")
            if open_
            else _("Saisie ouverte seulement dans les tours démarrés."),
        )
    return redirect("results:dashboard", tournament.slug)

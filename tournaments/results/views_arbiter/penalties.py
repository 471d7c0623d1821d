"""The tournament's procedural penalties page: give one to a team, remove one."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from config.proxies import client_ip
from tournaments.request_numbers import whole_number
from tournaments.setup.guards import arbiter_required
from tournaments.setup.selectors import teams_of

from .. import selectors, services
from ..exceptions import ResultError
from ..forms import (
    PenaltyForm,
    RemovePenaltyForm,
)
from ..models import Penalty
from .corrections import _back_to_history


def _team_penalty_form(tournament, data=None) -> PenaltyForm:
    teams = [(str(team.number), str(team)) for team in teams_of(tournament)]
    return PenaltyForm(data, teams=teams, unit=services.unit_for(tournament=tournament))


@require_http_methods(["GET", "POST"])
@arbiter_required
def penalties(request, tournament):
    """« Pénalités »: every penalty (in force or removed) with its audit trail, and the form
    for a penalty on the session or on any board."""
    form = _team_penalty_form(tournament, request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            team = teams_of(tournament).get(number=int(form.cleaned_data["team"]))
            try:
                services.give_penalty(
                    tournament=tournament,
                    team=team,
                    amount=form.cleaned_data["amount"],
                    reason=form.cleaned_data["reason"],
                    board_number=form.cleaned_data.get("board"),
                    round_number=form.cleaned_data.get("round"),
                    by=request.user,
                    ip=client_ip(request),
                )
            except ResultError as error:
                messages.error(request, str(error))
                status = 400
            else:
                messages.success(request, _("Pénalité enregistrée."))
                return redirect("results:penalties", tournament.slug)
        else:
            messages.error(request, form.first_error())
            status = 400
    return render(
        request,
        "results/penalties.html",
        {
            "tournament": tournament,
            "form": form,
            "unit": services.unit_for(tournament=tournament),
            "example": services.percent_example(tournament=tournament),
            "penalties": selectors.penalties_of(tournament),
            "events": selectors.penalty_events(tournament),
        },
        status=status,
    )


@require_POST
@arbiter_required
def remove_penalty(request, tournament, penalty_id: int):
    """Remove a penalty (it stays in the audit trail); back to the page it was removed from."""
    penalty = get_object_or_404(Penalty, pk=penalty_id, tournament=tournament)
    form = RemovePenaltyForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    try:
        services.remove_penalty(
            penalty=penalty, reason=reason, by=request.user, ip=client_ip(request)
        )
        messages.success(request, _("Pénalité retirée (elle reste dans l'historique)."))
    except ResultError as error:
        messages.error(request, str(error))
    back = [whole_number(part) for part in request.POST.get("back", "").split("/")]
    if len(back) == 3 and None not in back:
        return _back_to_history(tournament, *back)
    return redirect("results:penalties", tournament.slug)

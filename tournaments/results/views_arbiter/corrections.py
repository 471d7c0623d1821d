"""A result's history and the arbiter's actions on it: confirm, adjust, assign a score, give
a penalty on the board, delete.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.proxies import client_ip
from tournaments import vocabulary
from tournaments.request_numbers import whole_number
from tournaments.setup import policy
from tournaments.setup.guards import arbiter_required

from .. import selectors, services
from ..display import flag_messages
from ..exceptions import ResultError
from ..forms import (
    AdjustmentForm,
    AssignedScoreForm,
    PenaltyForm,
)
from ..models import Result
from .sheets import _location, correction_url


@require_GET
@arbiter_required
def history(request, tournament, round_number: int, table_number: int, board_number: int):
    assignment = _location(tournament, round_number, table_number, board_number)
    sees_flags = policy.can_see_result_flags(request.user, tournament)
    story = selectors.result_history(assignment, board_number, with_flags=sees_flags)
    current = story.current
    live = current if story.state != selectors.MISSING else None
    return render(
        request,
        "results/history.html",
        {
            "tournament": tournament,
            "assignment": assignment,
            "story": story,
            "live": live,
            "adjust_form": AdjustmentForm(
                initial={
                    "version": live.version if live else None,
                    "ns_adjustment": (live.ns_adjustment if live else "") or "A",
                    "ew_adjustment": (live.ew_adjustment if live else "") or "A",
                }
            ),
            "assign_form": AssignedScoreForm(
                initial={
                    "version": live.version if live else None,
                    "ns_marks": live.ns_marks if live and live.is_assigned_score else None,
                    "ew_marks": live.ew_marks if live and live.is_assigned_score else None,
                }
            ),
            "penalty_form": _table_penalty_form(tournament, assignment),
            "penalties": selectors.board_penalties(assignment, board_number),
            "entry_url": correction_url(tournament, round_number, table_number, board_number),
            "flags": flag_messages(live) if live is not None and sees_flags else [],
        },
    )


def _table_penalty_form(tournament, assignment, data=None) -> PenaltyForm:
    """The penalty form of a board at a table: the team is chosen by its side."""
    teams = [
        (side, f"{vocabulary.side_letters(side)} — {team}")
        for side, team in zip(
            vocabulary.SIDE_VALUES, (assignment.ns_team, assignment.ew_team), strict=True
        )
        if team is not None
    ]
    return PenaltyForm(data, teams=teams, unit=services.unit_for(tournament=tournament))


def _version_posted(request, assignment, board_number: int) -> Result:
    version = whole_number(request.POST.get("version"))
    if version is None:
        raise Http404
    return get_object_or_404(
        Result, assignment=assignment, board_number=board_number, version=version
    )


def _back_to_history(tournament, round_number, table_number, board_number):
    return redirect("results:history", tournament.slug, round_number, table_number, board_number)


@require_POST
@arbiter_required
def confirm(request, tournament, round_number: int, table_number: int, board_number: int):
    assignment = _location(tournament, round_number, table_number, board_number)
    result = _version_posted(request, assignment, board_number)
    try:
        services.confirm_result(result=result, by=request.user, ip=client_ip(request))
        messages.success(request, _("Résultat confirmé."))
    except ResultError as error:
        messages.error(request, str(error))
    return _back_to_history(tournament, round_number, table_number, board_number)


@require_POST
@arbiter_required
def adjust(request, tournament, round_number: int, table_number: int, board_number: int):
    return _correct(
        request,
        tournament,
        (round_number, table_number, board_number),
        form=AdjustmentForm(request.POST),
        refused=_("Choisissez un score ajusté pour chaque camp."),
        write=services.adjust_result,
        fields=("ns_adjustment", "ew_adjustment"),
        done=_("Score ajusté enregistré."),
    )


@require_POST
@arbiter_required
def assign(request, tournament, round_number: int, table_number: int, board_number: int):
    """An assigned score in points (« NS 160, EO 0 »), compared like a played deal."""
    return _correct(
        request,
        tournament,
        (round_number, table_number, board_number),
        form=AssignedScoreForm(request.POST),
        refused=None,
        write=services.assign_score,
        fields=("ns_marks", "ew_marks"),
        done=_("Score assigné enregistré."),
    )


def _correct(request, tournament, where, *, form, refused, write, fields, done):
    """The one step of an adjusted or an assigned score: the form read (``refused`` is what a
    wrong form says; None: its first error), the service ``write`` called with the form's two
    ``fields`` and the arbiter's trace, then back to the history with what happened."""
    round_number, table_number, board_number = where
    assignment = _location(tournament, round_number, table_number, board_number)
    if not form.is_valid():
        messages.error(request, refused or next(str(e) for es in form.errors.values() for e in es))
        return _back_to_history(tournament, round_number, table_number, board_number)
    try:
        write(
            assignment=assignment,
            board_number=board_number,
            **{field: form.cleaned_data[field] for field in fields},
            by=request.user,
            ip=client_ip(request),
            replace_version=form.cleaned_data.get("version"),
        )
        messages.success(request, done)
    except ResultError as error:
        messages.error(request, str(error))
    return _back_to_history(tournament, round_number, table_number, board_number)


@require_POST
@arbiter_required
def penalize(request, tournament, round_number: int, table_number: int, board_number: int):
    """A procedural penalty on this board against one of the table's teams."""
    assignment = _location(tournament, round_number, table_number, board_number)
    form = _table_penalty_form(tournament, assignment, request.POST)
    if not form.is_valid():
        messages.error(request, form.first_error())
        return _back_to_history(tournament, round_number, table_number, board_number)
    try:
        services.give_penalty(
            tournament=tournament,
            team=assignment.team_of(form.cleaned_data["team"]),
            amount=form.cleaned_data["amount"],
            reason=form.cleaned_data["reason"],
            board_number=board_number,
            by=request.user,
            ip=client_ip(request),
        )
        messages.success(request, _("Pénalité enregistrée."))
    except ResultError as error:
        messages.error(request, str(error))
    return _back_to_history(tournament, round_number, table_number, board_number)


@require_POST
@arbiter_required
def delete(request, tournament, round_number: int, table_number: int, board_number: int):
    assignment = _location(tournament, round_number, table_number, board_number)
    result = _version_posted(request, assignment, board_number)
    try:
        services.delete_result(result=result, by=request.user, ip=client_ip(request))
        messages.success(request, _("Résultat supprimé (il reste dans l'historique)."))
    except ResultError as error:
        messages.error(request, str(error))
    return _back_to_history(tournament, round_number, table_number, board_number)

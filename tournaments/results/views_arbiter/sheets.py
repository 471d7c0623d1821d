"""The arbiter's fast entry of a round's score sheets: the whole sheet posted, or one row at a
time from the page's script (JSON).
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.proxies import client_ip
from scoring.engine.result_record import ResultValidationError, bids, parse_result
from tournaments.deals.selectors import visible_board_numbers
from tournaments.request_numbers import whole_number
from tournaments.setup import policy
from tournaments.setup.guards import arbiter_required
from tournaments.setup.models import Round

from .. import selectors, services
from ..display import record_summary
from ..exceptions import BoardNotPlayedHere, EntryInvalid, ResultError
from ..forms import (
    BID_SCALE_LIST,
    ResultRowForm,
    new_submission_key,
    row_prefix,
)
from ..models import Result


def result_json(result: Result | None) -> dict | None:
    """A version as the entry page's script shows it."""
    if result is None:
        return None
    return {
        "version": result.version,
        "status": result.status,
        "state": selectors.board_state(result),
        "status_label": str(result.get_status_display()),
        "ns": result.ns_marks,
        "ew": result.ew_marks,
        "made": result.made,
        "summary": record_summary(result.record),
        "ns_adjustment": result.ns_adjustment,
        "ew_adjustment": result.ew_adjustment,
        "record": result.record,
    }


def correction_url(tournament, round_number: int, table_number: int, board_number: int) -> str:
    """The entry sheet opened on this board's row, « Remplacer » ticked, the cursor in it."""
    prefix = row_prefix(table_number, board_number)
    url = reverse("results:entry_round", args=[tournament.slug, round_number])
    return f"{url}?corriger={prefix}#{prefix}"


@require_GET
@arbiter_required
def entry(request, tournament):
    """The entry page of the first round not complete yet."""
    round_ = selectors.first_unfinished_round(tournament)
    if round_ is None:
        messages.warning(request, _("Le plan de table n'est pas encore établi."))
        return redirect("results:dashboard", tournament.slug)
    return redirect("results:entry_round", tournament.slug, round_.number)


def _sheet_forms(request, tournament, round_, data=None, correcting: str = ""):
    """The round's sheets, a form on each row. ``correcting`` is the row to correct (its
    prefix, « t2b3 », from « Corriger dans la feuille de saisie »): « Remplacer » comes ticked
    there and the cursor starts in it."""
    rules = tournament.rule_settings()
    visible = visible_board_numbers(request.user, tournament)
    sheets = selectors.round_sheets(tournament, round_)
    for sheet in sheets:
        for row in sheet.rows:
            prefix = row_prefix(sheet.table.number, row.board)
            row.form = ResultRowForm(
                data,
                prefix=prefix,
                rules=rules,
                hands=row.hands,
                choices_from_hands=row.board in visible,
                existing=row.result,
                typed_bid=True,
            )
            row.form.name_fields(row.board)
            row.correcting = data is None and prefix == correcting
            if row.correcting:
                row.form.start_correction(replace=row.state != selectors.MISSING)
    return sheets, rules


def _unchanged(form: ResultRowForm, existing: Result | None, rules) -> bool:
    """Is the row what is stored already (a whole-sheet submission resends every row)?"""
    if existing is None or existing.record is None or form.record is None:
        return False
    try:
        return parse_result(form.record, rules).to_dict() == existing.record
    except ResultValidationError:
        return False


def _save_row(request, form, assignment, row, rules) -> Result | None:
    """Save one valid row; errors go onto the form. None when nothing had to be saved."""
    live = row.result if selectors.board_state(row.result) != selectors.MISSING else None
    replace = form.cleaned_data.get("replace")
    if live is not None and not replace and _unchanged(form, live, rules):
        return None
    try:
        return services.take_result(
            assignment=assignment,
            board_number=row.board,
            record=form.record,
            by=request.user,
            source=Result.Source.ARBITER,
            ip=client_ip(request),
            submission_key=form.cleaned_data.get("submission_key") or None,
            replace_version=form.cleaned_data.get("replace_version") if replace else None,
            shown_version=form.cleaned_data.get("replace_version"),
        )
    except EntryInvalid as error:
        form.add_problems(error.problems)
    except ResultError as error:
        form.add_error(None, str(error))
    return None


@require_http_methods(["GET", "POST"])
@arbiter_required
def entry_round(request, tournament, round_number: int):
    """A whole round's score sheets on one screen, table by table, one row per board.

    The page's script saves each row as JSON (``entry_row``); without it the whole sheet is
    posted here and every filled-in row is saved.
    """
    round_ = get_object_or_404(Round, tournament=tournament, number=round_number)
    data = request.POST if request.method == "POST" else None
    sheets, rules = _sheet_forms(
        request, tournament, round_, data, correcting=request.GET.get("corriger", "")
    )
    if request.method == "POST":
        saved = failed = 0
        for sheet in sheets:
            for row in sheet.rows:
                form = row.form
                if form.is_blank():
                    continue
                if not form.is_valid():
                    failed += 1
                    continue
                if _save_row(request, form, sheet.assignment, row, rules) is not None:
                    saved += 1
                elif form.errors:
                    failed += 1
        if saved:
            messages.success(
                request,
                ngettext(
                    "%(count)s résultat enregistré.", "%(count)s résultats enregistrés.", saved
                )
                % {"count": saved},
            )
        if not failed:
            return redirect("results:entry_round", tournament.slug, round_number)
        messages.error(
            request,
            ngettext(
                "%(count)s ligne n'a pas pu être enregistrée : voir les erreurs ci-dessous.",
                "%(count)s lignes n'ont pas pu être enregistrées : voir les erreurs ci-dessous.",
                failed,
            )
            % {"count": failed},
        )
        # The rows saved meanwhile are shown as stored.
        fresh, _rules = _sheet_forms(request, tournament, round_)
        _keep_failed_rows(sheets, fresh)
        sheets = fresh
    return render(
        request,
        "results/entry.html",
        {
            "tournament": tournament,
            "round": round_,
            "rounds": tournament.round_set.order_by("number"),
            "sheets": sheets,
            "rules": rules,
            # The suggestions of the typed bid (forms.typed_bid_field): the scale, then capot.
            "bid_scale": bids(rules),
            "bid_scale_list": BID_SCALE_LIST,
            # Étui … Passe générale, Marques, État: the errors' row spans them all.
            "sheet_columns": 11 + bool(rules.generale_bonus) + bool(rules.annonces),
            "show_flags": policy.can_see_result_flags(request.user, tournament),
        },
        status=400 if request.method == "POST" else 200,
    )


def _keep_failed_rows(posted, fresh) -> None:
    for posted_sheet, fresh_sheet in zip(posted, fresh, strict=True):
        for posted_row, fresh_row in zip(posted_sheet.rows, fresh_sheet.rows, strict=True):
            if posted_row.form.is_bound and posted_row.form.errors:
                fresh_row.form = posted_row.form


def _json_error(message: str, status: int, **extra) -> JsonResponse:
    return JsonResponse({"ok": False, "message": message, **extra}, status=status)


def _as_form_data(prefix: str, fields: dict) -> MultiValueDict:
    data = MultiValueDict()
    for name, value in fields.items():
        key = f"{prefix}-{name}"
        if isinstance(value, list):
            data.setlist(key, [str(item) for item in value])
        elif isinstance(value, bool):
            if value:
                data[key] = "on"
        elif value is not None:
            data[key] = str(value)
    return data


@require_POST
@arbiter_required(json=True)
def entry_row(request, tournament, round_number: int):
    """Save one row as JSON: ``{"table", "board", "fields": {...}}`` (the row's form fields)
    or ``{"table", "board", "record": {...}, "replace_version", "submission_key"}`` (the
    canonical record). Answers the computed marks, or the errors in French per field."""
    round_ = Round.objects.filter(tournament=tournament, number=round_number).first()
    if round_ is None:
        return _json_error(_("Ce tour n'existe pas."), 404)
    try:
        payload = json.loads(request.body or b"{}")
        table_number = whole_number(payload["table"])
        board_number = whole_number(payload["board"])
        if table_number is None or board_number is None:
            raise ValueError("table and board are whole numbers")
    except (ValueError, TypeError, KeyError, RecursionError):
        # RecursionError: a body nested too deeply for json's decoder ([[[[… by the thousand).
        return _json_error(_("Requête illisible : table, étui et résultat attendus."), 400)
    assignment = selectors.assignment_at(tournament, round_number, table_number)
    if assignment is None:
        return _json_error(
            _("La table %(table)s ne joue pas au tour %(round)s.")
            % {"table": table_number, "round": round_number},
            400,
            code="wrong_board",
        )
    try:
        services.check_board(assignment=assignment, board_number=board_number)
    except BoardNotPlayedHere as error:
        return _json_error(str(error), 400, code=error.code)
    if isinstance(payload.get("fields"), dict):
        read = _row_fields(request, tournament, assignment, board_number, payload["fields"])
    elif "record" in payload:
        read = _row_record(payload)
    else:
        read = _json_error(_("Requête illisible : table, étui et résultat attendus."), 400)
    if isinstance(read, JsonResponse):
        return read
    form, entry = read
    try:
        result = services.take_result(
            assignment=assignment,
            board_number=board_number,
            by=request.user,
            source=Result.Source.ARBITER,
            ip=client_ip(request),
            **entry,
        )
    except EntryInvalid as error:
        if form is not None:
            items = form.add_problems(error.problems)
        else:
            items = [
                {"field": item.field, "path": item.field, "code": item.code, "message": item.text()}
                for item in error.problems
            ]
        return JsonResponse({"ok": False, "errors": items}, status=400)
    except ResultError as error:
        return JsonResponse(
            {
                "ok": False,
                "code": error.code,
                "message": str(error),
                "current": result_json(getattr(error, "current", None)),
                # The row's « Remplacer » box is the way out (not a reload).
                "replace_needed": getattr(error, "needs_replace", False),
            },
            status=error.status,
        )
    return JsonResponse(
        {
            "ok": True,
            "replayed": result.is_replay,
            "result": result_json(result),
            "submission_key": new_submission_key(),
        },
        status=200 if result.is_replay else 201,
    )


def _row_fields(request, tournament, assignment, board_number: int, fields: dict):
    """A row sent as the sheet's form fields: ``(form, entry)`` (what ``take_result`` takes),
    or the answer (errors of the form, or « unchanged »)."""
    table_number = assignment.table.number
    rules = tournament.rule_settings()
    current = selectors.current_result(assignment, board_number)
    form = ResultRowForm(
        _as_form_data(row_prefix(table_number, board_number), fields),
        prefix=row_prefix(table_number, board_number),
        rules=rules,
        hands=selectors.board_hands(tournament, board_number),
        choices_from_hands=board_number in visible_board_numbers(request.user, tournament),
        existing=current,
        typed_bid=True,
    )
    if not form.is_valid():
        return JsonResponse({"ok": False, "errors": form.error_items()}, status=400)
    replace = form.cleaned_data.get("replace")
    # The row carries the version it shows (``replace_version``, kept up to date by the page's
    # script); it is sent as the replace intent only with « Remplacer » ticked.
    shown_version = form.cleaned_data.get("replace_version")
    submission_key = form.cleaned_data.get("submission_key") or None
    live = current if selectors.board_state(current) != selectors.MISSING else None
    replayed = (
        bool(submission_key) and Result.objects.filter(submission_key=submission_key).exists()
    )
    if live is not None and not replace and not replayed and _unchanged(form, live, rules):
        return JsonResponse(
            {
                "ok": True,
                "unchanged": True,
                "result": result_json(live),
                "submission_key": submission_key,
            }
        )
    return form, {
        "record": form.record,
        "submission_key": submission_key,
        "replace_version": shown_version if replace else None,
        "shown_version": shown_version,
    }


def _row_record(payload: dict):
    """A row sent as the canonical record: ``(None, entry)``, or the answer to a bad request."""
    replace_version = payload.get("replace_version")
    if replace_version is not None and not isinstance(replace_version, int):
        return _json_error(_("« replace_version » doit être un numéro de version."), 400)
    submission_key = payload.get("submission_key") or None
    if submission_key is not None and not isinstance(submission_key, str):
        return _json_error(_("« submission_key » doit être un texte."), 400)
    return None, {
        "record": payload["record"],
        "submission_key": submission_key,
        "replace_version": replace_version,
        "shown_version": None,
    }


def _location(tournament, round_number: int, table_number: int, board_number: int):
    assignment = selectors.assignment_at(tournament, round_number, table_number)
    if assignment is None:
        raise Http404
    try:
        services.check_board(assignment=assignment, board_number=board_number)
    except BoardNotPlayedHere:
        raise Http404 from None
    return assignment

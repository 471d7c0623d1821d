"""Table entry (saisie à la table): the players of a table enter and confirm their results from
a phone, through the table's secret URL printed as a QR code on its table card.

No login: the secret token is the key (a wrong one is a 404). One side says which side it is
and enters a board; the other side sees the summary with the marks and confirms or disputes it;
once confirmed only an arbiter can change it. Plain forms (POST, then redirect), no script needed.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.engine.result_record import ResultValidationError

from . import selectors, services
from .access import client_ip
from .display import SIDE_LABELS
from .exceptions import ResultError
from .forms import DisputeForm, ResultRowForm
from .models import Result

SIDES = ("NS", "EW")


def _side_key(table) -> str:
    return f"results-table-side-{table.pk}"


def _entry_open(tournament) -> bool:
    return tournament.status == tournament.Status.RUNNING


def _page_url(table, round_number: int | None, board: int | None = None) -> str:
    url = reverse("results:table_entry", args=[table.token])
    if round_number is not None:
        url += f"?tour={round_number}"
    if board is not None:
        url += f"#etui-{board}"
    return url


def _row_form(row, rules, data=None) -> ResultRowForm:
    return ResultRowForm(data, prefix=f"b{row.board}", rules=rules, hands=None, existing=row.result)


def table_entry(request, token: str):
    table = selectors.table_by_token(token)
    if table is None:
        raise Http404
    tournament = table.tournament
    if not tournament.table_entry:
        return render(
            request,
            "results/table_closed.html",
            {"tournament": tournament, "table": table},
            status=403,
        )
    rounds = selectors.table_rounds(table)
    chosen = None
    wanted = request.POST.get("round") or request.GET.get("tour")
    if wanted and wanted.isdigit():
        chosen = next((item for item in rounds if item.round.number == int(wanted)), None)
    if chosen is None:
        chosen = selectors.current_table_round(rounds)
    side = request.session.get(_side_key(table))
    rules = tournament.rule_settings()
    forms_by_board: dict[int, ResultRowForm] = {}
    dispute_forms: dict[int, DisputeForm] = {}
    status = 200

    if request.method == "POST":
        action = request.POST.get("action")
        if action == "side":
            chosen_side = request.POST.get("side")
            if chosen_side in SIDES:
                request.session[_side_key(table)] = chosen_side
            else:
                request.session.pop(_side_key(table), None)
            return redirect(_page_url(table, chosen.round.number if chosen else None))
        if chosen is None or side not in SIDES or not _entry_open(tournament):
            messages.error(request, _("La saisie n'est pas possible pour le moment."))
            return redirect(_page_url(table, None))
        row = _posted_row(request, chosen)
        if row is None:
            messages.error(request, _("Cet étui n'est pas joué à cette table dans ce tour."))
            return redirect(_page_url(table, chosen.round.number))
        outcome = _act(request, action, table, chosen, row, side, rules)
        if outcome is None:
            return redirect(_page_url(table, chosen.round.number, row.board))
        kind, form, status = outcome
        (forms_by_board if kind == "entry" else dispute_forms)[row.board] = form

    rows = []
    if chosen is not None:
        for row in chosen.rows:
            form = forms_by_board.get(row.board) or _row_form(row, rules)
            dispute = dispute_forms.get(row.board) or DisputeForm(
                initial={"version": row.result.version if row.result else None}
            )
            rows.append(_row_view(row, side, form, dispute))
    return render(
        request,
        "results/table_entry.html",
        {
            "tournament": tournament,
            "table": table,
            "rounds": rounds,
            "chosen": chosen,
            "side": side,
            "side_label": SIDE_LABELS.get(side, ""),
            "other_side_label": SIDE_LABELS.get(services.OTHER_SIDE.get(side, ""), ""),
            "rows": rows,
            "entry_open": _entry_open(tournament),
            "rules": rules,
        },
        status=status,
    )


def _posted_row(request, chosen):
    board = request.POST.get("board", "")
    if not board.isdigit():
        return None
    return next((row for row in chosen.rows if row.board == int(board)), None)


def _row_view(row, side, form, dispute) -> dict:
    """What the page offers for one board, from the point of view of ``side``."""
    state = row.state
    result = row.result
    mine = result is not None and result.entered_side == side
    return {
        "board": row.board,
        "state": state,
        "result": result if state != selectors.MISSING else None,
        "form": form,
        "dispute_form": dispute,
        "can_enter": state == selectors.MISSING,
        "can_correct": (state == selectors.ENTERED and mine) or state == selectors.DISPUTED,
        "can_confirm": state == selectors.ENTERED and not mine and side is not None,
        "waiting": state == selectors.ENTERED and mine,
        "locked": state in selectors.DONE_STATES,
    }


def _act(request, action, table, chosen, row, side, rules):
    """Carry out a table's action on one board. None on success (the page redirects); else
    ``(kind, form with errors, status)`` for the page to show again."""
    ip = client_ip(request)
    if action == "enter":
        form = _row_form(row, rules, request.POST)
        if not form.is_valid():
            return "entry", form, 400
        replace = form.cleaned_data.get("replace")
        try:
            result = services.record_result(
                chosen.assignment,
                row.board,
                form.record,
                side=side,
                source=Result.Source.TABLE,
                ip=ip,
                submission_key=form.cleaned_data.get("submission_key") or None,
                replace_version=form.cleaned_data.get("replace_version") if replace else None,
            )
        except ResultValidationError as error:
            form.add_engine_errors(error)
            return "entry", form, 400
        except ResultError as error:
            form.add_error(None, str(error))
            return "entry", form, error.status
        if not result.is_replay:
            messages.success(
                request,
                _("Étui %(board)s enregistré : à confirmer par %(side)s.")
                % {"board": row.board, "side": SIDE_LABELS[services.OTHER_SIDE[side]]},
            )
        else:
            messages.info(
                request,
                _("Étui %(board)s : cet envoi avait déjà été enregistré.") % {"board": row.board},
            )
        return None
    if action in ("confirm", "dispute"):
        form = DisputeForm(request.POST) if action == "dispute" else None
        try:
            version = int(request.POST.get("version", ""))
        except ValueError:
            version = None
        seen = Result.objects.filter(
            assignment=chosen.assignment, board_number=row.board, version=version
        ).first()
        if seen is None:
            messages.error(request, _("Ce résultat n'existe plus : rechargez la page."))
            return None
        try:
            if action == "confirm":
                services.confirm_result(seen, side=side, ip=ip)
                messages.success(request, _("Étui %(board)s confirmé.") % {"board": row.board})
            else:
                services.dispute_result(seen, request.POST.get("reason", ""), side=side, ip=ip)
                messages.warning(
                    request,
                    _("Étui %(board)s contesté : l'arbitre a été prévenu.") % {"board": row.board},
                )
        except ResultError as error:
            if form is not None:
                form.is_valid()
                form.add_error(None, str(error))
                return "dispute", form, error.status
            messages.error(request, str(error))
        return None
    messages.error(request, _("Action inconnue."))
    return None

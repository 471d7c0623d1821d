"""The phone page's outbox (``/table/<token>/envoi/``): one result, confirmation or dispute
sent by ``results/outbox.js``, answered in JSON."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.proxies import client_ip
from tournaments.request_numbers import whole_number
from tournaments.setup import policy

from .. import proofs, selectors, services
from ..exceptions import EntryInvalid, ResultError
from .phone import (
    MISSING_CODE,
    chosen_round,
    confirming_actor,
    entered_message,
    identity,
    page_url,
    posted_row,
    replaced_version,
    result_version,
    row_form,
    take_entry,
)

# What the outbox of the phone page (results/outbox.js) sends: the page's own form fields, and
# whether the player is waiting for the answer (« live ») or the phone sends what it kept while
# offline (« queued »: no message for the next page, the board is refreshed in place).
LIVE_SEND = "live"


def _send_answer(ok: bool, board, code: str, message, status: int = 200, **extra) -> JsonResponse:
    answer = JsonResponse(
        {"ok": ok, "board": board, "code": code, "message": str(message), **extra}, status=status
    )
    answer["Cache-Control"] = "no-store"
    return answer


@require_POST
def table_send(request, token: str):
    """One result, confirmation or dispute sent by the phone page's outbox, answered in JSON.

    The same fields, access and services as the page's own form (``page.table_entry``): the
    table's link, the round open, the team proved by this phone's session (an entry) or by the
    code given with the form (a confirmation or dispute by the other team). Sent again with the
    same ``submission_key``, an entry is stored once (``record_result`` replays it); a
    confirmation or dispute sent twice is the same step (``is_follow_up``). A refusal says why,
    in French, with a short ``code`` (``conflict``, ``locked``, ``closed``, ``no_team``,
    ``invalid``, ``stale``...) so that the phone keeps the board's entry and shows the message
    on it."""
    board = whole_number(request.POST.get("board"))
    place = _send_place(request, token, board)
    if isinstance(place, JsonResponse):
        return place
    table, chosen, row = place
    action = request.POST.get("action")
    team = identity(request, chosen.assignment)
    try:
        if action == "enter":
            done = _send_entry(request, table, chosen, row, team)
        elif action in ("confirm", "dispute"):
            done = _send_verdict(request, action, chosen, row, team)
        else:
            return _send_answer(False, row.board, "invalid_action", _("Action inconnue."), 400)
    except ResultError as error:
        return _send_answer(False, row.board, error.code, error, error.status)
    if isinstance(done, JsonResponse):
        return done
    result, message = done
    if result.is_replay and action == "enter":
        message = _("Étui %(board)s : cet envoi avait déjà été enregistré.") % {"board": row.board}
    if request.POST.get("outbox") == LIVE_SEND:
        messages.success(request, message)
    return _send_answer(
        True,
        row.board,
        "replayed" if result.is_replay else "stored",
        message,
        version=result.version,
        state=result.status,
        redirect=page_url(table, chosen.round.number, row.board),
    )


def _send_place(request, token: str, board: int | None):
    """The table, its round open for entry and the board sent: ``(table, chosen, row)``, or the
    refusal to answer."""
    table = selectors.table_by_token(token)
    if table is None:
        return _send_answer(False, board, "not_found", _("Cette table n'existe pas."), 404)
    chosen = chosen_round(request, selectors.table_rounds(table))
    if chosen is None or (
        request.POST.get("round") and str(chosen.round.number) != request.POST["round"]
    ):
        return _send_answer(
            False, board, "closed", _("La saisie n'est pas possible pour le moment."), 403
        )
    refusal = policy.table_closed_reason(policy.PUBLIC, chosen.assignment)
    if refusal is not None:
        return _send_answer(False, board, "closed", refusal, 403)
    row = posted_row(request, chosen)
    if row is None:
        return _send_answer(
            False,
            board,
            "wrong_board",
            _("Cet étui n'est pas joué à cette table dans ce tour."),
            400,
        )
    return table, chosen, row


def _send_invalid(row, errors) -> JsonResponse:
    return _send_answer(
        False, row.board, "invalid", _("Saisie incomplète ou incorrecte."), 400, errors=errors
    )


def _send_entry(request, table, chosen, row, team):
    """An entry by this phone's team: ``(result, message)``, or the refusal to answer."""
    if team is None:
        raise services.ResultForbidden(_(MISSING_CODE))
    form = row_form(row, table.tournament.rule_settings(), request.POST)
    if not form.is_valid():
        return _send_invalid(row, form.error_items())
    try:
        result = take_entry(
            request,
            chosen.assignment,
            row,
            form,
            team,
            table,
            replace_version=replaced_version(form),
        )
    except EntryInvalid as error:
        return _send_invalid(row, form.add_problems(error.problems))
    proofs.forget_confirmer(request, chosen.assignment)
    return result, entered_message(chosen.assignment, team, row.board)


def _send_verdict(request, action, chosen, row, team):
    """A confirmation or dispute by the other team: ``(result, message)``, or the refusal."""
    # Proof first: whether a version exists is told only to one of the table's teams.
    actor = confirming_actor(request, chosen.assignment, team)
    seen = result_version(chosen.assignment, row.board, whole_number(request.POST.get("version")))
    if seen is None:
        return _send_answer(
            False, row.board, "stale", _("Ce résultat n'existe plus : rechargez la page."), 409
        )
    ip = client_ip(request)
    if action == "confirm":
        result = services.confirm_result(result=seen, by=actor, ip=ip)
        return result, _("Étui %(board)s confirmé.") % {"board": row.board}
    reason = request.POST.get("reason", "")
    result = services.dispute_result(result=seen, reason=reason, by=actor, ip=ip)
    return result, _("Étui %(board)s contesté : l'arbitre a été prévenu.") % {"board": row.board}

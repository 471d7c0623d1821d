"""The live score of the table page's phone form (``views_table``): the deal's score as it is
filled in, before saving, scored against the rules alone."""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.engine.result_record import ResultValidationError
from tournaments.setup import policy

from .. import selectors, services
from ..display import record_summary
from ..exceptions import EntryInvalid
from .phone import chosen_round, identity, posted_row, row_form


def _json_refusal(message, status: int, code: str) -> JsonResponse:
    return JsonResponse(
        {"ok": False, "errors": [{"field": "__all__", "code": code, "message": str(message)}]},
        status=status,
    )


@require_POST
def table_score(request, token: str):
    """The live deal score of the phone form, before saving (« Nord-Sud 250 · Est-Ouest 0 »).

    The form's fields, as the page posts them, are read by the same form and scored by the
    rules engine with the tournament's rules, against the rules ALONE: never against the hands,
    which the players may not see, so the answer is the same whatever the cards. Answers the
    marks, or the errors in French (400). The same access as entering on the page: the table's
    link, the round open, the phone proved to be one of the table's teams. Reads only: nothing
    is stored, not even in the session, so the script may ask at every tap (it waits for a
    pause first)."""
    table = selectors.table_by_token(token)
    if table is None:
        return _json_refusal(_("Cette table n'existe pas."), 404, "not_found")
    if not table.tournament.table_entry:
        return _json_refusal(
            _("La saisie des résultats par les joueurs est fermée dans ce tournoi."),
            403,
            "closed",
        )
    chosen = chosen_round(request, selectors.table_rounds(table))
    refusal = policy.table_closed_reason(policy.PUBLIC, chosen.assignment) if chosen else None
    if chosen is None or refusal is not None:
        message = refusal or _("La saisie n'est pas possible pour le moment.")
        return _json_refusal(message, 403, "closed")
    if identity(request, chosen.assignment) is None:
        return _json_refusal(
            _("Donnez d'abord le code de votre équipe (il figure sur votre fiche de route)."),
            403,
            "no_team",
        )
    row = posted_row(request, chosen)
    if row is None:
        return _json_refusal(
            _("Cet étui n'est pas joué à cette table dans ce tour."), 400, "wrong_board"
        )
    form = row_form(row, table.tournament.rule_settings(), request.POST)
    if not form.is_valid():
        return JsonResponse({"ok": False, "errors": form.error_items()}, status=400)
    try:
        scored = services.score_record(data=form.record, rules=form.rules, hands=None)
    except ResultValidationError as error:
        problems = EntryInvalid.from_engine(error).problems
        return JsonResponse({"ok": False, "errors": form.add_problems(problems)}, status=400)
    score = scored.score
    answer = JsonResponse(
        {
            "ok": True,
            "ns_marks": score.ns,
            "ew_marks": score.ew,
            "made": score.made,
            "text": _("Nord-Sud %(ns)s · Est-Ouest %(ew)s") % {"ns": score.ns, "ew": score.ew},
            "verdict": "" if score.made is None else (_("fait") if score.made else _("chute")),
            "summary": record_summary(scored.record.to_dict()),
        }
    )
    answer["Cache-Control"] = "no-store"
    return answer

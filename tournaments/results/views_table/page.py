"""The table's page (``/table/<token>/``): the chosen round's boards and the forms this phone
may use; a form posted is carried out by ``actions`` and the page redirects (or shows the form
again with its errors)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie

from tournaments import vocabulary
from tournaments.setup import policy

from .. import proofs, selectors, table_page
from ..forms import DisputeForm, ResultRowForm
from ..offline import TABLE_SCOPE, offline_config
from ..where_next import where_next
from .actions import act, confirm_all, identify, identify_other
from .phone import chosen_round, identity, judging_team, page_url, posted_row, row_form


@ensure_csrf_cookie
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
    chosen = chosen_round(request, rounds)
    team = identity(request, chosen.assignment) if chosen is not None else None
    rules = tournament.rule_settings()
    forms_by_board: dict[int, ResultRowForm] = {}
    dispute_forms: dict[int, DisputeForm] = {}
    status = 200
    # Why nobody may enter here now (tournament, round not started...); None when the round is
    # open and only the team's proof is missing.
    refusal = policy.table_closed_reason(policy.PUBLIC, chosen.assignment) if chosen else None
    round_open = chosen is not None and refusal is None

    if request.method == "POST":
        if chosen is None or not round_open:
            messages.error(
                request, str(refusal or _("La saisie n'est pas possible pour le moment."))
            )
            return redirect(page_url(table, chosen.round.number if chosen else None))
        action = request.POST.get("action")
        if action == "identify":
            identify(request, chosen)
            return redirect(page_url(table, chosen.round.number))
        if action == "identify_other":
            identify_other(request, chosen, team)
            return redirect(page_url(table, chosen.round.number))
        if action == "confirm_all":
            confirm_all(request, chosen, team)
            return redirect(page_url(table, chosen.round.number))
        if action == "forget":
            proofs.forget(request, chosen.assignment)
            return redirect(page_url(table, chosen.round.number))
        row = posted_row(request, chosen)
        if row is None:
            messages.error(request, _("Cet étui n'est pas joué à cette table dans ce tour."))
            return redirect(page_url(table, chosen.round.number))
        outcome = act(request, action, table, chosen, row, team, rules)
        if outcome is None:
            return redirect(page_url(table, chosen.round.number, row.board))
        kind, form, status = outcome
        (forms_by_board if kind == "entry" else dispute_forms)[row.board] = form

    return _render_page(
        request,
        table,
        rounds,
        chosen,
        team,
        rules,
        (forms_by_board, dispute_forms),
        refusal,
        status,
    )


def _render_page(request, table, rounds, chosen, team, rules, bound, refusal, status):
    """The table's page: the chosen round's boards, their results only where this phone may
    see them (``_results_shown``), and the forms it may use (``bound``: the entry and dispute
    forms posted, by board, to show again with their errors)."""
    tournament = table.tournament
    forms, disputes = bound
    staff = policy.can_enter_any_result(request.user, tournament)
    shown = table_page.results_shown(tournament, chosen, team, staff=staff)
    judge = judging_team(request, chosen.assignment, team) if chosen is not None else None
    rows = []
    if chosen is not None:
        for row in chosen.rows:
            form = forms.get(row.board) or row_form(row, rules)
            dispute = disputes.get(row.board) or DisputeForm(
                initial={"version": row.result.version if row.result else None}
            )
            view = table_page.row_view(row, chosen.assignment, team, judge, form, dispute)
            rows.append(view if row.board in shown else table_page.hidden_row_view(view))
    side = chosen.assignment.side_of(team) if team is not None else None
    other = vocabulary.other_side(side) if side else ""
    round_open = chosen is not None and refusal is None
    finished = table_page.finished_rounds_shown(request, rounds, staff=staff)
    return render(
        request,
        "results/table_entry.html",
        {
            "tournament": tournament,
            "table": table,
            "rounds": rounds,
            # Rounds whose boards are all in, marked « ✓ » only where this phone may know it.
            "finished_rounds": finished,
            "chosen": chosen,
            "team": team,
            # The other team, proved once on this phone to accept or contest (« Accepter »).
            "judge": judge if judge is not None and judge != team else None,
            "judge_side_label": vocabulary.side_name(
                chosen.assignment.side_of(judge) or "" if judge is not None else ""
            ),
            # Boards waiting for the other team, which has not proved itself on this phone.
            "ask_other_code": any(view["waiting"] for view in rows),
            "acceptable": [view for view in rows if view["can_confirm"]],
            # Once the round is over here (as far as this phone may know): where each goes.
            "where_next": where_next(chosen.assignment)
            if chosen and chosen.round.number in finished
            else None,
            # What the page's script polls to follow the table (views_table.state).
            "live_key": table_page.live_state(
                request,
                chosen,
                rounds,
                team,
                proofs.confirming_team(request, chosen.assignment) if chosen else None,
                staff=staff,
                closed=refusal,
            )["key"],
            "side": side,
            "side_label": vocabulary.side_name(side or ""),
            "other_side_label": vocabulary.side_name(other),
            "rows": rows,
            "entry_open": round_open,
            "closed_reason": refusal if not round_open else None,
            "rules": rules,
            # The phone's buttons (results/phone_entry.js): the rules' choices, the same for
            # every board.
            "phone_options": rows[0]["form"].phone_options() if rows else None,
            # The service worker and the outbox (results/offline.js, docs/offline.md).
            "offline_config": offline_config(
                scope=TABLE_SCOPE,
                send_url=reverse("results:table_send", args=[table.token]),
            ),
        },
        status=status,
    )

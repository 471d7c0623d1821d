"""Table entry (saisie à la table): the players of a table enter and confirm their results from
a phone, through the table's secret URL printed as a QR code on its table card, or through
their team's own link printed on its route card (fiche de route).

No login. The table's link only says which table; a team says who it is with its four-digit
code (or by opening its own link, ``views_team_link``), and the phone remembers it for that meeting
(that table in that round) only (``results.proofs``).
One team enters a board; the *other* team confirms or disputes it by giving its own code on the
same phone (or from its own phone): the same proof never enters and confirms. Once confirmed,
only an arbiter can change it. Who may do what is the access policy's (``setup.policy``),
enforced again by the services. Plain forms (POST, then redirect), no script needed; with
its script (``results/phone_entry.js``) the form becomes big buttons and a number pad, and
shows the deal's score as it is filled in (``table_score``). With the offline script
(``results/offline.js``, docs/offline.md) the forms go through an outbox on the phone and are
sent to ``table_send``, which answers in JSON: what could not be sent waits on the phone.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_POST

from config.proxies import client_ip
from scoring.engine.result_record import ResultValidationError
from tournaments import vocabulary
from tournaments.request_numbers import whole_number
from tournaments.setup import policy
from tournaments.setup.models import Team

from . import proofs, selectors, services, table_page
from .exceptions import EntryInvalid, ResultError
from .forms import DisputeForm, ResultRowForm
from .models import Result
from .offline import TABLE_SCOPE, offline_config
from .where_next import where_next

MISSING_CODE = gettext_noop("Donnez le code de votre équipe (il figure sur votre fiche de route).")


def _page_url(table, round_number: int | None, board: int | None = None) -> str:
    url = reverse("results:table_entry", args=[table.token])
    if round_number is not None:
        url += f"?tour={round_number}"
    if board is not None:
        url += f"#etui-{board}"
    return url


def _row_form(row, rules, data=None) -> ResultRowForm:
    return ResultRowForm(data, prefix=f"b{row.board}", rules=rules, hands=None, existing=row.result)


def _identity(request, assignment) -> Team | None:
    """The team of this meeting (table and round) that this phone proved to be, if any."""
    return proofs.proven_team(request, assignment)


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
    chosen = _chosen_round(request, rounds)
    team = _identity(request, chosen.assignment) if chosen is not None else None
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
            return redirect(_page_url(table, chosen.round.number if chosen else None))
        action = request.POST.get("action")
        if action == "identify":
            _identify(request, chosen)
            return redirect(_page_url(table, chosen.round.number))
        if action == "identify_other":
            _identify_other(request, chosen, team)
            return redirect(_page_url(table, chosen.round.number))
        if action == "confirm_all":
            _confirm_all(request, chosen, team)
            return redirect(_page_url(table, chosen.round.number))
        if action == "forget":
            proofs.forget(request, chosen.assignment)
            return redirect(_page_url(table, chosen.round.number))
        row = _posted_row(request, chosen)
        if row is None:
            messages.error(request, _("Cet étui n'est pas joué à cette table dans ce tour."))
            return redirect(_page_url(table, chosen.round.number))
        outcome = _act(request, action, table, chosen, row, team, rules)
        if outcome is None:
            return redirect(_page_url(table, chosen.round.number, row.board))
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
    judge = _judge(request, chosen.assignment, team) if chosen is not None else None
    rows = []
    if chosen is not None:
        for row in chosen.rows:
            form = forms.get(row.board) or _row_form(row, rules)
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
            # What the page's script polls to follow the table (views_table_state).
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


def _chosen_round(request, rounds):
    """The round the page shows or the form was posted for (« ?tour= », « round »), else the
    round this phone's team plays at this table and has not finished, else the room's round.

    Never « the table's first round not finished »: which round a table link opens on would
    tell whoever holds it whether that table's other rounds are entered."""
    wanted = whole_number(request.POST.get("round") or request.GET.get("tour"))
    if wanted is not None:
        chosen = next((item for item in rounds if item.round.number == wanted), None)
        if chosen is not None:
            return chosen
    if not rounds:
        return None
    proven = proofs.proven_meetings(request)
    mine = [item for item in rounds if item.assignment.pk in proven and not item.finished]
    if mine:
        return mine[0]
    room = selectors.current_round(rounds[0].round.tournament)
    room_number = room.number if room is not None else None
    return next((item for item in rounds if item.round.number == room_number), rounds[0])


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

    The same fields, access and services as the page's own form (``table_entry``): the table's
    link, the round open, the team proved by this phone's session (an entry) or by the code
    given with the form (a confirmation or dispute by the other team). Sent again with the same
    ``submission_key``, an entry is stored once (``record_result`` replays it); a confirmation
    or dispute sent twice is the same step (``is_follow_up``). A refusal says why, in French,
    with a short ``code`` (``conflict``, ``locked``, ``closed``, ``no_team``, ``invalid``,
    ``stale``...) so that the phone keeps the board's entry and shows the message on it."""
    board = whole_number(request.POST.get("board"))
    table = selectors.table_by_token(token)
    if table is None:
        return _send_answer(False, board, "not_found", _("Cette table n'existe pas."), 404)
    tournament = table.tournament
    chosen = _chosen_round(request, selectors.table_rounds(table))
    if chosen is None or (
        request.POST.get("round") and str(chosen.round.number) != request.POST["round"]
    ):
        return _send_answer(
            False, board, "closed", _("La saisie n'est pas possible pour le moment."), 403
        )
    refusal = policy.table_closed_reason(policy.PUBLIC, chosen.assignment)
    if refusal is not None:
        return _send_answer(False, board, "closed", refusal, 403)
    row = _posted_row(request, chosen)
    if row is None:
        return _send_answer(
            False,
            board,
            "wrong_board",
            _("Cet étui n'est pas joué à cette table dans ce tour."),
            400,
        )
    live = request.POST.get("outbox") == LIVE_SEND
    action = request.POST.get("action")
    team = _identity(request, chosen.assignment)
    redirect_to = _page_url(table, chosen.round.number, row.board)
    ip = client_ip(request)
    try:
        if action == "enter":
            if team is None:
                raise services.ResultForbidden(_(MISSING_CODE))
            form = _row_form(row, tournament.rule_settings(), request.POST)
            if not form.is_valid():
                return _send_answer(
                    False,
                    row.board,
                    "invalid",
                    _("Saisie incomplète ou incorrecte."),
                    400,
                    errors=form.error_items(),
                )
            replace = form.cleaned_data.get("replace")
            try:
                result = services.take_result(
                    chosen.assignment,
                    row.board,
                    form.record,
                    by=policy.team_actor(team, table=table),
                    source=Result.Source.TABLE,
                    ip=ip,
                    submission_key=form.cleaned_data.get("submission_key") or None,
                    replace_version=form.cleaned_data.get("replace_version") if replace else None,
                )
            except EntryInvalid as error:
                return _send_answer(
                    False,
                    row.board,
                    "invalid",
                    _("Saisie incomplète ou incorrecte."),
                    400,
                    errors=form.add_problems(error.problems),
                )
            proofs.forget_confirmer(request, chosen.assignment)
            other = vocabulary.side_name(vocabulary.other_side(chosen.assignment.side_of(team)))
            message = _(
                "Étui %(board)s enregistré : à confirmer par %(side)s avec le code de leur équipe."
            ) % {"board": row.board, "side": other}
        elif action in ("confirm", "dispute"):
            # Proof first: whether a version exists is told only to one of the table's teams.
            actor = _confirming_actor(request, chosen.assignment, team)
            seen = Result.objects.filter(
                assignment=chosen.assignment,
                board_number=row.board,
                version=whole_number(request.POST.get("version")),
            ).first()
            if seen is None:
                return _send_answer(
                    False,
                    row.board,
                    "stale",
                    _("Ce résultat n'existe plus : rechargez la page."),
                    409,
                )
            if action == "confirm":
                result = services.confirm_result(seen, by=actor, ip=ip)
                message = _("Étui %(board)s confirmé.") % {"board": row.board}
            else:
                reason = request.POST.get("reason", "")
                result = services.dispute_result(seen, reason, by=actor, ip=ip)
                message = _("Étui %(board)s contesté : l'arbitre a été prévenu.") % {
                    "board": row.board
                }
        else:
            return _send_answer(False, row.board, "invalid_action", _("Action inconnue."), 400)
    except ResultError as error:
        return _send_answer(False, row.board, error.code, error, error.status)
    if result.is_replay and action == "enter":
        message = _("Étui %(board)s : cet envoi avait déjà été enregistré.") % {"board": row.board}
    if live:
        messages.success(request, message)
    return _send_answer(
        True,
        row.board,
        "replayed" if result.is_replay else "stored",
        message,
        version=result.version,
        state=result.status,
        redirect=redirect_to,
    )


def _identify(request, chosen) -> None:
    """« Code de votre équipe »: the phone becomes that team for this table."""
    assignment = chosen.assignment
    if not request.POST.get("code", "").strip():
        # The forms have no browser validation (novalidate): an empty code is told in French,
        # and is no wrong code to count.
        messages.error(request, _(MISSING_CODE))
        return
    try:
        team = services.team_by_code(assignment, request.POST.get("code", ""))
    except ResultError as error:
        messages.error(request, str(error))
        return
    proofs.prove(request, assignment.pk, team)
    side = assignment.side_of(team)
    messages.success(
        request,
        _("Vous êtes %(side)s (%(team)s).")
        % {"side": vocabulary.side_name(side), "team": team.display_name},
    )


def _posted_row(request, chosen):
    board = whole_number(request.POST.get("board"))
    return next((row for row in chosen.rows if row.board == board), None)


def _judge(request, assignment, team) -> Team | None:
    """The team that confirms or contests on this phone: the other team when it proved itself
    once on it for this meeting (``proofs.confirming_team``), else the phone's own team."""
    return proofs.confirming_team(request, assignment) or team


def _confirming_actor(request, assignment, team):
    """Who confirms or disputes: the team whose code was given with the form (an older page,
    the API's way; not remembered), else the other team proved once on this phone for the
    meeting, else the team this phone is."""
    code = request.POST.get("code")
    if code is not None:
        if not code.strip():
            raise services.ResultForbidden(_(MISSING_CODE))
        return policy.team_actor(services.team_by_code(assignment, code))
    judge = _judge(request, assignment, team)
    if judge is None:
        raise services.ResultForbidden(_(MISSING_CODE))
    return policy.team_actor(judge)


def _identify_other(request, chosen, team) -> None:
    """« L'autre équipe confirme »: the phone of the team that entered is passed across the
    table, and the other team gives its code once for the meeting; then each board is one tap.
    On a phone that is no team yet, the code simply makes it that team."""
    assignment = chosen.assignment
    code = request.POST.get("code", "")
    if not code.strip():
        messages.error(request, _(MISSING_CODE))
        return
    try:
        other = services.team_by_code(assignment, code)
    except ResultError as error:
        messages.error(request, str(error))
        return
    side = vocabulary.side_name(assignment.side_of(other))
    if team is None:
        proofs.prove(request, assignment.pk, other)
    elif other == team:
        messages.error(
            request,
            _("C'est le code de votre équipe : c'est %(side)s qui confirme, avec son code.")
            % {"side": vocabulary.side_name(vocabulary.other_side(assignment.side_of(team)))},
        )
        return
    else:
        proofs.prove_confirmer(request, assignment.pk, other)
    messages.success(
        request,
        _("%(side)s (%(team)s) : acceptez ou contestez chaque étui.")
        % {"side": side, "team": other.display_name},
    )


def _confirm_all(request, chosen, team) -> None:
    """« Tout accepter »: every board the page showed to accept, each at the version shown
    (``v<board>``), confirmed one by one by the same services (each audited)."""
    assignment = chosen.assignment
    ip = client_ip(request)
    try:
        actor = _confirming_actor(request, assignment, team)
    except ResultError as error:
        messages.error(request, str(error))
        return
    confirmed = []
    for row in chosen.rows:
        version = whole_number(request.POST.get(f"v{row.board}"))
        if version is None:
            continue
        seen = Result.objects.filter(
            assignment=assignment, board_number=row.board, version=version
        ).first()
        if seen is None:
            messages.error(request, _("Ce résultat n'existe plus : rechargez la page."))
            continue
        try:
            services.confirm_result(seen, by=actor, ip=ip)
        except ResultError as error:
            messages.error(
                request, _("Étui %(board)s : %(error)s") % {"board": row.board, "error": error}
            )
            continue
        confirmed.append(row.board)
    if confirmed:
        messages.success(
            request,
            ngettext("Étui %(boards)s confirmé.", "Étuis %(boards)s confirmés.", len(confirmed))
            % {"boards": ", ".join(str(board) for board in confirmed)},
        )


def _act(request, action, table, chosen, row, team, rules):
    """Carry out a table's action on one board. None on success (the page redirects); else
    ``(kind, form with errors, status)`` for the page to show again."""
    ip = client_ip(request)
    assignment = chosen.assignment
    if action == "enter":
        form = _row_form(row, rules, request.POST)
        if team is None:
            form.is_valid()
            form.add_error(
                None,
                _("Donnez d'abord le code de votre équipe (il figure sur votre fiche de route)."),
            )
            return "entry", form, 403
        if not form.is_valid():
            return "entry", form, 400
        replace = form.cleaned_data.get("replace")
        try:
            result = services.take_result(
                assignment,
                row.board,
                form.record,
                by=policy.team_actor(team, table=table),
                source=Result.Source.TABLE,
                ip=ip,
                submission_key=form.cleaned_data.get("submission_key") or None,
                replace_version=form.cleaned_data.get("replace_version") if replace else None,
            )
        except EntryInvalid as error:
            form.add_problems(error.problems)
            return "entry", form, 400
        except ResultError as error:
            form.add_error(None, str(error))
            return "entry", form, error.status
        # The phone is back with the team that enters: the other team's proof ends here.
        proofs.forget_confirmer(request, assignment)
        if not result.is_replay:
            other = vocabulary.other_side(assignment.side_of(team))
            messages.success(
                request,
                _(
                    "Étui %(board)s enregistré : à confirmer par %(side)s avec le code de "
                    "leur équipe."
                )
                % {"board": row.board, "side": vocabulary.side_name(other)},
            )
        else:
            messages.info(
                request,
                _("Étui %(board)s : cet envoi avait déjà été enregistré.") % {"board": row.board},
            )
        return None
    if action == "dispute_exact":
        return _dispute_exact(request, chosen, row, team, rules, table)
    if action in ("confirm", "dispute"):
        form = DisputeForm(request.POST) if action == "dispute" else None
        version = whole_number(request.POST.get("version"))
        try:
            # Proof first: whether a version exists is told only to one of the table's teams.
            actor = _confirming_actor(request, assignment, team)
            seen = Result.objects.filter(
                assignment=assignment, board_number=row.board, version=version
            ).first()
            if seen is None:
                messages.error(request, _("Ce résultat n'existe plus : rechargez la page."))
                return None
            if action == "confirm":
                services.confirm_result(seen, by=actor, ip=ip)
                messages.success(request, _("Étui %(board)s confirmé.") % {"board": row.board})
            else:
                services.dispute_result(seen, request.POST.get("reason", ""), by=actor, ip=ip)
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


def _dispute_exact(request, chosen, row, team, rules, table):
    """« Contester » with the exact result typed at once: the contesting team's record is read
    first (nothing is disputed if it is incomplete), then the entry is disputed and the record
    stored as the board's new version, entered by the contesting team: it waits for the first
    team's confirmation, and the arbiter sees both versions side by side. Each step audited."""
    assignment = chosen.assignment
    form = _row_form(row, rules, request.POST)
    ip = client_ip(request)
    try:
        actor = _confirming_actor(request, assignment, team)
    except ResultError as error:
        form.is_valid()
        form.add_error(None, str(error))
        return "entry", form, error.status
    if not form.is_valid():
        return "entry", form, 400
    try:
        # Against the rules alone, before anything is disputed: the same answer whatever the
        # cards (the entry itself is checked again by the adapter).
        services.score_record(form.record, form.rules, None)
    except ResultValidationError as error:
        form.add_problems(EntryInvalid.from_engine(error).problems)
        return "entry", form, 400
    seen = Result.objects.filter(
        assignment=assignment,
        board_number=row.board,
        version=whole_number(request.POST.get("version")),
    ).first()
    if seen is None:
        messages.error(request, _("Ce résultat n'existe plus : rechargez la page."))
        return None
    reason = request.POST.get("reason", "").strip() or _("Résultat exact saisi par %(side)s") % {
        "side": vocabulary.side_name(assignment.side_of(actor.team))
    }
    try:
        disputed = services.dispute_result(seen, reason, by=actor, ip=ip)
        services.take_result(
            assignment,
            row.board,
            form.record,
            by=policy.team_actor(actor.team, table=table),
            source=Result.Source.TABLE,
            ip=ip,
            submission_key=form.cleaned_data.get("submission_key") or None,
            replace_version=disputed.version,
        )
    except EntryInvalid as error:
        form.add_problems(error.problems)
        return "entry", form, 400
    except ResultError as error:
        form.add_error(None, str(error))
        return "entry", form, error.status
    first = vocabulary.side_name(vocabulary.other_side(assignment.side_of(actor.team)))
    messages.warning(
        request,
        _("Étui %(board)s contesté : votre résultat attend la confirmation de %(side)s.")
        % {"board": row.board, "side": first},
    )
    return None

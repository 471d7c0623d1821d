"""What the table page's forms do (``page``): a team proves itself with its code (and the other
team once, to confirm on the same phone), enters a board, confirms or disputes it (with the
exact result or not), or accepts every board at once. Messages for the page it returns to."""

from __future__ import annotations

from django.contrib import messages
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.proxies import client_ip
from scoring.engine.result_record import ResultValidationError
from tournaments import vocabulary
from tournaments.request_numbers import whole_number

from .. import proofs, services
from ..exceptions import EntryInvalid, ResultError
from ..forms import DisputeForm
from .phone import (
    MISSING_CODE,
    confirming_actor,
    entered_message,
    replaced_version,
    result_version,
    row_form,
    take_entry,
)


def identify(request, chosen) -> None:
    """« Code de votre équipe »: the phone becomes that team for this table."""
    assignment = chosen.assignment
    if not request.POST.get("code", "").strip():
        # The forms have no browser validation (novalidate): an empty code is told in French,
        # and is no wrong code to count.
        messages.error(request, _(MISSING_CODE))
        return
    try:
        team = services.team_by_code(assignment=assignment, code=request.POST.get("code", ""))
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


def identify_other(request, chosen, team) -> None:
    """« L'autre équipe confirme »: the phone of the team that entered is passed across the
    table, and the other team gives its code once for the meeting; then each board is one tap.
    On a phone that is no team yet, the code simply makes it that team."""
    assignment = chosen.assignment
    code = request.POST.get("code", "")
    if not code.strip():
        messages.error(request, _(MISSING_CODE))
        return
    try:
        other = services.team_by_code(assignment=assignment, code=code)
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


def confirm_all(request, chosen, team) -> None:
    """« Tout accepter »: every board the page showed to accept, each at the version shown
    (``v<board>``), confirmed one by one by the same services (each audited)."""
    assignment = chosen.assignment
    ip = client_ip(request)
    try:
        actor = confirming_actor(request, assignment, team)
    except ResultError as error:
        messages.error(request, str(error))
        return
    confirmed = []
    for row in chosen.rows:
        version = whole_number(request.POST.get(f"v{row.board}"))
        if version is None:
            continue
        seen = result_version(assignment, row.board, version)
        if seen is None:
            messages.error(request, _("Ce résultat n'existe plus : rechargez la page."))
            continue
        try:
            services.confirm_result(result=seen, by=actor, ip=ip)
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


def act(request, action, table, chosen, row, team, rules):
    """Carry out a table's action on one board. None on success (the page redirects); else
    ``(kind, form with errors, status)`` for the page to show again."""
    if action == "enter":
        return _enter(request, table, chosen, row, team, rules)
    if action == "dispute_exact":
        return _dispute_exact(request, chosen, row, team, rules, table)
    if action in ("confirm", "dispute"):
        return _verdict(request, action, chosen, row, team)
    messages.error(request, _("Action inconnue."))
    return None


def _enter(request, table, chosen, row, team, rules):
    """« Enregistrer »: the phone's team enters the board."""
    assignment = chosen.assignment
    form = row_form(row, rules, request.POST)
    if team is None:
        form.is_valid()
        form.add_error(
            None,
            _("Donnez d'abord le code de votre équipe (il figure sur votre fiche de route)."),
        )
        return "entry", form, 403
    if not form.is_valid():
        return "entry", form, 400
    try:
        result = take_entry(
            request, assignment, row, form, team, table, replace_version=replaced_version(form)
        )
    except ResultError as error:
        return _refused(form, error)
    # The phone is back with the team that enters: the other team's proof ends here.
    proofs.forget_confirmer(request, assignment)
    if not result.is_replay:
        messages.success(request, entered_message(assignment, team, row.board))
    else:
        messages.info(
            request,
            _("Étui %(board)s : cet envoi avait déjà été enregistré.") % {"board": row.board},
        )
    return None


def _refused(form, error: ResultError):
    """The entry form shown again with what the entry adapter refused."""
    if isinstance(error, EntryInvalid):
        form.add_problems(error.problems)
        return "entry", form, 400
    form.add_error(None, str(error))
    return "entry", form, error.status


def _verdict(request, action, chosen, row, team):
    """« Accepter » or « Contester » a board, by the other team."""
    assignment = chosen.assignment
    form = DisputeForm(request.POST) if action == "dispute" else None
    version = whole_number(request.POST.get("version"))
    ip = client_ip(request)
    try:
        # Proof first: whether a version exists is told only to one of the table's teams.
        actor = confirming_actor(request, assignment, team)
        seen = result_version(assignment, row.board, version)
        if seen is None:
            messages.error(request, _("Ce résultat n'existe plus : rechargez la page."))
            return None
        if action == "confirm":
            services.confirm_result(result=seen, by=actor, ip=ip)
            messages.success(request, _("Étui %(board)s confirmé.") % {"board": row.board})
        else:
            services.dispute_result(
                result=seen, reason=request.POST.get("reason", ""), by=actor, ip=ip
            )
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


def _dispute_exact(request, chosen, row, team, rules, table):
    """« Contester » with the exact result typed at once: the contesting team's record is read
    first (nothing is disputed if it is incomplete), then the entry is disputed and the record
    stored as the board's new version, entered by the contesting team: it waits for the first
    team's confirmation, and the arbiter sees both versions side by side. Each step audited."""
    assignment = chosen.assignment
    form = row_form(row, rules, request.POST)
    ip = client_ip(request)
    try:
        actor = confirming_actor(request, assignment, team)
    except ResultError as error:
        form.is_valid()
        form.add_error(None, str(error))
        return "entry", form, error.status
    if not form.is_valid():
        return "entry", form, 400
    try:
        # Against the rules alone, before anything is disputed: the same answer whatever the
        # cards (the entry itself is checked again by the adapter).
        services.score_record(data=form.record, rules=form.rules, hands=None)
    except ResultValidationError as error:
        form.add_problems(EntryInvalid.from_engine(error).problems)
        return "entry", form, 400
    seen = result_version(assignment, row.board, whole_number(request.POST.get("version")))
    if seen is None:
        messages.error(request, _("Ce résultat n'existe plus : rechargez la page."))
        return None
    reason = request.POST.get("reason", "").strip() or _("Résultat exact saisi par %(side)s") % {
        "side": vocabulary.side_name(assignment.side_of(actor.team))
    }
    try:
        disputed = services.dispute_result(result=seen, reason=reason, by=actor, ip=ip)
        take_entry(
            request, assignment, row, form, actor.team, table, replace_version=disputed.version
        )
    except ResultError as error:
        return _refused(form, error)
    first = vocabulary.side_name(vocabulary.other_side(assignment.side_of(actor.team)))
    messages.warning(
        request,
        _("Étui %(board)s contesté : votre résultat attend la confirmation de %(side)s.")
        % {"board": row.board, "side": first},
    )
    return None

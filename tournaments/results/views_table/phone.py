"""What the table's pages share: the round a phone is on, the team it proved to be, who
confirms, and a record taken from the phone's form through the entry adapter."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from config.proxies import client_ip
from tournaments import vocabulary
from tournaments.request_numbers import whole_number
from tournaments.setup import policy
from tournaments.setup.models import Team

from .. import proofs, selectors, services
from ..forms import ResultRowForm
from ..models import Result

MISSING_CODE = gettext_noop("Donnez le code de votre équipe (il figure sur votre fiche de route).")


def page_url(table, round_number: int | None, board: int | None = None) -> str:
    url = reverse("results:table_entry", args=[table.token])
    if round_number is not None:
        url += f"?tour={round_number}"
    if board is not None:
        url += f"#etui-{board}"
    return url


def row_form(row, rules, data=None) -> ResultRowForm:
    return ResultRowForm(data, prefix=f"b{row.board}", rules=rules, hands=None, existing=row.result)


def identity(request, assignment) -> Team | None:
    """The team of this meeting (table and round) that this phone proved to be, if any."""
    return proofs.proven_team(request, assignment)


def chosen_round(request, rounds):
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


def posted_row(request, chosen):
    board = whole_number(request.POST.get("board"))
    return next((row for row in chosen.rows if row.board == board), None)


def judging_team(request, assignment, team) -> Team | None:
    """The team that confirms or contests on this phone: the other team when it proved itself
    once on it for this meeting (``proofs.confirming_team``), else the phone's own team."""
    return proofs.confirming_team(request, assignment) or team


def confirming_actor(request, assignment, team):
    """Who confirms or disputes: the team whose code was given with the form (an older page,
    the API's way; not remembered), else the other team proved once on this phone for the
    meeting, else the team this phone is."""
    code = request.POST.get("code")
    if code is not None:
        if not code.strip():
            raise services.ResultForbidden(_(MISSING_CODE))
        return policy.team_actor(services.team_by_code(assignment=assignment, code=code))
    judge = judging_team(request, assignment, team)
    if judge is None:
        raise services.ResultForbidden(_(MISSING_CODE))
    return policy.team_actor(judge)


def result_version(assignment, board: int, version: int | None) -> Result | None:
    """That version of the board at this table (the one the page showed), if it still exists."""
    return Result.objects.filter(assignment=assignment, board_number=board, version=version).first()


def take_entry(request, assignment, row, form, team, table, *, replace_version):
    """The phone form's record through the entry adapter, entered by ``team`` at ``table``."""
    return services.take_result(
        assignment=assignment,
        board_number=row.board,
        record=form.record,
        by=policy.team_actor(team, table=table),
        source=Result.Source.TABLE,
        ip=client_ip(request),
        submission_key=form.cleaned_data.get("submission_key") or None,
        replace_version=replace_version,
    )


def replaced_version(form) -> int | None:
    """The version the entry replaces, when « Remplacer » is ticked."""
    return form.cleaned_data.get("replace_version") if form.cleaned_data.get("replace") else None


def entered_message(assignment, team, board: int) -> str:
    """What the entering team is told: the other side confirms, with its team's code."""
    other = vocabulary.side_name(vocabulary.other_side(assignment.side_of(team)))
    return _(
        "Étui %(board)s enregistré : à confirmer par %(side)s avec le code de leur équipe."
    ) % {"board": board, "side": other}

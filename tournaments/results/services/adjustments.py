"""The arbiter's own acts on a result: adjusted scores and deletion."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.duplicate import AssignedMarksProblem, assigned_marks_problem
from scoring.duplicate.assigned import MAX_ASSIGNED_MARKS
from scoring.engine.rules import Rounding
from tournaments.setup import policy
from tournaments.setup.models import TableAssignment
from tournaments.vocabulary import ADJUSTMENTS

from ..exceptions import InvalidAction
from ..models import Result, ResultEvent
from .entry import is_follow_up
from .rounds import round_results_changed
from .versions import (
    actor_label,
    actor_of,
    add_version,
    check_board,
    check_replacing,
    check_seen,
    check_staff,
    current_version,
    live_version,
    lock_table,
    log_event,
    notify_results_changed,
    user_of,
)


def adjust_result(
    *,
    assignment: TableAssignment,
    board_number: int,
    ns_adjustment: str,
    ew_adjustment: str,
    by: policy.Who | None = None,
    ip: str | None = None,
    replace_version: int | None = None,
    source: str = Result.Source.ARBITER,
    action: str = ResultEvent.Action.ADJUST,
) -> Result:
    """An adjusted score per side (average 50 %, average-plus 60 %, average-minus 40 %).

    This is how a board "not played" at a table is resolved, or a fouled board. Replacing an
    existing result needs the version the arbiter saw (``replace_version``).
    """
    check_staff(
        by=actor_of(by=by, tournament=assignment.round.tournament),
        tournament=assignment.round.tournament,
    )
    if ns_adjustment not in ADJUSTMENTS or ew_adjustment not in ADJUSTMENTS:
        raise InvalidAction(
            _("Choisissez un score ajusté pour chaque camp (moyenne, moyenne plus ou moins).")
        )
    return _write_arbiter_version(
        assignment=assignment,
        board_number=board_number,
        adjustments=(ns_adjustment, ew_adjustment),
        by=by,
        ip=ip,
        replace_version=replace_version,
        source=source,
        action=action,
    )


def assigned_marks_error(*, tournament, ns_marks, ew_marks) -> str | None:
    """What is wrong with the marks of an assigned score in this tournament, in French."""
    step = 1 if tournament.rule_settings().rounding is Rounding.NONE else 10
    problem = assigned_marks_problem(ns_marks, ew_marks, multiple_of=step)
    if problem is AssignedMarksProblem.NOT_WHOLE:
        return _("Les marques d'un score assigné sont des nombres entiers, 0 ou plus.")
    if problem is AssignedMarksProblem.TOO_HIGH:
        return _("Un score assigné donne au plus %(max)s points à un camp.") % {
            "max": MAX_ASSIGNED_MARKS
        }
    if problem is AssignedMarksProblem.NOT_ROUNDED:
        return _("Les marques sont arrondies à la dizaine dans ce tournoi : 160, pas 155.")
    return None


def assign_score(
    *,
    assignment: TableAssignment,
    board_number: int,
    ns_marks: int,
    ew_marks: int,
    by: policy.Who | None = None,
    ip: str | None = None,
    replace_version: int | None = None,
) -> Result:
    """An assigned score in points (score assigné): the marks of each side, as on a deal
    (« NS 160, EO 0 »), given by the arbiter instead of the deal's result. It is compared with
    the other tables like a played deal. Replacing a result needs the version the arbiter saw.
    """
    tournament = assignment.round.tournament
    check_staff(by=actor_of(by=by, tournament=tournament), tournament=tournament)
    error = assigned_marks_error(tournament=tournament, ns_marks=ns_marks, ew_marks=ew_marks)
    if error is not None:
        raise InvalidAction(error)
    return _write_arbiter_version(
        assignment=assignment,
        board_number=board_number,
        marks=(ns_marks, ew_marks),
        by=by,
        ip=ip,
        replace_version=replace_version,
        source=Result.Source.ARBITER,
        action=ResultEvent.Action.ASSIGN,
    )


def _write_arbiter_version(*, assignment, board_number: int, **version) -> Result:
    """The board checked, the table locked, the arbiter's version stored, the round told."""
    check_board(assignment=assignment, board_number=board_number)
    with transaction.atomic():
        locked = lock_table(assignment=assignment)
        result = store_arbiter_version(assignment=locked, board_number=board_number, **version)
        round_results_changed(round_=locked.round, board_numbers=[board_number])
    result.is_replay = False
    return result


def store_arbiter_version(
    *,
    assignment: TableAssignment,
    board_number: int,
    marks: tuple[int | None, int | None] = (None, None),
    adjustments: tuple[str, str] = ("", ""),
    by: policy.Who | None,
    ip: str | None,
    replace_version: int | None,
    source: str,
    action: str,
) -> Result:
    """The arbiter's own version of a board, assigned (``marks``) or adjusted (40/50/60 %:
    ``adjustments``) — no record, confirmed at once — stored as the new current version (the
    table is locked), replacing the version the arbiter saw, with its audit event."""
    previous = current_version(assignment=assignment, board_number=board_number)
    check_replacing(live=live_version(result=previous), replace_version=replace_version)
    result = add_version(
        assignment=assignment,
        board_number=board_number,
        previous=previous,
        status=Result.Status.ADJUSTED,
        source=source,
        record=None,
        ns_marks=marks[0],
        ew_marks=marks[1],
        made=None,
        score_detail={},
        ns_adjustment=adjustments[0],
        ew_adjustment=adjustments[1],
        entered_by=user_of(by=by),
        confirmed_at=timezone.now(),
        confirmed_by=user_of(by=by),
    )
    log_event(
        action=action,
        assignment=assignment,
        board_number=board_number,
        result=result,
        before=previous,
        by=by,
        label=actor_label(assignment=assignment, team=None, source=source),
        ip=ip,
    )
    return result


def delete_result(*, result: Result, by: policy.Who | None = None, ip: str | None = None) -> Result:
    """Delete the result the arbiter saw: a DELETED version becomes current, nothing is removed.

    The board is then missing again at that table and may be entered anew.
    """
    check_staff(by=actor_of(by=by, tournament=result.tournament), tournament=result.tournament)
    with transaction.atomic():
        assignment = lock_table(assignment=result.assignment)
        current = current_version(assignment=assignment, board_number=result.board_number)
        if is_follow_up(result=result, current=current, status=Result.Status.DELETED):
            current.is_replay = True
            return current
        current = check_seen(current=live_version(result=current), seen_version=result.version)
        deleted = add_version(
            assignment=assignment,
            board_number=result.board_number,
            previous=current,
            status=Result.Status.DELETED,
            source=Result.Source.ARBITER,
            record=None,
            entered_by=user_of(by=by),
        )
        log_event(
            action=ResultEvent.Action.DELETE,
            assignment=assignment,
            board_number=result.board_number,
            result=deleted,
            before=current,
            by=by,
            ip=ip,
        )
        notify_results_changed(tournament=result.tournament, board_numbers=[result.board_number])
    deleted.is_replay = False
    return deleted

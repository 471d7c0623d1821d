"""Import of a whole results file (JSON lines, CSV or XLSX read by ``exchange``): all or nothing.

Reached through the entry adapter (``intake.take_results``). The records are checked with what
the uploader may see (``versions.oracle_boards``): for a board whose hands the uploader may not
see, against the rules alone, the hands' disagreements stored as flags; so a rejected file says
nothing of the cards to whoever may not see them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine.result_record import ResultValidationError
from tournaments.setup import policy
from tournaments.setup.models import TableAssignment, Tournament

from ..exceptions import (
    ALREADY_ENTERED,
    BoardNotPlayedHere,
    EntryInvalid,
    ImportRejected,
    LineError,
)
from ..models import Result, ResultEvent
from ..selectors import hands_by_board
from .adjustments import assigned_marks_error, store_arbiter_version
from .entry import store_entry
from .versions import (
    Scored,
    actor_of,
    check_board,
    check_staff,
    current_version,
    live_version,
    notify_results_changed,
    oracle_boards,
    score_record,
)


@dataclass(frozen=True)
class ImportEntry:
    """One line of an import file, already read by ``exchange``: where, and what.

    Exactly one of ``record`` (the canonical record), ``adjustment`` (``(ns, ew)`` adjusted
    scores) and ``assigned`` (``(ns, ew)`` marks of an assigned score) is given.
    """

    line: int
    round: int
    table: int
    board: int
    record: Mapping[str, Any] | None = None
    adjustment: tuple[str, str] | None = None
    assigned: tuple[int, int] | None = None


Plan = list[tuple[ImportEntry, TableAssignment, Scored | None]]


def import_results(
    *,
    tournament: Tournament,
    entries: Iterable[ImportEntry],
    by: policy.Who | None = None,
    ip: str | None = None,
    replace: bool = False,
    known_errors: Iterable[LineError] = (),
    visible: set[int] | None = None,
) -> list[Result]:
    """Store every entry as a confirmed result, or nothing at all.

    Every line is checked first (the table plays that board in that round, the record is
    valid for the tournament's rules, and for its hands where ``by`` may see them, no board
    twice in the file, and, unless ``replace``, no result there yet); any bad line raises
    ``ImportRejected`` listing them all, with ``known_errors`` (lines the file reader could not
    read). With ``replace`` an existing result is replaced by a new version. ``by=None`` is the
    system (a command run by the site's owner): it may be told everything. ``visible``: the
    boards whose hands ``by`` may see (the entry adapter's oracle), else asked here.
    """
    actor = actor_of(by=by, tournament=tournament)
    check_staff(by=actor, tournament=tournament)
    errors: list[LineError] = list(known_errors)
    plan = _checked_plan(tournament, list(entries), actor, errors, visible)
    if not replace:
        existing = {
            (result.round.number, result.table.number, result.board_number)
            for result in Result.objects.filter(tournament=tournament, is_current=True)
            .exclude(status=Result.Status.DELETED)
            .select_related("round", "table")
        }
        for entry, _assignment, _scored in plan:
            if (entry.round, entry.table, entry.board) in existing:
                errors.append(LineError(entry.line, str(ALREADY_ENTERED)))
    if errors:
        raise ImportRejected(sorted(errors, key=lambda error: error.line))
    with transaction.atomic():
        stored = _store_plan(plan, by=by, ip=ip, replace=replace)
        if stored:
            notify_results_changed(
                tournament=tournament, board_numbers=sorted({entry.board for entry, _a, _s in plan})
            )
    return stored


def _checked_plan(
    tournament: Tournament,
    entries: list[ImportEntry],
    actor: policy.Actor | None,
    errors: list[LineError],
    visible: set[int] | None,
) -> Plan:
    """Every entry checked (its errors added to ``errors``); the valid ones, scored."""
    rules = tournament.rule_settings()
    hands = hands_by_board(tournament)
    if visible is None:
        # Asked before any record is read, whatever the records say (see ``score_record``).
        visible = oracle_boards(by=actor, tournament=tournament, board_numbers=hands)
    assignments = {
        (assignment.round.number, assignment.table.number): assignment
        for assignment in TableAssignment.objects.filter(
            round__tournament=tournament
        ).select_related("round__tournament", "table")
    }
    plan: Plan = []
    seen: dict[tuple[int, int, int], int] = {}
    for entry in entries:
        assignment = assignments.get((entry.round, entry.table))
        problem = _place_problem(entry, assignment, seen)
        if problem is not None:
            errors.append(LineError(entry.line, problem))
            continue
        seen[(entry.round, entry.table, entry.board)] = entry.line
        scored = None
        if entry.record is not None:
            try:
                scored = score_record(
                    data=entry.record,
                    rules=rules,
                    hands=hands.get(entry.board),
                    hands_visible=entry.board in visible,
                )
            except ResultValidationError as error:
                errors.extend(
                    LineError(entry.line, f"{item.field} : {item.text()}")
                    for item in EntryInvalid.from_engine(error).problems
                )
                continue
        if entry.assigned is not None:
            ns_marks, ew_marks = entry.assigned
            problem = assigned_marks_error(
                tournament=tournament, ns_marks=ns_marks, ew_marks=ew_marks
            )
            if problem is not None:
                errors.append(LineError(entry.line, problem))
                continue
        plan.append((entry, assignment, scored))
    return plan


def _place_problem(
    entry: ImportEntry, assignment: TableAssignment | None, seen: dict[tuple[int, int, int], int]
) -> str | None:
    """What is wrong with where the line puts its result (None: nothing)."""
    if assignment is None:
        return _("la table %(table)s ne joue pas au tour %(round)s.") % {
            "table": entry.table,
            "round": entry.round,
        }
    try:
        check_board(assignment=assignment, board_number=entry.board)
    except BoardNotPlayedHere as error:
        return str(error)
    key = (entry.round, entry.table, entry.board)
    if key in seen:
        return _(
            "l'étui %(board)s de la table %(table)s au tour %(round)s figure déjà ligne %(other)s."
        ) % {"board": entry.board, "table": entry.table, "round": entry.round, "other": seen[key]}
    return None


def _store_plan(plan: Plan, *, by, ip: str | None, replace: bool) -> list[Result]:
    """Store the checked entries, each table locked (in the caller's transaction)."""
    stored: list[Result] = []
    locked = {
        assignment.pk: assignment
        for assignment in TableAssignment.objects.select_for_update(of=("self",))
        .filter(pk__in={assignment.pk for _entry, assignment, _scored in plan})
        .select_related("round__tournament", "table")
        .order_by("pk")
    }
    for entry, assignment, scored in plan:
        assignment = locked[assignment.pk]
        current = live_version(
            result=current_version(assignment=assignment, board_number=entry.board)
        )
        if current is not None and not replace:
            # Someone entered it while the file was being checked.
            raise ImportRejected([LineError(entry.line, str(ALREADY_ENTERED))])
        options = {
            "by": by,
            "ip": ip,
            "replace_version": current.version if current is not None else None,
            "action": ResultEvent.Action.IMPORT,
        }
        if scored is not None:
            stored.append(
                store_entry(
                    assignment=assignment,
                    board_number=entry.board,
                    scored=scored,
                    team=None,
                    source=Result.Source.IMPORT,
                    submission_key=None,
                    **options,
                )
            )
        else:
            stored.append(
                store_arbiter_version(
                    assignment=assignment,
                    board_number=entry.board,
                    marks=entry.assigned or (None, None),
                    adjustments=("", "") if entry.assigned else entry.adjustment,
                    source=Result.Source.IMPORT,
                    **options,
                )
            )
    return stored

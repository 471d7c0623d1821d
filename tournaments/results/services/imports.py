"""Import of a whole results file (JSON lines or CSV read by ``exchange``): all or nothing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine.result_record import ResultValidationError
from tournaments.setup.models import TableAssignment, Tournament

from ..display import engine_message
from ..exceptions import ALREADY_ENTERED, BoardNotPlayedHere, ImportRejected, LineError
from ..models import Result, ResultEvent
from ..selectors import hands_by_board
from .adjustments import assigned_marks_error, store_adjustment, store_assigned
from .entry import store_entry
from .versions import (
    Scored,
    actor_of,
    check_board,
    check_staff,
    current_version,
    live_version,
    notify_results_changed,
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


def render_engine_error(error) -> str:
    """An engine field error in the active language and its notation (« il manque V♠ »)."""
    return engine_message(error.message, error.params)


def import_results(
    tournament: Tournament,
    entries: Iterable[ImportEntry],
    *,
    by=None,
    ip: str | None = None,
    replace: bool = False,
    known_errors: Iterable[LineError] = (),
) -> list[Result]:
    """Store every entry as a confirmed result, or nothing at all.

    Every line is checked first (the table plays that board in that round, the record is
    valid for the tournament's rules and hands, no board twice in the file, and, unless
    ``replace``, no result there yet); any bad line raises ``ImportRejected`` listing them
    all, with ``known_errors`` (lines the file reader could not read). With ``replace`` an
    existing result is replaced by a new version.
    """
    check_staff(actor_of(by, tournament), tournament)
    entries = list(entries)
    rules = tournament.rule_settings()
    hands = hands_by_board(tournament)
    assignments = {
        (assignment.round.number, assignment.table.number): assignment
        for assignment in TableAssignment.objects.filter(
            round__tournament=tournament
        ).select_related("round__tournament", "table")
    }
    errors: list[LineError] = list(known_errors)
    plan: list[tuple[ImportEntry, TableAssignment, Scored | None]] = []
    seen: dict[tuple[int, int, int], int] = {}
    for entry in entries:
        assignment = assignments.get((entry.round, entry.table))
        if assignment is None:
            errors.append(
                LineError(
                    entry.line,
                    _("la table %(table)s ne joue pas au tour %(round)s.")
                    % {"table": entry.table, "round": entry.round},
                )
            )
            continue
        try:
            check_board(assignment, entry.board)
        except BoardNotPlayedHere as error:
            errors.append(LineError(entry.line, str(error)))
            continue
        key = (entry.round, entry.table, entry.board)
        if key in seen:
            errors.append(
                LineError(
                    entry.line,
                    _(
                        "l'étui %(board)s de la table %(table)s au tour %(round)s figure déjà "
                        "ligne %(other)s."
                    )
                    % {
                        "board": entry.board,
                        "table": entry.table,
                        "round": entry.round,
                        "other": seen[key],
                    },
                )
            )
            continue
        seen[key] = entry.line
        scored = None
        if entry.record is not None:
            try:
                scored = score_record(entry.record, rules, hands.get(entry.board))
            except ResultValidationError as error:
                for field_error in error.errors:
                    errors.append(
                        LineError(
                            entry.line,
                            f"{field_error.field} : {render_engine_error(field_error)}",
                        )
                    )
                continue
        if entry.assigned is not None:
            problem = assigned_marks_error(tournament, *entry.assigned)
            if problem is not None:
                errors.append(LineError(entry.line, problem))
                continue
        plan.append((entry, assignment, scored))
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
    stored: list[Result] = []
    with transaction.atomic():
        locked = {
            assignment.pk: assignment
            for assignment in TableAssignment.objects.select_for_update(of=("self",))
            .filter(pk__in={assignment.pk for _entry, assignment, _scored in plan})
            .select_related("round__tournament", "table")
            .order_by("pk")
        }
        for entry, assignment, scored in plan:
            assignment = locked[assignment.pk]
            current = live_version(current_version(assignment, entry.board))
            if current is not None and not replace:
                # Someone entered it while the file was being checked.
                raise ImportRejected([LineError(entry.line, str(ALREADY_ENTERED))])
            seen_version = current.version if current is not None else None
            if scored is not None:
                stored.append(
                    store_entry(
                        assignment,
                        entry.board,
                        scored,
                        by=by,
                        team=None,
                        source=Result.Source.IMPORT,
                        ip=ip,
                        submission_key=None,
                        replace_version=seen_version,
                        action=ResultEvent.Action.IMPORT,
                    )
                )
            elif entry.assigned is not None:
                stored.append(
                    store_assigned(
                        assignment,
                        entry.board,
                        *entry.assigned,
                        by=by,
                        ip=ip,
                        replace_version=seen_version,
                        source=Result.Source.IMPORT,
                        action=ResultEvent.Action.IMPORT,
                    )
                )
            else:
                ns_adjustment, ew_adjustment = entry.adjustment
                stored.append(
                    store_adjustment(
                        assignment,
                        entry.board,
                        ns_adjustment,
                        ew_adjustment,
                        by=by,
                        ip=ip,
                        replace_version=seen_version,
                        source=Result.Source.IMPORT,
                        action=ResultEvent.Action.IMPORT,
                    )
                )
        if stored:
            notify_results_changed(
                tournament, board_numbers=sorted({entry.board for entry, _a, _s in plan})
            )
    return stored

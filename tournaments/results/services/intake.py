"""The entry adapter: every path that takes a result record goes through here.

The phone form and the phone's outbox (``views_table``), the arbiter's sheet (``views_arbiter``,
a whole sheet posted or one row as JSON), the API (an arbiter, an organizer or a table device)
take one record with ``take_result``; the results import (``exchange.import_file``: the
arbiter's upload page and ``manage.py import_results``) takes a whole file with
``take_results``. No other code of the site calls ``record_result``, ``import_results`` or
``store_entry`` (the demo's own generated results excepted): ``tests/integrity/test_entry_paths.py``
reads the code and fails when a new path appears that its table of paths does not run.

One oracle rule (``versions.oracle_boards``), decided here from who acts (``by``, an ``Oracle``
for one board, the set of boards for a file) and handed to the services: a caller who may
see a board's hands (``policy.can_see_board_hands``: organizers, arbiters where the tournament
allows it, an API token whose scope keeps that right; ``None``, the system, sees everything) has
the record checked against the hands and is told every disagreement; anyone else (a team, a table
device, an arbiter without hand rights, a token capped below them) has it checked against the
rules alone, and what the hands contradict is stored as the result's flags, for the staff who
see hands. The access check is asked before the record is read (``versions.score_record``).

One error shape: a record the rules refuse raises ``EntryInvalid`` (its ``problems``: field,
code, message template and params); a refused write raises the other ``ResultError``s (code,
status, message); an import raises ``ImportRejected`` (line errors built from the same
problems). Each surface renders them its own single way: form errors in French on the pages,
the API's structured 400 (``api.errors.FieldErrors.from_problems``), JSON items on the sheet and
the outbox, « Ligne 3 : annonces.0 : … » for an import.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scoring.engine.cards import Hand, Seat
from scoring.engine.record_errors import HAND_CODES, ResultValidationError
from tournaments.setup import policy
from tournaments.setup.models import TableAssignment, Tournament

from ..exceptions import EntryInvalid, LineError
from ..models import Result
from .entry import UNREAD, record_result
from .imports import ImportEntry, import_results
from .versions import actor_of, oracle_boards


class Oracle:
    """What one caller may be told about one board's hands: asked at most once, by
    ``score_record`` before it reads the record (never only when the record disagrees with the
    cards: the time of the answer would tell). ``answer`` is None until asked (a board without
    hands is never asked: there is nothing to tell)."""

    def __init__(
        self, actor: policy.Actor | None, tournament: Tournament, board_number: int
    ) -> None:
        self.actor = actor
        self.tournament = tournament
        self.board_number = board_number
        self.answer: bool | None = None

    def __call__(self) -> bool:
        if self.answer is None:
            boards = oracle_boards(
                by=self.actor, tournament=self.tournament, board_numbers=[self.board_number]
            )
            self.answer = self.board_number in boards
        return self.answer

    def refusal(self, error: ResultValidationError) -> EntryInvalid:
        """The engine's refusal as the caller may be told it: for a caller who may not see the
        hands, never a problem only the hands can tell (the engine, checking the rules alone,
        finds none; this holds it whatever a later change of the engine does)."""
        refusal = EntryInvalid.from_engine(error)
        if self.answer:
            return refusal
        return EntryInvalid(item for item in refusal.problems if item.code not in HAND_CODES)


def take_result(
    *,
    assignment: TableAssignment,
    board_number: int,
    record: Mapping[str, Any],
    by: policy.Who,
    source: str,
    ip: str | None = None,
    submission_key: str | None = None,
    replace_version: int | None = None,
    shown_version: int | None = None,
    hands: Mapping[Seat, Hand] | None | object = UNREAD,
) -> Result:
    """Take one result record of ``board_number`` at this table from ``by``: the version
    stored (``is_replay`` when a repeated ``submission_key`` stored nothing).

    Raises ``EntryInvalid`` (what the caller may be told of the record's problems) or another
    ``ResultError`` (forbidden, conflict, locked, board not played here...). The rest as
    ``entry.record_result``, which this calls once with the caller's policy actor (read once,
    here) and its ``Oracle``: no query of its own, the hot path of an entry stays as measured
    in docs/performance.md."""
    actor = actor_of(by=by, tournament=assignment.round.tournament)
    oracle = Oracle(actor, assignment.round.tournament, board_number)
    try:
        return record_result(
            assignment=assignment,
            board_number=board_number,
            data=record,
            by=actor,
            source=source,
            ip=ip,
            submission_key=submission_key,
            replace_version=replace_version,
            shown_version=shown_version,
            hands=hands,
            hands_visible=oracle,
        )
    except ResultValidationError as error:
        raise oracle.refusal(error) from None


def take_results(
    *,
    tournament: Tournament,
    entries: Iterable[ImportEntry],
    by: policy.Who,
    ip: str | None = None,
    replace: bool = False,
    known_errors: Iterable[LineError] = (),
) -> list[Result]:
    """Take a whole file's entries from ``by`` (``None``: the system), all or nothing: the
    results stored, or ``ImportRejected`` listing every bad line (``imports.import_results``),
    each record checked with the hands of the boards ``by`` may see (decided here, before any
    line is read) and against the rules alone for the others."""
    actor = actor_of(by=by, tournament=tournament)
    boards = tournament.boards.values_list("number", flat=True)
    return import_results(
        tournament=tournament,
        entries=entries,
        by=actor,
        ip=ip,
        replace=replace,
        known_errors=known_errors,
        visible=oracle_boards(by=actor, tournament=tournament, board_numbers=boards),
    )

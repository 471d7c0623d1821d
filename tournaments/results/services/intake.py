"""The entry adapter: every path that takes a result record goes through here.

The phone form and the phone's outbox (``views_table``), the arbiter's sheet (``views_arbiter``,
a whole sheet posted or one row as JSON), the API (an arbiter, an organizer or a table device)
take one record with ``take_result``; the results import (``exchange.import_file``: the
arbiter's upload page and ``manage.py import_results``) takes a whole file with
``take_results``. No other code of the site calls ``record_result``, ``import_results`` or
``store_entry`` (the demo's own generated results excepted): ``tests/integrity/test_entry_paths.py``
reads the code and fails when a new path appears that its table of paths does not run.

One oracle rule (``versions.oracle_boards``), decided from who acts (``by``): a caller who may
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
from scoring.engine.record_errors import ResultValidationError
from tournaments.setup.models import TableAssignment, Tournament

from ..exceptions import EntryInvalid, LineError
from ..models import Result
from .entry import UNREAD, record_result
from .imports import ImportEntry, import_results


def take_result(
    assignment: TableAssignment,
    board_number: int,
    record: Mapping[str, Any],
    *,
    by,
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
    ``entry.record_result``, which this calls once, with no query of its own: the hot path of
    an entry stays as measured in docs/performance.md."""
    try:
        return record_result(
            assignment,
            board_number,
            record,
            by=by,
            source=source,
            ip=ip,
            submission_key=submission_key,
            replace_version=replace_version,
            shown_version=shown_version,
            hands=hands,
        )
    except ResultValidationError as error:
        raise EntryInvalid.from_engine(error) from None


def take_results(
    tournament: Tournament,
    entries: Iterable[ImportEntry],
    *,
    by,
    ip: str | None = None,
    replace: bool = False,
    known_errors: Iterable[LineError] = (),
) -> list[Result]:
    """Take a whole file's entries from ``by`` (``None``: the system), all or nothing: the
    results stored, or ``ImportRejected`` listing every bad line (``imports.import_results``),
    each record checked with what ``by`` may see."""
    return import_results(
        tournament, entries, by=by, ip=ip, replace=replace, known_errors=known_errors
    )

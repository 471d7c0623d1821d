"""Writes on results (résultats): entry, confirmation, dispute, adjustment, deletion, import.

The only place results are written. Every write runs in one transaction that first locks the
table plan row (``TableAssignment``) with ``select_for_update``: writers of one table queue up,
so concurrent submissions for a board give one winner and clear conflicts to the others (the
partial unique constraint on current versions backs this up). A write never overwrites a row:
it adds a new version and marks the previous one as no longer current, records the audit event
(who, when, from which address, before and after) and marks the standings stale, all in the
same transaction.

Who acts (``by``), checked here against the access policy (``tournaments.setup.policy``) whatever
the caller: a user or an ``Actor`` with the arbiter role enters, confirms, adjusts and deletes
any result, confirmed at once; a team that proved who it is (``policy.team_actor``: its code
or its own link) enters its own table's results in a round open for entry, and that entry waits
for the *other* team's confirmation; ``None`` is the system itself (commands, imports, demo
data). Anyone else is refused with ``ResultForbidden``.

Secrecy: a record is checked against the board's hands only for those who may see them. For
everyone else it is checked against the rules alone and stored; what disagrees with the hands
becomes ``Result.flags`` for the staff who may see hands, and nothing derived from the hands
goes back to the one who entered it.

Every path that takes a result record (phone, outbox, sheet, API, import) goes through one
entry adapter, ``intake.take_result`` / ``intake.take_results``: one oracle rule, one error
shape (docs/security.md).

The package splits the writes by job: ``entry`` (enter, confirm, dispute), ``adjustments``
(adjusted and assigned scores, deletion), ``penalties`` (procedural penalties), ``rounds``
(which rounds are open to the tables), ``imports`` (a whole file), all on the shared versioned
store of ``versions``. Demo results are in
``results.demo``.
"""

from ..exceptions import InvalidAction, ResultForbidden
from .adjustments import adjust_result, assign_score, delete_result
from .entry import confirm_result, dispute_result, record_result
from .imports import ImportEntry, import_results
from .intake import take_result, take_results
from .penalties import give_penalty, percent_example, remove_penalty, unit_for
from .rounds import open_all_rounds, start_round
from .team_codes import (
    MAX_CODE_FAILURES,
    locked_teams,
    team_by_code,
    unlock_team_code,
)
from .versions import (
    MAX_REASON_LENGTH,
    Scored,
    actor_label,
    check_board,
    score_record,
    snapshot,
)

__all__ = [
    "MAX_CODE_FAILURES",
    "MAX_REASON_LENGTH",
    "ImportEntry",
    "InvalidAction",
    "ResultForbidden",
    "Scored",
    "actor_label",
    "adjust_result",
    "assign_score",
    "check_board",
    "confirm_result",
    "delete_result",
    "dispute_result",
    "give_penalty",
    "import_results",
    "open_all_rounds",
    "record_result",
    "remove_penalty",
    "score_record",
    "snapshot",
    "start_round",
    "take_result",
    "take_results",
    "team_by_code",
    "unlock_team_code",
    "locked_teams",
    "unit_for",
    "percent_example",
]

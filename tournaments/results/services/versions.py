"""The versioned store of results, shared by every write: the table's lock, versions, the
audit event, who acts (the access policy), team codes, hand flags, and the change signal.

A write never overwrites a row: it adds a new version and marks the previous one as no longer
current, records the audit event (who, when, from which address, before and after) and says
that results changed (``signals.results_changed``), all in the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Exists, IntegerField, Max, Subquery, Value
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.engine.cards import Hand, Seat
from scoring.engine.deal_score import DealScore, score_deal
from scoring.engine.result_record import (
    ResultRecord,
    hand_problems,
    parse_result,
)
from scoring.engine.rules import RuleSettings
from tournaments import rows
from tournaments.accounts.roles import Account
from tournaments.setup import policy
from tournaments.setup.models import Round, TableAssignment, Team, Tournament

from .. import sql
from ..exceptions import (
    ALREADY_ENTERED,
    NO_LONGER_THERE,
    REPLACE_NEEDED,
    STALE_VERSION,
    BoardNotPlayedHere,
    ReplaceNeeded,
    ResultConflict,
    ResultForbidden,
)
from ..models import Result, ResultEvent
from ..signals import results_changed

MAX_REASON_LENGTH = 500

CONFIRM_BY_OTHER_SIDE = gettext_lazy(
    "Le résultat doit être confirmé par l'autre équipe (%(side)s), avec son propre code, pas "
    "par celle qui l'a saisi."
)
LOCKED = gettext_lazy("Ce résultat est confirmé : seul l'arbitre peut le modifier.")


def notify_results_changed(*, tournament: Tournament, board_numbers=()) -> None:
    """Say, inside the writing transaction, that these boards' results changed: the standings
    app listens (``signals.results_changed``) and marks the scores stale."""
    results_changed.send(sender=Result, tournament=tournament, board_numbers=list(board_numbers))


def snapshot(*, result: Result | None) -> dict[str, Any] | None:
    """A version as the audit trail keeps it (the ``before``/``after`` of an event)."""
    if result is None:
        return None
    return {
        "version": result.version,
        "status": result.status,
        "source": result.source,
        "record": result.record,
        "ns_marks": result.ns_marks,
        "ew_marks": result.ew_marks,
        "made": result.made,
        "ns_adjustment": result.ns_adjustment,
        "ew_adjustment": result.ew_adjustment,
        "entered_side": result.entered_side,
        "entered_team": team_number(team_id=result.entered_team_id, result=result),
        "confirmed_team": team_number(team_id=result.confirmed_team_id, result=result),
        "dispute_reason": result.dispute_reason,
        "flags": result.flags,
    }


def team_number(*, team_id: int | None, result: Result | None = None) -> int | None:
    """A team's number; read from the teams of ``result``'s table when they are loaded (a
    version just written), else from the database."""
    if team_id is None:
        return None
    if result is not None and Result.assignment.is_cached(result):
        assignment = result.assignment
        for field in (TableAssignment.ns_team, TableAssignment.ew_team):
            team = field.field.get_cached_value(assignment, None)
            if team is not None and team.pk == team_id:
                return team.number
    return Team.objects.filter(pk=team_id).values_list("number", flat=True).first()


def actor_label(*, assignment: TableAssignment, team: Team | None, source: str) -> str:
    """Who acted when there is no account: a team at a table, an import, the demo."""
    if team is not None:
        side = assignment.side_of(team)
        return f"table {assignment.table.number}, {side}, équipe {team.number}"
    if source == Result.Source.IMPORT:
        return "import"
    return ""


def user_of(*, by: policy.Who | None) -> Account | None:
    user = by.user if isinstance(by, policy.Actor) else by
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def actor_of(*, by: policy.Who | None, tournament: Tournament) -> policy.Actor | None:
    """The policy's actor for ``by``; None for the system itself."""
    return None if by is None else policy.actor_for(by, tournament)


def acting_team(*, by: policy.Actor | None, assignment: TableAssignment) -> Team | None:
    """None when staff (or the system) acts; else the team acting at this table, once the
    policy lets it (``ResultForbidden`` otherwise)."""
    if by is None or by.arbiter:
        return None
    refusal = policy.table_refusal(by, assignment)
    if refusal is not None:
        raise ResultForbidden(refusal)
    return by.team


def check_staff(*, by: policy.Actor | None, tournament: Tournament) -> None:
    if by is not None and not policy.can_enter_any_result(by, tournament):
        raise ResultForbidden(_("Seuls les arbitres de ce tournoi peuvent faire cela."))


def oracle_boards(
    *, by: policy.Actor | None, tournament: Tournament, board_numbers: Iterable[int]
) -> set[int]:
    """The one oracle rule: of these boards, those whose hands may shape what ``by`` is told
    about a record it sends. The system itself (``None``: a command run by the site's owner, the
    demo) may be told everything; anyone else as the access policy lets them see the board's
    hands (``policy.boards_with_visible_hands``). For the other boards the record is checked
    against the rules alone, and what the hands contradict is stored as flags."""
    if by is None:
        return set(board_numbers)
    return policy.boards_with_visible_hands(by, tournament, board_numbers)


def hand_flags(*, record: ResultRecord, hands) -> list[dict[str, Any]]:
    """What the record says that the hands contradict, as stored on the result."""
    if hands is None:
        return []
    return [
        {"field": problem.field, "code": problem.code, "params": problem.params}
        for problem in hand_problems(record, hands)
    ]


def check_board(*, assignment: TableAssignment, board_number: int) -> None:
    """Is this board played at this table in this round? Raise ``BoardNotPlayedHere`` if not."""
    if assignment.has_phantom:
        raise BoardNotPlayedHere(
            _("La table %(table)s est en relâche au tour %(round)s : pas de résultat à saisir."),
            table=assignment.table.number,
            round=assignment.round.number,
        )
    if board_number not in assignment.boards:
        raise BoardNotPlayedHere(
            _("L'étui %(board)s n'est pas joué à la table %(table)s au tour %(round)s."),
            board=board_number,
            table=assignment.table.number,
            round=assignment.round.number,
        )


def lock_table(*, assignment: TableAssignment) -> TableAssignment:
    """Lock the table's plan row for the transaction: writers of one table queue up here."""
    return (
        TableAssignment.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "table")
        .get(pk=assignment.pk)
    )


@dataclass(frozen=True)
class BoardSlot:
    """What a write to one board at one table reads in the statement that locks the table
    (``lock_board``): the latest version number, the current version, a version created by the
    same submission, and whether the next round waits to start by itself."""

    last_version: int | None
    current_pk: int | None
    replay_pk: int | None
    next_round_waiting: bool

    @property
    def next_version(self) -> int:
        return (self.last_version or 0) + 1

    def current(self) -> Result | None:
        """The current version (a deletion included), read only when there is one."""
        if self.current_pk is None:
            return None
        return Result.objects.get(pk=self.current_pk)


def lock_board(
    *, assignment: TableAssignment, board_number: int, submission_key: str | None = None
) -> BoardSlot:
    """Lock the table's plan row (as ``lock_table``) and read, in the same statement, what a
    write to ``board_number`` needs: one query where reading each would take four. The caller's
    ``assignment`` (round, table and teams loaded) is used as is.

    On PostgreSQL the statement is fixed SQL (``sql.LOCK_BOARD_SQL``): every write runs it, and
    building it with the ORM cost more CPU than running it (1.6 ms of the entry's 7.7 ms)."""
    round_ = assignment.round
    if connection.vendor != "postgresql":
        return _lock_board_orm(assignment, board_number, submission_key)
    with rows.cursor() as cursor:
        cursor.execute(
            sql.LOCK_BOARD_SQL,
            {
                "assignment": assignment.pk,
                "board": board_number,
                "key": submission_key or None,
                "tournament": round_.tournament_id,
                "next_round": round_.number + 1,
            },
        )
        row = cursor.fetchone()
    if row is None:
        raise TableAssignment.DoesNotExist
    return BoardSlot(*row)


def _lock_board_orm(
    assignment: TableAssignment, board_number: int, submission_key: str | None
) -> BoardSlot:
    """``lock_board`` with the ORM, for the other databases (SQLite on a laptop)."""
    versions = Result.objects.filter(assignment=assignment.pk, board_number=board_number)
    round_ = assignment.round
    next_round = Round.objects.filter(
        tournament_id=round_.tournament_id,
        number=round_.number + 1,
        published=True,
        started_at__isnull=True,
    )
    replay = (
        Subquery(Result.objects.filter(submission_key=submission_key).order_by().values("pk")[:1])
        if submission_key
        else Value(None, output_field=IntegerField())
    )
    row = (
        TableAssignment.objects.select_for_update(of=("self",))
        .filter(pk=assignment.pk)
        .annotate(
            last_version=Subquery(versions.order_by("-version").values("version")[:1]),
            current_pk=Subquery(versions.filter(is_current=True).order_by().values("pk")[:1]),
            replay_pk=replay,
            next_round_waiting=Exists(next_round),
        )
        .values_list("last_version", "current_pk", "replay_pk", "next_round_waiting")
        .get()
    )
    return BoardSlot(*row)


def table_of(*, result: Result) -> TableAssignment:
    """``result``'s table plan row, given the round, table and tournament ``result`` has loaded
    (they are the same rows): a write on a version read with them reads none again."""
    assignment = result.assignment
    for name in ("round", "table"):
        if getattr(Result, name).is_cached(result) and not getattr(TableAssignment, name).is_cached(
            assignment
        ):
            setattr(assignment, name, getattr(result, name))
    if (
        Result.tournament.is_cached(result)
        and TableAssignment.round.is_cached(assignment)
        and not Round.tournament.is_cached(assignment.round)
    ):
        assignment.round.tournament = result.tournament
    return assignment


def current_version(*, assignment: TableAssignment, board_number: int) -> Result | None:
    return Result.objects.filter(
        assignment=assignment, board_number=board_number, is_current=True
    ).first()


def live_version(*, result: Result | None) -> Result | None:
    """The current version unless it is a deletion (then the board has no result)."""
    if result is None or result.status == Result.Status.DELETED:
        return None
    return result


def check_seen(*, current: Result | None, seen_version: int | None) -> Result:
    """The version the user acted on must still be the current one."""
    if current is None:
        raise ResultConflict(NO_LONGER_THERE)
    if seen_version is not None and seen_version != current.version:
        raise ResultConflict(
            STALE_VERSION, current=current, seen=seen_version, latest=current.version
        )
    return current


def check_replacing(
    *, live: Result | None, replace_version: int | None, shown_version: int | None = None
) -> None:
    """A live result is replaced only on purpose, from the version the user saw.

    Without ``replace_version`` the write is refused; how depends on ``shown_version``, the
    version the user's screen showed for this board (None: it showed none). Compared here, under
    the table's lock, it tells the two cases apart without a race: the screen showed the current
    version (``ReplaceNeeded``: tick « Remplacer »), or another result appeared or changed
    meanwhile (``ALREADY_ENTERED``: reload to see it)."""
    if live is None:
        return
    if replace_version is None:
        if shown_version is not None and shown_version == live.version:
            raise ReplaceNeeded(REPLACE_NEEDED, current=live, version=live.version)
        raise ResultConflict(ALREADY_ENTERED, current=live)
    check_seen(current=live, seen_version=replace_version)


def add_version(
    *,
    assignment: TableAssignment,
    board_number: int,
    previous: Result | None,
    version: int | None = None,
    **fields: Any,
) -> Result:
    """Store a new current version after ``previous`` (which stays, no longer current).

    ``version``: the new version's number when the caller read it (``lock_board``)."""
    if previous is not None:
        Result.objects.filter(pk=previous.pk).update(is_current=False)
        previous.is_current = False
        version = previous.version + 1
    elif version is None:
        last = Result.objects.filter(assignment=assignment, board_number=board_number).aggregate(
            last=Max("version")
        )["last"]
        version = (last or 0) + 1
    return rows.insert(
        Result(
            tournament=assignment.round.tournament,
            round=assignment.round,
            table=assignment.table,
            assignment=assignment,
            board_number=board_number,
            version=version,
            is_current=True,
            **fields,
        )
    )


def log_event(
    *,
    action: str,
    assignment: TableAssignment,
    board_number: int,
    result: Result | None,
    before: Result | None,
    by: policy.Who | None = None,
    label: str = "",
    ip: str | None = None,
    before_snapshot: dict | None = None,
) -> ResultEvent:
    return rows.insert(
        ResultEvent(
            tournament=assignment.round.tournament,
            result=result,
            round_number=assignment.round.number,
            table_number=assignment.table.number,
            board_number=board_number,
            action=action,
            actor=user_of(by=by),
            actor_label=label,
            ip_address=ip or None,
            before=before_snapshot if before_snapshot is not None else snapshot(result=before),
            after=snapshot(result=result),
        )
    )


def copy_fields(*, result: Result) -> dict[str, Any]:
    """The content of a version carried over to the next one (confirmation, dispute)."""
    return {
        "source": result.source,
        "record": result.record,
        "ns_marks": result.ns_marks,
        "ew_marks": result.ew_marks,
        "made": result.made,
        "score_detail": result.score_detail,
        "ns_adjustment": result.ns_adjustment,
        "ew_adjustment": result.ew_adjustment,
        "entered_side": result.entered_side,
        "entered_team_id": result.entered_team_id,
        "entered_by_id": result.entered_by_id,
        "flags": result.flags,
    }


@dataclass(frozen=True)
class Scored:
    """A validated record and its deal score, ready to store, with what the hands contradict
    in it (``flags``; only for a record checked without the hands)."""

    record: ResultRecord
    score: DealScore
    flags: tuple = ()

    def fields(self) -> dict[str, Any]:
        data = self.score.to_dict()
        return {
            "record": self.record.to_dict(),
            "ns_marks": self.score.ns,
            "ew_marks": self.score.ew,
            "made": self.score.made,
            "score_detail": data["detail"],
            "ns_adjustment": "",
            "ew_adjustment": "",
            "flags": list(self.flags),
        }


def score_record(
    *,
    data: Mapping[str, Any],
    rules: RuleSettings,
    hands: Mapping[Seat, Hand] | None,
    hands_visible: bool | Callable[[], bool] = True,
) -> Scored:
    """Parse with the rules engine and score; raises ``ResultValidationError``.

    With ``hands_visible`` the record is checked against the hands (when known) and every
    disagreement is an error; without, it is checked against the rules alone and the
    disagreements become flags: the errors then say nothing about the cards.

    ``hands_visible`` may be a callable (an access check that costs a query): it is asked only
    when the board has hands, and then always before the record is read — never only when the
    record disagrees with the hands, or the time of the answer would tell a player who may not
    see them whether the annonces or belote typed match the cards."""
    if hands is None:
        record = parse_result(data, rules, None)
        return Scored(record, score_deal(record, rules))
    if callable(hands_visible):
        hands_visible = hands_visible()
    if hands_visible:
        record = parse_result(data, rules, hands)
        return Scored(record, score_deal(record, rules))
    record = parse_result(data, rules, None)
    return Scored(record, score_deal(record, rules), tuple(hand_flags(record=record, hands=hands)))

"""Writes on results (résultats): entry, confirmation, dispute, adjustment, deletion, import.

The only place results are written. Every write runs in one transaction that first locks the
table plan row (``TableAssignment``) with ``select_for_update``: writers of one table queue up,
so concurrent submissions for a board give one winner and clear conflicts to the others (the
partial unique constraint on current versions backs this up). A write never overwrites a row:
it adds a new version and marks the previous one as no longer current, records the audit event
(who, when, from which address, before and after) and marks the standings stale, all in the
same transaction.

Who acts (``by``), checked here against the access policy (``tournaments.policy``) whatever
the caller: a user or an ``Actor`` with the arbiter role enters, confirms, adjusts and deletes
any result, confirmed at once; a team that proved who it is (``policy.team_actor``: its code
or its own link) enters its own table's results in a round open for entry, and that entry waits
for the *other* team's confirmation; ``None`` is the system itself (commands, imports, demo
data). Anyone else is refused with ``ResultForbidden``.

Secrecy: a record is checked against the board's hands only for those who may see them. For
everyone else it is checked against the rules alone and stored; what disagrees with the hands
becomes ``Result.flags`` for the staff who may see hands, and nothing derived from the hands
goes back to the one who entered it.
"""

from __future__ import annotations

import hmac
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.engine.annonces import declarable_annonces
from scoring.engine.belote import belote_holders
from scoring.engine.card_values import DEAL_POINTS
from scoring.engine.cards import SEATS_PBN_ORDER, Hand, Seat, Strain
from scoring.engine.deal_score import DealScore, score_deal
from scoring.engine.result_record import (
    ResultRecord,
    ResultValidationError,
    hand_problems,
    parse_result,
)
from scoring.engine.rules import RuleSettings
from tournaments import policy
from tournaments.models import Round, TableAssignment, Team, Tournament
from tournaments.standings.services import mark_results_changed

from .display import SIDE_LABELS
from .exceptions import (
    ALREADY_ENTERED,
    NO_LONGER_THERE,
    STALE_VERSION,
    BoardNotPlayedHere,
    ImportRejected,
    InvalidAction,
    LineError,
    ResultConflict,
    ResultForbidden,
    ResultLocked,
)
from .models import Adjustment, Result, ResultEvent
from .selectors import board_hands, hands_by_board, played_strains

SIDES = ("NS", "EW")
OTHER_SIDE = {"NS": "EW", "EW": "NS"}
LOCKED_STATUSES = (Result.Status.CONFIRMED, Result.Status.ADJUSTED)
MAX_REASON_LENGTH = 500

CONFIRM_BY_OTHER_SIDE = gettext_lazy(
    "Le résultat doit être confirmé par l'autre équipe (%(side)s), avec son propre code, pas "
    "par celle qui l'a saisi."
)
LOCKED = gettext_lazy("Ce résultat est confirmé : seul l'arbitre peut le modifier.")
# Wrong team codes accepted at one table in one round before codes are refused there: a
# 4-digit code must not be found by trying them all.
MAX_CODE_FAILURES = 10


# --- Helpers ----------------------------------------------------------------------------


def snapshot(result: Result | None) -> dict[str, Any] | None:
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
        "entered_team": _team_number(result.entered_team_id),
        "confirmed_team": _team_number(result.confirmed_team_id),
        "dispute_reason": result.dispute_reason,
        "flags": result.flags,
    }


def _team_number(team_id: int | None) -> int | None:
    if team_id is None:
        return None
    return Team.objects.filter(pk=team_id).values_list("number", flat=True).first()


def actor_label(assignment: TableAssignment, team: Team | None, source: str) -> str:
    """Who acted when there is no account: a team at a table, an import, the demo."""
    if team is not None:
        side = assignment.side_of(team)
        return f"table {assignment.table.number}, {side}, équipe {team.number}"
    if source == Result.Source.IMPORT:
        return "import"
    return ""


def _user(by):
    user = by.user if isinstance(by, policy.Actor) else by
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def _actor(by, tournament: Tournament) -> policy.Actor | None:
    """The policy's actor for ``by``; None for the system itself."""
    return None if by is None else policy.actor_for(by, tournament)


def _table_team(actor: policy.Actor | None, assignment: TableAssignment) -> Team | None:
    """None when staff (or the system) acts; else the team acting at this table, once the
    policy lets it (``ResultForbidden`` otherwise)."""
    if actor is None or actor.arbiter:
        return None
    refusal = policy.table_refusal(actor, assignment)
    if refusal is not None:
        raise ResultForbidden(refusal)
    return actor.team


def _check_staff(actor: policy.Actor | None, tournament: Tournament) -> None:
    if actor is not None and not policy.can_enter_any_result(actor, tournament):
        raise ResultForbidden(_("Seuls les arbitres de ce tournoi peuvent faire cela."))


def team_by_code(assignment: TableAssignment, code: str) -> Team:
    """The team of this table whose code this is (fiche de route), or ``ResultForbidden``.

    Each wrong code is counted at the table for the round; past ``MAX_CODE_FAILURES`` codes are
    refused there and the arbiter confirms the results. The count is kept even though the
    request fails (it is written in its own statement, outside any transaction of the caller's).
    """
    code = (code or "").strip()
    if assignment.code_failures >= MAX_CODE_FAILURES:
        raise ResultForbidden(
            _("Trop de codes erronés à cette table : appelez l'arbitre pour confirmer.")
        )
    for team in (assignment.ns_team, assignment.ew_team):
        if team is not None and code and hmac.compare_digest(team.code, code):
            return team
    TableAssignment.objects.filter(pk=assignment.pk).update(code_failures=F("code_failures") + 1)
    assignment.code_failures += 1
    raise ResultForbidden(
        _("Ce code n'est celui d'aucune des deux équipes de cette table (voir la fiche de route).")
    )


def _flags(record: ResultRecord, hands) -> list[dict[str, Any]]:
    """What the record says that the hands contradict, as stored on the result."""
    if hands is None:
        return []
    return [
        {"field": problem.field, "code": problem.code, "params": problem.params}
        for problem in hand_problems(record, hands)
    ]


def check_board(assignment: TableAssignment, board_number: int) -> None:
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


def _lock(assignment: TableAssignment) -> TableAssignment:
    """Lock the table's plan row for the transaction: writers of one table queue up here."""
    return (
        TableAssignment.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "table")
        .get(pk=assignment.pk)
    )


def _current(assignment: TableAssignment, board_number: int) -> Result | None:
    return Result.objects.filter(
        assignment=assignment, board_number=board_number, is_current=True
    ).first()


def _live(result: Result | None) -> Result | None:
    """The current version unless it is a deletion (then the board has no result)."""
    if result is None or result.status == Result.Status.DELETED:
        return None
    return result


def _check_seen(current: Result | None, seen_version: int | None) -> Result:
    """The version the user acted on must still be the current one."""
    if current is None:
        raise ResultConflict(NO_LONGER_THERE)
    if seen_version is not None and seen_version != current.version:
        raise ResultConflict(
            STALE_VERSION, current=current, seen=seen_version, latest=current.version
        )
    return current


def _check_replacing(live: Result | None, replace_version: int | None) -> None:
    """A live result is replaced only on purpose, from the version the user saw."""
    if live is None:
        return
    if replace_version is None:
        raise ResultConflict(ALREADY_ENTERED, current=live)
    _check_seen(live, replace_version)


def _add_version(
    assignment: TableAssignment,
    board_number: int,
    previous: Result | None,
    **fields: Any,
) -> Result:
    """Store a new current version after ``previous`` (which stays, no longer current)."""
    if previous is not None:
        Result.objects.filter(pk=previous.pk).update(is_current=False)
        previous.is_current = False
        version = previous.version + 1
    else:
        last = Result.objects.filter(assignment=assignment, board_number=board_number).aggregate(
            last=Max("version")
        )["last"]
        version = (last or 0) + 1
    return Result.objects.create(
        tournament=assignment.round.tournament,
        round=assignment.round,
        table=assignment.table,
        assignment=assignment,
        board_number=board_number,
        version=version,
        is_current=True,
        **fields,
    )


def _log(
    action: str,
    assignment: TableAssignment,
    board_number: int,
    result: Result | None,
    before: Result | None,
    *,
    by=None,
    label: str = "",
    ip: str | None = None,
    before_snapshot: dict | None = None,
) -> ResultEvent:
    return ResultEvent.objects.create(
        tournament=assignment.round.tournament,
        result=result,
        round_number=assignment.round.number,
        table_number=assignment.table.number,
        board_number=board_number,
        action=action,
        actor=_user(by),
        actor_label=label,
        ip_address=ip or None,
        before=before_snapshot if before_snapshot is not None else snapshot(before),
        after=snapshot(result),
    )


def _copy_fields(result: Result) -> dict[str, Any]:
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
        "entered_team": result.entered_team,
        "entered_by": result.entered_by,
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
    data: Mapping[str, Any],
    rules: RuleSettings,
    hands: Mapping[Seat, Hand] | None,
    *,
    hands_visible: bool = True,
) -> Scored:
    """Parse with the rules engine and score; raises ``ResultValidationError``.

    With ``hands_visible`` the record is checked against the hands (when known) and every
    disagreement is an error; without, it is checked against the rules alone and the
    disagreements become flags: the errors then say nothing about the cards."""
    if hands_visible or hands is None:
        record = parse_result(data, rules, hands)
        return Scored(record, score_deal(record, rules))
    record = parse_result(data, rules, None)
    return Scored(record, score_deal(record, rules), tuple(_flags(record, hands)))


# --- Entry ------------------------------------------------------------------------------


def record_result(
    assignment: TableAssignment,
    board_number: int,
    data: Mapping[str, Any],
    *,
    by=None,
    source: str | None = None,
    ip: str | None = None,
    submission_key: str | None = None,
    replace_version: int | None = None,
) -> Result:
    """Store a result of ``board_number`` at this table in this round; return the version.

    ``data`` is the canonical record (domain.md §5). Staff's entry is confirmed at once; a
    team's entry (``by`` a ``policy.team_actor``) waits for the other team's confirmation.
    If the board already has a result, changing it needs ``replace_version``: the version the
    user saw (else ``ResultConflict``); a confirmed result can only be replaced by an arbiter
    (else ``ResultLocked``). A repeated ``submission_key`` (a reloaded form) returns the version
    that key created, and creates nothing; the returned version's ``is_replay`` is then True.

    Raises ``ResultForbidden``, ``BoardNotPlayedHere``, ``ResultValidationError`` (the engine's
    field errors), ``ResultConflict``, ``ResultLocked`` or ``InvalidAction``.
    """
    tournament = assignment.round.tournament
    actor = _actor(by, tournament)
    team = _table_team(actor, assignment)
    if source is None:
        source = Result.Source.TABLE if team is not None else Result.Source.ARBITER
    check_board(assignment, board_number)
    if submission_key:
        replayed = _replay(assignment, board_number, submission_key)
        if replayed is not None:
            return replayed
    scored = score_record(
        data,
        tournament.rule_settings(),
        board_hands(tournament, board_number),
        hands_visible=actor is None or policy.can_see_board_hands(actor, tournament, board_number),
    )
    try:
        with transaction.atomic():
            locked = _lock(assignment)
            if submission_key:
                replayed = _replay(locked, board_number, submission_key)
                if replayed is not None:
                    return replayed
            result = _store_entry(
                locked,
                board_number,
                scored,
                by=by,
                team=team,
                source=source,
                ip=ip,
                submission_key=submission_key,
                replace_version=replace_version,
            )
            _open_next_round_when_done(locked.round)
            mark_results_changed(tournament, board_numbers=[board_number])
    except IntegrityError:
        # Only reachable if a writer bypassed the lock: the constraints still hold.
        if submission_key:
            replayed = _replay(assignment, board_number, submission_key)
            if replayed is not None:
                return replayed
        raise ResultConflict(ALREADY_ENTERED, current=_current(assignment, board_number)) from None
    result.is_replay = False
    return result


def _replay(assignment: TableAssignment, board_number: int, key: str) -> Result | None:
    existing = Result.objects.filter(submission_key=key).first()
    if existing is None:
        return None
    if existing.assignment_id != assignment.pk or existing.board_number != board_number:
        raise InvalidAction(_("Ce formulaire a déjà servi pour un autre étui. Rechargez la page."))
    existing.is_replay = True
    return existing


def _store_entry(
    assignment: TableAssignment,
    board_number: int,
    scored: Scored,
    *,
    by,
    team: Team | None,
    source: str,
    ip: str | None,
    submission_key: str | None,
    replace_version: int | None,
    action: str | None = None,
    label: str | None = None,
) -> Result:
    previous = _current(assignment, board_number)
    live = _live(previous)
    _check_replacing(live, replace_version)
    side = assignment.side_of(team)
    if live is not None and team is not None:
        if live.status in LOCKED_STATUSES:
            raise ResultLocked(LOCKED)
        if live.status == Result.Status.ENTERED and live.entered_side != side:
            raise InvalidAction(
                _("Ce résultat a été saisi par l'autre camp : confirmez-le ou contestez-le.")
            )
    now = timezone.now()
    arbiter = team is None
    result = _add_version(
        assignment,
        board_number,
        previous,
        status=Result.Status.CONFIRMED if arbiter else Result.Status.ENTERED,
        source=source,
        entered_side=side or "",
        entered_team=team,
        entered_by=_user(by),
        confirmed_at=now if arbiter else None,
        confirmed_by=_user(by) if arbiter else None,
        submission_key=submission_key or None,
        **scored.fields(),
    )
    if action is None:
        action = ResultEvent.Action.CHANGE if live is not None else ResultEvent.Action.CREATE
    _log(
        action,
        assignment,
        board_number,
        result,
        previous,
        by=by,
        label=label if label is not None else actor_label(assignment, team, source),
        ip=ip,
    )
    return result


# --- Confirmation and dispute ---------------------------------------------------------------


def _follow_up(result: Result, current: Result | None, status: str) -> bool:
    """Is ``current`` the very step the user asked for (a double click, a reloaded form)?"""
    return (
        current is not None and current.status == status and current.version == result.version + 1
    )


def _check_other_team(current: Result, team: Team, assignment: TableAssignment, message) -> None:
    """A team acts on a result only if the *other* team entered it."""
    side = assignment.side_of(team)
    if current.entered_team_id is not None:
        same = current.entered_team_id == team.pk
    else:
        same = current.entered_side == side
    if same:
        raise InvalidAction(message, side=SIDE_LABELS[OTHER_SIDE[side]])


def confirm_result(result: Result, *, by=None, ip: str | None = None) -> Result:
    """Confirm the version ``result`` (the one the user saw); return the confirmed version.

    A team's entry is confirmed by the other team (``by`` its ``policy.team_actor``); an
    arbiter may confirm any entered or disputed result (resolving the dispute as entered).
    """
    tournament = result.tournament
    actor = _actor(by, tournament)
    team = _table_team(actor, result.assignment)
    with transaction.atomic():
        assignment = _lock(result.assignment)
        current = _current(assignment, result.board_number)
        if _follow_up(result, current, Result.Status.CONFIRMED):
            current.is_replay = True
            return current
        current = _check_seen(_live(current), result.version)
        if current.status not in (Result.Status.ENTERED, Result.Status.DISPUTED):
            raise InvalidAction(_("Ce résultat n'attend pas de confirmation."))
        if team is not None:
            if current.status == Result.Status.DISPUTED:
                raise InvalidAction(
                    _(
                        "Ce résultat est contesté : l'arbitre tranchera, ou saisissez de "
                        "nouveau le résultat exact."
                    )
                )
            _check_other_team(current, team, assignment, CONFIRM_BY_OTHER_SIDE)
        confirmed = _add_version(
            assignment,
            result.board_number,
            current,
            status=Result.Status.CONFIRMED,
            confirmed_at=timezone.now(),
            confirmed_by=_user(by),
            confirmed_team=team,
            **_copy_fields(current),
        )
        _log(
            ResultEvent.Action.CONFIRM,
            assignment,
            result.board_number,
            confirmed,
            current,
            by=by,
            label=actor_label(assignment, team, Result.Source.TABLE),
            ip=ip,
        )
        _open_next_round_when_done(assignment.round)
        mark_results_changed(tournament, board_numbers=[result.board_number])
    confirmed.is_replay = False
    return confirmed


def dispute_result(result: Result, reason: str, *, by=None, ip: str | None = None) -> Result:
    """The other team disputes an entered result (contestation), saying why; an arbiter
    resolves it by confirming, replacing, adjusting or deleting it, or the table enters it
    anew."""
    actor = _actor(by, result.tournament)
    team = _table_team(actor, result.assignment)
    reason = " ".join((reason or "").split())
    if not reason:
        raise InvalidAction(_("Indiquez la raison de la contestation."))
    if len(reason) > MAX_REASON_LENGTH:
        raise InvalidAction(
            _("La raison de la contestation est trop longue (%(max)s caractères au plus)."),
            max=MAX_REASON_LENGTH,
        )
    with transaction.atomic():
        assignment = _lock(result.assignment)
        current = _current(assignment, result.board_number)
        if _follow_up(result, current, Result.Status.DISPUTED):
            current.is_replay = True
            return current
        current = _check_seen(_live(current), result.version)
        if current.status != Result.Status.ENTERED:
            if current.status in LOCKED_STATUSES:
                raise ResultLocked(LOCKED)
            raise InvalidAction(_("Seul un résultat en attente de confirmation se conteste."))
        if team is not None:
            _check_other_team(
                current,
                team,
                assignment,
                _("Vous avez saisi ce résultat : corrigez-le plutôt que de le contester."),
            )
        disputed = _add_version(
            assignment,
            result.board_number,
            current,
            status=Result.Status.DISPUTED,
            dispute_reason=reason,
            **_copy_fields(current),
        )
        _log(
            ResultEvent.Action.DISPUTE,
            assignment,
            result.board_number,
            disputed,
            current,
            by=by,
            label=actor_label(assignment, team, Result.Source.TABLE),
            ip=ip,
        )
        mark_results_changed(result.tournament, board_numbers=[result.board_number])
    disputed.is_replay = False
    return disputed


# --- Arbiter-only acts ----------------------------------------------------------------------


def adjust_result(
    assignment: TableAssignment,
    board_number: int,
    ns_adjustment: str,
    ew_adjustment: str,
    *,
    by=None,
    ip: str | None = None,
    replace_version: int | None = None,
    source: str = Result.Source.ARBITER,
    action: str = ResultEvent.Action.ADJUST,
) -> Result:
    """An adjusted score per side (average 50 %, average-plus 60 %, average-minus 40 %).

    This is how a board "not played" at a table is resolved, or a fouled board. Replacing an
    existing result needs the version the arbiter saw (``replace_version``).
    """
    _check_staff(_actor(by, assignment.round.tournament), assignment.round.tournament)
    allowed = {choice.value for choice in Adjustment}
    if ns_adjustment not in allowed or ew_adjustment not in allowed:
        raise InvalidAction(
            _("Choisissez un score ajusté pour chaque camp (moyenne, moyenne plus ou moins).")
        )
    check_board(assignment, board_number)
    with transaction.atomic():
        locked = _lock(assignment)
        result = _store_adjustment(
            locked,
            board_number,
            ns_adjustment,
            ew_adjustment,
            by=by,
            ip=ip,
            replace_version=replace_version,
            source=source,
            action=action,
        )
        _open_next_round_when_done(locked.round)
        mark_results_changed(locked.round.tournament, board_numbers=[board_number])
    result.is_replay = False
    return result


def _store_adjustment(
    assignment,
    board_number,
    ns_adjustment,
    ew_adjustment,
    *,
    by,
    ip,
    replace_version,
    source,
    action,
) -> Result:
    previous = _current(assignment, board_number)
    live = _live(previous)
    _check_replacing(live, replace_version)
    result = _add_version(
        assignment,
        board_number,
        previous,
        status=Result.Status.ADJUSTED,
        source=source,
        record=None,
        ns_marks=None,
        ew_marks=None,
        made=None,
        score_detail={},
        ns_adjustment=ns_adjustment,
        ew_adjustment=ew_adjustment,
        entered_by=_user(by),
        confirmed_at=timezone.now(),
        confirmed_by=_user(by),
    )
    _log(
        action,
        assignment,
        board_number,
        result,
        previous,
        by=by,
        label=actor_label(assignment, None, source),
        ip=ip,
    )
    return result


def delete_result(result: Result, *, by=None, ip: str | None = None) -> Result:
    """Delete the result the arbiter saw: a DELETED version becomes current, nothing is removed.

    The board is then missing again at that table and may be entered anew.
    """
    _check_staff(_actor(by, result.tournament), result.tournament)
    with transaction.atomic():
        assignment = _lock(result.assignment)
        current = _current(assignment, result.board_number)
        if _follow_up(result, current, Result.Status.DELETED):
            current.is_replay = True
            return current
        current = _check_seen(_live(current), result.version)
        deleted = _add_version(
            assignment,
            result.board_number,
            current,
            status=Result.Status.DELETED,
            source=Result.Source.ARBITER,
            record=None,
            entered_by=_user(by),
        )
        _log(
            ResultEvent.Action.DELETE,
            assignment,
            result.board_number,
            deleted,
            current,
            by=by,
            ip=ip,
        )
        mark_results_changed(result.tournament, board_numbers=[result.board_number])
    deleted.is_replay = False
    return deleted


def start_round(round_: Round, *, by=None) -> Round:
    """Start a round (« Démarrer le tour »): its clock runs (tables are late after boards ×
    minutes per board) and its tables may enter their results. Arbiters only."""
    tournament = round_.tournament
    if by is not None and not policy.can_start_round(by, tournament):
        raise ResultForbidden(_("Seuls les arbitres de ce tournoi démarrent un tour."))
    if not round_.published:
        raise InvalidAction(_("Publiez ce tour avant de le démarrer."))
    round_.started_at = timezone.now()
    round_.save(update_fields=["started_at"])
    return round_


def open_all_rounds(tournament: Tournament, *, by=None, open_: bool = True) -> Tournament:
    """« Ouvrir tous les tours »: players may enter results in every published round, started
    or not (for clubs that let tables play at their own pace). Organizers only."""
    if by is not None and not policy.can_open_all_rounds(by, tournament):
        raise ResultForbidden(_("Seuls les organisateurs de ce tournoi peuvent faire cela."))
    tournament.all_rounds_open = open_
    tournament.save(update_fields=["all_rounds_open", "updated_at"])
    return tournament


def _open_next_round_when_done(round_: Round) -> None:
    """Once every board of every table of a round counts (confirmed or adjusted), the next
    published round starts by itself, if nobody started it yet."""
    next_round = (
        Round.objects.filter(
            tournament_id=round_.tournament_id,
            number=round_.number + 1,
            published=True,
            started_at__isnull=True,
        )
        .only("pk")
        .first()
    )
    if next_round is None:
        return
    expected = sum(
        len(boards)
        for boards, ns, ew in TableAssignment.objects.filter(round=round_).values_list(
            "boards", "ns_team_id", "ew_team_id"
        )
        if ns is not None and ew is not None
    )
    counting = Result.objects.filter(
        round=round_, is_current=True, status__in=LOCKED_STATUSES
    ).count()
    if expected and counting >= expected:
        Round.objects.filter(pk=next_round.pk, started_at__isnull=True).update(
            started_at=timezone.now()
        )


# --- Import ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportEntry:
    """One line of an import file, already read by ``exchange``: where, and what.

    Exactly one of ``record`` (the canonical record) and ``adjustment`` (``(ns, ew)``
    adjusted scores) is given.
    """

    line: int
    round: int
    table: int
    board: int
    record: Mapping[str, Any] | None = None
    adjustment: tuple[str, str] | None = None


def render_engine_error(error) -> str:
    """An engine field error in the active language."""
    return _(error.message) % error.params


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
    _check_staff(_actor(by, tournament), tournament)
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
            current = _live(_current(assignment, entry.board))
            if current is not None and not replace:
                # Someone entered it while the file was being checked.
                raise ImportRejected([LineError(entry.line, str(ALREADY_ENTERED))])
            seen_version = current.version if current is not None else None
            if scored is not None:
                stored.append(
                    _store_entry(
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
            else:
                ns_adjustment, ew_adjustment = entry.adjustment
                stored.append(
                    _store_adjustment(
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
            mark_results_changed(
                tournament, board_numbers=sorted({entry.board for entry, _a, _s in plan})
            )
    return stored


# --- Demo data ----------------------------------------------------------------------------


def record_demo_results(tournament: Tournament) -> int:
    """Fill every missing board of every table of every round with a plausible confirmed result.

    Random but legal (each record goes through the rules engine, with the hands when known):
    the same board tends to be played in the same contract at every table, with some tables
    bidding higher, coinching or failing. Seeded by the tournament, so a demo is reproducible.
    Returns the number of results created.
    """
    rules = tournament.rule_settings()
    hands = hands_by_board(tournament)
    rng = random.Random(f"demo-results-{tournament.slug}")  # noqa: S311 - demo data only
    strains = played_strains(rules)
    plans: dict[int, tuple[Seat, Strain, int]] = {}
    created = 0
    with transaction.atomic():
        assignments = (
            TableAssignment.objects.select_for_update(of=("self",))
            .filter(round__tournament=tournament)
            .select_related("round__tournament", "table")
            .order_by("round__number", "table__number")
        )
        boards_changed: set[int] = set()
        for assignment in assignments:
            if assignment.has_phantom:
                continue
            for board in assignment.boards:
                if _live(_current(assignment, board)) is not None:
                    continue
                if board not in plans:
                    plans[board] = (
                        rng.choice(SEATS_PBN_ORDER),
                        _demo_strain(rng, strains),
                        rng.choice((80, 80, 90, 90, 100, 110, 120)),
                    )
                scored = _demo_record(rng, rules, plans[board], hands.get(board))
                _store_entry(
                    assignment,
                    board,
                    scored,
                    by=None,
                    team=None,
                    source=Result.Source.ARBITER,
                    ip=None,
                    submission_key=None,
                    replace_version=None,
                    label="demo",
                )
                boards_changed.add(board)
                created += 1
        if boards_changed:
            mark_results_changed(tournament, board_numbers=sorted(boards_changed))
    return created


def _demo_strain(rng: random.Random, strains: list[Strain]) -> Strain:
    suits = [strain for strain in strains if strain.trump_suit is not None]
    others = [strain for strain in strains if strain.trump_suit is None]
    if others and rng.random() < 0.15:
        return rng.choice(others)
    return rng.choice(suits)


def _demo_record(
    rng: random.Random,
    rules: RuleSettings,
    plan: tuple[Seat, Strain, int],
    hands: dict[Seat, Hand] | None,
) -> Scored:
    """One table's plausible result for a board whose usual contract is ``plan``."""
    for _attempt in range(50):
        data = _demo_data(rng, rules, plan, hands)
        try:
            return score_record(data, rules, hands)
        except ResultValidationError:
            continue
    return score_record({"passed": True}, rules, hands)


def _demo_data(rng, rules, plan, hands) -> dict[str, Any]:
    if rng.random() < 0.04:
        return {"passed": True}
    taker, strain, bid = plan
    if rng.random() < 0.25:
        taker = taker.partner
    bid = min(160, max(80, bid + rng.choice((-10, 0, 0, 0, 10, 20))))
    coinche = 0
    if rng.random() < 0.12:
        coinche = 2 if rng.random() < 0.2 else 1
    data: dict[str, Any] = {
        "passed": False,
        "contract": {"bid": bid, "strain": strain.value, "taker": taker.value, "coinche": coinche},
        "taker_points": None,
        "capot": None,
        "belote": [],
        "annonces": [],
    }
    roll = rng.random()
    if roll < 0.03:
        data["capot"] = "taker"
    elif roll < 0.04:
        data["capot"] = "defence"
    else:
        points = int(rng.gauss(bid + 5, 22))
        points = min(DEAL_POINTS, max(0, points))
        if points in (1, DEAL_POINTS - 1):
            points -= 1
        data["taker_points"] = points
    if hands is not None:
        data["belote"] = [seat.value for seat in belote_holders(hands, strain)]
        if rules.annonces:
            for seat in SEATS_PBN_ORDER:
                if rng.random() < 0.8:
                    data["annonces"].extend(
                        annonce.to_dict()
                        for annonce in declarable_annonces(hands[seat], strain, seat)
                    )
    elif strain is not Strain.NO_TRUMP and rng.random() < 0.25:
        data["belote"] = [rng.choice(SEATS_PBN_ORDER).value]
    return data

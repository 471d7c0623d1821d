"""Entry of a result, and its confirmation or dispute by the other team of the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine.cards import Hand, Seat
from scoring.engine.record_errors import ResultValidationError
from tournaments import vocabulary
from tournaments.setup import policy
from tournaments.setup.models import TableAssignment, Team

from ..exceptions import ALREADY_ENTERED, InvalidAction, ResultConflict, ResultLocked
from ..models import Result, ResultEvent
from ..selectors import board_hands
from .rounds import round_results_changed
from .versions import (
    CONFIRM_BY_OTHER_SIDE,
    LOCKED,
    MAX_REASON_LENGTH,
    BoardSlot,
    Scored,
    acting_team,
    actor_label,
    actor_of,
    add_version,
    check_board,
    check_replacing,
    check_seen,
    copy_fields,
    current_version,
    live_version,
    lock_board,
    log_event,
    notify_results_changed,
    oracle_boards,
    score_record,
    table_of,
    user_of,
)

UNREAD = object()
"""``record_result``'s ``hands`` when the caller did not read them."""


def record_result(
    *,
    assignment: TableAssignment,
    board_number: int,
    data: Mapping[str, Any],
    by: policy.Who | None = None,
    source: str | None = None,
    ip: str | None = None,
    submission_key: str | None = None,
    replace_version: int | None = None,
    shown_version: int | None = None,
    hands: Mapping[Seat, Hand] | None | object = UNREAD,
    hands_visible: Callable[[], bool] | None = None,
) -> Result:
    """Store a result of ``board_number`` at this table in this round; return the version.

    ``data`` is the canonical record (docs/rules.md, « The result record »). Staff's entry is
    confirmed at once; a team's entry (``by`` a ``policy.team_actor``) waits for the other
    team's confirmation.
    If the board already has a result, changing it needs ``replace_version``: the version the
    user saw (else ``ResultConflict``); a confirmed result can only be replaced by an arbiter
    (else ``ResultLocked``). ``shown_version`` is the version the user's screen showed for the
    board (None: none); it only chooses the refusal when ``replace_version`` is missing: the
    screen showed the current result (``ReplaceNeeded``, « cochez Remplacer ») or another one
    appeared meanwhile (« Rechargez la page »), decided under the table's lock. A repeated
    ``submission_key`` (a reloaded form) returns the version that key created, and creates
    nothing; the returned version's ``is_replay`` is then True.

    ``hands``: the board's hands when the caller read them with the table (None: not
    recorded); read here otherwise. ``hands_visible``: may the caller see them (asked once,
    before the record is read; the entry adapter's oracle), else the oracle rule asked here.
    The write path reads the table's versions in the statement
    that locks it (``lock_board``) and uses the caller's ``assignment`` as loaded (its round,
    table and teams): the answer is built from the version written, without reading it again.

    Raises ``ResultForbidden``, ``BoardNotPlayedHere``, ``ResultValidationError`` (the engine's
    field errors), ``ResultConflict``, ``ResultLocked`` or ``InvalidAction``.
    """
    tournament = assignment.round.tournament
    actor = actor_of(by=by, tournament=tournament)
    team = acting_team(by=actor, assignment=assignment)
    if source is None:
        source = Result.Source.TABLE if team is not None else Result.Source.ARBITER
    check_board(assignment=assignment, board_number=board_number)
    if hands is UNREAD:
        hands = board_hands(tournament, board_number)
    if hands_visible is None:
        hands_visible = partial(_hands_visible, actor, tournament, board_number)
    try:
        scored = score_record(
            data=data, rules=tournament.rule_settings(), hands=hands, hands_visible=hands_visible
        )
    except ResultValidationError:
        # A form sent again after its entry was stored (the hands or rules changed since):
        # the stored version answers it.
        replayed = (
            replay(assignment=assignment, board_number=board_number, key=submission_key)
            if submission_key
            else None
        )
        if replayed is None:
            raise
        return replayed
    return _store_locked(
        assignment,
        board_number,
        scored,
        by=by,
        team=team,
        source=source,
        ip=ip,
        submission_key=submission_key,
        replace_version=replace_version,
        shown_version=shown_version,
    )


def _hands_visible(actor: policy.Actor | None, tournament, board_number: int) -> bool:
    """The oracle rule, asked when the caller did not ask it: may ``actor`` see the board's
    hands?"""
    return board_number in oracle_boards(
        by=actor, tournament=tournament, board_numbers=[board_number]
    )


def _store_locked(
    assignment: TableAssignment,
    board_number: int,
    scored: Scored,
    *,
    submission_key: str | None,
    **entry: Any,
) -> Result:
    """``record_result``'s write: the board's versions locked and read, the entry stored (or
    the version its ``submission_key`` made replayed), the round told."""
    try:
        with transaction.atomic():
            slot = lock_board(
                assignment=assignment, board_number=board_number, submission_key=submission_key
            )
            if slot.replay_pk is not None:
                return replay(assignment=assignment, board_number=board_number, key=submission_key)
            result = store_entry(
                assignment=assignment,
                board_number=board_number,
                scored=scored,
                submission_key=submission_key,
                slot=slot,
                **entry,
            )
            # Only a counting version can complete the round.
            waiting = slot.next_round_waiting and result.status in Result.COUNTING_STATUSES
            round_results_changed(
                round_=assignment.round, board_numbers=[board_number], next_round_waiting=waiting
            )
    except IntegrityError:
        # Only reachable if a writer bypassed the lock: the constraints still hold.
        if submission_key:
            replayed = replay(assignment=assignment, board_number=board_number, key=submission_key)
            if replayed is not None:
                return replayed
        raise ResultConflict(
            ALREADY_ENTERED,
            current=current_version(assignment=assignment, board_number=board_number),
        ) from None
    result.is_replay = False
    return result


def replay(*, assignment: TableAssignment, board_number: int, key: str) -> Result | None:
    existing = Result.objects.filter(submission_key=key).first()
    if existing is None:
        return None
    if existing.assignment_id != assignment.pk or existing.board_number != board_number:
        raise InvalidAction(_("Ce formulaire a déjà servi pour un autre étui. Rechargez la page."))
    existing.is_replay = True
    return existing


def store_entry(
    *,
    assignment: TableAssignment,
    board_number: int,
    scored: Scored,
    by: policy.Who,
    team: Team | None,
    source: str,
    ip: str | None,
    submission_key: str | None,
    replace_version: int | None,
    shown_version: int | None = None,
    action: str | None = None,
    label: str | None = None,
    slot: BoardSlot | None = None,
) -> Result:
    """Store an entry as the new version of the board at this table, under the table's lock.

    ``slot``: what ``lock_board`` read with the lock (else the versions are read here)."""
    if slot is None:
        previous = current_version(assignment=assignment, board_number=board_number)
        version = None
    else:
        previous = slot.current()
        version = slot.next_version
    live = live_version(result=previous)
    check_replacing(live=live, replace_version=replace_version, shown_version=shown_version)
    side = assignment.side_of(team)
    if live is not None and team is not None:
        if live.status in Result.COUNTING_STATUSES:
            raise ResultLocked(LOCKED)
        if live.status == Result.Status.ENTERED and live.entered_side != side:
            raise InvalidAction(
                _("Ce résultat a été saisi par l'autre camp : confirmez-le ou contestez-le.")
            )
    now = timezone.now()
    arbiter = team is None
    result = add_version(
        assignment=assignment,
        board_number=board_number,
        previous=previous,
        status=Result.Status.CONFIRMED if arbiter else Result.Status.ENTERED,
        source=source,
        entered_side=side or "",
        entered_team=team,
        entered_by=user_of(by=by),
        confirmed_at=now if arbiter else None,
        confirmed_by=user_of(by=by) if arbiter else None,
        submission_key=submission_key or None,
        version=version,
        **scored.fields(),
    )
    if action is None:
        action = ResultEvent.Action.CHANGE if live is not None else ResultEvent.Action.CREATE
    log_event(
        action=action,
        assignment=assignment,
        board_number=board_number,
        result=result,
        before=previous,
        by=by,
        label=label
        if label is not None
        else actor_label(assignment=assignment, team=team, source=source),
        ip=ip,
    )
    return result


def is_follow_up(*, result: Result, current: Result | None, status: str) -> bool:
    """Is ``current`` the very step the user asked for (a double click, a reloaded form)?"""
    return (
        current is not None and current.status == status and current.version == result.version + 1
    )


def check_other_team(*, current: Result, team: Team, assignment: TableAssignment, message) -> None:
    """A team acts on a result only if the *other* team entered it."""
    side = assignment.side_of(team)
    if current.was_entered_by(team, side):
        raise InvalidAction(message, side=vocabulary.side_name(vocabulary.other_side(side)))


def seen_or_current(*, seen: Result, slot: BoardSlot) -> Result | None:
    """The board's current version: ``seen`` itself when it still is (versions never change
    but for ``is_current``), else read."""
    if slot.current_pk is not None and slot.current_pk == seen.pk:
        return seen
    return slot.current()


def confirm_result(
    *, result: Result, by: policy.Who | None = None, ip: str | None = None
) -> Result:
    """Confirm the version ``result`` (the one the user saw); return the confirmed version.

    A team's entry is confirmed by the other team (``by`` its ``policy.team_actor``); an
    arbiter may confirm any entered or disputed result (resolving the dispute as entered).
    """
    assignment = table_of(result=result)
    actor = actor_of(by=by, tournament=assignment.round.tournament)
    team = acting_team(by=actor, assignment=assignment)
    with transaction.atomic():
        slot = lock_board(assignment=assignment, board_number=result.board_number)
        current = seen_or_current(seen=result, slot=slot)
        if is_follow_up(result=result, current=current, status=Result.Status.CONFIRMED):
            current.is_replay = True
            return current
        current = check_seen(current=live_version(result=current), seen_version=result.version)
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
            check_other_team(
                current=current, team=team, assignment=assignment, message=CONFIRM_BY_OTHER_SIDE
            )
        confirmed = add_version(
            assignment=assignment,
            board_number=result.board_number,
            previous=current,
            status=Result.Status.CONFIRMED,
            confirmed_at=timezone.now(),
            confirmed_by=user_of(by=by),
            confirmed_team=team,
            **copy_fields(result=current),
        )
        log_event(
            action=ResultEvent.Action.CONFIRM,
            assignment=assignment,
            board_number=result.board_number,
            result=confirmed,
            before=current,
            by=by,
            label=actor_label(assignment=assignment, team=team, source=Result.Source.TABLE),
            ip=ip,
        )
        round_results_changed(
            round_=assignment.round,
            board_numbers=[result.board_number],
            next_round_waiting=slot.next_round_waiting,
        )
    confirmed.is_replay = False
    return confirmed


def dispute_result(
    *, result: Result, reason: str, by: policy.Who | None = None, ip: str | None = None
) -> Result:
    """The other team disputes an entered result (contestation), saying why; an arbiter
    resolves it by confirming, replacing, adjusting or deleting it, or the table enters it
    anew."""
    assignment = table_of(result=result)
    actor = actor_of(by=by, tournament=assignment.round.tournament)
    team = acting_team(by=actor, assignment=assignment)
    reason = " ".join((reason or "").split())
    if not reason:
        raise InvalidAction(_("Indiquez la raison de la contestation."))
    if len(reason) > MAX_REASON_LENGTH:
        raise InvalidAction(
            _("La raison de la contestation est trop longue (%(max)s caractères au plus)."),
            max=MAX_REASON_LENGTH,
        )
    with transaction.atomic():
        current = seen_or_current(
            seen=result, slot=lock_board(assignment=assignment, board_number=result.board_number)
        )
        if is_follow_up(result=result, current=current, status=Result.Status.DISPUTED):
            current.is_replay = True
            return current
        current = check_seen(current=live_version(result=current), seen_version=result.version)
        if current.status != Result.Status.ENTERED:
            if current.status in Result.COUNTING_STATUSES:
                raise ResultLocked(LOCKED)
            raise InvalidAction(_("Seul un résultat en attente de confirmation se conteste."))
        if team is not None:
            check_other_team(
                current=current,
                team=team,
                assignment=assignment,
                message=_("Vous avez saisi ce résultat : corrigez-le plutôt que de le contester."),
            )
        disputed = add_version(
            assignment=assignment,
            board_number=result.board_number,
            previous=current,
            status=Result.Status.DISPUTED,
            dispute_reason=reason,
            **copy_fields(result=current),
        )
        log_event(
            action=ResultEvent.Action.DISPUTE,
            assignment=assignment,
            board_number=result.board_number,
            result=disputed,
            before=current,
            by=by,
            label=actor_label(assignment=assignment, team=team, source=Result.Source.TABLE),
            ip=ip,
        )
        notify_results_changed(
            tournament=assignment.round.tournament, board_numbers=[result.board_number]
        )
    disputed.is_replay = False
    return disputed

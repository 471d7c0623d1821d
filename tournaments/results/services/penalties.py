"""The arbiter's procedural penalties (pénalités de procédure): given against one team, on a
board or on the session, and removed; each act audited like a result change.

The amount's unit follows the tournament's ranking method (% of a top in matchpoints, points
otherwise); the standings take it off the team's total after the comparison (docs/scoring.md).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.duplicate import Penalty as CorePenalty
from scoring.duplicate import PenaltyUnit, penalty_unit
from scoring.duplicate.penalties import MAX_PERCENT, MAX_POINTS
from tournaments.setup import policy
from tournaments.setup.models import Round, TableAssignment, Team, Tournament

from ..exceptions import InvalidAction
from ..models import Penalty, ResultEvent
from .versions import MAX_REASON_LENGTH, actor_of, check_staff, notify_results_changed, user_of


def unit_for(*, tournament: Tournament) -> str:
    """The unit the tournament's penalties are given in: % of a top, or points."""
    return penalty_unit(tournament.scoring_method).value


EXAMPLE_PERCENT = 25
"""The penalty of the penalties page's example: 25 % of a top."""


def percent_example(*, tournament: Tournament) -> dict | None:
    """The penalties page's example in the tournament's own figures: a penalty of 25 % of a
    top, over the boards a team plays (all the tournament's boards, else the plan's rounds ×
    boards per round), takes 25 / boards % off the team's percentage. None before any board."""
    boards = tournament.boards.count() or (tournament.rounds or 0) * tournament.boards_per_round
    if not boards:
        return None
    return {"percent": EXAMPLE_PERCENT, "boards": boards, "less": EXAMPLE_PERCENT / boards}


def core_penalty(*, penalty: Penalty, team_number: int) -> CorePenalty:
    """The plain-Python penalty the scoring applies."""
    return CorePenalty(
        team=team_number,
        amount=penalty.amount,
        unit=PenaltyUnit(penalty.unit),
        round=max(penalty.round_number, 1),
        board=penalty.board_number,
    )


def penalty_snapshot(*, penalty: Penalty) -> dict[str, Any]:
    """A penalty as the audit trail keeps it."""
    return {
        "team": penalty.team.number,
        "board": penalty.board_number,
        "round": penalty.round_number,
        "amount": penalty.amount,
        "unit": penalty.unit,
        "reason": penalty.reason,
        "removed": penalty.removed_at is not None,
        "removal_reason": penalty.removal_reason,
    }


def give_penalty(
    *,
    tournament: Tournament,
    team: Team,
    amount: int,
    reason: str,
    board_number: int | None = None,
    round_number: int | None = None,
    by: policy.Who | None = None,
    ip: str | None = None,
) -> Penalty:
    """Penalize ``team`` by ``amount`` (in the tournament's unit, ``unit_for``) on
    ``board_number``, or on the session when None (then ``round_number`` says from which round
    it counts; by default the latest started round, else round 1). Only arbiters.

    Raises ``InvalidAction`` with a French message on an amount out of bounds, a missing reason,
    a board the team does not play, or an unknown round.
    """
    check_staff(by=actor_of(by=by, tournament=tournament), tournament=tournament)
    if team.tournament_id != tournament.pk:
        raise InvalidAction(_("Cette équipe ne joue pas dans ce tournoi."))
    unit = unit_for(tournament=tournament)
    _check_amount(amount, unit)
    reason = (reason or "").strip()
    if not reason:
        raise InvalidAction(_("Indiquez le motif de la pénalité."))
    if len(reason) > MAX_REASON_LENGTH:
        raise InvalidAction(
            _("Le motif est trop long (%(max)s caractères au plus).") % {"max": MAX_REASON_LENGTH}
        )
    if board_number is not None:
        assignment = _where_team_plays(tournament, team, board_number)
        round_number = assignment.round.number
        table_number: int | None = assignment.table.number
    else:
        round_number = _session_round(tournament, round_number)
        table_number = _table_of(tournament, team, round_number)
    with transaction.atomic():
        penalty = Penalty.objects.create(
            tournament=tournament,
            team=team,
            board_number=board_number,
            round_number=round_number,
            amount=amount,
            unit=unit,
            reason=reason,
            given_by=user_of(by=by),
        )
        _log(ResultEvent.Action.PENALTY, penalty, table_number, None, by=by, ip=ip)
        notify_results_changed(
            tournament=tournament, board_numbers=[board_number] if board_number else []
        )
    return penalty


def remove_penalty(
    *, penalty: Penalty, reason: str = "", by: policy.Who | None = None, ip: str | None = None
) -> Penalty:
    """Remove a penalty (it stays, marked removed, in the audit trail). Only arbiters."""
    tournament = penalty.tournament
    check_staff(by=actor_of(by=by, tournament=tournament), tournament=tournament)
    reason = (reason or "").strip()[:MAX_REASON_LENGTH]
    with transaction.atomic():
        locked = Penalty.objects.select_for_update().select_related("team").get(pk=penalty.pk)
        if locked.removed_at is not None:
            raise InvalidAction(_("Cette pénalité a déjà été retirée."))
        before = penalty_snapshot(penalty=locked)
        locked.removed_at = timezone.now()
        locked.removed_by = user_of(by=by)
        locked.removal_reason = reason
        locked.save(update_fields=["removed_at", "removed_by", "removal_reason"])
        table_number: int | None = None
        if locked.board_number is not None:
            where = _team_tables(tournament, locked.team).filter(round__number=locked.round_number)
            table_number = next(
                (row.table.number for row in where if locked.board_number in row.boards), None
            )
        else:
            table_number = _table_of(tournament, locked.team, locked.round_number)
        _log(ResultEvent.Action.UNPENALTY, locked, table_number, before, by=by, ip=ip)
        notify_results_changed(
            tournament=tournament,
            board_numbers=[locked.board_number] if locked.board_number else [],
        )
    return locked


def _check_amount(amount: object, unit: str) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise InvalidAction(_("Le montant de la pénalité est un nombre entier positif."))
    if unit == PenaltyUnit.PERCENT_OF_TOP.value and amount > MAX_PERCENT:
        raise InvalidAction(
            _("Une pénalité retire au plus %(max)s %% du top.") % {"max": MAX_PERCENT}
        )
    if unit == PenaltyUnit.POINTS.value and amount > MAX_POINTS:
        raise InvalidAction(_("Une pénalité retire au plus %(max)s points.") % {"max": MAX_POINTS})


def _team_tables(tournament: Tournament, team: Team):
    return (
        TableAssignment.objects.filter(round__tournament=tournament)
        .filter(Q(ns_team=team) | Q(ew_team=team))
        .select_related("round", "table")
        .order_by("round__number")
    )


def _where_team_plays(tournament: Tournament, team: Team, board_number: int) -> TableAssignment:
    """The table where ``team`` plays ``board_number`` (sitting out included: the arbiter may
    penalize a team at the phantom's table too)."""
    for assignment in _team_tables(tournament, team):
        if board_number in assignment.boards:
            return assignment
    raise InvalidAction(
        _("L'équipe %(team)s ne joue pas l'étui %(board)s.")
        % {"team": team.number, "board": board_number}
    )


def _session_round(tournament: Tournament, round_number: int | None) -> int:
    rounds = Round.objects.filter(tournament=tournament)
    if round_number is None:
        started = rounds.filter(started_at__isnull=False).order_by("-number").first()
        return started.number if started is not None else 1
    if not rounds.filter(number=round_number).exists():
        raise InvalidAction(
            _("Le tour %(round)s n'existe pas dans ce tournoi.") % {"round": round_number}
        )
    return round_number


def _table_of(tournament: Tournament, team: Team, round_number: int) -> int | None:
    assignment = _team_tables(tournament, team).filter(round__number=round_number).first()
    return assignment.table.number if assignment is not None else None


def _log(action, penalty: Penalty, table_number, before, *, by, ip) -> ResultEvent:
    return ResultEvent.objects.create(
        tournament=penalty.tournament,
        penalty=penalty,
        round_number=penalty.round_number,
        table_number=table_number,
        board_number=penalty.board_number,
        action=action,
        actor=user_of(by=by),
        ip_address=ip or None,
        before=before,
        after=penalty_snapshot(penalty=penalty),
    )

"""The double-dummy analysis of the boards: computed by a Celery job, stored per board.

``enqueue_analysis`` is called (on commit) when deals are generated or imported and when a
board is typed or retyped; the ``analysis.analyse_boards`` job (``tasks``) runs
``analyse_boards`` on the ``analysis`` queue, and a worker starting catches up on boards left
without a current analysis (a broker that was away). Each board's analysis is stored with the
hands, dealer and rule settings it was computed from (the play rules
``must_undertrump`` and ``overtake_partner`` among them) (``BoardAnalysis.matches``), so one made
from hands since retyped is never shown, and a job that lost a race to a retyping does not
overwrite the newer one.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction

from scoring.analysis.par import Contracts, par
from scoring.analysis.solver import Solver, analyse, hands_from_pbn
from scoring.engine.cards import Seat
from scoring.engine.play import opening_leader
from scoring.engine.rules import OvertakePartner
from tournaments.jobs import BrokerUnavailable, publish
from tournaments.setup.models import Tournament

from .models import Board, BoardAnalysis

logger = logging.getLogger(__name__)


def enqueue_analysis(tournament_id: int, board_numbers: Iterable[int] | None = None) -> bool:
    """Publish the analysis of these boards (all the tournament's when None); never raises.

    Returns False when the broker is away: the boards stay unanalysed until a worker starts
    and catches up (``catch_up``); also when jobs run in-process (no broker) and
    ``settings.ANALYSIS_IN_PROCESS`` is off.
    """
    from .tasks import analyse_boards_task

    if analyse_boards_task.app.conf.task_always_eager and not settings.ANALYSIS_IN_PROCESS:
        # No worker: not in the organizer's request (``manage.py analyse_boards`` does it).
        return False
    numbers = None if board_numbers is None else sorted(set(board_numbers))
    try:
        publish(analyse_boards_task, (tournament_id, numbers))
    except BrokerUnavailable as error:
        logger.warning(
            "tournament %s: broker unreachable (%s); analysis left to the catch-up",
            tournament_id,
            error,
        )
        return False
    except Exception:
        logger.exception("tournament %s: could not publish the analysis", tournament_id)
        return False
    return True


def enqueue_analysis_on_commit(tournament: Tournament, board_numbers=None) -> None:
    """``enqueue_analysis`` once the current transaction commits (the boards are stored)."""
    tournament_id = tournament.pk
    numbers = None if board_numbers is None else list(board_numbers)
    transaction.on_commit(lambda: enqueue_analysis(tournament_id, numbers))


def on_rules_changed(sender, *, tournament, **kwargs) -> None:
    """Receiver of ``setup.signals.rules_changed``: the bids and par depend on the rules."""
    if Board.objects.filter(tournament=tournament).exclude(hands={}).exists():
        enqueue_analysis_on_commit(tournament)


def _pending(tournament: Tournament, board_numbers: Iterable[int] | None) -> list[Board]:
    boards = Board.objects.filter(tournament=tournament).exclude(hands={}).order_by("number")
    if board_numbers is not None:
        boards = boards.filter(number__in=list(board_numbers))
    rules = tournament.rule_settings().to_dict()
    pending = []
    for board in boards.select_related("analysis"):
        current = getattr(board, "analysis", None)
        if board.has_hands and not (current and current.matches(board, rules)):
            pending.append(board)
    return pending


def analyse_boards(tournament_id: int, board_numbers: Iterable[int] | None = None) -> int:
    """Compute and store the analysis of the boards that lack a current one; returns how many.

    Idempotent: a board already analysed from its present hands is skipped. Each board is
    stored in its own transaction, and only if its hands did not change while it was solved.
    """
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    settings_ = tournament.rule_settings()
    rules = settings_.to_dict()
    solver = Solver()
    stored = 0
    for board in _pending(tournament, board_numbers):
        dealer, hands = board.dealer, dict(board.hands)
        held = hands_from_pbn(hands)
        table = analyse(
            held,
            Seat(dealer),
            must_undertrump=settings_.must_undertrump,
            always_overtake_partner=settings_.overtake_partner is OvertakePartner.ALWAYS,
            solver=solver,
        )
        points = {strain.value: per_side.to_dict() for strain, per_side in table.items()}
        contracts = Contracts(held, table, settings_)
        bids = {
            strain.value: {
                side.value.lower(): (made.bid if made is not None else None)
                for side, made in by_side.items()
            }
            for strain, by_side in contracts.table().items()
        }
        best = par(contracts, opening_leader(Seat(dealer)).side)
        with transaction.atomic():
            fresh = Board.objects.select_for_update().filter(pk=board.pk).first()
            if fresh is None or fresh.hands != hands or fresh.dealer != dealer:
                continue
            BoardAnalysis.objects.update_or_create(
                board=fresh,
                defaults={
                    "dealer": dealer,
                    "hands": hands,
                    "must_undertrump": settings_.must_undertrump,
                    "rules": rules,
                    "points": points,
                    "bids": bids,
                    "par": best.to_dict() if best is not None else None,
                },
            )
        stored += 1
    logger.info("analysis: tournament=%s boards analysed=%s", tournament.slug, stored)
    return stored


def catch_up() -> list[int]:
    """Publish the analysis of every tournament with a board lacking a current analysis."""
    tournaments = (
        Tournament.objects.filter(boards__isnull=False).exclude(boards__hands={}).distinct()
    )
    queued = []
    for tournament in tournaments:
        if _pending(tournament, None) and enqueue_analysis(tournament.pk):
            queued.append(tournament.pk)
    return queued

"""The double-dummy analysis of the boards: computed by a Celery job, stored per board.

``enqueue_analysis`` is called (on commit) when deals are generated or imported and when a
board is typed or retyped; the ``analysis.analyse_boards`` job (``tasks``) runs
``analyse_boards`` on the ``analysis`` queue, and a worker starting, then beat every few
minutes, catch up on boards left without a current analysis (a broker that was away).
Without a broker the analysis runs in a thread of the web process (``tournaments.background``). Each
board's analysis is stored with the hands, dealer and rule settings it was computed from (the
play rules ``must_undertrump`` and ``overtake_partner`` among them; ``BoardAnalysis.matches``),
so one made from hands since retyped is never shown, and a job that lost a race to a retyping
does not overwrite the newer one.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from scoring.analysis.par import Contracts, par
from scoring.analysis.solver import Solver, analyse, hands_from_pbn
from scoring.engine.cards import Seat
from scoring.engine.play import opening_leader
from scoring.engine.rules import OvertakePartner
from tournaments import background
from tournaments.jobs import BrokerUnavailable, after_commit, publish
from tournaments.setup.models import Tournament

from .models import Board, BoardAnalysis
from .tasks import analyse_boards_task

logger = logging.getLogger(__name__)


# ``settings.ANALYSIS_IN_PROCESS``: what happens without a broker (jobs in-process).
IN_BACKGROUND = "background"  # a thread of the process (``tournaments.background``), the default
IN_REQUEST = "1"  # in the request that asked for it (tests, scripts)
CATCH_UP_HOLD_SECONDS = 30 * 60
"""A tournament queued by the catch-up is not queued again by it for this long, unless its job
ended before (a worker lost on the way: the next catch-up after this delay queues it again)."""


def _catch_up_key(tournament_id: int) -> str:
    return f"deals:analysis-queued:{tournament_id}"


def _in_process() -> bool:
    return bool(analyse_boards_task.app.conf.task_always_eager)


def runs_in_background() -> bool:
    """No broker, and the analysis left to a thread of this process (``background``)."""
    return _in_process() and settings.ANALYSIS_IN_PROCESS == IN_BACKGROUND


def enqueue_analysis(tournament_id: int, board_numbers: Iterable[int] | None = None) -> bool:
    """Publish the analysis of these boards (all the tournament's when None); never raises.

    Without a broker it goes to the process's background thread (``ANALYSIS_IN_PROCESS``
    ``background``, the default), runs here (``1``) or not at all (``0``: ``manage.py
    analyse_boards`` does it). Returns False when nothing was queued: the broker away (the
    boards stay unanalysed until a worker's or beat's catch-up), or the analysis off.
    """
    numbers = None if board_numbers is None else sorted(set(board_numbers))
    if _in_process() and settings.ANALYSIS_IN_PROCESS != IN_REQUEST:
        if settings.ANALYSIS_IN_PROCESS != IN_BACKGROUND:
            return False
        key = (tournament_id, None if numbers is None else tuple(numbers))
        background.analysis.submit(key, analyse_boards, tournament_id, numbers)
        return True
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


def _catch_up_in_background() -> None:
    for tournament_id in pending_tournaments():
        enqueue_analysis(tournament_id)


def on_request_started(sender=None, **kwargs) -> None:
    """Receiver of ``request_started``: without a broker, the first request of the process
    queues the catch-up in the background thread (``background``)."""
    if runs_in_background():
        background.analysis.catch_up_once(_catch_up_in_background)


def enqueue_analysis_on_commit(tournament: Tournament, board_numbers=None) -> None:
    """``enqueue_analysis`` once the current transaction commits (the boards are stored)."""
    tournament_id = tournament.pk
    numbers = None if board_numbers is None else list(board_numbers)
    after_commit(enqueue_analysis, tournament_id, numbers)


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
    if board_numbers is None:
        # The catch-up's job (every board) has run: the next catch-up may queue it again.
        cache.delete(_catch_up_key(tournament_id))
    logger.info("analysis: tournament=%s boards analysed=%s", tournament.slug, stored)
    return stored


def pending_tournaments() -> list[int]:
    """The tournaments with a board lacking a current analysis, oldest first."""
    tournaments = (
        Tournament.objects.filter(boards__isnull=False)
        .exclude(boards__hands={})
        .distinct()
        .order_by("pk")
    )
    return [tournament.pk for tournament in tournaments if _pending(tournament, None)]


def catch_up() -> list[int]:
    """Publish the analysis of every tournament with a board lacking a current analysis.

    Run when a worker starts and by beat every few minutes (``analysis-catch-up``): a
    tournament it queued is not queued again while its job waits or runs (for at most
    ``CATCH_UP_HOLD_SECONDS``), so a long backlog is not queued over and over.
    """
    queued = []
    for tournament_id in pending_tournaments():
        if not cache.add(_catch_up_key(tournament_id), 1, timeout=CATCH_UP_HOLD_SECONDS):
            continue
        if enqueue_analysis(tournament_id):
            queued.append(tournament_id)
        else:
            cache.delete(_catch_up_key(tournament_id))
    return queued

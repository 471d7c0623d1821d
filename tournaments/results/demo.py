"""Demo data: a demo tournament's deals (``deals.services.generate_deals``) and plausible
confirmed results for every board; ``manage.py demo_tournament`` builds the tournament in
set-up (``setup.services.demo``), then calls ``populate_demo`` here, the lowest app that sees
both the deals and the results."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction

from scoring.engine.annonces import declarable_annonces
from scoring.engine.belote import belote_holders
from scoring.engine.card_values import DEAL_POINTS
from scoring.engine.cards import SEATS_PBN_ORDER, Hand, Seat, Strain
from scoring.engine.result_record import ResultValidationError
from scoring.engine.rule_values import Coinche
from scoring.engine.rules import RuleSettings
from tournaments.deals.services import generate_deals
from tournaments.setup.models import TableAssignment, Tournament

from .models import Result
from .selectors import hands_by_board, played_strains
from .services.entry import store_entry
from .services.versions import (
    Scored,
    current_version,
    live_version,
    notify_results_changed,
    score_record,
)


def populate_demo(tournament: Tournament, results: bool) -> list[str]:
    """The deals and (with ``results``) plausible results for every table of a demo tournament
    built by ``setup.services.demo.build_demo_tournament``. Returns what was made, for the
    command's output."""
    generate_deals(tournament=tournament)
    if not results:
        return ["deals"]
    record_demo_results(tournament)
    return ["deals", "results"]


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
                if (
                    live_version(result=current_version(assignment=assignment, board_number=board))
                    is not None
                ):
                    continue
                if board not in plans:
                    plans[board] = (
                        rng.choice(SEATS_PBN_ORDER),
                        _demo_strain(rng, strains),
                        rng.choice((80, 80, 90, 90, 100, 110, 120)),
                    )
                scored = _demo_record(rng, rules, plans[board], hands.get(board))
                store_entry(
                    assignment=assignment,
                    board_number=board,
                    scored=scored,
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
            notify_results_changed(tournament=tournament, board_numbers=sorted(boards_changed))
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
            return score_record(data=data, rules=rules, hands=hands)
        except ResultValidationError:
            continue
    return score_record(data={"passed": True}, rules=rules, hands=hands)


def _demo_data(rng, rules, plan, hands) -> dict[str, Any]:
    if rng.random() < 0.04:
        return {"passed": True}
    taker, strain, bid = plan
    if rng.random() < 0.25:
        taker = taker.partner
    # Multiples of 10 from 80 are on every scale but the 82 floor's, where 80 becomes 82.
    bid = min(160, max(rules.lowest_bid, bid + rng.choice((-10, 0, 0, 0, 10, 20))))
    coinche = Coinche.NONE
    if rng.random() < 0.12:
        coinche = Coinche.SURCOINCHE if rng.random() < 0.2 else Coinche.COINCHE
    data: dict[str, Any] = {
        "passed": False,
        "contract": {
            "bid": bid,
            "strain": strain.value,
            "taker": taker.value,
            "coinche": coinche.value,
        },
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

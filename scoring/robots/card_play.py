"""Card play by simulation: each legal card tried in every world, the rest of the deal solved
with the four hands seen (double dummy), the card with the best mean deal score kept.

The deal score is the rules' own (``scoring.engine.deal_score``): a card that keeps a contract
made is worth its threshold, not only its card points. The worlds come from ``worlds``; their
number is fixed (not a time budget), so the same request and seed give the same card whatever
the machine's load.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.analysis import kernel
from scoring.analysis.solver import Solver
from scoring.engine.belote import belote_holders
from scoring.engine.card_values import CAPOT_DEAL_POINTS, DEAL_POINTS, DIX_DE_DER, card_points
from scoring.engine.cards import Card, PerSide, Seat, Side
from scoring.engine.deal_score import score_deal
from scoring.engine.play import TRICKS_PER_DEAL, winning_index
from scoring.engine.result_record import Capot, Contract, ResultRecord
from scoring.engine.rules import RuleSettings
from scoring.robots.table import declared_annonces
from scoring.robots.view import PLAYERS, SeatView
from scoring.robots.worlds import World


def outcome_score(
    rules: RuleSettings, contract: Contract, points: PerSide, world: World, side: Side
) -> int:
    """``side``'s deal score minus the other side's, for a deal ending with ``points``
    (cards and dix de der; 252 and 0 for a capot) in ``world``, every belote and, where the
    rules have them, every seat's annonces said."""
    taking = contract.taker.side
    capot: Capot | None = None
    if points.of(taking) == CAPOT_DEAL_POINTS:
        capot = Capot.TAKER
    elif points.of(taking.other) == CAPOT_DEAL_POINTS:
        capot = Capot.DEFENCE
    record = ResultRecord(
        passed=False,
        contract=contract,
        taker_points=None if capot else points.of(taking),
        capot=capot,
        belote=tuple(belote_holders(world, contract.strain)),
        annonces=declared_annonces(rules, world, contract.strain),
    )
    score = score_deal(record, rules)
    return score.of(side) - score.of(side.other)


def remaining_hands(view: SeatView, world: World) -> dict[Seat, set[Card]]:
    """The world's cards not played yet, per seat."""
    played = set(view.play)
    return {seat: set(cards) - played for seat, cards in world.items()}


def card_values(
    view: SeatView, worlds: Sequence[World], candidates: Sequence[Card], solver: Solver
) -> dict[Card, float]:
    """The mean score (own side minus the other) of each candidate card over the worlds."""
    contract = view.contract
    if contract is None:
        raise ValueError("cards are played under a contract")
    totals = dict.fromkeys(candidates, 0.0)
    guesses: dict[Card, int | None] = {}
    for world in worlds:
        hands = remaining_hands(view, world)
        for card in candidates:
            points, guesses[card] = points_after(view, hands, card, solver, guesses.get(card))
            totals[card] += outcome_score(view.rules, contract, points, world, view.seat.side)
    return {card: total / len(worlds) for card, total in totals.items()}


def points_after(
    view: SeatView,
    hands: dict[Seat, set[Card]],
    card: Card,
    solver: Solver,
    guess: int | None = None,
) -> tuple[PerSide, int | None]:
    """Each side's points at the end of the deal when the seat plays ``card`` now and
    everyone plays double dummy afterwards, and the solver's value (``guess`` is the value
    of a similar position, which only speeds the search up)."""
    strain = view.strain
    leader, trick = view.current_trick()
    trick = (*trick, card)
    ns = view.points_won().ns
    sole = view.sole_winner()
    done = len(view.trick_winners)
    after = {seat: cards - {card} if seat is view.seat else cards for seat, cards in hands.items()}
    if len(trick) == PLAYERS:
        winner = leader
        for _ in range(winning_index(trick, strain)):
            winner = winner.next
        if winner.side is Side.NS:
            ns += sum(card_points(played, strain) for played in trick)
        sole = winner.side if done == 0 or sole is winner.side else None
        done += 1
        leader, trick = winner, ()
        if done == TRICKS_PER_DEAL:
            return _final(ns, winner, sole), None
    value = solver.solve(
        after,
        leader,
        strain,
        trick=trick,
        capot_possible=done == 0 or sole is not None,
        sole_winner=sole,
        guess=guess,
        **view.play_rules(),
    )
    if value == kernel.EW_CAPOT_VALUE:
        return PerSide(0, CAPOT_DEAL_POINTS), value
    if ns + value == CAPOT_DEAL_POINTS:
        return PerSide(CAPOT_DEAL_POINTS, 0), value
    return PerSide(ns + value, DEAL_POINTS - ns - value), value


def _final(ns: int, winner: Seat, sole: Side | None) -> PerSide:
    """The points once the last card is played: the dix de der, or the capot's 252."""
    if sole is not None:
        return PerSide(CAPOT_DEAL_POINTS, 0) if sole is Side.NS else PerSide(0, CAPOT_DEAL_POINTS)
    if winner.side is Side.NS:
        ns += DIX_DE_DER
    return PerSide(ns, DEAL_POINTS - ns)

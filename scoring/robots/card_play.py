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
from scoring.engine.card_values import (
    CAPOT_DEAL_POINTS,
    DEAL_POINTS,
    DIX_DE_DER,
    card_points,
    card_strength,
)
from scoring.engine.cards import Card, PerSide, Seat, Side
from scoring.engine.deal_score import score_deal
from scoring.engine.play import TRICKS_PER_DEAL, winning_index
from scoring.engine.result_record import Capot, Contract, ResultRecord
from scoring.engine.rules import RuleSettings
from scoring.robots.lanes import Lanes, Memory
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
    view: SeatView,
    worlds: Sequence[World],
    candidates: Sequence[Card],
    lanes: Lanes,
    *,
    budget: int | None = None,
    limit: int | None = None,
) -> dict[Card, float]:
    """The mean score (own side minus the other) of each candidate card over the worlds.

    Only one card of each group of equivalent cards is solved (``representatives``); the
    others take its value, which is theirs exactly. The worlds are solved in ``lanes``; with a
    ``budget`` of positions, the worlds after the one in which the search reached it are left
    out (every card is valued on the same worlds); with a ``limit``, a solve that reaches that
    many positions gives the solver's estimate (``Solver.solve``).
    """
    contract = view.contract
    if contract is None:
        raise ValueError("cards are played under a contract")
    chosen = representatives(view, candidates)
    solved = sorted(set(chosen.values()), key=candidates.index)

    def scores_in(world: World, solver: Solver, guesses: Memory) -> dict[Card, int]:
        # The solver's first test: the value of the card solved just before in this world
        # (the leads of one world are often worth the same), else this card's in the lane's
        # last world. The solver keeps its table between the cards of one world.
        hands = remaining_hands(view, world)
        last: int | None = None
        scores: dict[Card, int] = {}
        for card in solved:
            guess = last if last is not None else guesses.get(card)
            points, value = points_after(view, hands, card, solver, guess, limit=limit)
            if value is not None:
                guesses[card] = last = value
            scores[card] = outcome_score(view.rules, contract, points, world, view.seat.side)
        return scores

    counted = lanes.solve(worlds, scores_in, budget=budget)
    totals = {card: float(sum(scores[card] for scores in counted)) for card in solved}
    return {card: totals[chosen[card]] / len(counted) for card in candidates}


def representatives(view: SeatView, candidates: Sequence[Card]) -> dict[Card, Card]:
    """Each candidate's representative: the weakest card of its group of equivalent cards.

    Two candidates are equivalent when they are of one suit and worth the same points, and
    the only cards still out (in the hands or on the table) that rank between them are
    candidates of that worth too: whichever is played, the other in its place changes
    neither who wins a trick nor the points (the solver's own rule, ``kernel._enter``).
    """
    strain = view.strain
    out = view.remaining() | view.unseen() | set(view.current_trick()[1])
    allowed = set(candidates)
    chosen: dict[Card, Card] = {}
    for suit in {card.suit for card in candidates}:
        ranked = sorted(
            (card for card in out if card.suit is suit),
            key=lambda card: -card_strength(card, strain),
        )
        groups: list[list[Card]] = []
        previous: Card | None = None
        for card in ranked:
            if card not in allowed:
                previous = None
            elif previous is not None and card_points(previous, strain) == card_points(
                card, strain
            ):
                groups[-1].append(card)
                previous = card
            else:
                groups.append([card])
                previous = card
        for group in groups:
            for member in group:
                chosen[member] = group[-1]
    return chosen


def points_after(
    view: SeatView,
    hands: dict[Seat, set[Card]],
    card: Card,
    solver: Solver,
    guess: int | None = None,
    *,
    limit: int | None = None,
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
        limit=limit,
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

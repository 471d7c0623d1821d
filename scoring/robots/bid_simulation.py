"""The conventional call checked by simulation (docs/robots.md « Les enchères »).

The conventions (``bidding``) give a call; the robot then deals worlds consistent with the
auction so far, solves each world double dummy in each strain a candidate names, and keeps
the candidate of best mean **deal score under the rules** (own side minus the other), as if
the auction stopped there. The candidates are the conventional call, a pass, and every other
legal level of the conventional bid's strain (one solve of the strain values them all); the
conventional call wins unless another is better by ``SIMULATION_MARGIN``, so that the partner
can still read it. The taker is counted ``TAKER_SHORTFALL`` card points short of its
double-dummy points. A bid is scored coinched in the worlds where an opponent, holding that
world's hand, would coinche it by the conventions (``bidding.should_coinche``): the risk of a
coinche to come is priced, not only the contract as bid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scoring.analysis.solver import Solver
from scoring.engine.card_values import CAPOT_DEAL_POINTS, DEAL_POINTS
from scoring.engine.cards import PerSide, Strain
from scoring.engine.result_record import Contract
from scoring.engine.rule_values import Coinche
from scoring.robots.auction import COINCHE, PASS, Call, CallKind
from scoring.robots.bidding import should_coinche
from scoring.robots.card_play import outcome_score
from scoring.robots.lanes import Lanes, Memory
from scoring.robots.view import SeatView, play_rules
from scoring.robots.worlds import World

SIMULATION_MARGIN = 10.0
"""Expected deal score another call must gain over the conventional one to be chosen."""
TAKER_SHORTFALL = 10
"""Card points the taker is counted short of its double-dummy points in the simulation: at
the table neither side sees the cards, and a contract that makes by a hair with every card
seen fails as often as not. Measured (docs/robots.md « The auction measured »): 10 points
gave the best contracts against colver's, 0, 5, 15 and 20 less good ones."""


def candidates(view: SeatView, conventional: Call) -> list[Call]:
    """The conventional call first, then every other legal level of its strain (the strain's
    solve in a world values them all), then a pass."""
    found = [conventional]
    if conventional.kind is CallKind.BID and not conventional.is_capot:
        found += [
            call
            for call in view.auction.legal_calls()
            if call.kind is CallKind.BID
            and call.strain is conventional.strain
            and call != conventional
        ]
    if PASS not in found:
        found.append(PASS)
    return found


def contract_after(view: SeatView, call: Call) -> Contract | None:
    """The contract if the auction stopped after ``call`` (None: passed out)."""
    if call.kind is CallKind.BID:
        assert call.bid is not None and call.strain is not None
        return Contract(call.bid, call.strain, view.seat)
    current = view.auction.contract_so_far()
    if current is None or call.kind is CallKind.PASS:
        return current
    level = Coinche(current.coinche + 1) if call == COINCHE else Coinche.SURCOINCHE
    return Contract(current.bid, current.strain, current.taker, level)


def contract_in(view: SeatView, call: Call, world: World) -> Contract | None:
    """The contract after ``call`` in ``world``: a bid coinched when an opponent, with its
    hand of that world, would coinche it by the conventions."""
    contract = contract_after(view, call)
    if contract is None or call.kind is not CallKind.BID:
        return contract
    calls = (*view.calls, call)
    for seat in (view.seat.next, view.seat.partner.next):
        opponent = SeatView(view.rules, view.dealer, seat, world[seat], calls)
        if COINCHE in opponent.auction.legal_calls() and should_coinche(opponent, call):
            return replace(contract, coinche=Coinche.COINCHE)
    return contract


def simulated_call(
    view: SeatView,
    conventional: Call,
    worlds: Sequence[World],
    lanes: Lanes,
    *,
    budget: int | None = None,
    limit: int | None = None,
) -> Call:
    """The candidate call of best mean deal score over ``worlds`` (``call_values``)."""
    calls = candidates(view, conventional)
    if len(calls) == 1:
        return conventional
    values = call_values(view, calls, worlds, lanes, budget=budget, limit=limit)
    best = max(calls, key=lambda call: values[call])
    return best if values[best] > values[conventional] + SIMULATION_MARGIN else conventional


def as_played(points: PerSide, contract: Contract) -> PerSide:
    """The double-dummy points, the taker's ``TAKER_SHORTFALL`` given to the defence (a capot
    stays a capot)."""
    if CAPOT_DEAL_POINTS in points:
        return points
    taking = contract.taker.side
    own = max(points.of(taking) - TAKER_SHORTFALL, 0)
    return PerSide.split(taking, own, DEAL_POINTS - own)


def call_values(
    view: SeatView,
    calls: Sequence[Call],
    worlds: Sequence[World],
    lanes: Lanes,
    *,
    budget: int | None = None,
    limit: int | None = None,
) -> dict[Call, float]:
    """The mean deal score (own side minus the other) of each call over ``worlds``, as if the
    auction stopped after it, the worlds solved in ``lanes``; with a ``budget`` of positions,
    over the worlds up to the one in which the search reached it (every call valued on the
    same worlds); with a ``limit``, a solve that reaches that many positions gives the
    solver's estimate."""

    def scores_in(world: World, solver: Solver, guesses: Memory) -> dict[Call, int]:
        solved: dict[Strain, PerSide] = {}
        scores: dict[Call, int] = {}
        for call in calls:
            contract = contract_in(view, call, world)
            if contract is None:
                scores[call] = 0
                continue
            if contract.strain not in solved:
                # The lane's last world's value in the strain: only the search's first test.
                solved[contract.strain] = solver.points(
                    world,
                    view.dealer,
                    contract.strain,
                    guess=guesses.get(contract.strain),
                    limit=limit,
                    **play_rules(view.rules),
                )
                guesses[contract.strain] = solved[contract.strain].ns
            side = view.seat.side
            points = as_played(solved[contract.strain], contract)
            scores[call] = outcome_score(view.rules, contract, points, world, side)
        return scores

    counted = lanes.solve(worlds, scores_in, budget=budget)
    return {call: sum(scores[call] for scores in counted) / len(counted) for call in calls}

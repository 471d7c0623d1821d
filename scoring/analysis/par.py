"""What the double-dummy points make: the highest bid per side and strain, and the par.

Both use the rules engine's ``score_deal`` on the result record the contract would produce:
the taker's side taking its double-dummy points, the belotes and annonces the four hands hold
(``belote_holders``, ``declarable_annonces``, resolved as at the table), no coinche. The par
(« contrat optimal ») is defined in docs/analysis.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from scoring.engine.annonces import declarable_annonces
from scoring.engine.belote import belote_holders
from scoring.engine.card_values import CAPOT_DEAL_POINTS
from scoring.engine.cards import Hand, PerSide, Seat, Side, Strain
from scoring.engine.deal_score import DealScore, score_deal
from scoring.engine.result_record import CAPOT, bids, parse_result
from scoring.engine.rule_values import Coinche
from scoring.engine.rules import RuleSettings

CAPOT_RANK = 255
"""Where a capot bid stands among the bids in points, for overbidding: above 250, below 260."""


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract one side takes (not coinched) and the deal score it ends in."""

    side: Side
    strain: Strain
    bid: int | str
    score: DealScore

    @property
    def rank(self) -> int:
        return CAPOT_RANK if self.bid == CAPOT else int(self.bid)

    @property
    def made(self) -> bool:
        return bool(self.score.made)

    def to_dict(self) -> dict[str, Any]:
        return {
            "side": self.side.value,
            "strain": self.strain.value,
            "bid": self.bid,
            "made": self.made,
            "ns": self.score.ns,
            "ew": self.score.ew,
        }


def _record(
    side: Side,
    strain: Strain,
    bid: int | str,
    points: PerSide,
    held: tuple[list[str], list[dict[str, Any]]],
) -> dict[str, Any]:
    taker = side.seats[0]
    own, other = points.of(side), points.of(side.other)
    capot = (
        "taker" if own == CAPOT_DEAL_POINTS else "defence" if other == CAPOT_DEAL_POINTS else None
    )
    belote, annonces = held
    return {
        "passed": False,
        "contract": {
            "bid": bid,
            "strain": strain.value,
            "taker": taker.value,
            "coinche": Coinche.NONE.value,
        },
        "taker_points": None if capot else own,
        "capot": capot,
        "belote": belote,
        "annonces": annonces,
    }


class Contracts:
    """The contracts either side could take in the strains analysed, scored on demand.

    SA and TA are analysed even where the tournament does not play them.
    """

    def __init__(
        self,
        hands: Mapping[Seat, Hand],
        points: Mapping[Strain, PerSide],
        rules: RuleSettings,
    ) -> None:
        self.hands = hands
        self.points = dict(points)
        self.rules = dataclasses.replace(rules, no_trump=True, all_trump=True)
        self.bids: list[int | str] = [*bids(self.rules), CAPOT]
        self._scored: dict[tuple[Side, Strain, int | str], Contract] = {}
        self._held: dict[Strain, tuple[list[str], list[dict[str, Any]]]] = {}

    def held(self, strain: Strain) -> tuple[list[str], list[dict[str, Any]]]:
        """The belotes and annonces the four hands hold in this strain, in record form."""
        if strain not in self._held:
            annonces = []
            if self.rules.annonces:
                for seat, hand in self.hands.items():
                    annonces += [a.to_dict() for a in declarable_annonces(hand, strain, seat)]
            belote = [seat.value for seat in belote_holders(self.hands, strain)]
            self._held[strain] = (belote, annonces)
        return self._held[strain]

    @property
    def strains(self) -> list[Strain]:
        return list(self.points)

    def get(self, side: Side, strain: Strain, bid: int | str) -> Contract:
        key = (side, strain, bid)
        if key not in self._scored:
            record = _record(side, strain, bid, self.points[strain], self.held(strain))
            score = score_deal(parse_result(record, self.rules), self.rules)
            self._scored[key] = Contract(side, strain, bid, score)
        return self._scored[key]

    def highest_made(self, side: Side, strain: Strain) -> Contract | None:
        """The highest bid ``side`` makes in ``strain`` (None: not even 80).

        A capot is made only by a side taking every trick; below it, a contract made at one
        bid is made at every lower bid, so a bisection finds the highest.
        """
        capot = self.get(side, strain, CAPOT)
        if capot.made:
            return capot
        numeric = self.bids[:-1]
        low, high = 0, len(numeric)
        while low < high:
            middle = (low + high) // 2
            if self.get(side, strain, numeric[middle]).made:
                low = middle + 1
            else:
                high = middle
        return self.get(side, strain, numeric[low - 1]) if low else None

    def table(self) -> dict[Strain, dict[Side, Contract | None]]:
        """Per strain and side, the highest bid made."""
        return {
            strain: {side: self.highest_made(side, strain) for side in Side}
            for strain in self.strains
        }


_Key = tuple[Side, Strain, int | str]
"""A contract in the par's search: who plays it, in what, at what bid."""


def par(table: Contracts, first: Side) -> Contract | None:
    """The « contrat optimal »: where an auction between two sides seeing every card ends.

    ``first`` speaks first; if it passes the other side may open. Then each side in turn
    overbids or passes, a pass ending the auction (docs/analysis.md). A side overbids only with
    a contract it makes: the highest bid it makes in a strain, or the lowest bid above the
    current one in a strain it makes higher; it bids only when that improves its score minus
    the other side's. So the par is always made. None: both pass (passe générale).
    """
    made = {
        (side, strain): table.highest_made(side, strain)
        for side in Side
        for strain in table.strains
    }
    levels = sorted(CAPOT_RANK if bid == CAPOT else int(bid) for bid in table.bids)
    by_key: dict[_Key, Contract] = {}

    def net(contract: Contract | None) -> int:
        return 0 if contract is None else contract.score.ns - contract.score.ew

    def options(side: Side, above: int) -> list[Contract]:
        # Only contracts the side makes: the other side sees every card and would coinche one
        # that fails. Offering the failing ones too (uncoinched: 160 + the bid to the other
        # side) made a sacrifice over a capot cheaper than the capot, and the « contrat
        # optimal » a contract going down (« NS 260 ♠ (chute) »).
        chosen: dict[tuple[Strain, int | str], Contract] = {}
        for strain in table.strains:
            best = made[(side, strain)]
            if best is None or best.rank <= above:
                continue
            chosen[(strain, best.bid)] = best
            # The lowest bid above the current one, when made (a cheaper contract).
            level = next(level for level in levels if level > above)
            lowest = table.get(side, strain, CAPOT if level == CAPOT_RANK else level)
            if lowest.made:
                chosen[(strain, lowest.bid)] = lowest
        return list(chosen.values())

    def key(contract: Contract | None) -> _Key | None:
        if contract is None:
            return None
        by_key[(contract.side, contract.strain, contract.bid)] = contract
        return (contract.side, contract.strain, contract.bid)

    @cache
    def solve(current: _Key | None, mover: Side, opening: bool) -> _Key | None:
        contract = by_key[current] if current is not None else None
        above = contract.rank if contract is not None else 0
        sign = 1 if mover is Side.NS else -1
        # Passing first: a side bids only when it gains by it. A pass ends the auction, but
        # for the first side's opening pass, after which the other side may still open.
        best = solve(None, mover.other, False) if opening else current
        best_value = sign * net(by_key[best] if best is not None else None)
        for option in options(mover, above):
            outcome = solve(key(option), mover.other, False)
            value = sign * net(by_key[outcome] if outcome is not None else None)
            if value > best_value:
                best, best_value = outcome, value
        return best

    final = solve(None, first, True)
    return by_key[final] if final is not None else None

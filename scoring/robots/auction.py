"""The auction (les enchères, FFB §4) as a model: the legal calls after the calls so far, the
end of the auction and the contract it makes.

The FFB text is the reference (docs/rules.md, « Les enchères »):

- speech goes counter-clockwise from the player on the dealer's right (``Seat.next``);
- a bid names a number of points on the rules' scale (``RuleSettings.bids_up_to``: 80, 90 …;
  82, 90 …; by 5) and a strain (the four suits, sans atout and tout atout where the rules allow
  them); it must be higher than the bid before it, whatever the strain; capot is above every
  bid in points, and nothing is above capot: after a capot the other side may only pass or
  coinche;
- a player may coinche only the opponents' bid, when it is their turn; a coinche freezes the
  contract (no bid after it); only the side of that bid may then surcoinche, which ends the
  auction at once;
- the auction ends when three players in a row pass after a bid or a coinche; four passes
  before any bid are a passe générale (no contract).

Under ``coinche_ends_bidding: false`` (Belote'L, « comme au bridge ») a coinche and a surcoinche
freeze nothing: the bidding goes on, a higher bid cancels them, and the auction ends when three
players in a row pass after any call.

The contract of a finished auction is the ``Contract`` of the result record, so a deal played
from it scores with the engine (``scoring.engine.deal_score``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from scoring.engine.cards import Seat, Strain
from scoring.engine.play import opening_leader
from scoring.engine.result_record import CAPOT, Contract, bids
from scoring.engine.rule_values import Coinche
from scoring.engine.rules import RuleSettings

PASSES_TO_CLOSE = 3
PASSES_FOR_PASSE_GENERALE = 4
SUIT_STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


class CallKind(Enum):
    """What a player says in the auction."""

    PASS = "pass"  # noqa: S105 (the call « je passe », not a password)
    BID = "bid"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"


@dataclass(frozen=True, slots=True)
class Call:
    """One call: a pass, a bid (points or ``"capot"``, and a strain), a coinche, a surcoinche."""

    kind: CallKind
    bid: int | str | None = None
    strain: Strain | None = None

    def __post_init__(self) -> None:
        is_bid = self.kind is CallKind.BID
        if is_bid != (self.bid is not None) or is_bid != (self.strain is not None):
            raise ValueError("a bid has a value and a strain, and no other call has either")

    @property
    def is_capot(self) -> bool:
        return self.bid == CAPOT

    def rank(self) -> int:
        """The bid's height on the scale: its points, capot above any number."""
        if self.bid is None:
            raise ValueError("only a bid has a height")
        return CAPOT_RANK if self.bid == CAPOT else int(self.bid)

    def to_dict(self) -> dict[str, Any]:
        """The call as the robots' protocol writes it (``{"call": "bid", "bid": 90, …}``)."""
        if self.kind is not CallKind.BID or self.strain is None:
            return {"call": self.kind.value}
        return {"call": "bid", "bid": self.bid, "strain": self.strain.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Call:
        """Read a call of the protocol; raise ValueError on a malformed one."""
        if not isinstance(data, Mapping):
            raise ValueError('a call is an object such as {"call": "pass"}')
        try:
            kind = CallKind(data.get("call"))
        except ValueError:
            allowed = ", ".join(kind.value for kind in CallKind)
            raise ValueError(f"call must be one of {allowed}, not {data.get('call')!r}") from None
        if kind is not CallKind.BID:
            return cls(kind)
        bid = data.get("bid")
        if not (bid == CAPOT or (isinstance(bid, int) and not isinstance(bid, bool))):
            raise ValueError(f'bid must be a whole number of points or "capot", not {bid!r}')
        try:
            strain = Strain.parse(str(data.get("strain", "")))
        except ValueError:
            raise ValueError(f"unknown strain {data.get('strain')!r}") from None
        return cls(kind, bid, strain)

    def __str__(self) -> str:
        if self.kind is CallKind.BID and self.strain is not None:
            return f"{self.bid} {self.strain.value}"
        return self.kind.value


CAPOT_RANK = 10_000
"""Capot's height: above every bid in points of every scale."""
PASS = Call(CallKind.PASS)
COINCHE = Call(CallKind.COINCHE)
SURCOINCHE = Call(CallKind.SURCOINCHE)


class IllegalCall(ValueError):
    """A call that the rules do not allow at this point of the auction."""


def strains(rules: RuleSettings) -> tuple[Strain, ...]:
    """The strains a contract may name under these rules: the suits, then SA and TA if allowed."""
    extra = ((Strain.NO_TRUMP,) if rules.no_trump else ()) + (
        (Strain.ALL_TRUMP,) if rules.all_trump else ()
    )
    return SUIT_STRAINS + extra


@dataclass(frozen=True, slots=True)
class Auction:
    """The calls of one deal so far, from the player on the dealer's right, in turn."""

    rules: RuleSettings
    dealer: Seat
    calls: tuple[Call, ...] = ()

    @classmethod
    def replay(cls, rules: RuleSettings, dealer: Seat, calls: Iterable[Call]) -> Auction:
        """The auction after ``calls``; raise ``IllegalCall`` at the first illegal one."""
        auction = cls(rules, dealer)
        for call in calls:
            auction = auction.after(call)
        return auction

    @property
    def next_seat(self) -> Seat:
        """Whose turn it is to speak."""
        seat = opening_leader(self.dealer)
        for _ in self.calls:
            seat = seat.next
        return seat

    def seat_of(self, index: int) -> Seat:
        """Who made the call at ``index``."""
        seat = opening_leader(self.dealer)
        for _ in range(index % 4):
            seat = seat.next
        return seat

    def last_bid(self) -> tuple[int, Call] | None:
        """The index and the call of the highest bid so far, or None."""
        for index in range(len(self.calls) - 1, -1, -1):
            if self.calls[index].kind is CallKind.BID:
                return index, self.calls[index]
        return None

    def coinche_level(self) -> Coinche:
        """None, coinché after a coinche, surcoinché after a surcoinche (of the last bid)."""
        last = self.last_bid()
        after = self.calls[last[0] + 1 :] if last else ()
        kinds = {call.kind for call in after}
        if CallKind.SURCOINCHE in kinds:
            return Coinche.SURCOINCHE
        return Coinche.COINCHE if CallKind.COINCHE in kinds else Coinche.NONE

    def is_over(self) -> bool:
        """Whether no one speaks any more: a surcoinche (when a coinche ends the bidding), three
        passes after a bid, a coinche or a surcoinche, or four passes."""
        if not self.calls:
            return False
        if self.calls[-1].kind is CallKind.SURCOINCHE and self.rules.coinche_ends_bidding:
            return True
        if self.last_bid() is None:
            return len(self.calls) >= PASSES_FOR_PASSE_GENERALE
        trailing = 0
        for call in reversed(self.calls):
            if call.kind is not CallKind.PASS:
                break
            trailing += 1
        return trailing >= PASSES_TO_CLOSE

    def legal_calls(self) -> list[Call]:
        """Every call the next player may make, pass first, then the bids from the lowest."""
        if self.is_over():
            return []
        calls = [PASS]
        last = self.last_bid()
        level = self.coinche_level()
        if last is None:
            return calls + self._bids_above(None)
        bidder = self.seat_of(last[0])
        same_side = bidder.side is self.next_seat.side
        if level is Coinche.NONE or not self.rules.coinche_ends_bidding:
            calls += self._bids_above(last[1])
        if level is Coinche.NONE and not same_side:
            calls.append(COINCHE)
        elif level is Coinche.COINCHE and same_side:
            calls.append(SURCOINCHE)
        return calls

    def _bids_above(self, last: Call | None) -> list[Call]:
        if last is not None and last.is_capot:
            return []
        floor = last.rank() if last is not None else 0
        points = [value for value in bids(self.rules) if value > floor]
        values: list[int | str] = [*points, CAPOT]
        return [
            Call(CallKind.BID, value, strain) for value in values for strain in strains(self.rules)
        ]

    def is_legal(self, call: Call) -> bool:
        return call in self.legal_calls()

    def after(self, call: Call) -> Auction:
        """The auction with ``call`` added; raise ``IllegalCall`` if it is not legal."""
        if self.is_over():
            raise IllegalCall("the auction is over")
        if not self.is_legal(call):
            raise IllegalCall(f"{self.next_seat.value} may not say {call} here")
        return Auction(self.rules, self.dealer, (*self.calls, call))

    def contract(self) -> Contract | None:
        """The contract of a finished auction, None after a passe générale."""
        if not self.is_over():
            raise ValueError("the auction is not over")
        return self.contract_so_far()

    def contract_so_far(self) -> Contract | None:
        """The contract if everyone passed from now on: the last bid, coinched as it is."""
        last = self.last_bid()
        if last is None:
            return None
        index, call = last
        if call.bid is None or call.strain is None:
            raise ValueError("a bid has a value and a strain")
        return Contract(call.bid, call.strain, self.seat_of(index), self.coinche_level())

    def by_seat(self) -> list[tuple[Seat, Call]]:
        """Each call with the seat that made it, in order."""
        return [(self.seat_of(index), call) for index, call in enumerate(self.calls)]


def read_calls(dealer: Seat, items: Sequence[Mapping[str, Any]]) -> list[Call]:
    """The calls of the protocol's ``auction`` list, each checked to come from the seat whose
    turn it was; raise ValueError on a malformed item or a seat out of turn."""
    seat = opening_leader(dealer)
    calls = []
    for position, item in enumerate(items):
        call = Call.from_dict(item)
        said_by = item.get("seat")
        if said_by is not None and Seat.parse(str(said_by)) is not seat:
            raise ValueError(f"call {position + 1} is {seat.value}'s to make, not {said_by}'s")
        calls.append(call)
        seat = seat.next
    return calls

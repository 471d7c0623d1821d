"""Bidding by the Belote'L conventions (docs/robots.md, « Les enchères »).

- **Open or overcall** only in a suit whose jack or nine the hand holds (never the nine bare);
  the bid is the points the hand promises with an average partner (``evaluation``), rounded
  down to the rules' scale; an « even » bid (80, 100, 120 …) says the jack or the nine is
  missing, an « odd » one (90, 110 …) shows both. In sans atout, where the rules allow it:
  80, 90, 100 for 2, 3, 4 aces.
- **Raise the partner**: 10 for each side ace, 20 for the jack or nine the partner's even bid
  said was missing, 20 for the belote.
- **Coinche** the opponents when the hand's defence leaves them short of their bid;
  **surcoinche** when the side's promise clears the coinched bid by a margin.
- **Capot** when the side's probable tricks reach eight.
- A seat that has bid once has told its values: afterwards it passes, coinches or surcoinches
  (it never raises its own values again through the partner's raise).
"""

from __future__ import annotations

from scoring.engine.cards import Rank, Strain
from scoring.engine.result_record import CAPOT, bids
from scoring.engine.rules import RuleSettings
from scoring.robots.auction import COINCHE, PASS, SURCOINCHE, Call, CallKind, strains
from scoring.robots.evaluation import Evaluation, evaluate
from scoring.robots.view import SeatView

PARTNER_TRICKS = 1.0
"""What an average partner brings to a contract, in probable tricks."""
CAPOT_TRICKS = 8.0
NO_TRUMP_BY_ACES = {2: 80, 3: 90, 4: 100}
SURCOINCHE_MARGIN = 30
COINCHE_MARGIN = 10
ACE_SUPPORT = 10
HONOUR_SUPPORT = 20
BELOTE_SUPPORT = 20


def on_scale(rules: RuleSettings, points: int, *, both_honours: bool) -> int | None:
    """The highest bid of the scale not above ``points`` that keeps the parity convention
    (odd tens with the jack and the nine, even tens without), or None below the scale."""
    fitting = [
        value for value in bids(rules) if value <= points and _odd_tens(value) == both_honours
    ]
    if fitting:
        return fitting[-1]
    lowest = bids(rules)[0]
    return lowest if points >= lowest else None


def _odd_tens(value: int) -> bool:
    return (value // 10) % 2 == 1


def opening_bids(view: SeatView) -> list[Call]:
    """The bid the hand would make in each strain it may name, best promise first."""
    found: list[tuple[int, Call]] = []
    for strain in strains(view.rules):
        call = _bid_in(view, strain)
        if call is not None and call.bid is not None:
            found.append((call.rank(), call))
    found.sort(key=lambda item: -item[0])
    return [call for _, call in found]


def _bid_in(view: SeatView, strain: Strain) -> Call | None:
    hand = view.hand
    evaluation = evaluate(hand, strain)
    if strain is Strain.NO_TRUMP:
        value = NO_TRUMP_BY_ACES.get(min(evaluation.aces, 4))
        return _call(view.rules, value, strain)
    if strain is Strain.ALL_TRUMP:
        points = _promise(evaluation)
        return _call(view.rules, on_scale(view.rules, points, both_honours=False), strain)
    if not (evaluation.has_jack or (evaluation.has_nine and _guarded_nine(view, strain))):
        return None
    if evaluation.tricks + PARTNER_TRICKS >= CAPOT_TRICKS:
        return Call(CallKind.BID, CAPOT, strain)
    both = evaluation.has_jack and evaluation.has_nine
    return _call(view.rules, on_scale(view.rules, _promise(evaluation), both_honours=both), strain)


def _guarded_nine(view: SeatView, strain: Strain) -> bool:
    suit = strain.trump_suit
    return sum(1 for card in view.hand if card.suit is suit) > 1


def _promise(evaluation: Evaluation) -> int:
    tricks = evaluation.tricks + PARTNER_TRICKS
    return round(tricks * evaluation.trick_points) + 20 * evaluation.belote


def _call(rules: RuleSettings, value: int | None, strain: Strain) -> Call | None:
    if value is None or value not in bids(rules):
        return None
    return Call(CallKind.BID, value, strain)


def raise_partner(view: SeatView, partner_bid: Call) -> Call | None:
    """The raise of the partner's bid the hand supports, or None."""
    if partner_bid.strain is None or partner_bid.is_capot:
        return None
    strain = partner_bid.strain
    value = int(partner_bid.rank())
    support = ACE_SUPPORT * sum(
        1 for card in view.hand if card.rank is Rank.ACE and card.suit is not strain.trump_suit
    )
    trump = strain.trump_suit
    if trump is not None and not _odd_tens(value):
        held = {card.rank for card in view.hand if card.suit is trump}
        if Rank.JACK in held or Rank.NINE in held:
            support += HONOUR_SUPPORT
    support += BELOTE_SUPPORT * evaluate(view.hand, strain).belote
    fitting = [bid for bid in bids(view.rules) if value < bid <= value + support]
    return Call(CallKind.BID, fitting[-1], strain) if fitting else None


def should_coinche(view: SeatView, bid: Call) -> bool:
    """Whether the hand's defence leaves the opponents short of their bid."""
    if bid.strain is None:
        return False
    defence = evaluate(view.hand, bid.strain)
    defence_tricks = defence.trump_tricks + _side_aces(view, bid.strain) + PARTNER_TRICKS
    takers = 162 - round(defence_tricks * defence.trick_points)
    return takers < bid.rank() - COINCHE_MARGIN


def _side_aces(view: SeatView, strain: Strain) -> int:
    trump = strain.trump_suit
    return sum(1 for card in view.hand if card.rank is Rank.ACE and card.suit is not trump)


def choose_call(view: SeatView) -> Call:
    """The call the conventions give at this point of the auction."""
    auction = view.auction
    legal = auction.legal_calls()
    last = auction.last_bid()
    if last is not None:
        index, bid = last
        bidder = auction.seat_of(index)
        if SURCOINCHE in legal:
            return _surcoinche_or_pass(view, bid)
        if _has_bid(view):
            # Its values are told: it leaves the rest to the partner, or doubts the opponents.
            coinche = bidder.side is not view.seat.side and COINCHE in legal
            return COINCHE if coinche and should_coinche(view, bid) else PASS
        if bidder is view.seat.partner:
            raised = raise_partner(view, bid)
            if raised is not None and raised in legal:
                return raised
        elif bidder.side is not view.seat.side and COINCHE in legal and should_coinche(view, bid):
            return COINCHE
    for call in opening_bids(view):
        if call in legal and not _outbids_partner_needlessly(view, call):
            return call
    return PASS


def _has_bid(view: SeatView) -> bool:
    """Whether the seat has bid already (an opening, an overcall or a raise)."""
    return any(
        seat is view.seat and call.kind is CallKind.BID for seat, call in view.auction.by_seat()
    )


def _outbids_partner_needlessly(view: SeatView, call: Call) -> bool:
    last = view.auction.last_bid()
    if last is None:
        return False
    index, bid = last
    return (
        view.auction.seat_of(index) is view.seat.partner
        and bid.strain is not call.strain
        and (call.rank() < bid.rank() + 20)
    )


def _surcoinche_or_pass(view: SeatView, bid: Call) -> Call:
    if bid.strain is None:
        return PASS
    promise = _promise(evaluate(view.hand, bid.strain))
    return SURCOINCHE if promise >= bid.rank() + SURCOINCHE_MARGIN else PASS

"""Four players around one deal: the auction, then the eight tricks, then the deal's score
under the rules. Each player sees only its own ``SeatView``; the table holds the hands."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scoring.engine.annonces import Annonce, declarable_annonces
from scoring.engine.belote import belote_holders
from scoring.engine.cards import Card, Hand, Seat, Strain
from scoring.engine.deal_score import DealScore, score_deal
from scoring.engine.play import opening_leader, replay_deal
from scoring.engine.result_record import Capot, Contract, ResultRecord
from scoring.engine.rules import RuleSettings
from scoring.robots.auction import Call
from scoring.robots.view import SeatView, play_rules

Player = Callable[[SeatView], Call | Card]


@dataclass(frozen=True, slots=True)
class PlayedBoard:
    """A deal played out: calls, cards, contract, the record and its score, decision times."""

    calls: tuple[Call, ...]
    play: tuple[Card, ...]
    contract: Contract | None
    record: ResultRecord
    score: DealScore
    seconds: dict[Seat, list[float]] = field(default_factory=dict)


def play_board(
    rules: RuleSettings,
    dealer: Seat,
    hands: Mapping[Seat, Hand],
    players: Mapping[Seat, Player],
) -> PlayedBoard:
    """Play one deal with ``players`` (one per seat), every belote said."""
    calls: list[Call] = []
    play: list[Card] = []
    seconds: dict[Seat, list[float]] = {seat: [] for seat in Seat}
    while True:
        view = SeatView(rules, dealer, Seat.NORTH, hands[Seat.NORTH], tuple(calls), tuple(play))
        if view.finished or (not view.in_auction and view.contract is None):
            break
        seat = view.to_play()
        own = SeatView(rules, dealer, seat, hands[seat], tuple(calls), tuple(play))
        started = time.process_time()
        decision = players[seat](own)
        seconds[seat].append(time.process_time() - started)
        if isinstance(decision, Call):
            calls.append(decision)
        else:
            play.append(decision)
    contract = view.contract
    record = (
        ResultRecord(passed=True)
        if contract is None
        else record_of(rules, hands, dealer, contract, play)
    )
    return PlayedBoard(
        tuple(calls), tuple(play), contract, record, score_deal(record, rules), seconds
    )


def declared_annonces(
    rules: RuleSettings, hands: Mapping[Seat, Iterable[Card]], strain: Strain
) -> tuple[Annonce, ...]:
    """Every seat's best annonces (``declarable_annonces``) where the rules have annonces."""
    if not rules.annonces:
        return ()
    return tuple(
        annonce for seat in Seat for annonce in declarable_annonces(hands[seat], strain, seat)
    )


def record_of(
    rules: RuleSettings,
    hands: Mapping[Seat, Hand],
    dealer: Seat,
    contract: Contract,
    play: Sequence[Card],
) -> ResultRecord:
    """The result record of a deal played out under ``contract``: the taker's points or the
    capot from the 32 cards, every belote said and, where the rules have annonces, each
    seat's best annonces declared."""
    played = replay_deal(hands, opening_leader(dealer), contract.strain, play, **play_rules(rules))
    fields = played.result_fields(contract.taker)
    return ResultRecord(
        passed=False,
        contract=contract,
        taker_points=fields["taker_points"] if fields["capot"] is None else None,
        capot=None if fields["capot"] is None else Capot(fields["capot"]),
        belote=tuple(belote_holders(hands, contract.strain)),
        annonces=declared_annonces(rules, hands, contract.strain),
        generale=bool(fields.get("generale", False)),
    )

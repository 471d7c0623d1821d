"""The score of one deal (marque de la donne, FFB §10) under a tournament's rule settings.

Each side's total (cards with dix de der + belote + annonces won) decides whether the contract
is made (réussi) or failed (chuté); the deal score of each side is then rounded to the ten.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.engine.annonces import NO_ANNONCES, AnnonceResolution
from scoring.engine.card_values import DEAL_POINTS
from scoring.engine.cards import Hand, PerSide, Seat, Side, Strain
from scoring.engine.result_record import Capot, Contract, ResultRecord, parse_result
from scoring.engine.rules import (
    CAPOT_EXTRA,
    CapotBid,
    FailureScore,
    MadeScore,
    MultiplierScope,
    RuleSettings,
    WinCondition,
)

CAPOT_BID_VALUE = 250
"""A capot bid counts as a 250 contract (FFB)."""
CAPOT_270_VALUE = 270
"""Cannes: capot is the highest bid, worth 270 on the normal scale."""
CAPOT_350_VALUE = 350
"""One publisher: a capot bid is a 350 contract."""
CAPOT_FLAT_SCORE = 500
"""The capot variant: a flat 500 in place of points and bid."""
CAPOT_BASE = 250
"""The base of a coinched contract made with all eight tricks (« ou 250 points si capot »)."""
MIN_POINTS_82 = 82
"""``WinCondition.BID_AND_82``: a contract needs at least 82 points (more than half of 162)."""


@dataclass(frozen=True, slots=True)
class DealDetail:
    """How a deal score came about, for the score sheet and the arbiter.

    ``card_points`` is cards plus dix de der; ``totals`` adds each side's belote and the
    annonces it won, and decides the contract; ``unrounded`` is the deal score before rounding.
    ``annonces`` holds what each side declared; only ``annonces_winner`` scored them.
    """

    taking_side: Side | None
    multiplier: int
    card_points: PerSide
    belote: PerSide
    annonces: PerSide
    annonces_winner: Side | None
    totals: PerSide
    capot_side: Side | None
    generale: bool
    unrounded: PerSide

    def to_dict(self) -> dict[str, Any]:
        return {
            "taking_side": _side_value(self.taking_side),
            "multiplier": self.multiplier,
            "card_points": self.card_points.to_dict(),
            "belote": self.belote.to_dict(),
            "annonces": self.annonces.to_dict(),
            "annonces_winner": _side_value(self.annonces_winner),
            "totals": self.totals.to_dict(),
            "capot_side": _side_value(self.capot_side),
            "generale": self.generale,
            "unrounded": self.unrounded.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class DealScore:
    """The marks of one deal: ``ns`` and ``ew`` rounded, ``made`` None for a passe générale."""

    ns: int
    ew: int
    made: bool | None
    detail: DealDetail

    def of(self, side: Side) -> int:
        return self.ns if side is Side.NS else self.ew

    def to_dict(self) -> dict[str, Any]:
        return {"ns": self.ns, "ew": self.ew, "made": self.made, "detail": self.detail.to_dict()}


def _side_value(side: Side | None) -> str | None:
    return side.value if side is not None else None


_ZERO = PerSide(0, 0)
PASSED_OUT = DealScore(
    ns=0,
    ew=0,
    made=None,
    detail=DealDetail(
        taking_side=None,
        multiplier=1,
        card_points=_ZERO,
        belote=_ZERO,
        annonces=_ZERO,
        annonces_winner=None,
        totals=_ZERO,
        capot_side=None,
        generale=False,
        unrounded=_ZERO,
    ),
)
"""A passe générale: nothing played, 0 for both sides."""

_NS = Side.NS
_TAKER = Capot.TAKER
_DEFENCE = Capot.DEFENCE
_MORE_THAN_DEFENCE = WinCondition.BID_AND_MORE_THAN_DEFENCE
_BID_AND_82 = WinCondition.BID_AND_82
_POINTS_AND_BID = MadeScore.POINTS_AND_BID
_POINTS_ONLY = MadeScore.POINTS_ONLY
_BID_ONLY_SCORE = MadeScore.BID_ONLY
_FLAT_500 = CapotBid.FLAT_500
_CAPOT_VALUES = {
    CapotBid.CONTRACT_250: CAPOT_BID_VALUE,
    CapotBid.FLAT_500: CAPOT_BID_VALUE,
    CapotBid.BID_270: CAPOT_270_VALUE,
    CapotBid.CONTRACT_350: CAPOT_350_VALUE,
}
_NO_TRUMP = Strain.NO_TRUMP
_WHOLE_SCORE = MultiplierScope.WHOLE_SCORE
_TAKES_ALL = MultiplierScope.BID_ONLY_TAKES_ALL
_EACH_MARK = MultiplierScope.EACH_MARK_BUT_BELOTE
_FAILURE_BASE_ONLY = FailureScore.BASE_ONLY
_FAILURE_BID_ONLY = FailureScore.BID_ONLY


def _failure_base(rules: RuleSettings, capot: Capot | None) -> int:
    """160 or 162; 90 more when the defence won every trick and the rules say so (252)."""
    if capot is _DEFENCE and rules.failure_capot_base:
        return rules.failure_base + CAPOT_EXTRA
    return rules.failure_base


def _failure_part(rules: RuleSettings, bid_value: int, capot: Capot | None) -> int:
    """The defence's points for a failed contract, before belotes, annonces and multiplier."""
    failure_score = rules.failure_score
    if failure_score is _FAILURE_BID_ONLY:
        return bid_value
    if failure_score is _FAILURE_BASE_ONLY:
        return _failure_base(rules, capot)
    return _failure_base(rules, capot) + bid_value


def _made_part(rules: RuleSettings, flat_score: int | None, cards: int, bid_value: int) -> int:
    """The takers' points for a made contract not coinched, before belote and annonces: the
    flat capot, or the points made and the bid as ``made_score`` says."""
    if flat_score is not None:
        return flat_score
    made_score = rules.made_score
    if made_score is _POINTS_AND_BID:
        return cards + bid_value
    return cards if made_score is _POINTS_ONLY else bid_value


# The steps of ``score_deal`` hand each other plain tuples: it scores about a quarter of a
# million deals a second on one core (docs/performance.md); a dataclass per step made it about
# a fifth slower, the tuples about a tenth (records of benchmarks/rules_engine.py, side by side).
# ``_Points``: what each side brings to the score, the taker's side (``_t``) and the defence
# (``_d``): card points with dix de der, belote, the annonces won, the générale's bonus.
_Points = tuple[int, int, int, int, int, int, int, int]
# ``_Outcome``: the contract decided (made or not), whether a capot bid scores a flat 500, its
# bid's value and flat score (doubled in sans atout where the rules say so), the multiplier.
_Outcome = tuple[bool, bool, int, int, int]


def score_deal(record: ResultRecord, rules: RuleSettings) -> DealScore:
    """Score a validated record (FFB §10 « Calcul du score » and the variants of ``rules``).

    Annonces count only when ``rules.annonces`` is on.
    """
    contract = record.contract
    if contract is None:
        return PASSED_OUT
    taking = contract.taker.side
    ns_takes = taking is _NS
    capot = record.capot
    resolution = record.annonce_resolution if rules.annonces else NO_ANNONCES
    points, capot_side = _points(record, rules, resolution, taking, ns_takes)
    cards_t, cards_d, belote_t, belote_d, annonces_t, annonces_d = points[:6]
    # What decides the contract: the card points, with the belote and the annonces won when
    # they count toward the bid (FFB: both do).
    total_t = cards_t
    total_d = cards_d
    if rules.belote_counts_for_bid:
        total_t += belote_t
        total_d += belote_d
    if rules.annonces_count_for_bid:
        total_t += annonces_t
        total_d += annonces_d
    outcome = _outcome(contract, rules, capot, total_t, total_d)
    scope = rules.multiplier_scope
    if scope is _EACH_MARK:
        score_t, score_d = _each_mark_score(rules, points, outcome, capot)
    elif scope is _WHOLE_SCORE:
        score_t, score_d = _whole_score(rules, points, outcome, capot)
    else:
        score_t, score_d = _bid_only_score(rules, points, outcome, capot)
    made, multiplier = outcome[0], outcome[4]

    rounding = rules.rounding
    if ns_takes:
        ns, ew = score_t, score_d
        card_points = PerSide(cards_t, cards_d)
        totals = PerSide(total_t, total_d)
    else:
        ns, ew = score_d, score_t
        card_points = PerSide(cards_d, cards_t)
        totals = PerSide(total_d, total_t)
    return DealScore(
        ns=rounding.apply(ns),
        ew=rounding.apply(ew),
        made=made,
        detail=DealDetail(
            taking_side=taking,
            multiplier=multiplier,
            card_points=card_points,
            belote=record.belote_points,
            annonces=resolution.declared,
            annonces_winner=resolution.winner,
            totals=totals,
            capot_side=capot_side,
            generale=record.generale,
            unrounded=PerSide(ns, ew),
        ),
    )


def _points(
    record: ResultRecord,
    rules: RuleSettings,
    resolution: AnnonceResolution,
    taking: Side,
    ns_takes: bool,
) -> tuple[_Points, Side | None]:
    """Each side's points before the contract is decided, and the side that made a capot."""
    capot = record.capot
    if capot is None:
        cards_t = record.taker_points
        assert cards_t is not None
        cards_d = DEAL_POINTS - cards_t
        capot_side = None
    elif capot is _TAKER:
        cards_t, cards_d, capot_side = rules.capot_points, 0, taking
    else:
        cards_t, cards_d, capot_side = 0, rules.capot_points, taking.other
    bonus_t = bonus_d = 0
    if record.generale:
        if capot is _TAKER:
            bonus_t = rules.generale_bonus
        else:
            bonus_d = rules.generale_bonus
    belote = record.belote_points
    belote_t, belote_d = (belote.ns, belote.ew) if ns_takes else (belote.ew, belote.ns)
    scored = resolution.scored
    annonces_t, annonces_d = (scored.ns, scored.ew) if ns_takes else (scored.ew, scored.ns)
    points = (cards_t, cards_d, belote_t, belote_d, annonces_t, annonces_d, bonus_t, bonus_d)
    return points, capot_side


def _outcome(
    contract: Contract, rules: RuleSettings, capot: Capot | None, total_t: int, total_d: int
) -> _Outcome:
    """Whether the contract is made by the deciding totals, and what it is worth."""
    bid = contract.bid
    win_condition = rules.win_condition
    beats_defence = total_t > total_d or win_condition is not _MORE_THAN_DEFENCE
    if isinstance(bid, int):
        bid_value = bid
        made = total_t >= bid_value and beats_defence
        if win_condition is _BID_AND_82 and total_t < MIN_POINTS_82:
            made = False
        flat = False
    else:
        # A capot bid: « ou ont réalisé les huit plis en cas de capot demandé ». The second
        # condition still applies: only huge defence annonces could beat 252, but they can.
        made = capot is _TAKER and beats_defence
        flat = rules.capot_bid is _FLAT_500
        bid_value = _CAPOT_VALUES[rules.capot_bid]
    # Fédération Française de Coinche: a sans atout contract counts double once it is decided
    # (the takers still need their bid, not twice it).
    flat_score = CAPOT_FLAT_SCORE
    if rules.no_trump_doubles and contract.strain is _NO_TRUMP:
        bid_value *= 2
        flat_score *= 2
    return made, flat, bid_value, flat_score, rules.multiplier(contract.coinche)


def _whole_score(
    rules: RuleSettings, points: _Points, outcome: _Outcome, capot: Capot | None
) -> tuple[int, int]:
    """The taker's and the defence's scores when the coinche multiplies the whole score."""
    cards_t, cards_d, belote_t, belote_d, annonces_t, annonces_d, bonus_t, bonus_d = points
    made, flat, bid_value, flat_score, multiplier = outcome
    made_score = rules.made_score
    # A belote its side loses (not imprenable) may go to the side that scores the contract.
    transferred = rules.belote_transferred
    if made and multiplier == 1:
        # A capot by the takers: the defence's annonces change hands.
        changed = annonces_d if capot is _TAKER else 0
        part = _made_part(rules, flat_score if flat else None, cards_t, bid_value)
        score_t = part + belote_t + annonces_t + changed + bonus_t
        score_d = cards_d + belote_d + annonces_d - changed + bonus_d
        return score_t, score_d
    kept_t = belote_t if rules.belote_imprenable else 0
    kept_d = belote_d if rules.belote_imprenable else 0
    if made:
        base = CAPOT_BASE if capot is _TAKER else rules.failure_base
        if flat:
            part = flat_score
        elif made_score is _POINTS_AND_BID:
            part = base + bid_value
        elif made_score is _POINTS_ONLY:
            part = base
        else:
            part = bid_value
        taken = belote_d if transferred else 0
        score_t = (part + annonces_t + belote_t + annonces_d + taken + bonus_t) * multiplier
        return score_t, kept_d + bonus_d
    part = flat_score if flat else _failure_part(rules, bid_value, capot)
    taken = belote_t if transferred else 0
    score_d = (part + annonces_d + belote_d + annonces_t + taken + bonus_d) * multiplier
    return kept_t + bonus_t, score_d


def _each_mark_score(
    rules: RuleSettings, points: _Points, outcome: _Outcome, capot: Capot | None
) -> tuple[int, int]:
    """Belote'L: scored as if not coinched, then « doublés si contré, quadruplés si
    surcontré », each side's marks; the belote, « accordée à la fin », is added after."""
    cards_t, cards_d, belote_t, belote_d, annonces_t, annonces_d, bonus_t, bonus_d = points
    made, flat, bid_value, flat_score, multiplier = outcome
    if made:
        changed = annonces_d if capot is _TAKER else 0
        part = _made_part(rules, flat_score if flat else None, cards_t, bid_value)
        score_t = (part + annonces_t + changed + bonus_t) * multiplier + belote_t
        score_d = (cards_d + annonces_d - changed + bonus_d) * multiplier + belote_d
        return score_t, score_d
    kept_t = belote_t if rules.belote_imprenable else 0
    part = flat_score if flat else _failure_part(rules, bid_value, capot)
    taken = belote_t if rules.belote_transferred else 0
    score_d = (part + annonces_d + annonces_t + bonus_d) * multiplier + belote_d + taken
    return kept_t + bonus_t * multiplier, score_d


def _bid_only_score(
    rules: RuleSettings, points: _Points, outcome: _Outcome, capot: Capot | None
) -> tuple[int, int]:
    """The taker's and the defence's scores when the coinche multiplies the bid (or the flat
    capot) only; belote and annonces never."""
    cards_t, cards_d, belote_t, belote_d, annonces_t, annonces_d, bonus_t, bonus_d = points
    made, flat, bid_value, flat_score, multiplier = outcome
    value = (flat_score if flat else bid_value) * multiplier
    takes_all = multiplier > 1 and rules.multiplier_scope is _TAKES_ALL
    bid_only = flat or rules.made_score is _BID_ONLY_SCORE
    transferred = rules.belote_transferred
    if made and not takes_all:
        changed = annonces_d if capot is _TAKER else 0
        points_t = 0 if bid_only else cards_t
        score_t = points_t + value + belote_t + annonces_t + changed + bonus_t
        score_d = cards_d + belote_d + annonces_d - changed + bonus_d
        return score_t, score_d
    kept_t = belote_t if rules.belote_imprenable else 0
    kept_d = belote_d if rules.belote_imprenable else 0
    if made:
        points_t = 0 if bid_only else cards_t + cards_d
        taken = belote_d if transferred else 0
        score_t = points_t + value + belote_t + annonces_t + annonces_d + taken + bonus_t
        return score_t, kept_d + bonus_d
    if flat or rules.failure_score is _FAILURE_BID_ONLY:
        part = value
    else:
        part = _failure_base(rules, capot) + value
    taken = belote_t if transferred else 0
    score_d = part + annonces_d + belote_d + annonces_t + taken + bonus_d
    return kept_t + bonus_t, score_d


def score_result(
    data: Mapping[str, Any],
    rules: RuleSettings,
    hands: Mapping[Seat, Hand] | None = None,
) -> DealScore:
    """Validate a canonical record (``parse_result``) and score it; raises
    ``ResultValidationError`` on an invalid record."""
    return score_deal(parse_result(data, rules, hands), rules)

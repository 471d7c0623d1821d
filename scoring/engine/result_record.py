"""The canonical result of one deal at one table (docs/rules.md, « The result record »):
parsing and validation.

``parse_result`` reads the JSON-like record, checks it against the tournament's rules (and the
hands when they are known) and returns a frozen ``ResultRecord``, or raises
``ResultValidationError`` with every problem found, field by field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeGuard

from scoring.engine.annonces import (
    NO_ANNONCES,
    Annonce,
    AnnonceKind,
    AnnonceResolution,
    missing_cards,
    resolve_annonces,
    shape_problem,
)
from scoring.engine.belote import BELOTE_POINTS, belote_count
from scoring.engine.card_values import CAPOT_DEAL_POINTS, DEAL_POINTS
from scoring.engine.cards import (
    SUITS,
    Card,
    Hand,
    PerSide,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
)
from scoring.engine.record_errors import MESSAGES, FieldError, ResultValidationError
from scoring.engine.rule_values import Coinche
from scoring.engine.rules import RuleSettings

CAPOT = "capot"
"""The ``bid`` of a capot contract (all eight tricks)."""
MAX_BELOTES_ALL_TRUMP = 4
# The most one side's annonces can be worth: one player holds the carrés of jacks (200) and nines
# (150), the partner two more carrés (100 each); sans atout gives the same 550 (aces 200, tens
# 150, two of kings, queens, jacks or nines).
MAX_SIDE_ANNONCE_POINTS = 550
# A deal holds at most eight annonces (two per seat: eight cards make two carrés, or a cent and
# a tierce, or two cinquantes...), and at most four belotes (tout atout).
MAX_ANNONCES = 8
# No card is worth a single point, so no side ends a deal with 1 or 161 points.
IMPOSSIBLE_POINTS = frozenset({1, DEAL_POINTS - 1})


def max_side_total(rules: RuleSettings) -> int:
    """The largest total one side can reach in a deal under these rules: every card point (162),
    its belotes and its annonces when they are played and count toward the bid. The FFB text
    sets no maximum bid; a bid no side can ever reach is a typing mistake."""
    belotes = MAX_BELOTES_ALL_TRUMP if rules.all_trump else 1
    if not rules.belote_counts_for_bid:
        belotes = 0
    annonces = MAX_SIDE_ANNONCE_POINTS if rules.annonces and rules.annonces_count_for_bid else 0
    return DEAL_POINTS + BELOTE_POINTS * belotes + annonces


def max_bid(rules: RuleSettings) -> int:
    """The highest bid in points worth entering: ``max_side_total`` rounded down to the bid
    step (10 or 5)."""
    return max_side_total(rules) // rules.bid_step * rules.bid_step


def bids(rules: RuleSettings) -> list[int]:
    """Every bid in points (capot apart): the lowest bid (80 or 82), then every multiple of
    the bid step (10 or 5) above it up to ``max_bid``."""
    return rules.bids_up_to(max_bid(rules))


class Capot(Enum):
    """Which side won all eight tricks, relative to the contract."""

    TAKER = "taker"
    DEFENCE = "defence"


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract (contrat): bid, strain, taker (preneur) and coinche level."""

    bid: int | str
    strain: Strain
    taker: Seat
    coinche: Coinche = Coinche.NONE

    @property
    def is_capot(self) -> bool:
        return self.bid == CAPOT

    @property
    def taking_side(self) -> Side:
        return self.taker.side

    def to_dict(self) -> dict[str, Any]:
        return {
            "bid": self.bid,
            "strain": self.strain.value,
            "taker": self.taker.value,
            "coinche": int(self.coinche),
        }


@dataclass(frozen=True, slots=True)
class ResultRecord:
    """A validated result. ``contract`` is None for a passe générale.

    ``belote_points`` and ``annonce_resolution`` are worked out once here, not on every score.
    """

    passed: bool
    contract: Contract | None = None
    taker_points: int | None = None
    capot: Capot | None = None
    belote: tuple[Seat, ...] = ()
    annonces: tuple[Annonce, ...] = ()
    generale: bool = False
    belote_points: PerSide = field(init=False, repr=False, compare=False)
    annonce_resolution: AnnonceResolution = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.passed != (self.contract is None):
            raise ValueError("a record has a contract unless the deal was passed out")
        if self.contract is not None and self.taker_points is None and self.capot is None:
            raise ValueError("a played deal needs taker_points or a capot")
        if self.generale and self.capot is None:
            raise ValueError("a générale is a capot won by one player")
        ns = sum(BELOTE_POINTS for seat in self.belote if seat.side is Side.NS)
        ew = BELOTE_POINTS * len(self.belote) - ns
        object.__setattr__(self, "belote_points", PerSide(ns, ew))
        resolution = (
            resolve_annonces(self.annonces, self.contract.strain)
            if self.contract is not None
            else NO_ANNONCES
        )
        object.__setattr__(self, "annonce_resolution", resolution)

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON form, keys in the order docs/rules.md gives."""
        data: dict[str, Any] = {
            "passed": self.passed,
            "contract": self.contract.to_dict() if self.contract is not None else None,
            "taker_points": self.taker_points,
            "capot": self.capot.value if self.capot is not None else None,
        }
        if self.generale:
            data["generale"] = True
        data["belote"] = [seat.value for seat in self.belote]
        data["annonces"] = [annonce.to_dict() for annonce in self.annonces]
        return data


_RECORD_KEYS = (
    "passed",
    "contract",
    "taker_points",
    "capot",
    "generale",
    "belote",
    "annonces",
)
# A scored record carries its score; reading it back must not fail on those keys.
_SCORE_KEYS = ("ns", "ew", "made", "detail")
_CONTRACT_KEYS = ("bid", "strain", "taker", "coinche")
_COINCHE_VALUES = frozenset(level.value for level in Coinche)
_ANNONCE_KEYS = ("seat", "kind", "high", "suit")
_STRAIN_ALLOWED = {
    Strain.NO_TRUMP: ("no_trump", "SA"),
    Strain.ALL_TRUMP: ("all_trump", "TA"),
}


class _Errors:
    """Collects every error of a record rather than stopping at the first."""

    def __init__(self) -> None:
        self.items: list[FieldError] = []

    def add(self, field_path: str, code: str, **params: Any) -> None:
        self.items.append(FieldError(field_path, code, MESSAGES[code], params))


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_result(
    data: Mapping[str, Any],
    rules: RuleSettings,
    hands: Mapping[Seat, Hand] | None = None,
) -> ResultRecord:
    """Validate a canonical result record and return it as a ``ResultRecord``.

    ``hands`` may give some or all of the four hands; the belotes and annonces of the seats
    given are then checked against the cards (``hand_problems``). Without hands the record is
    checked against the rules alone. Raises ``ResultValidationError``.
    """
    errors = _Errors()
    if not isinstance(data, Mapping):
        errors.add("__all__", "not_an_object")
        raise ResultValidationError(errors.items)
    for key in data:
        if key not in _RECORD_KEYS and key not in _SCORE_KEYS:
            errors.add(str(key), "unknown_field", name=str(key))
    passed = data.get("passed", False)
    if not isinstance(passed, bool):
        errors.add("passed", "not_boolean")
        passed = False
    if passed:
        return _parse_passed(data, errors)

    contract = _parse_contract(data.get("contract"), rules, errors)
    strain = contract.strain if contract is not None else None
    capot = _parse_capot(data.get("capot"), errors)
    taker_points = _parse_taker_points(data.get("taker_points"), capot, errors)
    generale = data.get("generale", False)
    if not isinstance(generale, bool):
        errors.add("generale", "not_boolean")
        generale = False
    elif generale and capot is None:
        errors.add("generale", "generale_without_capot")
    belote = _parse_belote(data.get("belote"), strain, errors)
    annonces = _parse_annonces(data.get("annonces"), rules, errors)
    _check_cards_held_once(belote, annonces, strain, errors)
    if hands is not None and strain is not None:
        errors.items.extend(_hand_problems(strain, belote, annonces, hands))
    if errors.items:
        raise ResultValidationError(errors.items)
    return ResultRecord(
        passed=False,
        contract=contract,
        taker_points=taker_points,
        capot=capot,
        belote=tuple(belote),
        annonces=tuple(annonces),
        generale=generale,
    )


def _parse_passed(data: Mapping[str, Any], errors: _Errors) -> ResultRecord:
    # A sheet or a client that writes 0 points for a passe générale means "nothing": accepted,
    # stored as empty.
    if data.get("taker_points") == 0 and not isinstance(data.get("taker_points"), bool):
        data = {key: value for key, value in data.items() if key != "taker_points"}
    for name in ("contract", "taker_points", "capot"):
        if data.get(name) is not None:
            errors.add(name, "passed_with_contract", name=name)
    for name in ("belote", "annonces", "generale"):
        if data.get(name):
            errors.add(name, "passed_with_contract", name=name)
    if errors.items:
        raise ResultValidationError(errors.items)
    return ResultRecord(passed=True)


def _parse_contract(raw: Any, rules: RuleSettings, errors: _Errors) -> Contract | None:
    if raw is None:
        errors.add("contract", "required")
        return None
    if not isinstance(raw, Mapping):
        errors.add("contract", "contract_not_an_object")
        return None
    for key in raw:
        if key not in _CONTRACT_KEYS:
            errors.add(f"contract.{key}", "unknown_field", name=str(key))
    bid = _parse_bid(raw.get("bid"), rules, errors)
    strain = _parse_strain(raw.get("strain"), rules, errors)
    taker = _parse_seat(raw.get("taker"), "contract.taker", errors)
    raw_coinche = raw.get("coinche", Coinche.NONE.value)
    coinche = None
    if _is_int(raw_coinche) and raw_coinche in _COINCHE_VALUES:
        coinche = Coinche(raw_coinche)
    else:
        errors.add("contract.coinche", "invalid_coinche", value=raw_coinche)
    if bid is None or strain is None or taker is None or coinche is None:
        return None
    return Contract(bid=bid, strain=strain, taker=taker, coinche=coinche)


def _parse_bid(raw: Any, rules: RuleSettings, errors: _Errors) -> int | str | None:
    if raw is None:
        errors.add("contract.bid", "required")
        return None
    if raw == CAPOT:
        return CAPOT
    if not _is_int(raw):
        errors.add("contract.bid", "invalid_bid", value=raw)
        return None
    if raw < rules.lowest_bid:
        errors.add("contract.bid", "bid_too_low", value=raw, min=rules.lowest_bid)
        return None
    if raw > max_bid(rules):
        errors.add("contract.bid", "bid_unreachable", value=raw, max=max_side_total(rules))
        return None
    if not rules.is_on_bid_scale(raw):
        if rules.lowest_bid == 80 and rules.bid_step == 10:
            # The FFB scale keeps the code clients have known from the start.
            errors.add("contract.bid", "bid_not_multiple_of_10", value=raw)
        else:
            errors.add(
                "contract.bid",
                "bid_not_on_scale",
                value=raw,
                lowest=rules.lowest_bid,
                step=rules.bid_step,
            )
        return None
    return raw


def _parse_strain(raw: Any, rules: RuleSettings, errors: _Errors) -> Strain | None:
    if raw is None:
        errors.add("contract.strain", "required")
        return None
    try:
        strain = Strain(raw)
    except ValueError:
        errors.add("contract.strain", "invalid_strain", value=raw)
        return None
    if strain in _STRAIN_ALLOWED:
        setting, name = _STRAIN_ALLOWED[strain]
        if not getattr(rules, setting):
            errors.add("contract.strain", "strain_not_allowed", strain=name)
            return None
    return strain


def _parse_seat(raw: Any, field_path: str, errors: _Errors) -> Seat | None:
    if raw is None:
        errors.add(field_path, "required")
        return None
    try:
        return Seat(raw)
    except ValueError:
        errors.add(field_path, "invalid_seat", value=raw)
        return None


def _parse_capot(raw: Any, errors: _Errors) -> Capot | None:
    if raw is None:
        return None
    try:
        return Capot(raw)
    except ValueError:
        errors.add("capot", "invalid_capot", value=raw)
        return None


def _parse_taker_points(raw: Any, capot: Capot | None, errors: _Errors) -> int | None:
    if raw is None:
        if capot is None:
            errors.add("taker_points", "required")
        return None
    if not _is_int(raw):
        errors.add("taker_points", "invalid_points", value=raw)
        return None
    # With a capot the points are not needed; when given they must agree with it.
    if capot is Capot.TAKER:
        if raw not in (DEAL_POINTS, CAPOT_DEAL_POINTS):
            errors.add("taker_points", "capot_by_taker_points", value=raw)
            return None
        return raw
    if capot is Capot.DEFENCE:
        if raw != 0:
            errors.add("taker_points", "capot_by_defence_points", value=raw)
            return None
        return raw
    if not 0 <= raw <= DEAL_POINTS:
        errors.add("taker_points", "points_out_of_range", value=raw)
        return None
    if raw in IMPOSSIBLE_POINTS:
        errors.add("taker_points", "impossible_points", value=raw)
        return None
    return raw


def _parse_belote(raw: Any, strain: Strain | None, errors: _Errors) -> list[Seat]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        errors.add("belote", "not_a_list")
        return []
    if len(raw) > MAX_BELOTES_ALL_TRUMP:
        errors.add("belote", "too_many_belote_seats", max=MAX_BELOTES_ALL_TRUMP)
        return []
    seats: list[Seat] = []
    for index, item in enumerate(raw):
        seat = _parse_seat(item, f"belote.{index}", errors)
        if seat is not None:
            seats.append(seat)
    if strain is None or not seats:
        return seats
    if strain is Strain.NO_TRUMP:
        errors.add("belote", "belote_in_no_trump")
        return seats
    # Four belotes at most were checked above: that is the tout atout limit.
    limit = MAX_BELOTES_ALL_TRUMP if strain is Strain.ALL_TRUMP else 1
    for index in range(limit, len(seats)):
        errors.add(f"belote.{index}", "too_many_belotes", max=limit)
    return seats[:limit]


def _parse_annonces(raw: Any, rules: RuleSettings, errors: _Errors) -> list[Annonce]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        errors.add("annonces", "not_a_list")
        return []
    if raw and not rules.annonces:
        errors.add("annonces", "annonces_not_played")
        return []
    if len(raw) > MAX_ANNONCES:
        errors.add("annonces", "too_many_annonces", max=MAX_ANNONCES)
        return []
    annonces: list[Annonce] = []
    for index, item in enumerate(raw):
        annonce = _parse_annonce(item, f"annonces.{index}", errors)
        if annonce is not None:
            annonces.append(annonce)
    return annonces


def hand_problems(record: ResultRecord, hands: Mapping[Seat, Hand]) -> list[FieldError]:
    """What a valid record says that the hands contradict: a belote or an annonce a seat does
    not hold. Empty when the record agrees with the cards (or for a passe générale).

    The site calls this for records entered by someone who may not see the hands: the answer
    goes to the arbiters as flags on the stored result, never back to the one who entered it.
    """
    if record.contract is None:
        return []
    return _hand_problems(record.contract.strain, record.belote, record.annonces, hands)


def _hand_problems(
    strain: Strain,
    belote: Sequence[Seat],
    annonces: Sequence[Annonce],
    hands: Mapping[Seat, Hand],
) -> list[FieldError]:
    errors = _Errors()
    if strain is not Strain.NO_TRUMP:
        seen: Counter[Seat] = Counter()
        for index, seat in enumerate(belote):
            seen[seat] += 1
            if seat not in hands:
                continue
            held = belote_count(hands[seat], strain)
            if seen[seat] > held:
                if strain is Strain.ALL_TRUMP:
                    errors.add(
                        f"belote.{index}", "belote_not_held_all_trump", seat=seat.value, count=held
                    )
                else:
                    errors.add(f"belote.{index}", "belote_not_held", seat=seat.value)
    for index, annonce in enumerate(annonces):
        if annonce.seat not in hands:
            continue
        missing = missing_cards(annonce, hands[annonce.seat])
        if missing:
            errors.add(
                f"annonces.{index}",
                "annonce_not_held",
                seat=annonce.seat.value,
                kind=annonce.kind.value,
                cards=", ".join(card.label for card in missing),
            )
    return errors.items


def _parse_annonce(item: Any, path: str, errors: _Errors) -> Annonce | None:
    if not isinstance(item, Mapping):
        errors.add(path, "not_an_annonce")
        return None
    before = len(errors.items)
    for key in item:
        if key not in _ANNONCE_KEYS:
            errors.add(f"{path}.{key}", "unknown_field", name=str(key))
    seat = _parse_seat(item.get("seat"), f"{path}.seat", errors)
    kind = None
    raw_kind = item.get("kind")
    if raw_kind is None:
        errors.add(f"{path}.kind", "required")
    else:
        try:
            kind = AnnonceKind(raw_kind)
        except ValueError:
            errors.add(f"{path}.kind", "invalid_kind", value=raw_kind)
    high = None
    raw_high = item.get("high")
    if _is_int(raw_high):
        # Forgive a bare number for the 10, 9, 8 or 7.
        raw_high = str(raw_high)
    if raw_high is None:
        errors.add(f"{path}.high", "required")
    else:
        try:
            high = Rank(raw_high)
        except ValueError:
            errors.add(f"{path}.high", "invalid_rank", value=raw_high)
    suit = None
    raw_suit = item.get("suit")
    if raw_suit is not None:
        try:
            suit = Suit(raw_suit)
        except ValueError:
            errors.add(f"{path}.suit", "invalid_suit", value=raw_suit)
    if kind is not None and high is not None and (raw_suit is None or suit is not None):
        problem = shape_problem(kind, high, suit)
        if problem == "carre_with_suit":
            errors.add(f"{path}.suit", problem)
        elif problem == "suit_required":
            errors.add(f"{path}.suit", problem, kind=kind.value)
        elif problem == "sequence_too_low":
            errors.add(
                f"{path}.high", problem, kind=kind.value, length=kind.length, high=high.value
            )
        elif problem is not None:
            errors.add(f"{path}.high", problem)
    if len(errors.items) > before or seat is None or kind is None or high is None:
        return None
    return Annonce(seat=seat, kind=kind, high=high, suit=suit)


def _check_cards_held_once(
    belote: list[Seat],
    annonces: list[Annonce],
    strain: Strain | None,
    errors: _Errors,
) -> None:
    """A card sits in one hand and counts in one annonce: catch records that say otherwise."""
    owner: dict[Card, Seat] = {}
    trump = strain.trump_suit if strain is not None else None
    if trump is not None and belote:
        # The belote of a trump-suit contract tells where the K and Q of trump are.
        owner[Card(Rank.KING, trump)] = belote[0]
        owner[Card(Rank.QUEEN, trump)] = belote[0]
    used_by: dict[Card, int] = {}
    cards_per_seat: dict[Seat, set[Card]] = {}
    for index, annonce in enumerate(annonces):
        path = f"annonces.{index}"
        cards = sorted(annonce.cards(), key=lambda c: (SUITS.index(c.suit), c.rank.sequence_index))
        for card in cards:
            holder = owner.get(card)
            if holder is not None and holder is not annonce.seat:
                errors.add(
                    path,
                    "card_held_twice",
                    card=card.label,
                    seat=annonce.seat.value,
                    other_seat=holder.value,
                )
                break
            if card in used_by:
                errors.add(path, "card_in_two_annonces", card=card.label, other=used_by[card] + 1)
                break
        else:
            for card in cards:
                owner[card] = annonce.seat
                used_by[card] = index
            held = cards_per_seat.setdefault(annonce.seat, set())
            held.update(annonce.cards())
            if len(held) > 8:
                errors.add(path, "too_many_cards", seat=annonce.seat.value)

"""The rule settings of a tournament (règlement): the FFB coinche rules and the club variants.

A tournament names its rule set before play; ``RuleSettings`` is that choice as one value,
stored as JSON with ``to_dict()``/``from_dict()``. ``PRESETS`` holds the named rule sets, one
per documented family of rulebooks (docs/rules.md, ``../shared/docs/variants.md``).

Every setting is one axis on which published rulebooks differ; ``SETTINGS_INFO`` gives each its
label and a one-line explanation (English, marked for translation). Combinations that cannot be
scored are refused with ``ValueError`` (``RuleSettings.__post_init__``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, NamedTuple

from scoring.translation import gettext_noop


class WinCondition(Enum):
    """What the taking side must reach for the contract to be made (contrat réussi)."""

    BID_AND_MORE_THAN_DEFENCE = "bid_and_more_than_defence"
    BID_ONLY = "bid_only"
    # Pagat and some apps: an 80 needs 82 (more than half of the 162), higher bids their value.
    BID_AND_82 = "bid_and_82"


class MadeScore(Enum):
    """What the taking side scores for a made contract, besides its belote and annonces."""

    POINTS_AND_BID = "points_and_bid"
    POINTS_ONLY = "points_only"
    BID_ONLY = "bid_only"


class FailureScore(Enum):
    """What the defence scores for a failed contract, besides belotes and annonces."""

    BASE_AND_BID = "base_and_bid"
    BASE_ONLY = "base_only"
    BID_ONLY = "bid_only"


class MultiplierScope(Enum):
    """What a coinche (×2) or a surcoinche (×4 or ×3) multiplies."""

    # FFB: (160 + annonces + belote + bid) × m; the other side keeps only its belote.
    WHOLE_SCORE = "whole_score"
    # Cannes: the deal is scored as if not coinched, with the bid × m; belote never multiplied.
    BID_ONLY = "bid_only"
    # Online games: the bid × m, and the side that scores the contract takes every card point
    # (162, 252 with a capot); the other side scores nothing else.
    BID_ONLY_TAKES_ALL = "bid_only_takes_all"


class Rounding(Enum):
    """How a deal score is rounded to the ten (arrondi à la dizaine)."""

    HALF_UP = "half_up"
    # « 6 up »: 85 → 80, 86 → 90 (Cannes, one FFB wording).
    HALF_DOWN = "half_down"
    NONE = "none"

    def apply(self, points: int) -> int:
        if self is Rounding.HALF_UP:
            return (points + 5) // 10 * 10
        if self is Rounding.HALF_DOWN:
            return (points + 4) // 10 * 10
        return points


class CapotBid(Enum):
    """What a capot bid is worth: a 250 contract on top of the points, a flat 500 (1000
    coinché, 2000 surcoinché), the highest bid, a 270 contract (Cannes), or a 350 contract
    (one publisher)."""

    CONTRACT_250 = "contract_250"
    FLAT_500 = "flat_500"
    BID_270 = "bid_270"
    CONTRACT_350 = "contract_350"


class OvertakePartner(Enum):
    """When a player must play a trump higher than the partner's (monter sur son partenaire)."""

    # FFB: only when trump is led; partner master on a plain suit, you play what you like.
    TRUMP_LED = "trump_led"
    # Fédération Française de Coinche: a trump played on the partner's trump must overtake it
    # when the hand can.
    ALWAYS = "always"


COMBINATION_PROBLEMS: dict[str, str] = {
    "transferred_imprenable": gettext_noop(
        "belote_transferred needs belote_imprenable false: "
        "a belote that cannot be lost cannot go to the other side"
    ),
    "bid_scope_points_only": gettext_noop(
        "made_score points_only cannot go with a multiplier_scope on the bid: "
        "a made contract would not count the bid, so a coinche would change nothing"
    ),
    "bid_scope_base_only": gettext_noop(
        "failure_score base_only cannot go with a multiplier_scope on the bid: "
        "a failed contract would not count the bid, so a coinche would change nothing"
    ),
    "capot_base_without_base": gettext_noop(
        "failure_capot_base needs a failure_score with a base (160 or 162)"
    ),
    "no_trump_doubles_without_no_trump": gettext_noop(
        "no_trump_doubles needs no_trump: without sans atout contracts there is nothing to double"
    ),
}
"""The settings that cannot be played together, and why (``combination_problem``)."""

FAILURE_BASES = (160, 162)
SURCOINCHE_MULTIPLIERS = (4, 3)
LOWEST_BIDS = (80, 82)
"""The FFB's lowest bid, 80, and the Fédération Française de Coinche's, 82."""
BID_STEPS = (10, 5)
"""The FFB's bid steps of 10, and the Stéphanoise variant's steps of 5."""
MAX_GENERALE_BONUS = 1000
CAPOT_EXTRA = 90
"""A capot's card points (252) exceed the deal's (162) by 90: the base of a failure the
defence made with every trick, under ``failure_capot_base`` (160 → 250, 162 → 252)."""


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """One rule set. The defaults are the FFB coinche rules (« règles officielles »).

    Settings added after tournaments were stored default to the behaviour those tournaments
    had, so an old stored dict (``from_dict``) still means the same rules.
    """

    win_condition: WinCondition = WinCondition.BID_AND_MORE_THAN_DEFENCE
    made_score: MadeScore = MadeScore.POINTS_AND_BID
    # Points of a failed contract for the defence (« 160 points de chute »), which are also
    # the base of a made coinched contract.
    failure_base: int = 160
    surcoinche_multiplier: int = 4
    # Belote imprenable: a side that scores nothing else still keeps its belote.
    belote_imprenable: bool = True
    rounding: Rounding = Rounding.HALF_UP
    capot_bid: CapotBid = CapotBid.CONTRACT_250
    # Added to the deal score of a side whose single player won all eight tricks (générale).
    generale_bonus: int = 0
    annonces: bool = True
    # Sans atout and tout atout are an organizer's option in the FFB text (§11).
    no_trump: bool = False
    all_trump: bool = False
    # Must a player who cannot overtrump an opponent still play a lower trump (pisser)?
    must_undertrump: bool = False
    # The axes added with the rule families (issue 18); their defaults are the FFB's.
    failure_score: FailureScore = FailureScore.BASE_AND_BID
    # A failed contract where the defence won every trick: base + 90 (Cannes: 252).
    failure_capot_base: bool = False
    multiplier_scope: MultiplierScope = MultiplierScope.WHOLE_SCORE
    # A belote lost by its side (not imprenable) goes to the side scoring the contract.
    belote_transferred: bool = False
    belote_counts_for_bid: bool = True
    annonces_count_for_bid: bool = True
    overtake_partner: OvertakePartner = OvertakePartner.TRUMP_LED
    # The bid scale: the lowest bid, then every multiple of the step above it (80, 90, 100…;
    # 82, 90, 100… for the Fédération Française de Coinche; 80, 85, 90… by 5).
    lowest_bid: int = 80
    bid_step: int = 10
    # Fédération Française de Coinche: a sans atout contract counts double (the bid, or the
    # capot's value), whatever else is multiplied.
    no_trump_doubles: bool = False

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            kind = _FIELD_TYPES[field.name]
            if isinstance(kind, type) and issubclass(kind, Enum):
                if not isinstance(value, kind):
                    raise ValueError(f"{field.name} must be a {kind.__name__}, not {value!r}")
            elif kind is bool:
                if not isinstance(value, bool):
                    raise ValueError(f"{field.name} must be true or false, not {value!r}")
            elif not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{field.name} must be a whole number, not {value!r}")
        if self.failure_base not in FAILURE_BASES:
            raise ValueError(f"failure_base must be 160 or 162, not {self.failure_base}")
        if self.surcoinche_multiplier not in SURCOINCHE_MULTIPLIERS:
            raise ValueError(
                f"surcoinche_multiplier must be 4 or 3, not {self.surcoinche_multiplier}"
            )
        if self.lowest_bid not in LOWEST_BIDS:
            raise ValueError(f"lowest_bid must be 80 or 82, not {self.lowest_bid}")
        if self.bid_step not in BID_STEPS:
            raise ValueError(f"bid_step must be 10 or 5, not {self.bid_step}")
        if not 0 <= self.generale_bonus <= MAX_GENERALE_BONUS or self.generale_bonus % 10:
            raise ValueError(
                f"generale_bonus must be a multiple of 10 from 0 to {MAX_GENERALE_BONUS}, "
                f"not {self.generale_bonus}"
            )
        problem = self.combination_problem()
        if problem is not None:
            raise ValueError(problem)

    def combination_problem(self) -> str | None:
        """Why these settings cannot be played together (English, marked for translation: the
        site shows it in French), or None."""
        if self.belote_transferred and self.belote_imprenable:
            return COMBINATION_PROBLEMS["transferred_imprenable"]
        bid_scope = self.multiplier_scope is not MultiplierScope.WHOLE_SCORE
        if bid_scope and self.made_score is MadeScore.POINTS_ONLY:
            return COMBINATION_PROBLEMS["bid_scope_points_only"]
        if bid_scope and self.failure_score is FailureScore.BASE_ONLY:
            return COMBINATION_PROBLEMS["bid_scope_base_only"]
        if self.failure_capot_base and self.failure_score is FailureScore.BID_ONLY:
            return COMBINATION_PROBLEMS["capot_base_without_base"]
        if self.no_trump_doubles and not self.no_trump:
            return COMBINATION_PROBLEMS["no_trump_doubles_without_no_trump"]
        return None

    def bids_up_to(self, highest: int) -> list[int]:
        """The bid scale up to ``highest`` points: the lowest bid, then every multiple of the
        step above it."""
        above = (self.lowest_bid // self.bid_step + 1) * self.bid_step
        return [self.lowest_bid, *range(above, highest + 1, self.bid_step)]

    def first_bids(self, count: int) -> list[int]:
        """The ``count`` lowest bids of the scale (82, 90, 100)."""
        return self.bids_up_to(self.lowest_bid + count * self.bid_step)[:count]

    def is_on_bid_scale(self, bid: int) -> bool:
        """Whether a bid in points is the lowest bid or a multiple of the step above it (the
        highest bid worth entering is ``result_record.max_bid``)."""
        return bid == self.lowest_bid or (bid > self.lowest_bid and bid % self.bid_step == 0)

    def multiplier(self, coinche: int) -> int:
        """1, 2 when coinched, 4 (or 3) when surcoinched."""
        return (1, 2, self.surcoinche_multiplier)[coinche]

    def to_dict(self) -> dict[str, Any]:
        """Every setting as plain JSON values, in a stable order."""
        return {field.name: _to_json(getattr(self, field.name)) for field in fields(RuleSettings)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSettings:
        """Read settings over the FFB defaults; raise ValueError on an unknown key or value."""
        values: dict[str, Any] = {}
        for key, raw in data.items():
            if key not in _FIELD_TYPES:
                raise ValueError(f"unknown rule setting {key!r}")
            kind = _FIELD_TYPES[key]
            if isinstance(kind, type) and issubclass(kind, Enum):
                try:
                    values[key] = kind(raw)
                except ValueError:
                    allowed = ", ".join(member.value for member in kind)
                    raise ValueError(f"{key} must be one of {allowed}, not {raw!r}") from None
            else:
                values[key] = raw
        return cls(**values)

    def describe(self) -> list[tuple[str, str]]:
        """(setting, value) pairs in English, both marked for translation, for display."""
        return [(info.label, info.value) for info in self.explain()]

    def explain(self) -> list[SettingInfo]:
        """Every setting with its label, its value and a one-line explanation of that value,
        in English marked for translation (the site translates them)."""
        return [
            SettingInfo(name, _LABELS[name], self._value_label(name), _explanation(self, name))
            for name in _FIELD_TYPES
        ]

    def _value_label(self, name: str) -> str:
        value = getattr(self, name)
        if isinstance(value, Enum):
            return _VALUE_LABELS[value]
        if isinstance(value, bool):
            return _yes_no(value)
        if name == "surcoinche_multiplier":
            return f"x{value}"
        if name == "generale_bonus":
            return str(value) if value else _NONE
        return str(value)

    def preset_name(self) -> str | None:
        """The name of the preset these settings are, if any."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)


class SettingInfo(NamedTuple):
    """One setting for display: its key, label, value and what that value means (English)."""

    name: str
    label: str
    value: str
    explanation: str


def _to_json(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


_FIELD_TYPES: dict[str, Any] = {
    "win_condition": WinCondition,
    "made_score": MadeScore,
    "failure_base": int,
    "surcoinche_multiplier": int,
    "belote_imprenable": bool,
    "rounding": Rounding,
    "capot_bid": CapotBid,
    "generale_bonus": int,
    "annonces": bool,
    "no_trump": bool,
    "all_trump": bool,
    "must_undertrump": bool,
    "failure_score": FailureScore,
    "failure_capot_base": bool,
    "multiplier_scope": MultiplierScope,
    "belote_transferred": bool,
    "belote_counts_for_bid": bool,
    "annonces_count_for_bid": bool,
    "overtake_partner": OvertakePartner,
    "lowest_bid": int,
    "bid_step": int,
    "no_trump_doubles": bool,
}

_LABELS: dict[str, str] = {
    "win_condition": gettext_noop("Contract made when"),
    "made_score": gettext_noop("A made contract scores"),
    "failure_base": gettext_noop("Failure points (chute)"),
    "surcoinche_multiplier": gettext_noop("Surcoinche multiplier"),
    "belote_imprenable": gettext_noop("Belote imprenable"),
    "rounding": gettext_noop("Rounding"),
    "capot_bid": gettext_noop("Capot bid"),
    "generale_bonus": gettext_noop("Générale bonus"),
    "annonces": gettext_noop("Annonces"),
    "no_trump": gettext_noop("Sans atout allowed"),
    "all_trump": gettext_noop("Tout atout allowed"),
    "must_undertrump": gettext_noop("Must undertrump"),
    "failure_score": gettext_noop("A failed contract scores"),
    "failure_capot_base": gettext_noop("Failure with every trick to the defence"),
    "multiplier_scope": gettext_noop("Coinche and surcoinche multiply"),
    "belote_transferred": gettext_noop("Lost belote goes to the other side"),
    "belote_counts_for_bid": gettext_noop("Belote counts toward the bid"),
    "annonces_count_for_bid": gettext_noop("Annonces count toward the bid"),
    "overtake_partner": gettext_noop("Overtake the partner's trump"),
    "lowest_bid": gettext_noop("Lowest bid"),
    "bid_step": gettext_noop("Bid step"),
    "no_trump_doubles": gettext_noop("Sans atout contracts count double"),
}
_VALUE_LABELS: dict[Enum, str] = {
    WinCondition.BID_AND_MORE_THAN_DEFENCE: gettext_noop(
        "the bid is reached and the takers have more than the defence"
    ),
    WinCondition.BID_ONLY: gettext_noop("the bid is reached"),
    WinCondition.BID_AND_82: gettext_noop("the bid is reached, and at least 82"),
    MadeScore.POINTS_AND_BID: gettext_noop("points made + the bid"),
    MadeScore.POINTS_ONLY: gettext_noop("points made"),
    MadeScore.BID_ONLY: gettext_noop("the bid"),
    FailureScore.BASE_AND_BID: gettext_noop("the failure points + the bid"),
    FailureScore.BASE_ONLY: gettext_noop("the failure points only"),
    FailureScore.BID_ONLY: gettext_noop("the bid only"),
    MultiplierScope.WHOLE_SCORE: gettext_noop("the whole deal score"),
    MultiplierScope.BID_ONLY: gettext_noop("the bid only"),
    MultiplierScope.BID_ONLY_TAKES_ALL: gettext_noop("the bid only, the winner takes all 162"),
    Rounding.HALF_UP: gettext_noop("to the nearest ten, 85 to 90"),
    Rounding.HALF_DOWN: gettext_noop("to the nearest ten, 6 up: 85 to 80, 86 to 90"),
    Rounding.NONE: gettext_noop("none"),
    CapotBid.CONTRACT_250: gettext_noop("a 250 contract"),
    CapotBid.FLAT_500: gettext_noop("a flat 500"),
    CapotBid.BID_270: gettext_noop("the highest bid, a 270 contract"),
    CapotBid.CONTRACT_350: gettext_noop("a 350 contract"),
    OvertakePartner.TRUMP_LED: gettext_noop("only when trump is led"),
    OvertakePartner.ALWAYS: gettext_noop("always"),
}
_YES = gettext_noop("yes")
_NO = gettext_noop("no")
_NONE = gettext_noop("none")

# One line per setting value: what it means at the table. Keys: (setting, JSON value).
_EXPLANATIONS: dict[tuple[str, Any], str] = {
    ("win_condition", "bid_and_more_than_defence"): gettext_noop(
        "The takers must reach their bid and have more points than the defence."
    ),
    ("win_condition", "bid_only"): gettext_noop(
        "The takers only need to reach their bid, even if the defence has more."
    ),
    ("win_condition", "bid_and_82"): gettext_noop(
        "The takers must reach their bid; an 80 needs 82 points."
    ),
    ("made_score", "points_and_bid"): gettext_noop(
        "A made contract scores the points made plus the bid."
    ),
    ("made_score", "points_only"): gettext_noop(
        "A made contract scores the points made; the bid itself scores nothing."
    ),
    ("made_score", "bid_only"): gettext_noop(
        "A made contract scores the bid only, whatever the points made."
    ),
    ("failure_base", 160): gettext_noop("The failure points are 160."),
    ("failure_base", 162): gettext_noop(
        "The failure points are 162, every card point and the dix de der."
    ),
    ("surcoinche_multiplier", 4): gettext_noop("A surcoinche multiplies by 4."),
    ("surcoinche_multiplier", 3): gettext_noop("A surcoinche multiplies by 3."),
    ("belote_imprenable", True): gettext_noop(
        "A side that scores nothing else still keeps its belote (20)."
    ),
    ("belote_imprenable", False): gettext_noop(
        "A side that scores nothing else loses its belote too."
    ),
    ("rounding", "half_up"): gettext_noop(
        "Each side's score is rounded to the nearest ten, 85 up to 90."
    ),
    ("rounding", "half_down"): gettext_noop(
        "Each side's score is rounded to the nearest ten, 6 up: 85 to 80, 86 to 90."
    ),
    ("rounding", "none"): gettext_noop("Scores are kept to the point, not rounded."),
    ("capot_bid", "contract_250"): gettext_noop(
        "A capot bid is a 250 contract, scored like any bid."
    ),
    ("capot_bid", "flat_500"): gettext_noop(
        "A capot bid scores a flat 500 (1000 coinché, 2000 surcoinché) to the side that wins it."
    ),
    ("capot_bid", "bid_270"): gettext_noop(
        "Capot is the highest bid, a 270 contract scored like any bid."
    ),
    ("capot_bid", "contract_350"): gettext_noop(
        "A capot bid is a 350 contract, scored like any bid."
    ),
    ("generale_bonus", 0): gettext_noop("No bonus when one player wins all eight tricks."),
    ("annonces", True): gettext_noop("Tierce, cinquante, cent and carré are declared and scored."),
    ("annonces", False): gettext_noop("No annonces other than the belote."),
    ("no_trump", True): gettext_noop("Contracts in sans atout may be bid."),
    ("no_trump", False): gettext_noop("No sans atout contracts."),
    ("all_trump", True): gettext_noop("Contracts in tout atout may be bid."),
    ("all_trump", False): gettext_noop("No tout atout contracts."),
    ("must_undertrump", True): gettext_noop(
        "Unable to overtrump an opponent, a player must still play a lower trump."
    ),
    ("must_undertrump", False): gettext_noop(
        "Unable to overtrump an opponent, a player may discard instead."
    ),
    ("failure_score", "base_and_bid"): gettext_noop(
        "A failed contract gives the defence the failure points plus the bid."
    ),
    ("failure_score", "base_only"): gettext_noop(
        "A failed contract gives the defence the failure points, whatever the bid."
    ),
    ("failure_score", "bid_only"): gettext_noop(
        "A failed contract gives the defence the bid only."
    ),
    ("failure_capot_base", True): gettext_noop(
        "A defence that wins every trick of a failed contract scores 90 more (250 or 252)."
    ),
    ("failure_capot_base", False): gettext_noop(
        "The failure points are the same when the defence wins every trick."
    ),
    ("multiplier_scope", "whole_score"): gettext_noop(
        "Coinche and surcoinche multiply the whole deal score, points, bid and annonces."
    ),
    ("multiplier_scope", "bid_only"): gettext_noop(
        "Coinche and surcoinche multiply the bid only; each side keeps its points."
    ),
    ("multiplier_scope", "bid_only_takes_all"): gettext_noop(
        "Coinche and surcoinche multiply the bid only; the winner takes every card point."
    ),
    ("belote_transferred", True): gettext_noop(
        "A belote its side loses goes to the side that scores the contract."
    ),
    ("belote_transferred", False): gettext_noop("A belote its side loses goes to nobody."),
    ("belote_counts_for_bid", True): gettext_noop("The belote counts toward the bid."),
    ("belote_counts_for_bid", False): gettext_noop(
        "Only the card points count toward the bid, not the belote."
    ),
    ("annonces_count_for_bid", True): gettext_noop("The annonces won count toward the bid."),
    ("annonces_count_for_bid", False): gettext_noop(
        "The annonces are scored but do not count toward the bid."
    ),
    ("overtake_partner", "trump_led"): gettext_noop(
        "A player must overtake the partner's trump only when trump is led."
    ),
    ("overtake_partner", "always"): gettext_noop(
        "A player who trumps over the partner's trump must overtake it when possible."
    ),
    ("lowest_bid", 80): gettext_noop("The lowest bid is 80."),
    ("lowest_bid", 82): gettext_noop(
        "The lowest bid is 82, more than half of the deal, in place of 80."
    ),
    ("bid_step", 10): gettext_noop("Bids go up by 10: %(scale)s and so on."),
    ("bid_step", 5): gettext_noop("Bids go up by 5: %(scale)s and so on."),
    ("no_trump_doubles", True): gettext_noop(
        "A sans atout contract counts double: its bid (or its capot) is worth twice as much."
    ),
    ("no_trump_doubles", False): gettext_noop("A sans atout contract counts like any other."),
}
_GENERALE_EXPLANATION = gettext_noop(
    "A side whose single player wins all eight tricks scores %(bonus)s more."
)


def _explanation(rules: RuleSettings, name: str) -> str:
    value = _to_json(getattr(rules, name))
    if name == "generale_bonus" and value:
        return _GENERALE_EXPLANATION
    return _EXPLANATIONS[(name, value)]


def explanation_params(rules: RuleSettings) -> dict[str, Any]:
    """The values the explanations' placeholders take (``%(bonus)s``, ``%(scale)s``: the
    first three bids)."""
    return {"bonus": rules.generale_bonus, "scale": ", ".join(map(str, rules.first_bids(3)))}


def _yes_no(value: bool) -> str:
    return _YES if value else _NO


def setting_names() -> tuple[str, ...]:
    """Every setting's key, in the order of ``to_dict``."""
    return tuple(_FIELD_TYPES)


FFB_COINCHE = RuleSettings()

# FFB contrée 2016: counting chosen by the organizer (here points + bid), made when total ≥ bid
# even if the defence has more, belote prenable, surcoinche ×4, no annonces but the belote; the
# 2016 text scores a capot flat 500 / 1000 / 2000.
FFB_CONTREE_2016 = RuleSettings(
    win_condition=WinCondition.BID_ONLY,
    belote_imprenable=False,
    belote_transferred=True,
    annonces=False,
    capot_bid=CapotBid.FLAT_500,
)

PRESETS: dict[str, RuleSettings] = {
    "ffb-coinche": FFB_COINCHE,
    # The FFB's optional variant (§11): bids in sans atout and tout atout.
    "ffb-coinche-sa-ta": RuleSettings(no_trump=True, all_trump=True),
    # Belote contrée as scored before the families: the coinche scoring without annonces
    # (belote still counts, imprenable). Kept for the tournaments that chose it.
    "contree": RuleSettings(annonces=False),
    "ffb-contree-2016": FFB_CONTREE_2016,
    # FFB « Équipe Ludique », the most recent FFB wording: as contrée 2016, surcoinche ×3,
    # capot a contract of 250 on the normal scale.
    "ffb-equipe-ludique": RuleSettings(
        win_condition=WinCondition.BID_ONLY,
        belote_imprenable=False,
        belote_transferred=True,
        annonces=False,
        surcoinche_multiplier=3,
    ),
    # Cannes championship 2016 (Festival International des Jeux): bid × m + trick points +
    # belote; failed, the defence scores bid × m + 162 (252 on a capot) + every belote; capot
    # the highest bid, 270; marks rounded 6 up.
    "cannes-2016": RuleSettings(
        win_condition=WinCondition.BID_ONLY,
        failure_base=162,
        failure_capot_base=True,
        surcoinche_multiplier=3,
        belote_imprenable=False,
        belote_transferred=True,
        rounding=Rounding.HALF_DOWN,
        capot_bid=CapotBid.BID_270,
        annonces=False,
        multiplier_scope=MultiplierScope.BID_ONLY,
    ),
    # Online « 162 exact » (game sites, the colver engine): bid × m, the winner of a coinched
    # deal takes all 162 (252) and both belotes; no rounding.
    "online-162": RuleSettings(
        win_condition=WinCondition.BID_ONLY,
        failure_base=162,
        surcoinche_multiplier=3,
        belote_imprenable=False,
        belote_transferred=True,
        rounding=Rounding.NONE,
        annonces=False,
        multiplier_scope=MultiplierScope.BID_ONLY_TAKES_ALL,
    ),
}
DEFAULT_PRESET = "ffb-coinche"

PRESET_LABELS: dict[str, str] = {
    "ffb-coinche": gettext_noop("FFB coinche"),
    "ffb-coinche-sa-ta": gettext_noop("FFB coinche with sans atout and tout atout"),
    "contree": gettext_noop("Contrée (no annonces)"),
    "ffb-contree-2016": gettext_noop("FFB contrée 2016"),
    "ffb-equipe-ludique": gettext_noop("FFB Équipe Ludique"),
    "cannes-2016": gettext_noop("Cannes championship 2016"),
    "online-162": gettext_noop("Online “162 exact”"),
}

PRESET_SOURCES: dict[str, str] = {
    "ffb-coinche": gettext_noop(
        "Fédération Française de Belote, “Règles officielles de la belote coinchée” (2015)."
    ),
    "ffb-coinche-sa-ta": gettext_noop(
        "Fédération Française de Belote, “Règles officielles de la belote coinchée” (2015), "
        "with the sans atout and tout atout option of §11."
    ),
    "contree": gettext_noop(
        "The FFB coinche scoring (2015) without annonces other than the belote; "
        "this site's earlier contrée rules."
    ),
    "ffb-contree-2016": gettext_noop(
        "Fédération Française de Belote, rules of the belote contrée (2016 text)."
    ),
    "ffb-equipe-ludique": gettext_noop(
        "Fédération Française de Belote, “Équipe Ludique” rules (the most recent FFB wording)."
    ),
    "cannes-2016": gettext_noop(
        "Festival International des Jeux, Cannes 2016: regulation of the qualifiers of the "
        "Championnat de France de belote contrée."
    ),
    "online-162": gettext_noop(
        "The “162 exact” scale of several game sites and of the colver engine "
        "(a public survey of published belote rulebooks)."
    ),
}

"""The rule settings of a tournament (règlement): the FFB coinche rules and the club variants.

A tournament names its rule set before play; ``RuleSettings`` is that choice as one value,
stored as JSON with ``to_dict()``/``from_dict()``. ``PRESETS`` holds the named rule sets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from scoring.translation import gettext_noop


class WinCondition(Enum):
    """What the taking side must reach for the contract to be made (contrat réussi)."""

    BID_AND_MORE_THAN_DEFENCE = "bid_and_more_than_defence"
    BID_ONLY = "bid_only"


class MadeScore(Enum):
    """What the taking side scores for a made contract, besides its belote and annonces."""

    POINTS_AND_BID = "points_and_bid"
    POINTS_ONLY = "points_only"
    BID_ONLY = "bid_only"


class Rounding(Enum):
    """How a deal score is rounded to the ten (arrondi à la dizaine)."""

    HALF_UP = "half_up"
    HALF_DOWN = "half_down"
    NONE = "none"

    def apply(self, points: int) -> int:
        if self is Rounding.HALF_UP:
            return (points + 5) // 10 * 10
        if self is Rounding.HALF_DOWN:
            return (points + 4) // 10 * 10
        return points


class CapotBid(Enum):
    """What a capot bid is worth: a 250 contract on top of the points, or a flat 500."""

    CONTRACT_250 = "contract_250"
    FLAT_500 = "flat_500"


FAILURE_BASES = (160, 162)
SURCOINCHE_MULTIPLIERS = (4, 3)
MAX_GENERALE_BONUS = 1000


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """One rule set. The defaults are the FFB coinche rules (« règles officielles »)."""

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
        if not 0 <= self.generale_bonus <= MAX_GENERALE_BONUS or self.generale_bonus % 10:
            raise ValueError(
                f"generale_bonus must be a multiple of 10 from 0 to {MAX_GENERALE_BONUS}, "
                f"not {self.generale_bonus}"
            )

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
        return [
            (_LABELS["win_condition"], _VALUE_LABELS[self.win_condition]),
            (_LABELS["made_score"], _VALUE_LABELS[self.made_score]),
            (_LABELS["failure_base"], str(self.failure_base)),
            (_LABELS["surcoinche_multiplier"], f"x{self.surcoinche_multiplier}"),
            (_LABELS["belote_imprenable"], _yes_no(self.belote_imprenable)),
            (_LABELS["rounding"], _VALUE_LABELS[self.rounding]),
            (_LABELS["capot_bid"], _VALUE_LABELS[self.capot_bid]),
            (
                _LABELS["generale_bonus"],
                str(self.generale_bonus) if self.generale_bonus else _NONE,
            ),
            (_LABELS["annonces"], _yes_no(self.annonces)),
            (_LABELS["no_trump"], _yes_no(self.no_trump)),
            (_LABELS["all_trump"], _yes_no(self.all_trump)),
            (_LABELS["must_undertrump"], _yes_no(self.must_undertrump)),
        ]

    def preset_name(self) -> str | None:
        """The name of the preset these settings are, if any."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)


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
}
_VALUE_LABELS: dict[Enum, str] = {
    WinCondition.BID_AND_MORE_THAN_DEFENCE: gettext_noop(
        "the bid is reached and the takers have more than the defence"
    ),
    WinCondition.BID_ONLY: gettext_noop("the bid is reached"),
    MadeScore.POINTS_AND_BID: gettext_noop("points made + the bid"),
    MadeScore.POINTS_ONLY: gettext_noop("points made"),
    MadeScore.BID_ONLY: gettext_noop("the bid"),
    Rounding.HALF_UP: gettext_noop("to the nearest ten, 85 to 90"),
    Rounding.HALF_DOWN: gettext_noop("to the nearest ten, 85 to 80"),
    Rounding.NONE: gettext_noop("none"),
    CapotBid.CONTRACT_250: gettext_noop("a 250 contract"),
    CapotBid.FLAT_500: gettext_noop("a flat 500"),
}
_YES = gettext_noop("yes")
_NO = gettext_noop("no")
_NONE = gettext_noop("none")


def _yes_no(value: bool) -> str:
    return _YES if value else _NO


FFB_COINCHE = RuleSettings()

PRESETS: dict[str, RuleSettings] = {
    "ffb-coinche": FFB_COINCHE,
    # The FFB's optional variant (§11): bids in sans atout and tout atout.
    "ffb-coinche-sa-ta": RuleSettings(no_trump=True, all_trump=True),
    # Belote contrée: the coinche scoring without annonces (belote still counts).
    "contree": RuleSettings(annonces=False),
}
DEFAULT_PRESET = "ffb-coinche"

PRESET_LABELS: dict[str, str] = {
    "ffb-coinche": gettext_noop("FFB coinche"),
    "ffb-coinche-sa-ta": gettext_noop("FFB coinche with sans atout and tout atout"),
    "contree": gettext_noop("Contrée (no annonces)"),
}

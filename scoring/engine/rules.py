"""The rule settings of a tournament (règlement): the FFB coinche rules and the club variants.

A tournament names its rule set before play; ``RuleSettings`` is that choice as one value,
stored as JSON with ``to_dict()``/``from_dict()``. ``PRESETS`` holds the named rule sets, one
per documented family of rulebooks (docs/rules.md).

Every setting is one axis on which published rulebooks differ. Each field of ``RuleSettings``
says once what it is (``setting(...)``: its type, allowed values or bounds, label and help);
``SETTINGS`` lists them for the site's form, API and Règlement page, and ``rule_texts`` says
each value in words. Combinations that cannot be scored are refused with ``ValueError``
(``RuleSettings.__post_init__``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from scoring.translation import gettext_noop

from .rule_texts import NONE_LABEL, SettingInfo, explanation, explanation_params, value_label
from .rule_values import (
    CapotBid,
    Coinche,
    FailureScore,
    MadeScore,
    MultiplierScope,
    OvertakePartner,
    Rounding,
    WinCondition,
)
from .setting import Setting, setting, setting_of, to_json

__all__ = [
    "CAPOT_EXTRA",
    "COMBINATION_PROBLEMS",
    "DEFAULT_PRESET",
    "PRESETS",
    "PRESET_LABELS",
    "PRESET_SOURCES",
    "SETTINGS",
    "CapotBid",
    "FailureScore",
    "MadeScore",
    "MultiplierScope",
    "OvertakePartner",
    "Rounding",
    "RuleSettings",
    "Setting",
    "SettingInfo",
    "WinCondition",
    "explanation_params",
    "setting_names",
]

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

_BID_SCOPES = (MultiplierScope.BID_ONLY, MultiplierScope.BID_ONLY_TAKES_ALL)
"""The multiplier scopes that multiply the bid alone (a coinche changes nothing without it)."""

CAPOT_EXTRA = 90
"""A capot's card points (252) exceed the deal's (162) by 90: the base of a failure the
defence made with every trick, under ``failure_capot_base`` (160 → 250, 162 → 252)."""


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """One rule set. The defaults are the FFB coinche rules (« règles officielles »).

    Settings added after tournaments were stored default to the behaviour those tournaments
    had, so an old stored dict (``from_dict``) still means the same rules.
    """

    win_condition: WinCondition = setting(
        WinCondition.BID_AND_MORE_THAN_DEFENCE, gettext_noop("Contract made when")
    )
    made_score: MadeScore = setting(
        MadeScore.POINTS_AND_BID, gettext_noop("A made contract scores")
    )
    # Points of a failed contract for the defence (« 160 points de chute »), which are also
    # the base of a made coinched contract.
    failure_base: int = setting(
        160,
        gettext_noop("Failure points (chute)"),
        help=gettext_noop("Also the base of a made coinched contract."),
        choices=(160, 162),
    )
    surcoinche_multiplier: int = setting(
        4,
        gettext_noop("Surcoinche multiplier"),
        choices=(4, 3),
        value_labels={4: "x4", 3: "x3"},
    )
    # Belote imprenable: a side that scores nothing else still keeps its belote.
    belote_imprenable: bool = setting(
        True,
        gettext_noop("Belote imprenable"),
        help=gettext_noop("Kept even when the contract fails."),
    )
    rounding: Rounding = setting(Rounding.HALF_UP, gettext_noop("Rounding"))
    capot_bid: CapotBid = setting(CapotBid.CONTRACT_250, gettext_noop("Capot bid"))
    # Added to the deal score of a side whose single player won all eight tricks (générale).
    generale_bonus: int = setting(
        0,
        gettext_noop("Générale bonus"),
        help=gettext_noop("Points added when one player wins all eight tricks; 0: none."),
        minimum=0,
        maximum=1000,
        step=10,
        value_labels={0: NONE_LABEL},
    )
    annonces: bool = setting(
        True,
        gettext_noop("Annonces"),
        help=gettext_noop("Tierce, cinquante, cent and carré are declared and scored."),
    )
    # Sans atout and tout atout are an organizer's option in the FFB text (§11).
    no_trump: bool = setting(False, gettext_noop("Sans atout allowed"))
    all_trump: bool = setting(False, gettext_noop("Tout atout allowed"))
    # Must a player who cannot overtrump an opponent still play a lower trump (pisser)?
    must_undertrump: bool = setting(
        False,
        gettext_noop("Must undertrump"),
        help=gettext_noop(
            "Unable to overtrump an opponent, a player must still play a lower trump."
        ),
    )
    # The axes added with the rule families (issue 18); their defaults are the FFB's.
    failure_score: FailureScore = setting(
        FailureScore.BASE_AND_BID, gettext_noop("A failed contract scores")
    )
    # A failed contract where the defence won every trick: base + 90 (Cannes: 252).
    failure_capot_base: bool = setting(
        False,
        gettext_noop("Failure with every trick to the defence"),
        help=gettext_noop(
            "A defence that wins every trick of a failed contract scores 90 more (250 or 252)."
        ),
    )
    multiplier_scope: MultiplierScope = setting(
        MultiplierScope.WHOLE_SCORE, gettext_noop("Coinche and surcoinche multiply")
    )
    # A belote lost by its side (not imprenable) goes to the side scoring the contract.
    belote_transferred: bool = setting(
        False,
        gettext_noop("Lost belote goes to the other side"),
        help=gettext_noop("Belote prenable: it goes to the side that scores the contract."),
    )
    belote_counts_for_bid: bool = setting(True, gettext_noop("Belote counts toward the bid"))
    annonces_count_for_bid: bool = setting(True, gettext_noop("Annonces count toward the bid"))
    overtake_partner: OvertakePartner = setting(
        OvertakePartner.TRUMP_LED, gettext_noop("Overtake the partner's trump")
    )
    # The bid scale: the lowest bid, then every multiple of the step above it (80, 90, 100…;
    # 82, 90, 100… for the Fédération Française de Coinche; 80, 85, 90… by 5).
    lowest_bid: int = setting(
        80,
        gettext_noop("Lowest bid"),
        choices=(80, 82),
        help=gettext_noop("82: the lowest bid of the Fédération Française de Coinche."),
    )
    bid_step: int = setting(
        10,
        gettext_noop("Bid step"),
        choices=(10, 5),
        help=gettext_noop("Bids go up by 10, or by 5 in the Stéphanoise variant."),
    )
    # Fédération Française de Coinche: a sans atout contract counts double (the bid, or the
    # capot's value), whatever else is multiplied.
    no_trump_doubles: bool = setting(
        False,
        gettext_noop("Sans atout contracts count double"),
        help=gettext_noop("Fédération Française de Coinche: the bid (or the capot) counts twice."),
    )
    # The points made by a side that wins every trick: 152 in cards + a dix de der of 100 (FFB);
    # Belote'L: « en cas de capot non annoncé, les points faits sont de 250 ».
    capot_points: int = setting(
        252,
        gettext_noop("Points made with every trick"),
        choices=(252, 250),
        help=gettext_noop("A side that wins every trick has made 252 points, or 250 (Belote'L)."),
    )
    # FFB: « le fait de coincher fige le contrat »; Belote'L, as at bridge: « le contre ou le
    # surcontre ne stoppe pas forcément le déroulement des enchères ».
    coinche_ends_bidding: bool = setting(
        True,
        gettext_noop("A coinche ends the bidding"),
        help=gettext_noop(
            "Otherwise, as at bridge, the bidding goes on and a higher bid cancels the coinche."
        ),
    )

    def __post_init__(self) -> None:
        for spec in SETTINGS:
            spec.check(getattr(self, spec.name))
        problem = self.combination_problem()
        if problem is not None:
            raise ValueError(problem)

    def combination_problem(self) -> str | None:
        """Why these settings cannot be played together (English, marked for translation: the
        site shows it in French), or None."""
        if self.belote_transferred and self.belote_imprenable:
            return COMBINATION_PROBLEMS["transferred_imprenable"]
        bid_scope = self.multiplier_scope in _BID_SCOPES
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

    def multiplier(self, coinche: Coinche) -> int:
        """1, 2 when coinched, 4 (or 3) when surcoinched."""
        return (1, 2, self.surcoinche_multiplier)[coinche]

    def to_dict(self) -> dict[str, Any]:
        """Every setting as plain JSON values, in a stable order."""
        return {spec.name: to_json(getattr(self, spec.name)) for spec in SETTINGS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSettings:
        """Read settings over the FFB defaults; raise ValueError on an unknown key or value."""
        values: dict[str, Any] = {}
        for key, raw in data.items():
            if key not in SETTINGS_BY_NAME:
                raise ValueError(f"unknown rule setting {key!r}")
            values[key] = SETTINGS_BY_NAME[key].parse(raw)
        return cls(**values)

    def describe(self) -> list[tuple[str, str]]:
        """(setting, value) pairs in English, both marked for translation, for display."""
        return [(info.label, info.value) for info in self.explain()]

    def explain(self) -> list[SettingInfo]:
        """Every setting with its label, its value and a one-line explanation of that value,
        in English marked for translation (the site translates them)."""
        return [
            SettingInfo(
                spec.name,
                spec.label,
                value_label(spec, getattr(self, spec.name)),
                explanation(self, spec.name),
            )
            for spec in SETTINGS
        ]

    def preset_name(self) -> str | None:
        """The name of the preset these settings are, if any."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)


SETTINGS: tuple[Setting, ...] = tuple(setting_of(field) for field in fields(RuleSettings))
"""Every rule setting, in the order of ``to_dict``: what the form, the API and the Règlement
page are built from."""
SETTINGS_BY_NAME: dict[str, Setting] = {spec.name: spec for spec in SETTINGS}


def setting_names() -> tuple[str, ...]:
    """Every setting's key, in the order of ``to_dict``."""
    return tuple(SETTINGS_BY_NAME)


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
    # Belote'L (jeubelote.com), the rules of its online duplicate tournaments: 82, then 90,
    # 100 … 160 and capot; sans atout; no annonces, the belote said automatically; made when the
    # takers' points made reach the bid; coinche and surcoinche multiply each side's marks, the
    # belote added after; a capot makes 250 points; no rounding. Readings: docs/rules.md.
    "belote-l": RuleSettings(
        win_condition=WinCondition.BID_ONLY,
        belote_counts_for_bid=False,
        lowest_bid=82,
        no_trump=True,
        annonces=False,
        rounding=Rounding.NONE,
        multiplier_scope=MultiplierScope.EACH_MARK_BUT_BELOTE,
        capot_points=250,
        coinche_ends_bidding=False,
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
    "belote-l": gettext_noop("Belote'L (jeubelote.com)"),
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
    "belote-l": gettext_noop(
        "jeubelote.com, “La règle du jeu de belote”: the Belote'L rules of its duplicate "
        "tournaments (belote with bids and without annonces)."
    ),
}

"""A tournament's rules in plain words, with sample deals scored by the engine: for the
tournament page, the printed « Règlement de la marque » and the organizer's live preview.

Only the rules are read here, never a hand or a result: the sample deals are fixed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine.deal_score import score_result
from scoring.engine.rules import (
    PRESET_LABELS,
    PRESET_SOURCES,
    RuleSettings,
    explanation_params,
)


@dataclass(frozen=True)
class RuleLine:
    """One setting: its label, its value and what that value means, translated."""

    name: str
    label: str
    value: str
    explanation: str


@dataclass(frozen=True)
class WorkedDeal:
    """A sample deal and how these rules score it (marks rounded, as the score sheet shows)."""

    key: str
    description: str
    made: bool
    ns: int
    ew: int
    unrounded_ns: int
    unrounded_ew: int

    @property
    def outcome(self) -> str:
        return outcome_text(self)

    @property
    def rounded(self) -> bool:
        return (self.ns, self.ew) != (self.unrounded_ns, self.unrounded_ew)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "description": self.description,
            "made": self.made,
            "ns": self.ns,
            "ew": self.ew,
            "unrounded_ns": self.unrounded_ns,
            "unrounded_ew": self.unrounded_ew,
            "outcome": outcome_text(self),
        }


# Three deals every rule set can score (plain suits, no annonces): a made contract with the
# belote, a coinched contract that fails, a capot bid made with every trick.
SAMPLE_DEALS: tuple[tuple[str, Any, dict], ...] = (
    (
        "made",
        _("N-S annoncent 100 ♥, ont la belote et font 92 points."),
        {
            "contract": {"bid": 100, "strain": "H", "taker": "N"},
            "taker_points": 92,
            "belote": ["N"],
        },
    ),
    (
        "coinche",
        _("E-O annoncent 120 ♠, N-S coinchent ; E-O font 110 points."),
        {"contract": {"bid": 120, "strain": "S", "taker": "E", "coinche": 1}, "taker_points": 110},
    ),
    (
        "capot",
        _("N-S annoncent capot à ♣ et font les huit plis."),
        {"contract": {"bid": "capot", "strain": "C", "taker": "N"}, "capot": "taker"},
    ),
)


# Shown beside them when the rules play sans atout, where ``no_trump_doubles`` shows.
NO_TRUMP_SAMPLE: tuple[str, Any, dict] = (
    "sans_atout",
    _("N-S annoncent 100 sans atout et font 110 points."),
    {"contract": {"bid": 100, "strain": "SA", "taker": "N"}, "taker_points": 110},
)


def bid_scale_text(rules: RuleSettings) -> str:
    """The legal bids in a few words: « 82, 85, 90… et capot »."""
    first = ", ".join(str(bid) for bid in rules.first_bids(3))
    return gettext("%(first)s… et capot") % {"first": first}


def preset_label(name: str | None) -> str:
    if name is None:
        return gettext("Règlement personnalisé")
    return gettext(PRESET_LABELS.get(name, name))


def preset_source(name: str | None) -> str:
    if name is None or name not in PRESET_SOURCES:
        return ""
    return gettext(PRESET_SOURCES[name])


def rule_lines(rules: RuleSettings) -> list[RuleLine]:
    """Every setting in the current language, with its one-line explanation."""
    params = explanation_params(rules)
    return [
        RuleLine(
            name=info.name,
            label=gettext(info.label),
            value=gettext(info.value),
            explanation=gettext(info.explanation) % params,
        )
        for info in rules.explain()
    ]


def worked_deals(rules: RuleSettings, keys: tuple[str, ...] | None = None) -> list[WorkedDeal]:
    """The sample deals (all, or those of ``keys``) scored under ``rules``; all of them means a
    sans atout deal too when the rules play sans atout."""
    samples = SAMPLE_DEALS
    if keys is None and rules.no_trump:
        samples = (*SAMPLE_DEALS, NO_TRUMP_SAMPLE)
    deals = []
    for key, description, record in samples:
        if keys is not None and key not in keys:
            continue
        score = score_result(record, rules)
        deals.append(
            WorkedDeal(
                key=key,
                description=str(description),
                made=bool(score.made),
                ns=score.ns,
                ew=score.ew,
                unrounded_ns=score.detail.unrounded.ns,
                unrounded_ew=score.detail.unrounded.ew,
            )
        )
    return deals


def outcome_text(deal: WorkedDeal) -> str:
    text = (
        gettext("Contrat réussi : N-S %(ns)s, E-O %(ew)s.")
        if deal.made
        else gettext("Contrat chuté : N-S %(ns)s, E-O %(ew)s.")
    ) % {"ns": deal.ns, "ew": deal.ew}
    if deal.rounded:
        text += " " + gettext("(avant arrondi : %(ns)s et %(ew)s)") % {
            "ns": deal.unrounded_ns,
            "ew": deal.unrounded_ew,
        }
    return text


def rules_summary(rules: RuleSettings, preset: str | None = None) -> dict[str, Any]:
    """Everything a page or a printout says about the rules: the preset (or « personnalisé »
    when the settings are not exactly a preset's), its source, every setting, and the two
    worked examples a player most needs before the first deal (a coinche, a capot)."""
    exact = rules.preset_name()
    return {
        "preset": exact,
        "based_on": preset if exact is None else None,
        "based_on_label": preset_label(preset) if exact is None and preset else "",
        "label": preset_label(exact),
        "source": preset_source(exact or preset),
        "lines": rule_lines(rules),
        "examples": worked_deals(rules, ("coinche", "capot")),
    }

"""The rule settings in words: each value's label and what it means at the table (English,
marked for translation; the site shows them in French). ``RuleSettings.explain`` reads them."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from scoring.translation import gettext_noop

from .rule_values import (
    CapotBid,
    FailureScore,
    MadeScore,
    MultiplierScope,
    OvertakePartner,
    Rounding,
    WinCondition,
)
from .setting import Setting, to_json

if TYPE_CHECKING:
    from .rules import RuleSettings


class SettingInfo(NamedTuple):
    """One setting for display: its key, label, value and what that value means (English)."""

    name: str
    label: str
    value: str
    explanation: str


VALUE_LABELS: dict[Enum, str] = {
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
    MultiplierScope.EACH_MARK_BUT_BELOTE: gettext_noop("each side's marks but the belote"),
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
NONE_LABEL = gettext_noop("none")

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
    ("multiplier_scope", "each_mark_but_belote"): gettext_noop(
        "Coinche and surcoinche multiply each side's marks, points and bid; the belote is added "
        "after."
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
    ("capot_points", 252): gettext_noop(
        "A side that wins every trick has made 252 points: the cards and a dix de der of 100."
    ),
    ("capot_points", 250): gettext_noop("A side that wins every trick has made 250 points."),
    ("coinche_ends_bidding", True): gettext_noop(
        "A coinche ends the bidding: only a surcoinche may follow it."
    ),
    ("coinche_ends_bidding", False): gettext_noop(
        "After a coinche or a surcoinche the bidding goes on; a higher bid cancels them."
    ),
}
_GENERALE_EXPLANATION = gettext_noop(
    "A side whose single player wins all eight tricks scores %(bonus)s more."
)


def value_label(setting: Setting, value: Any) -> str:
    """One value of a setting in words (English, marked for translation); a value without
    words is said as its JSON value (a test holds every setting of ``SETTINGS`` to words)."""
    if isinstance(value, Enum):
        return VALUE_LABELS.get(value, str(value.value))
    if isinstance(value, bool):
        return _YES if value else _NO
    return setting.value_labels.get(value, str(value))


def explanation(rules: RuleSettings, name: str) -> str:
    """What the value ``rules`` gives the setting ``name`` means at the table."""
    value = to_json(getattr(rules, name))
    if name == "generale_bonus" and value:
        return _GENERALE_EXPLANATION
    return _EXPLANATIONS[(name, value)]


def explanation_params(rules: RuleSettings) -> dict[str, Any]:
    """The values the explanations' placeholders take (``%(bonus)s``, ``%(scale)s``: the
    first three bids)."""
    return {"bonus": rules.generale_bonus, "scale": ", ".join(map(str, rules.first_bids(3)))}

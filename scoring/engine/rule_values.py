"""The values a rule setting takes where it is a choice of words: one enum per axis on which
published rulebooks differ (docs/rules.md). ``RuleSettings`` (``rules.py``) holds one of each."""

from __future__ import annotations

from enum import Enum, IntEnum


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
    # Belote'L: the deal scored as if not coinched, then each side's marks but the belote
    # multiplied (« doublés si contré »); the belote is added after.
    EACH_MARK_BUT_BELOTE = "each_mark_but_belote"


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


class Coinche(IntEnum):
    """How far the contract was doubled: not, coinché (×2) or surcoinché (×4 or ×3). The record
    carries the number (0, 1, 2), which ``RuleSettings.multiplier`` reads."""

    NONE = 0
    COINCHE = 1
    SURCOINCHE = 2

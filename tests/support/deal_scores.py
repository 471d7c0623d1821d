"""Build result records for the deal-score tests with a few keywords."""

from scoring.engine.deal_score import score_result
from scoring.engine.rules import PRESETS

SA_TA = PRESETS["ffb-coinche-sa-ta"]


def deal(
    bid=80,
    strain="H",
    taker="N",
    coinche=0,
    points=None,
    capot=None,
    belote=(),
    annonces=(),
    generale=False,
):
    data = {
        "passed": False,
        "contract": {"bid": bid, "strain": strain, "taker": taker, "coinche": coinche},
        "taker_points": points,
        "capot": capot,
        "belote": list(belote),
        "annonces": list(annonces),
    }
    if generale:
        data["generale"] = True
    return data


def score(rules=SA_TA, **fields):
    """Score a record under ``rules`` (FFB coinche with SA/TA allowed unless told)."""
    return score_result(deal(**fields), rules)


def marks(rules=SA_TA, **fields):
    result = score(rules, **fields)
    return result.ns, result.ew, result.made


def tierce(seat, high, suit):
    return {"seat": seat, "kind": "tierce", "high": high, "suit": suit}


def cinquante(seat, high, suit):
    return {"seat": seat, "kind": "cinquante", "high": high, "suit": suit}


def carre(seat, high):
    return {"seat": seat, "kind": "carre", "high": high}

"""Random valid result records for the property tests of the deal score."""

from hypothesis import strategies as st

from scoring.engine.annonces import declarable_annonces
from scoring.engine.belote import belote_holders
from scoring.engine.cards import Seat, Strain
from scoring.engine.result_record import bids, parse_result
from tests.support.play_strategies import deals


@st.composite
def records(draw, annonces=True):
    """A valid record: belotes and annonces come from a real deal, the rest is random."""
    if draw(st.integers(0, 30)) == 0:
        return {"passed": True}
    hands = draw(deals())
    strain = draw(st.sampled_from(list(Strain)))
    capot = draw(st.sampled_from([None, None, None, "taker", "defence"]))
    points = None if capot else draw(st.integers(0, 162).filter(lambda p: p not in (1, 161)))
    belote = [seat.value for seat in belote_holders(hands, strain) if draw(st.booleans())]
    declared = []
    if annonces:
        for seat in Seat:
            if draw(st.booleans()):
                declared += [a.to_dict() for a in declarable_annonces(hands[seat], strain, seat)]
    return {
        "passed": False,
        "contract": {
            "bid": draw(st.sampled_from([*range(80, 170, 10), "capot"])),
            "strain": strain.value,
            "taker": draw(st.sampled_from(list(Seat))).value,
            "coinche": draw(st.integers(0, 2)),
        },
        "taker_points": points,
        "capot": capot,
        "generale": capot is not None and draw(st.booleans()),
        "belote": belote,
        "annonces": declared,
    }


def parse(data, rules):
    """The record under ``rules``: no annonces when they are not played, and a bid off the
    rules' scale (an 80 under an 82 floor) moved up to the next bid of the scale."""
    if not rules.annonces and data.get("annonces"):
        data = {**data, "annonces": []}
    bid = data.get("contract", {}).get("bid")
    if isinstance(bid, int) and not rules.is_on_bid_scale(bid):
        on_scale = next(b for b in bids(rules) if b >= bid)
        data = {**data, "contract": {**data["contract"], "bid": on_scale}}
    return parse_result(data, rules)

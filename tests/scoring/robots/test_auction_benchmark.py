"""The auctions-only benchmark (benchmarks/robots_auctions.py): each room's contract valued at
par, who declared, and the deal-by-deal comparison of two runs."""

import json

from benchmarks.robots_auctions import compared, declared, one_auction_deal


def room(ours: str, taker: str | None, par: int) -> dict:
    contract = None if taker is None else {"bid": 80, "strain": "S", "taker": taker, "coinche": 0}
    return {"ours": ours, "contract": contract, "par": par, "seconds": 0.1}


def test_a_deal_keeps_both_auctions_and_its_par_is_the_rooms_sum():
    deal = one_auction_deal((3, "ours:2", 7))
    assert [item["ours"] for item in deal["rooms"]] == ["NS", "EW"]
    assert deal["par"] == sum(item["par"] for item in deal["rooms"])
    for item in deal["rooms"]:
        if item["contract"] is None:
            assert item["par"] == 0
    json.dumps(deal)


def test_the_same_deal_and_seeds_give_the_same_auctions():
    first, second = one_auction_deal((4, "ours:2", 5)), one_auction_deal((4, "ours:2", 5))
    for one, other in zip(first["rooms"], second["rooms"], strict=True):
        assert one["contract"] == other["contract"] and one["par"] == other["par"]


def test_rooms_declared_are_counted_by_side():
    deals = [{"rooms": [room("NS", "N", 10), room("EW", "S", -10)]}]
    deals.append({"rooms": [room("NS", None, 0), room("EW", "W", 30)]})
    assert declared(deals, "ours") == 2
    assert declared(deals, "theirs") == 1


def test_two_runs_are_compared_deal_by_deal():
    now = [{"deal": 0, "par": 50}, {"deal": 1, "par": -20}, {"deal": 2, "par": 0}]
    before = [{"deal": 0, "par": 10}, {"deal": 1, "par": -20}]
    assert compared(now, before).startswith("+20.0 (")
    assert compared(now, before).endswith("per deal over 2 deals (1 changed)")

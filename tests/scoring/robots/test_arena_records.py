"""The arena's records of a deal (benchmarks/robots_arena.py): what each room bid and scored,
and the margin split between the deals whose auctions met and those whose auctions parted."""

import json

from benchmarks.robots_arena import card_costs, margin_split, one_deal, par_split, same_contract


def contract(taker: str, bid=90, strain="H", coinche=0) -> dict:
    return {"bid": bid, "strain": strain, "taker": taker, "coinche": coinche}


def deal(margin: int, first: dict | None, second: dict | None) -> dict:
    return {"margin": margin, "rooms": [{"contract": first}, {"contract": second}]}


def test_a_played_deal_keeps_both_rooms_and_its_margin_is_ours_minus_theirs():
    margin, _, _, _, record = one_deal((3, "ours:2", 2, 7))
    assert record["margin"] == margin
    assert sorted(record["hands"]) == ["E", "N", "S", "W"]
    assert sum(len(cards) for cards in record["hands"].values()) == 32
    assert [room["ours"] for room in record["rooms"]] == ["NS", "EW"]
    expected = 0
    for room in record["rooms"]:
        theirs = "EW" if room["ours"] == "NS" else "NS"
        expected += room["score"][room["ours"]] - room["score"][theirs]
        assert room["calls"], "every room has an auction"
    assert expected == margin
    json.dumps(record)  # a line of the records file


def test_the_same_contract_is_the_same_side_bid_strain_and_coinche():
    assert same_contract(deal(0, contract("N"), contract("S")))
    assert same_contract(deal(0, None, None))
    assert not same_contract(deal(0, contract("N"), contract("E")))
    assert not same_contract(deal(0, contract("N"), contract("N", bid=100)))
    assert not same_contract(deal(0, contract("N"), contract("N", strain="S")))
    assert not same_contract(deal(0, contract("N"), contract("N", coinche=1)))
    assert not same_contract(deal(0, contract("N"), None))


def test_the_margin_is_split_by_whether_the_auctions_met():
    deals = [
        deal(20, contract("N"), contract("S")),
        deal(-40, contract("N"), contract("W")),
        deal(-60, None, contract("E")),
        deal(0, None, None),
    ]
    assert margin_split(deals) == (
        "same contract: 2 deals, +10.0 per deal, +5.0 of the mean; "
        "different contracts: 2 deals, -50.0 per deal, -25.0 of the mean"
    )


def test_a_room_keeps_its_par_and_both_sides_card_costs():
    _, _, costs, _, record = one_deal((5, "ours:2", 2, 11))
    for room in record["rooms"]:
        assert isinstance(room["par"], int)
        assert room["card_cost"]["ours"] >= 0 and room["card_cost"]["theirs"] >= 0
        if room["contract"] is None:
            assert room["par"] == 0
    assert sum(room["card_cost"]["ours"] for room in record["rooms"]) == sum(costs)


def test_the_margin_is_split_into_the_auction_at_par_and_the_play():
    deals = [
        {"margin": 30, "rooms": [{"par": 50}, {"par": -10}]},
        {"margin": -70, "rooms": [{"par": -20}, {"par": 0}]},
    ]
    # Auctions: +40 and -20, mean +10; play: -10 and -50, mean -30.
    split = par_split(deals)
    assert split.startswith("auction (the contracts at par) +10.0 (")
    assert "; play (the rest) -30.0 (" in split


def test_the_card_cost_counts_every_card_of_the_rooms_played():
    room = {"contract": contract("N"), "card_cost": {"ours": 8, "theirs": 24}}
    room["cards_not_best"] = {"ours": 2, "theirs": 3}
    passed = {"contract": None, "card_cost": {"ours": 0, "theirs": 0}}
    passed["cards_not_best"] = {"ours": 0, "theirs": 0}
    deals = [{"rooms": [room, passed]}]
    assert card_costs(deals, "ours") == "0.50 card points per card (16 cards, 2 not the best)"
    assert card_costs(deals, "theirs") == "1.50 card points per card (16 cards, 3 not the best)"

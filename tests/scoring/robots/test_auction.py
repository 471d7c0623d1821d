"""The auction model: legal calls under every preset, the end of the auction and its contract
(the FFB text, §4; docs/rules.md « Les enchères »)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.cards import SEATS_COUNTER_CLOCKWISE, Seat, Strain
from scoring.engine.result_record import CAPOT, Contract, bids
from scoring.engine.rules import PRESETS, RuleSettings
from scoring.robots.auction import (
    COINCHE,
    PASS,
    SURCOINCHE,
    Auction,
    Call,
    CallKind,
    IllegalCall,
    read_calls,
    strains,
)
from tests.support.depth import examples

FFB = PRESETS["ffb-coinche"]


def bid(value, strain="S"):
    return Call(CallKind.BID, value, Strain.parse(strain))


def test_the_player_on_the_dealers_right_speaks_first_and_turns_go_counter_clockwise():
    auction = Auction(FFB, Seat.NORTH)
    assert auction.next_seat is Seat.WEST
    assert auction.after(PASS).next_seat is Seat.SOUTH
    assert auction.after(PASS).after(PASS).next_seat is Seat.EAST


def test_the_first_call_is_a_pass_or_any_bid_of_the_scale_in_any_allowed_strain():
    legal = Auction(FFB, Seat.NORTH).legal_calls()
    assert legal[0] == PASS
    assert COINCHE not in legal and SURCOINCHE not in legal
    points = sorted({call.bid for call in legal[1:] if call.bid != CAPOT})
    assert points == bids(FFB)
    assert {call.strain for call in legal[1:]} == set(strains(FFB))
    assert Strain.NO_TRUMP not in strains(FFB)
    assert strains(PRESETS["ffb-coinche-sa-ta"])[-2:] == (Strain.NO_TRUMP, Strain.ALL_TRUMP)


def test_the_scale_follows_the_rules_lowest_bid_and_step():
    by_five = RuleSettings(bid_step=5, lowest_bid=82)
    values = [call.bid for call in Auction(by_five, Seat.NORTH).legal_calls()[1::4]]
    assert values[:4] == [82, 85, 90, 95]


def test_a_bid_must_be_higher_than_the_last_whatever_its_strain():
    auction = Auction.replay(FFB, Seat.NORTH, [bid(100, "H")])
    with pytest.raises(IllegalCall):
        auction.after(bid(100, "S"))
    with pytest.raises(IllegalCall):
        auction.after(bid(90, "C"))
    assert auction.after(bid(110, "S")).last_bid()[1] == bid(110, "S")


def test_partner_may_raise_but_not_coinche():
    # W bids, S passes, E (W's partner) may raise but not coinche.
    auction = Auction.replay(FFB, Seat.NORTH, [bid(80), PASS])
    assert auction.next_seat is Seat.EAST
    assert COINCHE not in auction.legal_calls()
    assert bid(90, "D") in auction.legal_calls()


def test_an_opponent_may_coinche_and_the_coinche_freezes_the_contract():
    auction = Auction.replay(FFB, Seat.NORTH, [bid(80), COINCHE])
    # E, partner of the bidder W: pass or surcoinche, no bid.
    assert auction.legal_calls() == [PASS, SURCOINCHE]
    # N, partner of the coincher S, after E passes: pass only.
    assert auction.after(PASS).legal_calls() == [PASS]


def test_three_passes_after_a_coinche_end_the_auction_coinched():
    auction = Auction.replay(FFB, Seat.NORTH, [bid(80, "H"), COINCHE, PASS, PASS, PASS])
    assert auction.is_over()
    assert auction.contract() == Contract(80, Strain.HEARTS, Seat.WEST, 1)


def test_a_surcoinche_ends_the_auction_at_once():
    auction = Auction.replay(FFB, Seat.NORTH, [bid(120, "C"), COINCHE, SURCOINCHE])
    assert auction.is_over()
    assert auction.legal_calls() == []
    assert auction.contract() == Contract(120, Strain.CLUBS, Seat.WEST, 2)
    with pytest.raises(IllegalCall):
        auction.after(PASS)


def test_the_bidder_himself_may_surcoinche_when_his_turn_comes_round():
    # W bids, S coinches, E and N pass: W may still surcoinche.
    auction = Auction.replay(FFB, Seat.NORTH, [bid(80), COINCHE, PASS, PASS])
    assert auction.next_seat is Seat.WEST
    assert auction.legal_calls() == [PASS, SURCOINCHE]


def test_nothing_is_above_capot_the_other_side_may_only_pass_or_coinche():
    auction = Auction.replay(FFB, Seat.NORTH, [bid(CAPOT, "S")])
    assert auction.legal_calls() == [PASS, COINCHE]
    partner_turn = auction.after(PASS)
    assert partner_turn.legal_calls() == [PASS]


def test_three_passes_after_a_bid_make_the_contract_of_its_bidder():
    auction = Auction.replay(FFB, Seat.EAST, [PASS, bid(80, "D"), bid(90, "S"), PASS, PASS, PASS])
    # Dealer E: N speaks first, then W (80 ♦), then S (90 ♠).
    assert auction.contract() == Contract(90, Strain.SPADES, Seat.SOUTH, 0)


def test_four_passes_are_a_passe_generale():
    auction = Auction.replay(FFB, Seat.SOUTH, [PASS, PASS, PASS])
    assert not auction.is_over()
    done = auction.after(PASS)
    assert done.is_over() and done.contract() is None


def test_an_unfinished_auction_has_no_contract_yet():
    with pytest.raises(ValueError, match="not over"):
        Auction.replay(FFB, Seat.NORTH, [bid(80), PASS]).contract()


def test_the_protocol_reads_and_writes_calls():
    assert Call.from_dict({"call": "bid", "bid": 90, "strain": "H"}) == bid(90, "H")
    assert Call.from_dict({"call": "bid", "bid": "capot", "strain": "SA"}).is_capot
    assert bid(90, "H").to_dict() == {"call": "bid", "bid": 90, "strain": "H"}
    assert COINCHE.to_dict() == {"call": "coinche"}
    for bad in (
        {"call": "double"},
        {"call": "bid", "bid": True, "strain": "S"},
        {"call": "bid", "bid": 90, "strain": "X"},
        {"call": "bid", "bid": 90},
        [],
    ):
        with pytest.raises(ValueError):
            Call.from_dict(bad)


def test_the_protocol_checks_that_each_call_came_in_turn():
    items = [{"seat": "W", "call": "pass"}, {"seat": "S", "call": "pass"}]
    assert read_calls(Seat.NORTH, items) == [PASS, PASS]
    with pytest.raises(ValueError, match="S's to make"):
        read_calls(Seat.NORTH, [{"seat": "W", "call": "pass"}, {"seat": "E", "call": "pass"}])


def test_a_malformed_call_cannot_be_built():
    with pytest.raises(ValueError):
        Call(CallKind.PASS, 80, Strain.SPADES)
    with pytest.raises(ValueError):
        Call(CallKind.BID, 80)


@st.composite
def auctions(draw):
    """A preset, a dealer and a finished auction of random legal calls (passes likelier)."""
    name = draw(st.sampled_from(sorted(PRESETS)))
    auction = Auction(PRESETS[name], draw(st.sampled_from(SEATS_COUNTER_CLOCKWISE)))
    while not auction.is_over():
        legal = auction.legal_calls()
        call = PASS if draw(st.booleans()) else draw(st.sampled_from(legal))
        auction = auction.after(call)
    return auction


@settings(max_examples=examples(300), deadline=None)
@given(auctions())
def test_every_random_legal_auction_ends_with_a_sound_contract(auction):
    contract = auction.contract()
    history = auction.by_seat()
    if contract is None:
        assert [call for _, call in history] == [PASS] * 4
        return
    bidders = [(seat, call) for seat, call in history if call.kind is CallKind.BID]
    assert bidders[-1] == (contract.taker, Call(CallKind.BID, contract.bid, contract.strain))
    heights = [call.rank() for _, call in bidders]
    assert heights == sorted(set(heights)), "each bid is higher than the one before"
    # Under Belote'L a later bid cancels a coinche: only the calls after the last bid count.
    last = max(index for index, (_, call) in enumerate(history) if call.kind is CallKind.BID)
    after = history[last:]
    if auction.rules.coinche_ends_bidding:
        # FFB: « le fait de coincher fige le contrat »: every coinche follows the last bid.
        kinds = [call.kind for _, call in history[:last]]
        assert CallKind.COINCHE not in kinds and CallKind.SURCOINCHE not in kinds
    coinchers = [seat for seat, call in after if call.kind is CallKind.COINCHE]
    surcoinchers = [seat for seat, call in after if call.kind is CallKind.SURCOINCHE]
    assert len(coinchers) <= 1 and len(surcoinchers) <= 1
    assert all(seat.side is not contract.taker.side for seat in coinchers)
    assert all(seat.side is contract.taker.side for seat in surcoinchers)
    assert contract.coinche == len(coinchers) + len(surcoinchers)
    assert contract.strain in strains(auction.rules)
    # Replaying the same calls gives the same auction; the last call alone was legal.
    assert Auction.replay(auction.rules, auction.dealer, auction.calls) == auction


BELOTE_L = PRESETS["belote-l"]


def test_under_belote_l_the_bidding_goes_on_after_a_coinche_as_at_bridge():
    # « Le contre ou le surcontre ne stoppe pas forcément le déroulement des enchères. »
    auction = Auction.replay(BELOTE_L, Seat.NORTH, [bid(82, "H"), COINCHE])
    legal = auction.legal_calls()
    assert auction.next_seat is Seat.EAST
    assert SURCOINCHE in legal and bid(90, "S") in legal and COINCHE not in legal
    raised = auction.after(bid(90, "H"))
    assert raised.coinche_level() == 0, "a higher bid cancels the coinche"
    assert COINCHE in raised.legal_calls(), "and N may coinche the new bid"


def test_under_belote_l_a_surcoinche_does_not_end_the_auction():
    auction = Auction.replay(BELOTE_L, Seat.NORTH, [bid(100, "S"), COINCHE, SURCOINCHE])
    assert not auction.is_over()
    assert bid(110, "D") in auction.legal_calls()
    over = Auction.replay(BELOTE_L, Seat.NORTH, [*auction.calls, PASS, PASS, PASS])
    assert over.is_over()
    assert over.contract() == Contract(100, Strain.SPADES, Seat.WEST, 2)


def test_under_the_ffb_a_coinche_still_freezes_the_contract():
    auction = Auction.replay(FFB, Seat.NORTH, [bid(80, "H"), COINCHE])
    assert bid(90, "S") not in auction.legal_calls()
    assert Auction.replay(FFB, Seat.NORTH, [*auction.calls, SURCOINCHE]).is_over()

"""The Belote'L hand evaluation and bidding conventions, one test per convention
(docs/robots.md « Les enchères »)."""

import pytest

from scoring.engine.cards import Card, PerSide, Rank, Seat, Strain
from scoring.engine.result_record import Contract
from scoring.engine.rules import PRESETS
from scoring.robots.auction import COINCHE, PASS, SURCOINCHE, Call, CallKind
from scoring.robots.bid_simulation import (
    TAKER_SHORTFALL,
    as_played,
    candidates,
    contract_after,
    contract_in,
    simulated_call,
)
from scoring.robots.bidding import choose_call, on_scale, opening_bids, raise_partner
from scoring.robots.evaluation import evaluate, side_tricks, trump_tricks
from scoring.robots.lanes import Lanes
from scoring.robots.view import SeatView
from scoring.robots.worlds import draw_worlds

FFB = PRESETS["ffb-coinche"]
SA_TA = PRESETS["ffb-coinche-sa-ta"]


def cards(text):
    return frozenset(Card.parse(item) for item in text.split())


def ranks(text):
    return {Rank.parse(item) for item in text.split()}


@pytest.mark.parametrize(
    ("holding", "tricks"),
    [
        ("J 9", 2.0),  # « V9 = 2 »
        ("J A", 1.5),  # « VA = 1,5 »
        ("J", 1.0),
        ("9 A", 1.0),  # « 9 avec l'As = 1 »
        ("9 7", 0.5),  # « 9 non sec = 0,5 »
        ("9", 0.0),  # a bare nine is no trick
        ("J 9 7", 2.5),  # the third trump: 0.5 more
        ("J 9 8 7", 3.5),  # the fourth: 1 more
    ],
)
def test_trump_tricks_follow_the_belote_l_table(holding, tricks):
    assert trump_tricks(ranks(holding)) == tricks


@pytest.mark.parametrize(
    ("holding", "tricks"),
    [("A T", 2.0), ("A K", 1.5), ("A", 1.0), ("T K", 1.0), ("T 7", 0.5), ("T", 0.0), ("K Q", 0.0)],
)
def test_side_suit_tricks_follow_the_belote_l_table(holding, tricks):
    assert side_tricks(ranks(holding)) == tricks


def test_a_trick_is_worth_14_to_26_points_by_the_strength_of_the_trumps():
    weak = evaluate(cards("9S 7S AH TH AD 7C 8C 9C"), Strain.SPADES)
    strong = evaluate(cards("JS 9S AS 7S AH TH AD 7C"), Strain.SPADES)
    assert weak.trick_points == 14 + round(12 * 0.5 / 3)
    assert strong.trick_points == 26


def test_even_bids_say_the_jack_or_the_nine_is_missing_odd_bids_show_both():
    assert on_scale(FFB, 125, both_honours=True) == 110
    assert on_scale(FFB, 125, both_honours=False) == 120
    assert on_scale(FFB, 79, both_honours=False) is None


def test_a_suit_is_bid_only_with_its_jack_or_a_guarded_nine():
    view = SeatView(FFB, Seat.NORTH, Seat.WEST, cards("AS TS KS QH 7H AD TD AC"))
    assert all(call.strain not in (Strain.SPADES, Strain.HEARTS) for call in opening_bids(view))
    bare_nine = SeatView(FFB, Seat.NORTH, Seat.WEST, cards("9S AH TH AD TD AC TC KC"))
    assert all(call.strain is not Strain.SPADES for call in opening_bids(bare_nine))


def test_sans_atout_bids_show_the_aces_where_the_rules_allow_it():
    hand = cards("AS AH AD 7S 8H 8D 7C 8C")
    bids = opening_bids(SeatView(SA_TA, Seat.NORTH, Seat.WEST, hand))
    assert Call(CallKind.BID, 90, Strain.NO_TRUMP) in bids
    assert not any(
        call.strain is Strain.NO_TRUMP
        for call in opening_bids(SeatView(FFB, Seat.NORTH, Seat.WEST, hand))
    )


def test_the_partner_raises_by_its_aces_and_the_honour_an_even_bid_said_was_missing():
    # West opened 80 in spades (jack or nine missing); East holds the nine and two aces.
    view = SeatView(
        FFB,
        Seat.NORTH,
        Seat.EAST,
        cards("9S 7S AH 8H AD 7D 8C 9C"),
        (Call(CallKind.BID, 80, Strain.SPADES), PASS),
    )
    raised = raise_partner(view, Call(CallKind.BID, 80, Strain.SPADES))
    assert raised == Call(CallKind.BID, 80 + 20 + 2 * 10, Strain.SPADES)
    # After an odd bid the honours are shown: only the aces count.
    odd = SeatView(
        FFB,
        Seat.NORTH,
        Seat.EAST,
        cards("9S 7S AH 8H AD 7D 8C 9C"),
        (Call(CallKind.BID, 90, Strain.SPADES), PASS),
    )
    assert raise_partner(odd, Call(CallKind.BID, 90, Strain.SPADES)) == Call(
        CallKind.BID, 110, Strain.SPADES
    )


def test_a_defender_with_the_trumps_coinches_a_high_bid_and_a_weak_one_passes():
    bid = Call(CallKind.BID, 140, Strain.HEARTS)
    strong = SeatView(FFB, Seat.NORTH, Seat.SOUTH, cards("JH 9H AH 7H AS TS AD TD"), (bid,))
    assert choose_call(strong) == COINCHE
    weak = SeatView(FFB, Seat.NORTH, Seat.SOUTH, cards("7S 8S 7D 8D 7C 8C 9C QS"), (bid,))
    assert choose_call(weak) == PASS


def test_the_bidding_side_surcoinches_with_values_beyond_its_bid():
    calls = (Call(CallKind.BID, 80, Strain.HEARTS), COINCHE)
    strong = SeatView(FFB, Seat.NORTH, Seat.EAST, cards("JH 9H AH TH 7H AS TS AD"), calls)
    assert choose_call(strong) == SURCOINCHE


def test_a_seat_that_has_bid_does_not_raise_again_through_its_partner():
    calls = (
        Call(CallKind.BID, 100, Strain.CLUBS),  # West
        PASS,  # South
        Call(CallKind.BID, 120, Strain.CLUBS),  # East raises
        PASS,  # North
    )
    view = SeatView(FFB, Seat.NORTH, Seat.WEST, cards("JC AC KC QC 7C AH JS QD"), calls)
    assert choose_call(view) == PASS


def test_the_simulation_weighs_the_conventional_call_a_pass_and_every_level_of_its_strain():
    view = SeatView(FFB, Seat.NORTH, Seat.WEST, cards("JS 9S 7S 8S AH 7D 8C 9C"))
    conventional = choose_call(view)
    assert conventional.kind is CallKind.BID
    found = candidates(view, conventional)
    assert found[0] == conventional and found[-1] == PASS
    in_strain = [
        call
        for call in view.auction.legal_calls()
        if call.kind is CallKind.BID and call.strain is conventional.strain
    ]
    assert sorted(found[:-1], key=Call.rank) == in_strain
    assert len(found) == len(set(found))


def test_after_an_overcall_only_the_levels_still_legal_are_weighed():
    calls = (Call(CallKind.BID, 120, Strain.HEARTS),)  # West
    view = SeatView(FFB, Seat.NORTH, Seat.SOUTH, cards("JS 9S 7S 8S AH 7D 8C 9C"), calls)
    conventional = choose_call(view)
    assert conventional.kind is CallKind.BID and conventional.strain is Strain.SPADES
    found = candidates(view, conventional)
    assert all(call.rank() > 120 for call in found if call.kind is CallKind.BID)
    assert Call(CallKind.BID, 130, Strain.SPADES) in found


def test_a_conventional_pass_or_coinche_is_weighed_against_a_pass_only():
    weak = SeatView(FFB, Seat.NORTH, Seat.WEST, cards("7S 8S 7D 8D 7C 8C 9C QS"))
    assert candidates(weak, PASS) == [PASS]
    calls = (Call(CallKind.BID, 80, Strain.HEARTS),)
    view = SeatView(FFB, Seat.NORTH, Seat.SOUTH, cards("JH 9H AH 7H AS TS AD TD"), calls)
    assert candidates(view, COINCHE) == [COINCHE, PASS]


def test_the_taker_is_counted_short_of_double_dummy_a_capot_kept():
    contract = Contract(100, Strain.HEARTS, Seat.WEST)
    shorter = as_played(PerSide(120, 42), contract)  # North-South defend
    assert shorter == PerSide(120 + TAKER_SHORTFALL, 42 - TAKER_SHORTFALL)
    assert as_played(PerSide(0, 252), contract) == PerSide(0, 252)
    assert as_played(PerSide(162, 0), contract).ew == 0


def test_the_contract_if_the_auction_stopped_after_a_call():
    opening = Call(CallKind.BID, 100, Strain.HEARTS)
    view = SeatView(FFB, Seat.NORTH, Seat.SOUTH, cards("7S 8S 7D 8D 7C 8C 9C QS"), (opening,))
    assert contract_after(view, PASS) == Contract(100, Strain.HEARTS, Seat.WEST)
    assert contract_after(view, COINCHE) == Contract(100, Strain.HEARTS, Seat.WEST, 1)
    assert contract_after(view, Call(CallKind.BID, 110, Strain.SPADES)) == Contract(
        110, Strain.SPADES, Seat.SOUTH
    )
    first = SeatView(FFB, Seat.NORTH, Seat.WEST, cards("7S 8S 7D 8D 7C 8C 9C QS"))
    assert contract_after(first, PASS) is None


def test_the_simulation_keeps_the_conventional_call_unless_another_is_clearly_better():
    """With a hand of no value the conventions pass, and no world makes a bid worth it;
    with a hand that makes capot in every world the simulation never prefers a pass."""
    lanes = Lanes()
    weak = SeatView(FFB, Seat.NORTH, Seat.WEST, cards("7S 8S 7D 8D 7C 8C 9C QS"))
    worlds = draw_worlds(weak, 4, 1)
    assert simulated_call(weak, choose_call(weak), worlds, lanes) == PASS
    strong = SeatView(FFB, Seat.NORTH, Seat.WEST, cards("JS 9S AS TS KS QS 8S 7S"))
    call = simulated_call(strong, choose_call(strong), draw_worlds(strong, 4, 1), lanes)
    assert call.kind is CallKind.BID and call.strain is Strain.SPADES


def test_the_simulation_scores_a_bid_coinched_where_an_opponent_would_coinche_it():
    """West opens 140 hearts: in a world where South, next to speak, holds the trumps and the
    aces, the bid is scored coinched (South coinches it by the conventions); where both
    opponents are weak (West's partner, East, holding the values), as bid."""
    view = SeatView(FFB, Seat.NORTH, Seat.WEST, cards("KH QH 8H AC TC KC QC 7D"))
    bid = Call(CallKind.BID, 140, Strain.HEARTS)
    strong_south = {
        Seat.WEST: view.hand,
        Seat.SOUTH: cards("JH 9H AH 7H AS TS AD TD"),
        Seat.EAST: cards("7S 8S 9S JS QS KS 8D 9D"),
        Seat.NORTH: cards("TH JC 9C 8C 7C JD QD KD"),
    }
    assert contract_in(view, bid, strong_south) == Contract(140, Strain.HEARTS, Seat.WEST, 1)
    weak_defence = {
        Seat.WEST: view.hand,
        Seat.SOUTH: cards("7S 8S 9S 7C 8C 9C 8D 9D"),
        Seat.EAST: cards("JH 9H AH TH AS TS AD JC"),
        Seat.NORTH: cards("JS QS KS QD KD JD TD 7H"),
    }
    assert contract_in(view, bid, weak_defence) == Contract(140, Strain.HEARTS, Seat.WEST)
    assert contract_in(view, PASS, weak_defence) is None

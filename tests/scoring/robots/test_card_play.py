"""Card play by simulation: the solver's endings agree with the whole deal's solution, worlds
keep what the seat saw, and the protocol answers through a subprocess."""

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.analysis.solver import Solver
from scoring.engine.card_values import CAPOT_DEAL_POINTS, card_points
from scoring.engine.cards import Card, PerSide, Seat, Side, Strain, Suit
from scoring.engine.play import opening_leader
from scoring.engine.result_record import Contract
from scoring.engine.rules import PRESETS
from scoring.robots.auction import PASS, Call, CallKind
from scoring.robots.card_play import (
    outcome_score,
    points_after,
    remaining_hands,
    representatives,
)
from scoring.robots.view import BadRequest, SeatView
from scoring.robots.worlds import draw_worlds
from tests.support.depth import examples
from tests.support.robots import random_hands

FFB = PRESETS["ffb-coinche"]
EVERY_STRAIN = PRESETS["ffb-coinche-sa-ta"]
ROOT = Path(__file__).resolve().parents[3]
CALLS = (Call(CallKind.BID, 80, Strain.HEARTS), PASS, PASS, PASS)  # West takes in hearts


@settings(max_examples=examples(6), deadline=None)
@given(deal=st.integers(0, 10**6))
def test_the_best_opening_lead_ends_where_the_whole_deal_solves(deal):
    """West leads (North deals; West takes): the best of West's leads, each followed by a
    double-dummy ending, is the double-dummy value of the whole deal."""
    hands = random_hands(deal)
    leader = opening_leader(Seat.NORTH)
    view = SeatView(FFB, Seat.NORTH, leader, hands[leader], CALLS)
    solver = Solver()
    outcomes = [
        points_after(view, remaining_hands(view, hands), card, solver)[0] for card in view.legal()
    ]
    whole = Solver().points(hands, Seat.NORTH, Strain.HEARTS)
    best = max(outcomes, key=lambda points: points.of(leader.side))
    assert best.of(leader.side) == whole.of(leader.side)
    assert all(points.ns + points.ew in (162, CAPOT_DEAL_POINTS) for points in outcomes)


def test_the_deal_score_counts_the_contracts_threshold_not_only_card_points():
    contract = Contract(100, Strain.HEARTS, Seat.WEST)
    world = random_hands(1)
    made = outcome_score(FFB, contract, PerSide(60, 102), world, Side.EW)
    down = outcome_score(FFB, contract, PerSide(64, 98), world, Side.EW)
    assert made - down > 4  # four card points more, and the contract's whole value


def hand(text):
    return frozenset(Card.parse(item) for item in text.split(" "))


def test_worlds_give_each_seat_what_it_played_and_no_suit_it_showed_out_of():
    hands = {
        Seat.NORTH: hand("AS TS KS QS AH TH KH QH"),
        Seat.WEST: hand("JS 9S 8S 7S JH 9H 8H 7H"),
        Seat.SOUTH: hand("AD TD KD QD AC TC KC QC"),
        Seat.EAST: hand("JD 9D 8D 7D JC 9C 8C 7C"),
    }
    # West leads a spade; South, with neither spades nor hearts (trumps), discards a diamond.
    play = tuple(Card.parse(c) for c in ("JS", "AD"))
    view = SeatView(FFB, Seat.NORTH, Seat.EAST, hands[Seat.EAST], CALLS, play)
    assert view.voids()[Seat.SOUTH] == {Suit.SPADES, Suit.HEARTS}
    for world in draw_worlds(view, 12, 4):
        assert Card.parse("JS") in world[Seat.WEST] and Card.parse("AD") in world[Seat.SOUTH]
        assert not any(card.suit in (Suit.SPADES, Suit.HEARTS) for card in world[Seat.SOUTH])
        assert world[Seat.EAST] == hands[Seat.EAST]
        assert sorted(len(cards) for cards in world.values()) == [8, 8, 8, 8]
        assert len(set().union(*world.values())) == 32


def test_a_view_refuses_what_cannot_be():
    hands = random_hands(3)
    south = hands[Seat.SOUTH]
    with pytest.raises(BadRequest, match="8 different cards"):
        SeatView(FFB, Seat.NORTH, Seat.SOUTH, frozenset(list(south)[:7]))
    with pytest.raises(BadRequest, match="auction"):
        SeatView(FFB, Seat.NORTH, Seat.SOUTH, south, (), (next(iter(hands[Seat.WEST])),))
    foreign = next(iter(south))
    with pytest.raises(BadRequest):  # another seat cannot play South's card
        SeatView(FFB, Seat.NORTH, Seat.SOUTH, south, CALLS, (foreign,))


def _serve(*requests):
    lines = "".join(
        (request if isinstance(request, str) else json.dumps(request)) + "\n"
        for request in requests
    )
    done = subprocess.run(
        [sys.executable, "-m", "scoring.robots", "serve"],
        input=lines,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_protocol_answers_each_line_in_order_errors_included():
    hands = random_hands(21)
    south = sorted(str(card) for card in hands[Seat.SOUTH])
    west = sorted(str(card) for card in hands[Seat.WEST])
    auction = [
        {"seat": "W", "call": "bid", "bid": 80, "strain": "H"},
        {"seat": "S", "call": "pass"},
        {"seat": "E", "call": "pass"},
        {"seat": "N", "call": "pass"},
    ]
    base = {"rules": "ffb-coinche", "dealer": "N", "seed": 7, "worlds": 4}
    requests = [
        {**base, "seat": "W", "hand": west, "phase": "auction", "auction": [], "play": []},
        "not json",
        {**base, "seat": "W", "hand": west, "phase": "play", "auction": auction, "play": []},
        {**base, "seat": "S", "hand": south, "phase": "auction", "auction": auction},
        {**base, "rules": "nowhere", "seat": "S", "hand": south, "phase": "play"},
        {**base, "seat": "S", "hand": south[:7], "phase": "play", "auction": auction},
        {**base, "seat": "W", "hand": west, "phase": "play", "auction": auction, "play": []},
    ]
    answers = _serve(*requests)
    assert len(answers) == len(requests)
    assert answers[0].get("call") in ("pass", "bid")
    assert "error" in answers[1] and "JSON" in answers[1]["error"]
    assert answers[2]["card"] in west  # West, on the dealer's right, leads
    assert "error" in answers[3] and "auction" in answers[3]["error"]
    assert "unknown rules" in answers[4]["error"]
    assert "8 different cards" in answers[5]["error"]
    assert answers[6] == answers[2]  # the same request and seed: the same card


def test_a_discard_under_an_opponents_trump_does_not_show_a_trump_void():
    """North trumps West's partner's spade with the ace of clubs; West, out of spades, cannot
    overtrump with the king or queen and the rules do not make it undertrump: its heart
    discard says nothing of its trumps (it still holds both)."""
    hands = {
        Seat.NORTH: hand("7D 8C 9S AC AH JD QD QH"),
        Seat.WEST: hand("9D 9H JS KC KD KH QC TD"),
        Seat.SOUTH: hand("7C 7H 7S 9C AD AS JC TC"),
        Seat.EAST: hand("8D 8H 8S JH KS QS TH TS"),
    }
    calls = (PASS, PASS, PASS, Call(CallKind.BID, 80, Strain.CLUBS), PASS, PASS, PASS)
    play = tuple(Card.parse(c) for c in ["JS", "AS", "KS", "9S", "7S", "QS", "AC", "KH"])
    view = SeatView(FFB, Seat.NORTH, Seat.NORTH, hands[Seat.NORTH], calls, play)
    assert view.voids()[Seat.WEST] == {Suit.SPADES}
    assert view.voids()[Seat.NORTH] == {Suit.SPADES}
    for world in draw_worlds(view, 8, 1):
        assert len(world[Seat.WEST]) == 8
    # Where the rules make a player undertrump, the same discard shows no trump at all.
    strict = SeatView(
        replace(FFB, must_undertrump=True), Seat.NORTH, Seat.NORTH, hands[Seat.NORTH], calls, play
    )
    assert strict.voids()[Seat.WEST] == {Suit.SPADES, Suit.CLUBS}


@settings(max_examples=examples(40), deadline=None)
@given(deal=st.integers(0, 10**6), cards=st.integers(4, 27), strain=st.sampled_from(list(Strain)))
def test_each_card_is_worth_exactly_what_its_representative_is_worth(deal, cards, strain):
    """After ``cards`` cards played at random (West taking in ``strain``, sans atout and tout
    atout allowed), each legal card of the seat to play, followed by a double-dummy ending in
    the real deal, is worth what the representative of its group of equivalent cards is
    worth."""
    hands = random_hands(deal)
    calls = (Call(CallKind.BID, 80, strain), PASS, PASS, PASS)
    rng = random.Random(deal)
    play: list[Card] = []
    for _ in range(cards):
        view = SeatView(EVERY_STRAIN, Seat.NORTH, Seat.NORTH, hands[Seat.NORTH], calls, tuple(play))
        seat = view.to_play()
        own = SeatView(EVERY_STRAIN, Seat.NORTH, seat, hands[seat], calls, tuple(play))
        play.append(rng.choice(sorted(own.legal(), key=str)))
    seat = SeatView(
        EVERY_STRAIN, Seat.NORTH, Seat.NORTH, hands[Seat.NORTH], calls, tuple(play)
    ).to_play()
    view = SeatView(EVERY_STRAIN, Seat.NORTH, seat, hands[seat], calls, tuple(play))
    chosen = representatives(view, view.legal())
    assert set(chosen) == set(view.legal())
    solver = Solver()
    left = remaining_hands(view, hands)
    for card, representative in chosen.items():
        assert representative.suit is card.suit
        assert card_points(representative, strain) == card_points(card, strain)
        worth = points_after(view, left, card, solver)[0]
        assert worth == points_after(view, left, representative, solver)[0]


def test_cards_with_an_outstanding_card_between_them_are_not_equivalent():
    """West (leading, hearts trumps) holds the nine and seven of clubs: with the eight of clubs
    still out they are two choices; once the eight is played they are one."""
    hands = {
        Seat.WEST: hand("9C 7C AS TS AH TH KH QH"),
        Seat.SOUTH: hand("8C AD KD QD TD 9D 8D 7D"),
        Seat.EAST: hand("AC TC KC QC JC KS QS JD"),
        Seat.NORTH: hand("JS 9S 8S 7S JH 9H 8H 7H"),
    }
    view = SeatView(FFB, Seat.NORTH, Seat.WEST, hands[Seat.WEST], CALLS)
    chosen = representatives(view, view.legal())
    assert chosen[Card.parse("9C")] == Card.parse("9C")
    assert chosen[Card.parse("7C")] == Card.parse("7C")
    # West leads the ace of spades; South, with no spade and no trump, discards the eight of
    # clubs; East and North follow.
    play = tuple(Card.parse(c) for c in ("AS", "8C", "QS", "7S"))
    later = SeatView(FFB, Seat.NORTH, Seat.WEST, hands[Seat.WEST], CALLS, play)
    chosen = representatives(later, later.legal())
    assert chosen[Card.parse("9C")] == chosen[Card.parse("7C")] == Card.parse("7C")
    assert chosen[Card.parse("KH")] == Card.parse("KH")  # four points, the queen three

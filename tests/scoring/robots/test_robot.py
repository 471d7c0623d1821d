"""Robots at the table: legal calls and cards under every preset, decisions from the seat's
knowledge only, the same decision for the same request and seed (docs/robots.md)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine.annonces import declarable_annonces
from scoring.engine.cards import Card, Seat, Strain
from scoring.engine.play import opening_leader, replay_deal
from scoring.engine.result_record import Contract
from scoring.engine.rules import PRESETS
from scoring.robots.auction import PASS, Auction, Call, CallKind
from scoring.robots.robot import MAX_WORLDS, Robot
from scoring.robots.table import play_board, record_of
from scoring.robots.view import BadRequest, SeatView, play_rules
from tests.support.depth import examples
from tests.support.robots import random_hands

FFB = PRESETS["ffb-coinche"]


def robots(rules, worlds=2, seed=0):
    return {seat: Robot(rules, seat, worlds=worlds, seed=seed).decide for seat in Seat}


@pytest.mark.parametrize("name", sorted(PRESETS))
@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(0, 10**6), dealer=st.sampled_from(list(Seat)))
def test_robots_make_only_legal_calls_and_cards_under_every_preset(name, deal, dealer):
    rules = PRESETS[name]
    hands = random_hands(deal)
    board = play_board(rules, dealer, hands, robots(rules, worlds=1, seed=deal))
    auction = Auction.replay(rules, dealer, board.calls)  # raises on an illegal call
    assert auction.is_over()
    assert auction.contract() == board.contract
    if board.contract is None:
        assert board.play == () and board.record.passed
        return
    # Every card legal: the engine's replay raises IllegalCard on the first that is not.
    played = replay_deal(
        hands, opening_leader(dealer), board.contract.strain, board.play, **play_rules(rules)
    )
    assert played.points.ns + played.points.ew in (162, 252)
    assert board.score.ns >= 0 and board.score.ew >= 0


def _positions(rules, dealer, hands, seat, seed=3):
    """Every view ``seat`` decides from in a deal played by robots."""
    seen = []
    players = robots(rules, worlds=2, seed=seed)
    decide = players[seat]

    def spy(view):
        seen.append(view)
        return decide(view)

    players[seat] = spy
    play_board(rules, dealer, hands, players)
    return seen


def test_a_decision_depends_only_on_what_the_seat_knows():
    """Two deals alike for West (its hand, the calls, the cards played) but where the other
    three hold other cards: at each of West's turns in the first deal, the robot's decision
    in the second deal's position is the same."""
    hands = random_hands(11)
    views = _positions(FFB, Seat.NORTH, hands, Seat.WEST)
    assert any(not view.in_auction for view in views)
    other = dict(hands)
    # North and East swap an unplayed card each: nothing West can see changes.
    for view in views:
        unplayed_north = sorted(set(hands[Seat.NORTH]) - set(view.play), key=str)
        unplayed_east = sorted(set(hands[Seat.EAST]) - set(view.play), key=str)
        if not unplayed_north or not unplayed_east:
            continue
        north, east = unplayed_north[0], unplayed_east[0]
        other[Seat.NORTH] = frozenset(set(hands[Seat.NORTH]) - {north} | {east})
        other[Seat.EAST] = frozenset(set(hands[Seat.EAST]) - {east} | {north})
        twin = SeatView(FFB, Seat.NORTH, Seat.WEST, other[Seat.WEST], view.calls, view.play)
        first = Robot(FFB, Seat.WEST, worlds=2, seed=3).decide(view)
        second = Robot(FFB, Seat.WEST, worlds=2, seed=3).decide(twin)
        assert first == second


def test_the_same_request_and_seed_give_the_same_decision_whatever_came_before():
    """A robot that has decided before (its solver's table full) and a fresh one agree."""
    hands = random_hands(5)
    views = _positions(FFB, Seat.EAST, hands, Seat.SOUTH)
    used = Robot(FFB, Seat.SOUTH, worlds=2, seed=9)
    decisions = [used.decide(view) for view in views]
    for view, decision in zip(views, decisions, strict=True):
        assert Robot(FFB, Seat.SOUTH, worlds=2, seed=9).decide(view) == decision
        assert isinstance(decision, Call if view.in_auction else Card)


def test_the_seed_draws_other_worlds():
    hands = random_hands(8)
    views = [view for view in _positions(FFB, Seat.NORTH, hands, Seat.NORTH) if not view.in_auction]
    view = next(view for view in views if len(view.legal()) > 1)
    from scoring.robots.worlds import draw_worlds

    assert draw_worlds(view, 4, 1) == draw_worlds(view, 4, 1)
    assert draw_worlds(view, 4, 1) != draw_worlds(view, 4, 2)


def test_a_robot_refuses_another_seat_a_finished_deal_or_a_turn_not_its_own():
    hands = random_hands(2)
    view = SeatView(FFB, Seat.NORTH, Seat.SOUTH, hands[Seat.SOUTH])
    with pytest.raises(BadRequest, match="another seat"):
        Robot(FFB, Seat.NORTH).decide(view)
    with pytest.raises(BadRequest, match="turn"):
        Robot(FFB, Seat.SOUTH).decide(view)  # West speaks first when North deals
    with pytest.raises(ValueError, match="worlds"):
        Robot(FFB, Seat.SOUTH, worlds=MAX_WORLDS + 1)


def test_fewer_worlds_when_many_cards_are_legal_never_fewer_than_the_floor():
    robot = Robot(FFB, Seat.SOUTH, worlds=16)
    assert robot.worlds_for(2) == 16
    assert robot.worlds_for(8) == 8
    assert Robot(FFB, Seat.SOUTH, worlds=4).worlds_for(8) == 4


def test_a_deal_played_under_rules_with_annonces_declares_each_seats_best():
    hands = next(  # a deal where someone holds an annonce in spades
        hands
        for hands in map(random_hands, range(100))
        if any(declarable_annonces(hand, Strain.SPADES, seat) for seat, hand in hands.items())
    )
    contract = Contract(80, Strain.SPADES, Seat.WEST)
    play = _any_legal_play(hands, contract)
    declared = record_of(FFB, hands, Seat.NORTH, contract, play).annonces
    assert declared and {annonce.seat for annonce in declared} <= set(Seat)
    assert record_of(PRESETS["online-162"], hands, Seat.NORTH, contract, play).annonces == ()


def _any_legal_play(hands, contract):
    """The 32 cards played, each the first legal card of the player."""
    calls = (Call(CallKind.BID, contract.bid, contract.strain), PASS, PASS, PASS)
    play = []
    while len(play) < 32:
        north = SeatView(FFB, Seat.NORTH, Seat.NORTH, hands[Seat.NORTH], calls, tuple(play))
        seat = north.to_play()
        view = SeatView(FFB, Seat.NORTH, seat, hands[seat], calls, tuple(play))
        play.append(sorted(view.legal(), key=str)[0])
    return play

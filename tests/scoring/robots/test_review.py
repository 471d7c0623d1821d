"""The double-dummy review of a seat's cards: each legal card's points, the best, the cost;
checked at the end of deals against an exhaustive search of the last tricks."""

from scoring.engine.cards import Card, Seat, Side, Strain
from scoring.engine.play import opening_leader, replay_deal
from scoring.engine.rules import PRESETS
from scoring.robots.auction import PASS, Call, CallKind
from scoring.robots.review import review_cards
from scoring.robots.view import SeatView
from tests.support.robots import random_hands

BELOTE_L = PRESETS["belote-l"]
DEALER = Seat.NORTH
# West speaks first (the dealer's right), then South, who takes 90 ♥.
CALLS = (PASS, Call(CallKind.BID, 90, Strain.HEARTS), PASS, PASS, PASS)


def first_legal_play(hands) -> list[Card]:
    """The 32 cards, every seat playing its first legal card (a poor player: it errs)."""
    play: list[Card] = []
    while len(play) < 32:
        seat = SeatView(BELOTE_L, DEALER, Seat.SOUTH, hands[Seat.SOUTH], CALLS, tuple(play))
        player = seat.to_play()
        view = SeatView(BELOTE_L, DEALER, player, hands[player], CALLS, tuple(play))
        play.append(view.legal()[0])
    return play


def exhaustive_ns(hands, play: list[Card]) -> int:
    """North-South's points at the end, every seat playing its best from ``play`` on (NS the
    most, EW the least), by trying every legal card: no solver."""
    if len(play) == 32:
        return replay_deal(hands, opening_leader(DEALER), Strain.HEARTS, play).points.ns
    seat = SeatView(BELOTE_L, DEALER, Seat.SOUTH, hands[Seat.SOUTH], CALLS, tuple(play))
    player = seat.to_play()
    view = SeatView(BELOTE_L, DEALER, player, hands[player], CALLS, tuple(play))
    values = [exhaustive_ns(hands, [*play, card]) for card in view.legal()]
    return max(values) if player.side is Side.NS else min(values)


def test_every_south_card_is_reviewed_with_its_cost_against_the_best():
    costly = 0
    for seed in range(6):
        hands = random_hands(seed)
        play = first_legal_play(hands)
        reviews = review_cards(BELOTE_L, DEALER, hands, CALLS, play, Seat.SOUTH)
        assert len(reviews) == 8
        assert [review.card for review in reviews] == [
            card for card in play if card in hands[Seat.SOUTH]
        ]
        for review in reviews:
            assert review.card in review.points
            top = max(review.points.values())
            assert review.best and all(review.points[card] == top for card in review.best)
            assert review.cost == top - review.points[review.card] >= 0
            costly += review.cost > 0
        # South's last two choices, against every way the last tricks can go.
        for review in reviews[-2:]:
            before = play[: review.index]
            for card, points in review.points.items():
                assert points == exhaustive_ns(hands, [*before, card]), (seed, card)
    # Playing the first legal card is not always best: some cards cost points.
    assert costly > 0

"""Worlds: the deals a seat cannot tell apart from the real one.

A world gives the other three seats the cards this seat has not seen, so that each holds the
cards it was seen to play, as many cards as it has left, and none of a suit it has shown out of
(``SeatView.voids``). What the auction shows is honoured when it can be: a seat that named a
suit holds its jack or its nine (the Belote'L convention: « annoncez seulement avec le valet ou
le 9 d'atout »), and so are the card signals of the discards (``signals``): a world breaking
them is drawn again, a few times, before it is accepted anyway (a robot facing a player who
does not play the conventions still needs worlds).

Drawing is seeded: the same view, count and seed give the same worlds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from scoring.engine.cards import Card, Rank, Seat, Strain, Suit
from scoring.engine.play import CARDS_PER_HAND
from scoring.robots.auction import CallKind
from scoring.robots.signals import promises
from scoring.robots.view import BadRequest, SeatView

World = dict[Seat, frozenset[Card]]


CONVENTION_TRIES = 20
DRAW_TRIES = 200


def shown_trump_honours(view: SeatView) -> dict[Seat, Suit]:
    """The seats whose suit bids promise the jack or the nine of that suit (their first suit
    bid), other than the viewing seat."""
    shown: dict[Seat, Suit] = {}
    for seat, call in view.auction.by_seat():
        if call.kind is not CallKind.BID or call.strain is None or seat is view.seat:
            continue
        suit = call.strain.trump_suit
        if suit is not None and seat not in shown and call.strain is not Strain.ALL_TRUMP:
            shown[seat] = suit
    return shown


def _keeps_conventions(world: World, shown: Mapping[Seat, Suit]) -> bool:
    return all(
        Card(Rank.JACK, suit) in world[seat] or Card(Rank.NINE, suit) in world[seat]
        for seat, suit in shown.items()
    )


def draw_world(view: SeatView, rng: random.Random) -> World:
    """One world, each unseen card dealt to a seat that may hold it; raise BadRequest when no
    seat can hold some card (the view is impossible)."""
    others = [seat for seat in Seat if seat is not view.seat]
    voids = view.voids() if view.play else {seat: set() for seat in Seat}
    for _ in range(DRAW_TRIES):
        room = {seat: CARDS_PER_HAND - len(view.played_by(seat)) for seat in others}
        dealt: dict[Seat, set[Card]] = {seat: set(view.played_by(seat)) for seat in others}
        cards = sorted(view.unseen(), key=lambda card: (card.suit.value, card.rank.value))
        rng.shuffle(cards)
        # The most constrained cards first: fewest seats able to hold them.
        cards.sort(key=lambda card: sum(card.suit not in voids[seat] for seat in others))
        if _deal_cards(cards, others, voids, room, dealt, rng):
            world: World = {seat: frozenset(cards) for seat, cards in dealt.items()}
            world[view.seat] = view.hand
            return world
    raise BadRequest("no deal agrees with the cards played (a seat showed out of a suit it held)")


def _deal_cards(
    cards: list[Card],
    others: list[Seat],
    voids: Mapping[Seat, set[Suit]],
    room: dict[Seat, int],
    dealt: dict[Seat, set[Card]],
    rng: random.Random,
) -> bool:
    for card in cards:
        able = [seat for seat in others if room[seat] > 0 and card.suit not in voids[seat]]
        if not able:
            return False
        weights = [room[seat] for seat in able]
        seat = rng.choices(able, weights)[0]
        dealt[seat].add(card)
        room[seat] -= 1
    return all(count == 0 for count in room.values())


def draw_worlds(view: SeatView, count: int, seed: int) -> list[World]:
    """``count`` worlds, each drawn again up to a few times to keep the auction's promises
    and the discards' (``signals``)."""
    rng = random.Random(seed)
    shown = shown_trump_honours(view)
    promised = promises(view) if view.play else None
    worlds = []
    for _ in range(count):
        world = draw_world(view, rng)
        for _ in range(CONVENTION_TRIES):
            signals_kept = promised is None or promised.kept_by(world)
            if signals_kept and _keeps_conventions(world, shown):
                break
            world = draw_world(view, rng)
        worlds.append(world)
    return worlds

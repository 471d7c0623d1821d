"""Random deals for the robot players' tests (plain Python: the core's tests run without
Django)."""

import random

from scoring.engine.cards import DECK, SEATS_COUNTER_CLOCKWISE, Hand


def random_hands(seed):
    """Four hands of eight cards, shuffled by ``seed``."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    seats = SEATS_COUNTER_CLOCKWISE
    return {seat: Hand(cards[i * 8 : (i + 1) * 8]) for i, seat in enumerate(seats)}

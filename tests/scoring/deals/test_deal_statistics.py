"""Every deal equally likely: chi-square tests over 20,000 generated deals with a fixed seed.

Two tests at the 0.001 level: which seat each card goes to (a 32 x 4 table) and the shape of
each seat's hand (sorted suit lengths) against its exact probability. The same tests must fail
on deliberately biased shuffles, fed by the same cryptographic bytes: that shows they can see
a bias of the kind a careless implementation makes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb, prod

import pytest

from scoring.deals.board import Board, dealer_for_board
from scoring.deals.generator import DealStream, deal_hands, generate_boards
from scoring.engine.cards import DECK, SEATS_PBN_ORDER, SUITS, Card
from tests.support.chi_square import chi_square_sf, pearson_statistic

DEAL_COUNT_TESTED = 20_000
SIGNIFICANCE = 0.001
SEED = bytes.fromhex("c0ffee00" * 8)
Shuffle = Callable[[Sequence[Card], DealStream], list[Card]]


def exact_shape_probabilities() -> dict[tuple[int, ...], Fraction]:
    """P(shape) of one 8-card hand from 32 cards: ways to pick the suit lengths over C(32, 8)."""
    probabilities: Counter = Counter()
    for lengths in product(range(9), repeat=4):
        if sum(lengths) == 8:
            ways = prod(comb(8, length) for length in lengths)
            probabilities[tuple(sorted(lengths, reverse=True))] += Fraction(ways, comb(32, 8))
    return dict(probabilities)


SHAPES = exact_shape_probabilities()


def shape(hand) -> tuple[int, ...]:
    lengths = Counter(card.suit for card in hand)
    return tuple(sorted((lengths[suit] for suit in SUITS), reverse=True))


@dataclass(frozen=True)
class Verdict:
    name: str
    statistic: float
    df: int
    p_value: float

    @property
    def passes(self) -> bool:
        return self.p_value > SIGNIFICANCE


def card_to_seat_test(boards: Sequence[Board]) -> Verdict:
    """Each card goes to each seat a quarter of the time.

    Each deal fills the 32 x 4 table with both margins fixed (a card goes to exactly one seat,
    a seat gets exactly 8 cards), so its cells are hypergeometric rather than multinomial: the
    Pearson statistic then follows n/(n-1) x chi-square with (32-1)(4-1) = 93 degrees of
    freedom, n = 32. Rescaling by 31/32 gives the usual test.
    """
    counts: Counter = Counter()
    for board in boards:
        for seat in SEATS_PBN_ORDER:
            for card in board.hand(seat):
                counts[card, seat] += 1
    cells = [(card, seat) for card in DECK for seat in SEATS_PBN_ORDER]
    expected = len(boards) / 4
    raw = pearson_statistic([counts[cell] for cell in cells], [expected] * len(cells))
    statistic = raw * 31 / 32
    return Verdict("card to seat", statistic, 93, chi_square_sf(statistic, 93))


def shape_test(boards: Sequence[Board], seat) -> Verdict:
    """One seat's hand shapes against their exact probabilities (one hand per deal, so the
    samples are independent). Shapes expected fewer than 5 times are pooled into one cell."""
    seen = Counter(shape(board.hand(seat)) for board in boards)
    total = len(boards)
    common = [s for s, p in SHAPES.items() if p * total >= 5]
    rare = [s for s in SHAPES if s not in common]
    observed = [seen[s] for s in common] + [sum(seen[s] for s in rare)]
    expected = [float(SHAPES[s] * total) for s in common]
    expected.append(float(sum(SHAPES[s] for s in rare) * total))
    statistic = pearson_statistic(observed, expected)
    df = len(observed) - 1
    return Verdict(f"shapes of {seat.name}", statistic, df, chi_square_sf(statistic, df))


def deal_statistics(boards: Sequence[Board]) -> list[Verdict]:
    return [card_to_seat_test(boards)] + [shape_test(boards, seat) for seat in SEATS_PBN_ORDER]


def boards_from(shuffle: Shuffle, count: int = DEAL_COUNT_TESTED) -> list[Board]:
    """Boards built like the generator's, with another shuffle over the same bytes."""
    return [
        Board(number, dealer_for_board(number), deal_hands(shuffle(DECK, DealStream(SEED, number))))
        for number in range(1, count + 1)
    ]


def naive_swap_shuffle(cards: Sequence[Card], stream: DealStream) -> list[Card]:
    """The classic mistake: swap every position with any position. 32^32 equally likely paths
    cannot spread evenly over 32! orders."""
    deck = list(cards)
    for position in range(len(deck)):
        other = stream.next_byte() % len(deck)
        deck[position], deck[other] = deck[other], deck[position]
    return deck


def modulo_biased_shuffle(cards: Sequence[Card], stream: DealStream) -> list[Card]:
    """Fisher–Yates without rejection: ``byte % (i+1)`` favours small positions."""
    deck = list(cards)
    for position in range(len(deck) - 1, 0, -1):
        other = stream.next_byte() % (position + 1)
        deck[position], deck[other] = deck[other], deck[position]
    return deck


@pytest.fixture(scope="module")
def generated() -> list[Board]:
    return generate_boards(SEED, DEAL_COUNT_TESTED)


def test_the_exact_shape_probabilities_add_up_to_one():
    assert sum(SHAPES.values()) == 1
    assert len(SHAPES) == 15  # partitions of 8 into at most 4 parts, none above 8
    assert SHAPES[(8, 0, 0, 0)] == Fraction(4, comb(32, 8))


def test_each_card_goes_to_each_seat_equally_often(generated):
    verdict = card_to_seat_test(generated)
    assert verdict.passes, verdict


@pytest.mark.parametrize("seat", SEATS_PBN_ORDER, ids=lambda seat: seat.name)
def test_hand_shapes_follow_their_exact_probabilities(generated, seat):
    verdict = shape_test(generated, seat)
    assert verdict.passes, verdict


def test_the_generator_uses_the_shuffle_under_test(generated):
    # The statistics above judge generate_boards; the biased runs below differ only in shuffle.
    from scoring.deals.generator import shuffle

    assert boards_from(shuffle, 50) == generated[:50]


def test_a_naive_swap_shuffle_fails_the_statistics():
    verdicts = {
        verdict.name: verdict for verdict in deal_statistics(boards_from(naive_swap_shuffle))
    }
    assert not verdicts["card to seat"].passes
    assert not verdicts["shapes of NORTH"].passes
    assert not all(verdict.passes for verdict in verdicts.values())


def test_a_modulo_biased_shuffle_fails_the_statistics():
    verdicts = deal_statistics(boards_from(modulo_biased_shuffle))
    assert not all(verdict.passes for verdict in verdicts)
    assert not verdicts[0].passes  # the card-to-seat table sees it

"""Hypothesis strategies shared by the engine's property tests: deals and legal play-outs."""

from hypothesis import strategies as st

from scoring.engine.cards import DECK, SEATS_COUNTER_CLOCKWISE, Hand, Seat, Strain
from scoring.engine.play import legal_cards, trick_winner


@st.composite
def deals(draw):
    """Four hands of eight cards, every deal equally likely."""
    cards = draw(st.permutations(DECK))
    return {
        seat: Hand(cards[8 * index : 8 * index + 8])
        for index, seat in enumerate(SEATS_COUNTER_CLOCKWISE)
    }


def random_play(hands, strain, leader, rng, must_undertrump=False):
    """Play the deal out, each seat picking at random among its legal cards.

    Returns the 32 cards in the order played and the size of every legal set met.
    """
    remaining = {seat: set(hand) for seat, hand in hands.items()}
    played = []
    legal_sizes = []
    seat = leader
    for _trick in range(8):
        trick = []
        first = seat
        for _ in range(4):
            legal = legal_cards(remaining[seat], trick, strain, must_undertrump=must_undertrump)
            legal_sizes.append(len(legal))
            card = rng.choice(legal)
            remaining[seat].remove(card)
            trick.append(card)
            played.append(card)
            seat = seat.next
        seat = trick_winner(first, trick, strain)
    return played, legal_sizes


@st.composite
def play_outs(draw):
    """A deal, its strain, the undertrump rule, the first leader and a random legal play-out."""
    hands = draw(deals())
    strain = draw(st.sampled_from(list(Strain)))
    undertrump = draw(st.booleans())
    leader = draw(st.sampled_from(list(Seat)))
    rng = draw(st.randoms(use_true_random=False))
    played, legal_sizes = random_play(hands, strain, leader, rng, undertrump)
    return hands, strain, undertrump, leader, played, legal_sizes

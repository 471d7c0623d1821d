"""Property tests of the play: random legal play-outs of random deals."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.card_values import CAPOT_DEAL_POINTS, DEAL_POINTS
from scoring.engine.cards import DECK, Hand, Seat, Strain
from scoring.engine.play import replay_deal
from tests.support.depth import examples
from tests.support.play_strategies import play_outs, random_play


@settings(max_examples=examples(150), deadline=None)
@given(play_outs())
def test_a_legal_play_out_never_meets_an_empty_legal_set(outcome):
    _hands, _strain, _undertrump, _leader, _played, legal_sizes = outcome
    assert len(legal_sizes) == 32
    assert min(legal_sizes) >= 1


@settings(max_examples=examples(150), deadline=None)
@given(play_outs())
def test_a_legal_play_out_totals_162_or_252_with_a_capot(outcome):
    hands, strain, undertrump, leader, played, _sizes = outcome
    deal = replay_deal(hands, leader, strain, played, must_undertrump=undertrump)
    total = deal.points.ns + deal.points.ew
    assert total == (CAPOT_DEAL_POINTS if deal.capot is not None else DEAL_POINTS)
    assert deal.card_points.ns + deal.card_points.ew == 152
    assert sum(trick.points for trick in deal.tricks) == 152
    # The winner of each trick leads the next.
    for before, after in zip(deal.tricks, deal.tricks[1:], strict=False):
        assert after.leader is before.winner
    if deal.generale is not None:
        assert deal.capot is deal.generale.side


TRUMP_SUITS = [Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS]


@settings(max_examples=examples(60), deadline=None)
@given(
    st.permutations(DECK),
    st.sampled_from(TRUMP_SUITS),
    st.sampled_from(list(Seat)),
    st.randoms(use_true_random=False),
)
def test_the_leader_holding_all_eight_trumps_makes_a_generale_worth_252(cards, strain, leader, rng):
    trumps = [card for card in cards if card.suit is strain.trump_suit]
    others = [card for card in cards if card.suit is not strain.trump_suit]
    seats = [seat for seat in Seat if seat is not leader]
    hands = {leader: Hand(trumps)}
    hands.update({seat: Hand(others[8 * i : 8 * i + 8]) for i, seat in enumerate(seats)})
    played, _sizes = random_play(hands, strain, leader, rng)
    deal = replay_deal(hands, leader, strain, played)
    assert deal.generale is leader and deal.capot is leader.side
    assert deal.points.of(leader.side) == CAPOT_DEAL_POINTS
    assert deal.points.of(leader.side.other) == 0

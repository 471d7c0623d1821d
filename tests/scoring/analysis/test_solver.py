"""The double-dummy solver against exhaustive search, hand-made deals and its invariants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.analysis.solver import STRAINS, Solver, analyse, deal_from_json, hands_from_pbn
from scoring.engine.card_values import card_points
from scoring.engine.cards import DECK, SEATS_COUNTER_CLOCKWISE, Card, PerSide, Seat, Side, Strain
from scoring.engine.play import legal_cards, trick_winner
from tests.support.depth import examples
from tests.support.hands import E, N, S, W, hands

SOLVER = Solver()


def exhaustive(remaining, leader, trick, strain, undertrump, overtake=False, known=None):
    """North-South's points from the position by trying every legal card: the reference.

    An ending: no capot, the dix de der goes to the last trick's winner. Plain minimax, every
    line played out; a position between tricks reached again by another order of the tricks
    before it is looked up in ``known`` rather than played out twice (the same value).
    """
    known = {} if known is None else known
    seat = leader
    for _ in trick:
        seat = seat.next
    if not any(remaining.values()):
        return 0
    if not trick:
        key = (leader, *(frozenset(remaining[each]) for each in SEATS_COUNTER_CLOCKWISE))
        if key not in known:
            known[key] = _exhaustive_trick(
                remaining, leader, [], strain, undertrump, overtake, known
            )
        return known[key]
    return _exhaustive_trick(remaining, leader, trick, strain, undertrump, overtake, known)


def _exhaustive_trick(remaining, leader, trick, strain, undertrump, overtake, known):
    seat = leader
    for _ in trick:
        seat = seat.next
    best = None
    legal = legal_cards(
        remaining[seat],
        trick,
        strain,
        must_undertrump=undertrump,
        always_overtake_partner=overtake,
    )
    for card in legal:
        remaining[seat].remove(card)
        played = [*trick, card]
        if len(played) == 4:
            winner = trick_winner(leader, played, strain)
            points = sum(card_points(each, strain) for each in played)
            if not any(remaining.values()):
                points += 10
            value = (points if winner.side is Side.NS else 0) + exhaustive(
                remaining, winner, [], strain, undertrump, overtake, known
            )
        else:
            value = exhaustive(remaining, leader, played, strain, undertrump, overtake, known)
        remaining[seat].add(card)
        if best is None or (value > best if seat.side is Side.NS else value < best):
            best = value
    return best


@st.composite
def endings(draw):
    """The last 2 to 4 tricks of a deal, 0 to 3 cards of the current trick already played."""
    tricks = draw(st.integers(2, 4))
    played = draw(st.integers(0, 3))
    deck = draw(st.permutations(DECK))
    leader = draw(st.sampled_from(SEATS_COUNTER_CLOCKWISE))
    strain = draw(st.sampled_from(STRAINS))
    undertrump = draw(st.booleans())
    overtake = draw(st.booleans())
    held: dict[Seat, set[Card]] = {}
    trick: list[Card] = []
    position = 0
    seat = leader
    for index in range(4):
        size = tricks - 1 if index < played else tricks
        held[seat] = set(deck[position : position + size])
        position += size
        seat = seat.next
    # The cards on the table: any card, legal or not, is a position the solver must handle.
    for _index in range(played):
        trick.append(deck[position])
        position += 1
    return held, leader, trick, strain, undertrump, overtake


@settings(max_examples=examples(400), deadline=None)
@given(endings())
def test_endings_agree_with_exhaustive_search(ending):
    held, leader, trick, strain, undertrump, overtake = ending
    remaining = {seat: set(cards) for seat, cards in held.items()}
    expected = exhaustive(remaining, leader, list(trick), strain, undertrump, overtake)
    got = SOLVER.solve(
        held,
        leader,
        strain,
        must_undertrump=undertrump,
        always_overtake_partner=overtake,
        trick=trick,
        capot_possible=False,
    )
    assert got == expected


def test_undertrumping_changes_an_ending():
    # Hearts trump. West leads the ace of spades, East ruffs his partner's ace with the 9 to
    # stop North ruffing; North cannot overtrump: he discards the ace of clubs (FFB) or must
    # undertrump with the 7 of hearts, keeping the ace of clubs for the last trick.
    held = hands({W: "AK...", S: "...87", E: ".9.7.", N: ".7..A"})
    free = SOLVER.solve(held, W, Strain.HEARTS, capot_possible=False)
    forced = SOLVER.solve(held, W, Strain.HEARTS, must_undertrump=True, capot_possible=False)
    assert free == exhaustive({s: set(c) for s, c in held.items()}, W, [], Strain.HEARTS, False)
    assert forced == exhaustive({s: set(c) for s, c in held.items()}, W, [], Strain.HEARTS, True)
    assert free != forced


def test_overtaking_the_partner_changes_an_ending():
    # Hearts trump, North to lead the last two tricks: the ace of spades, ruffed by West's 8.
    # East, holding the 10 and the 7 of trumps, underruffs with the 7 (FFB) and his 10 later
    # beats North's king. Under « always overtake » (Fédération Française de Coinche) he must
    # put the 10 on his partner's 8, then lead the 7: North's king takes the last trick.
    held = hands({N: "A.K..", W: ".8.7.", S: "..Q.A", E: ".T7.."})
    free = SOLVER.solve(held, N, Strain.HEARTS, capot_possible=False)
    forced = SOLVER.solve(
        held, N, Strain.HEARTS, always_overtake_partner=True, capot_possible=False
    )
    remaining = {seat: set(cards) for seat, cards in held.items()}
    assert free == exhaustive(remaining, N, [], Strain.HEARTS, False, False)
    assert forced == exhaustive(remaining, N, [], Strain.HEARTS, False, True)
    assert free != forced


# North all the hearts, South all the spades, East-West the minors.
SPLIT = {N: ".AKQJT987..", S: "AKQJT987...", E: "..AKQJ.AKQJ", W: "..T987.T987"}


@pytest.mark.parametrize("dealer", list(Seat))
def test_a_capot_on_every_lead(dealer):
    table = analyse(hands(SPLIT), dealer)
    # Whoever leads, the side holding the trumps wins every trick.
    for strain in (Strain.SPADES, Strain.HEARTS):
        assert table[strain] == PerSide(252, 0)
    for strain in (Strain.DIAMONDS, Strain.CLUBS):
        assert table[strain] == PerSide(0, 252)
    # Without trumps nobody can ruff: the leader's side keeps the lead and takes everything.
    leader_side = dealer.next.side
    capot = PerSide.split(leader_side, 252, 0)
    assert table[Strain.NO_TRUMP] == capot
    assert table[Strain.ALL_TRUMP] == capot


def test_a_blocked_suit():
    # SA, North to lead the last three tricks. His singleton ace blocks the spades: South's
    # king and queen are masters but South has no way in, and North's diamonds are losers.
    # Best for North-South: the ace of spades, South dropping the king on it (19 + 4);
    # East-West take the rest and the dix de der.
    held = hands({N: "A..87.", S: "KQ...7", W: "..AK.9", E: "...AK8"})
    value = SOLVER.solve(held, N, Strain.NO_TRUMP, capot_possible=False)
    assert value == 23
    assert value == exhaustive({s: set(c) for s, c in held.items()}, N, [], Strain.NO_TRUMP, False)


def rotate(deal: dict[Seat, object]) -> dict[Seat, object]:
    """Every hand moved one seat on in the order of play: North's goes to West, and so on."""
    return {seat.next: cards for seat, cards in deal.items()}


deals = st.permutations(DECK).map(
    lambda deck: {seat: deck[8 * i : 8 * i + 8] for i, seat in enumerate(SEATS_COUNTER_CLOCKWISE)}
)


@settings(max_examples=examples(15), deadline=None)
@given(deals, st.sampled_from(list(Seat)), st.sampled_from(STRAINS))
def test_totals_and_rotation(deal, dealer, strain):
    points = SOLVER.points(deal, dealer, strain)
    assert points.ns + points.ew == 162 or sorted(points) == [0, 252]
    # The same deal one seat on (dealer too) swaps the sides.
    turned = SOLVER.points(rotate(deal), dealer.next, strain)
    assert turned == PerSide(points.ew, points.ns)


def test_bad_deals_are_refused_with_the_reason():
    good = {"N": "AKQJT987...", "E": ".AKQJT987..", "S": "..AKQJT987.", "W": "...AKQJT987"}
    with pytest.raises(ValueError, match="dealer"):
        deal_from_json({"dealer": "X", "hands": good})
    with pytest.raises(ValueError, match="no hand for W"):
        hands_from_pbn({key: value for key, value in good.items() if key != "W"})
    with pytest.raises(ValueError, match="8 cards"):
        hands_from_pbn({**good, "W": "...AKQJT98"})
    with pytest.raises(ValueError, match="both"):
        hands_from_pbn({**good, "W": "A...KQJT987"})
    with pytest.raises(ValueError, match="unknown seat"):
        hands_from_pbn({**good, "X": "..."})


def test_random_deals_solve_in_every_strain():
    rng = random.Random(5)
    deck = list(DECK)
    rng.shuffle(deck)
    deal = {seat: deck[8 * i : 8 * i + 8] for i, seat in enumerate(SEATS_COUNTER_CLOCKWISE)}
    table = analyse(deal, N, STRAINS)
    assert list(table) == list(STRAINS)


@settings(max_examples=examples(5), deadline=None)
@given(st.lists(deals, min_size=2, max_size=2), st.sampled_from(STRAINS), st.data())
def test_a_table_kept_between_the_leads_of_a_deal_gives_a_fresh_solvers_values(
    two_deals, strain, data
):
    """One solver solves each opening lead of a deal, then of another deal (its table kept
    within a deal, emptied between them), each with any guess: every value is a fresh
    solver's without a guess."""
    kept = Solver()
    leader = Seat.NORTH.next  # North deals
    for deal in two_deals:
        for lead in sorted(deal[leader], key=str):
            after = {seat: set(cards) - {lead} for seat, cards in deal.items()}
            guess = data.draw(st.none() | st.integers(-1, 252))
            value = kept.solve(after, leader, strain, trick=(lead,), guess=guess)
            assert value == Solver().solve(after, leader, strain, trick=(lead,))

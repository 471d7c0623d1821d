"""``online-162`` against colver's own scorer: random deals played out by colver, converted to
canonical result records, scored by both engines — the same marks.

colver (PyPI, a compiled module, pinned in requirements-dev.txt) plays belote contrée with the
« 162 exact » scale of the online games: its ``Env.rewards()`` is the deal score. Its players
0-3 sit N, W, S, E (0 and 2 are N-S; turns go 0 → 1 → 2 → 3 like our N → W → S → E), the
player after the dealer leads, its cards are ``Env.card_name`` strings such as ``10♠``.
"""

import random
from collections import Counter

import colver
import pytest

from scoring.engine.belote import belote_holders
from scoring.engine.cards import Card, Hand, Seat, Strain
from scoring.engine.deal_score import score_result
from scoring.engine.play import replay_deal
from scoring.engine.rules import PRESETS

ONLINE = PRESETS["online-162"]
SEATS = (Seat.NORTH, Seat.WEST, Seat.SOUTH, Seat.EAST)
STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
BIDS = (*range(80, 170, 10), 250)
DEALS = 1500


def _card(index: int) -> Card:
    name = colver.Env.card_name(index)
    return Card.parse(name[:-1] + SUITS[name[-1]])


def _played_out(seed: int, rng: random.Random):
    """A colver deal with a random contract, played to the end by colver's own players."""
    env = colver.Env.deal(dealer=seed % 4, seed=seed)
    value = rng.choice(BIDS)
    env.set_contract(rng.randrange(4), value, rng.randrange(2), rng.randrange(3))
    env.set_phase_playing()
    # The heuristic player makes contracts and capots happen; random play makes odd ones.
    strong = rng.random() < 0.7
    while not env.is_terminal():
        env.step(env.action_heuristic_play() if strong else env.action_random())
    return env


def canonical_record(env) -> dict:
    """The result record of a played colver deal, made by replaying its 32 cards here."""
    contract = env.get_contract()
    strain = STRAINS[contract["trump"]]
    hands = {
        SEATS[p]: Hand(_card(c) for c in cards) for p, cards in enumerate(env.get_initial_hands())
    }
    leader = SEATS[(env.get_dealer() + 1) % 4]
    played = replay_deal(hands, leader, strain, [_card(c) for c in env.get_play_order()])
    taker = SEATS[contract["team"]]  # N for N-S, W for E-W
    value = contract["value"]
    return {
        "contract": {
            "bid": "capot" if value == 250 else value,
            "strain": strain.value,
            "taker": taker.value,
            "coinche": contract["coinche"],
        },
        **played.result_fields(taker),
        "belote": [seat.value for seat in belote_holders(hands, strain)],
    }


def test_online_162_scores_every_colver_deal_as_colver_does():
    rng = random.Random(18)
    seen = Counter()
    mismatches = []
    for seed in range(DEALS):
        env = _played_out(seed, rng)
        record = canonical_record(env)
        # The conversion keeps what colver counted: card points and belotes per side.
        ours = score_result(record, ONLINE)
        assert [ours.detail.card_points.ns, ours.detail.card_points.ew] == env.get_points()
        assert [ours.detail.belote.ns, ours.detail.belote.ew] == env.belote_final()
        theirs = [int(points) for points in env.rewards()]
        if [ours.ns, ours.ew] != theirs:
            mismatches.append((seed, record, [ours.ns, ours.ew], theirs))
        seen["made" if ours.made else "failed"] += 1
        seen[f"coinche {record['contract']['coinche']}"] += 1
        seen["capot bid"] += record["contract"]["bid"] == "capot"
        seen["capot"] += record["capot"] is not None
        seen["belote"] += bool(record["belote"])
    assert mismatches == []
    # Every branch of the scale was exercised.
    for kind in ("made", "failed", "coinche 0", "coinche 1", "coinche 2", "capot bid", "capot"):
        assert seen[kind] >= 10, (kind, seen)
    assert seen["belote"] >= 100


@pytest.mark.parametrize("preset", ["ffb-coinche", "cannes-2016"])
def test_other_presets_do_not_score_like_colver(preset):
    """The differential can fail: a scale other than online-162 disagrees with colver."""
    rng = random.Random(7)
    differ = 0
    for seed in range(200):
        env = _played_out(seed, rng)
        ours = score_result(canonical_record(env), PRESETS[preset])
        differ += [ours.ns, ours.ew] != [int(points) for points in env.rewards()]
    assert differ > 50

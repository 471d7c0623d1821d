"""The worlds of a decision solved in lanes (``scoring.robots.lanes``): on one thread or on
several, the same decision, the same values, the same worlds counted against the budget
(docs/robots.md, « Lanes »)."""

import os
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.analysis import kernel
from scoring.engine.cards import Seat, Strain
from scoring.engine.play import opening_leader
from scoring.engine.rules import PRESETS
from scoring.robots import lanes as lanes_module
from scoring.robots.auction import PASS, Call, CallKind
from scoring.robots.bid_simulation import call_values, candidates
from scoring.robots.bidding import choose_call
from scoring.robots.card_play import card_values
from scoring.robots.lanes import LANES, Lanes
from scoring.robots.robot import Robot
from scoring.robots.view import SeatView
from scoring.robots.worlds import draw_worlds
from tests.support.robots import random_hands

RULES = PRESETS["online-162"]
CALLS = (Call(CallKind.BID, 90, Strain.SPADES), PASS, PASS, PASS)
LEADER = opening_leader(Seat.NORTH)


def lead_of(deal: int) -> SeatView:
    return SeatView(RULES, Seat.NORTH, LEADER, random_hands(deal)[LEADER], CALLS)


def first_call_of(deal: int) -> SeatView:
    return SeatView(RULES, Seat.NORTH, Seat.WEST, random_hands(deal)[Seat.WEST])


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(0, 10_000), seed=st.integers(0, 2**40))
def test_a_robot_on_two_threads_decides_as_on_one(deal, seed):
    for view in (lead_of(deal), first_call_of(deal)):
        alone = Robot(RULES, view.seat, seed=seed, threads=1).decide(view)
        together = Robot(RULES, view.seat, seed=seed, threads=2).decide(view)
        assert together == alone


@pytest.mark.parametrize("deal", [2, 9])
def test_card_values_are_the_same_on_any_number_of_threads_whatever_the_budget(deal):
    view = lead_of(deal)
    worlds = draw_worlds(view, 6, deal)
    legal = view.legal()
    probe = Lanes()
    card_values(view, worlds[:1], legal, probe)
    first = probe.nodes
    for budget in (None, 1, first + 1, 3 * first, 10**12):
        alone = card_values(view, worlds, legal, Lanes(threads=1), budget=budget)
        together = card_values(view, worlds, legal, Lanes(threads=2), budget=budget)
        assert together == alone


@pytest.mark.parametrize("deal", [4, 13])
def test_call_values_are_the_same_on_any_number_of_threads(deal):
    view = first_call_of(deal)
    calls = candidates(view, choose_call(view))
    worlds = draw_worlds(view, 5, deal)
    for budget in (None, 1, 10**12):
        alone = call_values(view, calls, worlds, Lanes(threads=1), budget=budget)
        assert call_values(view, calls, worlds, Lanes(threads=2), budget=budget) == alone


def test_each_world_is_solved_by_its_lane_in_order_and_the_budget_reads_the_worlds_in_order():
    """World i goes to lane i mod LANES, each lane in the worlds' order with its own memory;
    the worlds counted are those before the budget is spent, the first always."""
    seen: dict[int, tuple[int, int]] = {}
    lock = threading.Lock()

    def solve_world(world, solver, memory):
        memory["count"] = memory.get("count", 0) + 1
        # A world "searches" as many positions as its number: the counter the budget reads.
        solver._stack[kernel.COUNTER_ROW, 0] += world
        with lock:
            seen[world] = (id(memory), memory["count"])
        return world * 10

    worlds = [5, 7, 11, 13, 17, 19, 23]
    for threads in (1, 2):
        seen.clear()
        assert Lanes(threads=threads).solve(worlds, solve_world) == [w * 10 for w in worlds]
        assert [seen[world][1] for world in worlds] == [1, 1, 2, 2, 3, 3, 4]
        assert len({seen[world][0] for world in worlds[::2]}) == 1
        assert len({seen[world][0] for world in worlds[1::2]}) == 1
        assert seen[5][0] != seen[7][0]
        # Spent before each world: 0, 5, 12, 23...: a world counts while under the budget.
        assert Lanes(threads=threads).solve(worlds, solve_world, budget=24) == [50, 70, 110, 130]
        assert Lanes(threads=threads).solve(worlds, solve_world, budget=23) == [50, 70, 110]
        assert Lanes(threads=threads).solve(worlds, solve_world, budget=1) == [50]


def test_lanes_refuse_no_thread():
    with pytest.raises(ValueError):
        Lanes(threads=0)
    assert Lanes(threads=8).threads == LANES


def test_a_forked_process_makes_threads_of_its_own():
    pool = lanes_module._pool()
    assert lanes_module._pool() is pool
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # the child: the parent's pool has no thread here; a new one is made
        try:
            made = lanes_module._pool()
            ok = made is not pool and made.submit(lambda: 6 * 7).result(timeout=10) == 42
            os.write(writer, b"1" if ok else b"0")
        finally:
            os._exit(0)
    os.close(writer)
    answer = os.read(reader, 1)
    os.waitpid(child, 0)
    assert answer == b"1"

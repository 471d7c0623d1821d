"""The worlds of one decision, solved in lanes (docs/robots.md, « Lanes »).

A decision's worlds are dealt to ``LANES`` lanes in turn (world i to lane i mod LANES). Each
lane has a solver of its own and a memory of its own (the values it found, which only speed
its next searches up), and solves its worlds in their order: what a world costs and gives
depends on its lane's earlier worlds only, never on another lane or on which lane finishes
first. So the lanes may run on threads (the solver's kernel releases the GIL: on a machine
with a core free, a decision takes about a quarter less time, the two threads sharing the
memory caches) or one after the other, and the decision is the same.

The budget of positions reads the worlds in their order, as before the lanes: a world counts
when the positions searched by the worlds before it are under the budget (the first world
always counts). A lane stops at a world already known to be left out; a world solved before
that was known is dropped.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from scoring.analysis.solver import Solver

LANES = 2
"""Lanes of every decision: part of how a robot decides (a decision with another number of
lanes may differ, by the positions counted against the budget), not of the machine."""

Value = TypeVar("Value")
World = TypeVar("World")
Memory = dict[Any, int]
SolveWorld = Callable[[World, Solver, Memory], Value]


class Lanes:
    """The solvers of one robot's decisions, and whether they run on threads."""

    def __init__(self, *, threads: int = 1) -> None:
        if threads < 1:
            raise ValueError(f"threads must be at least 1, not {threads}")
        self.solvers = [Solver() for _ in range(LANES)]
        self.threads = min(threads, LANES)

    @property
    def nodes(self) -> int:
        """Positions searched by every lane so far (the same on any machine, however loaded)."""
        return sum(solver.nodes for solver in self.solvers)

    def forget(self) -> None:
        """Empty every lane's table: the next decision costs what it would in new lanes."""
        for solver in self.solvers:
            solver.forget()

    def solve(
        self,
        worlds: Sequence[World],
        solve_world: SolveWorld[World, Value],
        *,
        budget: int | None = None,
    ) -> list[Value]:
        """``solve_world(world, solver, memory)`` of each world that counts, in their order."""
        run = _Run(worlds, solve_world, self.solvers, budget)
        if self.threads == 1 or len(worlds) == 1:
            run.in_order()
        else:
            run.on_threads(_pool())
        return run.counted()


class _Run(Generic[World, Value]):
    """One decision's worlds across the lanes."""

    def __init__(
        self,
        worlds: Sequence[World],
        solve_world: SolveWorld[World, Value],
        solvers: Sequence[Solver],
        budget: int | None,
    ) -> None:
        self.worlds = worlds
        self.solve_world = solve_world
        self.solvers = solvers
        self.budget = budget
        self.values: list[Value | None] = [None] * len(worlds)
        self.costs: list[int | None] = [None] * len(worlds)
        self.memories: list[Memory] = [{} for _ in solvers]
        self.lock = threading.Lock()

    def left_out(self, index: int) -> bool:
        """Whether world ``index`` is known not to count: the worlds before it solved so far
        have searched the budget already."""
        if self.budget is None or index == 0:
            return False
        with self.lock:
            spent = sum(cost for cost in self.costs[:index] if cost is not None)
        return spent >= self.budget

    def solve_one(self, index: int) -> None:
        lane = index % len(self.solvers)
        solver = self.solvers[lane]
        start = solver.nodes
        value = self.solve_world(self.worlds[index], solver, self.memories[lane])
        with self.lock:
            self.values[index] = value
            self.costs[index] = solver.nodes - start

    def in_order(self) -> None:
        self.through(range(len(self.worlds)))

    def lane(self, lane: int) -> None:
        self.through(range(lane, len(self.worlds), len(self.solvers)))

    def through(self, indices: range) -> None:
        """Solve the worlds ``indices`` in order, up to one known to be left out."""
        for index in indices:
            if self.left_out(index):
                return
            self.solve_one(index)

    def on_threads(self, pool: ThreadPoolExecutor) -> None:
        others = [pool.submit(self.lane, lane) for lane in range(1, len(self.solvers))]
        self.lane(0)
        for other in others:
            other.result()

    def counted(self) -> list[Value]:
        """The values of the worlds that count, in order."""
        kept: list[Value] = []
        spent = 0
        for index, value in enumerate(self.values):
            if index and self.budget is not None and spent >= self.budget:
                break
            cost = self.costs[index]
            assert value is not None and cost is not None, "a world that counts was solved"
            kept.append(value)
            spent += cost
        return kept


_POOL: tuple[int, ThreadPoolExecutor] | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    """This process's threads for the lanes after the first (made again in a forked child,
    such as a Celery worker's process, where the parent's threads do not exist)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL[0] != os.getpid():
            _POOL = (os.getpid(), ThreadPoolExecutor(LANES - 1, thread_name_prefix="lane"))
        return _POOL[1]

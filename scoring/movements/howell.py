"""The Howell movement (mouvement Howell, toutes rondes): every team meets every other team once.

Pairings come from a round robin built on a cyclic "starter"; board sets from a second, orthogonal
schedule so that every team plays every set once (a Room square); the NS/EW orientation at each
table is then searched so that any two teams are compared on the same cards as equally as can be.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, product

from scoring.movements.messages import MovementError, gettext_noop
from scoring.movements.plan import (
    DEFAULT_BOARDS_PER_ROUND,
    Assignment,
    Movement,
    MovementKind,
    board_set,
    require_boards_per_round,
    require_whole_number,
)

MIN_HOWELL_TEAMS = 4
#: Past 16 teams a Howell needs 17 rounds or more; such fields play a Mitchell.
MAX_HOWELL_TEAMS = 16

#: One cell of the schedule: in one round, two teams (labels) at a table with a board set.
#: Labels 0 .. n-1 are the cyclic teams, label n is the stationary one ("infinity").
_Cell = tuple[int, int, int]
_Schedule = tuple[tuple[_Cell, ...], ...]

#: Fixed seed: the orientation search must give the same plan every time it runs.
_SEARCH_SEED = 20_240_501
_SEARCH_STEPS_PER_CELL = 120


def howell_size(teams: int) -> int:
    """The number of places in the movement: the teams, plus the phantom when they are odd."""
    return teams + teams % 2


def max_howell_rounds(teams: int) -> int:
    """A complete Howell: every team meets every other (and the phantom once): places - 1."""
    return howell_size(teams) - 1


def howell(
    teams: int,
    rounds: int | None = None,
    boards_per_round: int = DEFAULT_BOARDS_PER_ROUND,
) -> Movement:
    """An all-play-all Howell for 4 to 16 teams.

    ``rounds`` defaults to a complete Howell (``teams - 1`` rounds, ``teams`` with a phantom);
    fewer rounds give a shortened Howell from the first rounds of the complete one. Board set
    ``k`` holds boards ``(k-1)*boards_per_round + 1`` onwards; with 8 places or more no set is
    ever on two tables at once, with 4 or 6 places some sets must be shared in a round (there is
    no Room square of side 3 or 5). With an odd number of teams the phantom sits at the last
    table and team ``k`` sits out in round ``k``. Impossible requests raise ``MovementError``.
    """
    require_whole_number(teams, "teams")
    if not MIN_HOWELL_TEAMS <= teams <= MAX_HOWELL_TEAMS:
        raise MovementError(
            gettext_noop(
                "A Howell is for %(minimum)s to %(maximum)s teams; %(teams)s teams play a Mitchell."
            ),
            minimum=MIN_HOWELL_TEAMS,
            maximum=MAX_HOWELL_TEAMS,
            teams=teams,
        )
    require_boards_per_round(boards_per_round)
    most = max_howell_rounds(teams)
    if rounds is None:
        rounds = most
    require_whole_number(rounds, "rounds")
    if not 1 <= rounds <= most:
        raise MovementError(
            gettext_noop(
                "A Howell for %(teams)s teams has between 1 and %(most)s rounds; "
                "%(rounds)s were asked for."
            ),
            teams=teams,
            most=most,
            rounds=rounds,
        )

    places = howell_size(teams)
    stationary = places - 1
    schedule = _schedule(places)[:rounds]
    ns_first = _orientation(places, rounds, teams % 2 == 1)

    def team_number(label: int) -> int | None:
        # The stationary place is the phantom when the teams are odd.
        if label == stationary:
            return None if teams % 2 == 1 else places
        return label + 1

    set_numbers: dict[int, int] = {}
    assignments = []
    for r, cells in enumerate(schedule):
        for t, (x, y, set_label) in enumerate(cells):
            # Sets are numbered in the order they come into play: round 1 has sets 1, 2, ...
            index = set_numbers.setdefault(set_label, len(set_numbers))
            ns, ew = (x, y) if ns_first[r][t] else (y, x)
            assignments.append(
                Assignment(
                    r + 1,
                    t + 1,
                    team_number(ns),
                    team_number(ew),
                    board_set(index, boards_per_round),
                )
            )
    return Movement(
        kind=MovementKind.HOWELL,
        teams=teams,
        rounds=rounds,
        boards_per_round=boards_per_round,
        board_count=len(set_numbers) * boards_per_round,
        assignments=tuple(assignments),
        single_ranking=True,
    )


# --- Pairings and board sets -------------------------------------------------------------------


@cache
def _schedule(places: int) -> _Schedule:
    """Rounds of (team, team, board set) for a complete Howell on ``places`` places.

    Rounds are indexed by the cyclic group Z_n (n = places - 1): round r seats the stationary
    team against r and the starter pair {x, y} as {x + r, y + r}; the starter makes every pair
    of teams meet exactly once. The board set of starter pair i in round r is a_i + r; when the
    adders a_i are right, every set is played once by every team (a cyclic Room square).
    """
    n = places - 1
    for starter in _starters(n):
        adders = _adders(n, starter)
        if adders is not None:
            return tuple(
                tuple(
                    [
                        ((x + r) % n, (y + r) % n, (a + r) % n)
                        for (x, y), a in zip(starter, adders, strict=True)
                    ]
                    + [(n, r, r)]
                )
                for r in range(n)
            )
    # No Room square of side 3 or 5: keep the circle-method rounds and share a few sets.
    return _shared_schedule(places)


def _starters(n: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Starters of Z_n: pairings of 1 .. n-1 in which every difference +-d occurs once.

    The patterned starter {i, -i} (the circle method of round robins) comes first.
    """
    yield tuple((i, n - i) for i in range(1, (n - 1) // 2 + 1))

    def extend(
        left: frozenset[int], used: frozenset[int], pairs: tuple[tuple[int, int], ...]
    ) -> Iterator[tuple[tuple[int, int], ...]]:
        if not left:
            yield pairs
            return
        x = min(left)
        for y in sorted(left - {x}):
            difference = min((y - x) % n, (x - y) % n)
            if difference not in used:
                yield from extend(left - {x, y}, used | {difference}, (*pairs, (x, y)))

    yield from extend(frozenset(range(1, n)), frozenset(), ())


def _adders(n: int, starter: Sequence[tuple[int, int]]) -> tuple[int, ...] | None:
    """Distinct non-zero a_i such that the pairs {x_i - a_i, y_i - a_i} again cover 1 .. n-1.

    Board set c then holds the pairs {x_i + c - a_i, y_i + c - a_i} and {stationary, c}: every
    team once. None when the starter has no adder.
    """
    chosen: list[int] = []
    covered: set[int] = set()

    def place(i: int) -> bool:
        if i == len(starter):
            return True
        x, y = starter[i]
        for a in range(1, n):
            p, q = (x - a) % n, (y - a) % n
            if a in chosen or 0 in (p, q) or p in covered or q in covered:
                continue
            chosen.append(a)
            covered.update((p, q))
            if place(i + 1):
                return True
            chosen.pop()
            covered.difference_update((p, q))
        return False

    return tuple(chosen) if place(0) else None


def _shared_schedule(places: int) -> _Schedule:
    """Circle-method rounds with the board sets of another round robin, sharing as little as can be.

    Each set is the list of pairings of some perfect matching, so every team still plays every set
    once; a set that meets a round in k pairings is on k tables at once (shared between them or
    copied). Only used for 4 and 6 places, where all round robins can be listed.
    """
    n = places - 1
    rounds = [
        [((r + i) % n, (r - i) % n) for i in range(1, (n - 1) // 2 + 1)] + [(n, r)]
        for r in range(n)
    ]
    round_sets = [{frozenset(pair) for pair in pairings} for pairings in rounds]
    best: tuple[int, list[frozenset[frozenset[int]]]] | None = None
    for factors in _one_factorizations(places):
        copies = sum(
            max(0, len(pairings & factor) - 1) for pairings in round_sets for factor in factors
        )
        if best is None or copies < best[0]:
            best = (copies, factors)
    assert best is not None
    set_of = {pair: s for s, factor in enumerate(best[1]) for pair in factor}
    return tuple(
        tuple((x, y, set_of[frozenset((x, y))]) for x, y in pairings) for pairings in rounds
    )


def _one_factorizations(places: int) -> Iterator[list[frozenset[frozenset[int]]]]:
    """All splittings of the pairs of ``places`` teams into perfect matchings (small fields)."""
    matchings = list(_perfect_matchings(tuple(range(places))))

    def extend(
        left: frozenset[frozenset[int]], factors: list[frozenset[frozenset[int]]]
    ) -> Iterator[list[frozenset[frozenset[int]]]]:
        if not left:
            yield list(factors)
            return
        first = min(left, key=sorted)
        for matching in matchings:
            if first in matching and matching <= left:
                factors.append(matching)
                yield from extend(left - matching, factors)
                factors.pop()

    all_pairs = frozenset(frozenset(pair) for pair in combinations(range(places), 2))
    yield from extend(all_pairs, [])


def _perfect_matchings(teams: tuple[int, ...]) -> Iterator[frozenset[frozenset[int]]]:
    if not teams:
        yield frozenset()
        return
    first, rest = teams[0], teams[1:]
    for partner in rest:
        others = tuple(team for team in rest if team != partner)
        for matching in _perfect_matchings(others):
            yield matching | {frozenset((first, partner))}


# --- NS/EW orientation --------------------------------------------------------------------------


@cache
def _orientation(places: int, rounds: int, has_phantom: bool) -> tuple[tuple[bool, ...], ...]:
    """For each round and table, whether the first team of the cell sits NS.

    Two teams are compared on a board when both play it with the same hands. The search
    minimises the sum of squared comparison counts over all pairs of real teams (their total is
    fixed, so this is their spread): first the best "cyclic" orientation, the same at each
    starter position in every round, then a seeded annealing over single tables.
    """
    schedule = _schedule(places)[:rounds]
    phantom = places - 1 if has_phantom else None
    cells = [(r, t, x, y, s) for r, row in enumerate(schedule) for t, (x, y, s) in enumerate(row)]
    search = _OrientationSearch(places, cells, phantom)
    width = len(schedule[0])
    best_pattern = min(
        product((True, False), repeat=width),
        key=lambda pattern: search.cost_of([pattern[t] for _, t, _, _, _ in cells]),
    )
    search.start([best_pattern[t] for _, t, _, _, _ in cells])
    search.anneal(random.Random(_SEARCH_SEED), _SEARCH_STEPS_PER_CELL * len(cells))
    grid = [[True] * width for _ in schedule]
    for (r, t, _, _, _), ns_first in zip(cells, search.best, strict=True):
        grid[r][t] = ns_first
    return tuple(tuple(row) for row in grid)


class _OrientationSearch:
    """Comparison counts kept up to date while tables are turned round one at a time."""

    def __init__(
        self, places: int, cells: list[tuple[int, int, int, int, int]], phantom: int | None
    ) -> None:
        self.places = places
        self.cells = cells
        # Tables facing the phantom play nothing and are never compared.
        self.live = [i for i, cell in enumerate(cells) if phantom not in (cell[2], cell[3])]
        self.on_set: dict[int, list[int]] = {}
        for i in self.live:
            self.on_set.setdefault(cells[i][4], []).append(i)
        self.ns_first: list[bool] = []
        self.best: list[bool] = []
        self.cost = 0
        self.best_cost = 0
        self.count: list[list[int]] = []

    def cost_of(self, ns_first: Sequence[bool]) -> int:
        count = self._counts(ns_first)
        return sum(value * value for row in count for value in row) // 2

    def start(self, ns_first: Sequence[bool]) -> None:
        self.ns_first = list(ns_first)
        self.count = self._counts(self.ns_first)
        self.cost = sum(value * value for row in self.count for value in row) // 2
        self.best = list(self.ns_first)
        self.best_cost = self.cost

    def anneal(self, rng: random.Random, steps: int) -> None:
        if not self.live or self.best_cost == 0:
            return
        temperature = 2.0
        cooling = (0.02 / temperature) ** (1 / steps)
        for _ in range(steps):
            i = rng.choice(self.live)
            delta = self._delta(i)
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                self._turn(i, delta)
                if self.cost < self.best_cost:
                    self.best_cost = self.cost
                    self.best = list(self.ns_first)
            temperature *= cooling

    def _counts(self, ns_first: Sequence[bool]) -> list[list[int]]:
        count = [[0] * self.places for _ in range(self.places)]
        for cells in self.on_set.values():
            sides = [self._sides(i, ns_first[i]) for i in cells]
            for (ns_a, ew_a), (ns_b, ew_b) in combinations(sides, 2):
                for a, b in ((ns_a, ns_b), (ew_a, ew_b)):
                    count[a][b] += 1
                    count[b][a] += 1
        return count

    def _sides(self, i: int, ns_first: bool) -> tuple[int, int]:
        _, _, x, y, _ = self.cells[i]
        return (x, y) if ns_first else (y, x)

    def _changes(self, i: int) -> Iterator[tuple[int, int, int]]:
        """(team, other team, change of their count) when table ``i`` is turned round."""
        ns, ew = self._sides(i, self.ns_first[i])
        for j in self.on_set[self.cells[i][4]]:
            if j == i:
                continue
            other_ns, other_ew = self._sides(j, self.ns_first[j])
            # Each team now shares hands with the other table's opposite team instead.
            yield ns, other_ns, -1
            yield ns, other_ew, 1
            yield ew, other_ew, -1
            yield ew, other_ns, 1

    def _delta(self, i: int) -> int:
        return sum(2 * change * self.count[a][b] + 1 for a, b, change in self._changes(i))

    def _turn(self, i: int, delta: int) -> None:
        for a, b, change in list(self._changes(i)):
            self.count[a][b] += change
            self.count[b][a] += change
        self.ns_first[i] = not self.ns_first[i]
        self.cost += delta

"""The benchmark tournament: 100 tables, 30 boards played at every table (3,000 results), built
with the project's own factories and services (teams, table plan, generated deals, results
entered through the results services).

A club with more tables than board sets plays copies of the same boards at several tables in
a round (a shared-set Mitchell): here each round's board sets are shared by tables/rounds
tables, NS teams stay, EW teams move up the same few tables every round (two for 100 tables and
10 rounds), every table plays every set once, and the project's movement checker vouches for
the plan.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

PASSWORD = "correct-horse-42"
ORGANIZER = "bench-organisateur"
ARBITER = "bench-arbitre"


def shared_mitchell_rows(tables: int, rounds: int, boards_per_round: int) -> list[tuple]:
    """(round, table, ns, ew, boards) rows of a Mitchell where the ``rounds`` board sets are
    each shared by tables/rounds tables in a round and every table plays every set once."""
    if tables % rounds:
        raise ValueError("the number of tables must be a multiple of the number of rounds")
    step = next(
        (
            s
            for s in range(1, tables)
            if math.gcd(s + 1, rounds) == 1
            and len({s * r % tables for r in range(rounds)}) == rounds
        ),
        None,
    )
    if step is None:
        raise ValueError(f"no shared-set Mitchell for {tables} tables and {rounds} rounds")
    rows = []
    for round_number in range(1, rounds + 1):
        for table in range(1, tables + 1):
            ew = tables + (table - 1 - step * (round_number - 1)) % tables + 1
            board_set = (table - 1 + round_number - 1) % rounds
            first = board_set * boards_per_round + 1
            boards = list(range(first, first + boards_per_round))
            rows.append((round_number, table, table, ew, boards))
    _check(rows, tables, boards_per_round)
    return rows


def _check(rows: list[tuple], tables: int, boards_per_round: int) -> None:
    """The project's movement checker must find no error (sharing sets is only a warning)."""
    from scoring.movements import Movement, check_movement, errors

    movement = Movement.from_rows(
        [
            {"round": r, "table": t, "ns": ns, "ew": ew, "boards": boards}
            for r, t, ns, ew, boards in rows
        ],
        "mitchell",
        teams=2 * tables,
        boards_per_round=boards_per_round,
    )
    problems = errors(check_movement(movement))
    if problems:
        raise ValueError(f"unsound benchmark plan: {problems[:3]}")


@dataclass
class Built:
    tournament: object
    results: int
    seconds: float


def build_tournament(
    *, tables: int, rounds: int, boards_per_round: int, results: bool, label: str
) -> Built:
    """The running tournament with its staff, teams, published plan and generated deals; with
    ``results``, a plausible confirmed result at every table on every board (entered through
    ``record_demo_results``, which scores each record with the rules engine and the hands)."""
    from tests.support.factories import add_plan, add_teams, make_tournament
    from tournaments.accounts.services import ensure_user
    from tournaments.deals.services import generate_deals
    from tournaments.results.demo import record_demo_results

    began = time.perf_counter()
    organizer = ensure_user(username=ORGANIZER, password=PASSWORD, role="organizer")
    arbiter = ensure_user(username=ARBITER, password=PASSWORD, role="arbiter")
    tournament = make_tournament(
        slug=f"banc-{label}-{time.strftime('%H%M%S')}",
        name=f"Grand Prix de coinche ({tables} tables, banc d'essai)",
        rounds=rounds,
        boards_per_round=boards_per_round,
        organizer=organizer,
        arbiter=arbiter,
    )
    add_teams(tournament, 2 * tables)
    add_plan(tournament, shared_mitchell_rows(tables, rounds, boards_per_round))
    generate_deals(tournament=tournament)
    count = record_demo_results(tournament) if results else 0
    return Built(tournament, count, time.perf_counter() - began)


# --- Records the API clients send ---------------------------------------------------------


def entry_record(rng: random.Random, usual: tuple[str, str, int], hands: dict | None) -> dict:
    """A plausible canonical record for one table on a board whose usual contract is
    ``usual`` (taker, strain, bid): some tables bid higher, coinche or fail; a belote is
    announced when the taker's side holds it, as players do."""
    from scoring.engine.cards import Rank, Suit

    taker, strain, bid = usual
    if rng.random() < 0.04:
        return {"passed": True}
    bid = min(160, bid + rng.choice((0, 0, 0, 10, 20)))
    coinche = rng.choice((0, 0, 0, 0, 0, 1))
    belote = []
    if hands is not None and strain in "SHDC":
        trump = Suit(strain)
        for seat in (taker, {"N": "S", "S": "N", "E": "W", "W": "E"}[taker]):
            if hands[seat].has(Rank.KING, trump) and hands[seat].has(Rank.QUEEN, trump):
                belote = [seat]
    points = rng.randint(max(0, bid - 40), min(162, bid + 40))
    if points in (1, 161):
        points = 80
    return {
        "passed": False,
        "contract": {"bid": bid, "strain": strain, "taker": taker, "coinche": coinche},
        "taker_points": points,
        "capot": None,
        "belote": belote,
        "annonces": [],
    }


def entry_slots(tournament, seed: int = 10) -> list[dict]:
    """Every (round, table, board) of the plan with a record to enter, in the order a session
    produces them: round by round, each table's first board, then its second, ..."""
    from scoring.engine.cards import Seat
    from tournaments.results.selectors import hands_by_board
    from tournaments.setup.models import TableAssignment

    rng = random.Random(seed)
    hands = {
        number: {seat.value: hand for seat, hand in by_seat.items()}
        for number, by_seat in hands_by_board(tournament).items()
    }
    usual: dict[int, tuple[str, str, int]] = {}
    rows = (
        TableAssignment.objects.filter(round__tournament=tournament)
        .values_list("round__number", "table__number", "boards")
        .order_by("round__number", "table__number")
    )
    by_round: dict[int, list[tuple[int, list[int]]]] = {}
    for round_number, table, boards in rows:
        by_round.setdefault(round_number, []).append((table, boards))
    slots = []
    for round_number in sorted(by_round):
        tables = by_round[round_number]
        for index in range(max(len(boards) for _t, boards in tables)):
            for table, boards in tables:
                if index >= len(boards):
                    continue
                board = boards[index]
                if board not in usual:
                    usual[board] = (
                        rng.choice([seat.value for seat in Seat]),
                        rng.choice("SHDC"),
                        rng.choice((80, 80, 90, 90, 100, 110)),
                    )
                slots.append(
                    {
                        "round": round_number,
                        "table": table,
                        "board": board,
                        "record": entry_record(rng, usual[board], hands.get(board)),
                    }
                )
    return slots

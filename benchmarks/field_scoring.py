"""Benchmark: a simultaneous event scored across the field (issue 32), in the plain-Python core.

Run: .venv/bin/python -m benchmarks.field_scoring [--clubs 300] [--runs 5] [--exchange]

Each club plays a 15-table Mitchell (30 teams) curtailed to 12 rounds of 2 boards: 30 boards,
each played 12 times in the club, 360 results a club (108,000 for 300 clubs), about 1 % of
them adjusted. Prints, on one core:

- the full scoring (``score_field``: every session checked and ranked locally, every board
  compared across the field, every ranking), matchpoints and datum;
- a late club's upload and a club's correction on a field kept between uploads
  (``FieldScoring.put_session`` then ``computation()``), split into the club's own part
  (its results checked and ranked locally) and the field's (the boards' comparisons rebuilt,
  every team's total read again, the rankings);
- with ``--exchange``: the whole event written and read back in XML, PBN and JSON lines.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    FieldResult,
    FieldScoring,
    FieldSession,
    Scope,
    score_field,
)
from scoring.movements.mitchell import mitchell

TABLES = 15
ROUNDS = 12
BOARDS_PER_ROUND = 2
REGIONS = ("Bretagne", "Normandie", "Occitanie", "Provence", "Alsace", "Centre")


def club_results(rng: random.Random, movement) -> list[BoardResult]:
    """One club's results on the movement: contracts made or failed, 1 % adjusted."""
    results = []
    for assignment in movement.assignments:
        for board in assignment.boards:
            if rng.random() < 0.01:
                results.append(
                    BoardResult(
                        board,
                        assignment.round,
                        assignment.table,
                        assignment.ns,
                        assignment.ew,
                        ns_adjusted=Adjustment.AVERAGE_PLUS,
                        ew_adjusted=Adjustment.AVERAGE_MINUS,
                    )
                )
                continue
            # A board's "par" around which the tables scatter, so that nets tie often.
            marks = 10 * rng.randint(8, 50)
            if rng.random() < (0.3 + 0.4 * (board % 3) / 2):
                ns_marks, ew_marks = marks, 0
            else:
                ns_marks, ew_marks = 0, marks
            results.append(
                BoardResult(
                    board,
                    assignment.round,
                    assignment.table,
                    assignment.ns,
                    assignment.ew,
                    ns_marks=ns_marks,
                    ew_marks=ew_marks,
                )
            )
    return results


def event(clubs: int, seed: int = 32) -> tuple[list[FieldSession], dict[str, list[BoardResult]]]:
    rng = random.Random(seed)
    movement = mitchell(2 * TABLES, rounds=ROUNDS, boards_per_round=BOARDS_PER_ROUND)
    plays: dict[int, int] = {}
    for assignment in movement.assignments:
        for board in assignment.boards:
            plays[board] = plays.get(board, 0) + 1
    sessions = []
    results = {}
    for index in range(clubs):
        club = f"club-{index + 1:03d}"
        # A few small clubs (under 5 tables) for the field-size groups.
        tables = TABLES if index % 10 else 4
        sessions.append(
            FieldSession(
                club, region=REGIONS[index % len(REGIONS)], tables=tables, expected_plays=plays
            )
        )
        results[club] = club_results(rng, movement)
    return sessions, results


def timed(function, *arguments):
    start = time.perf_counter()
    cpu = time.process_time()
    value = function(*arguments)
    return value, time.perf_counter() - start, time.process_time() - cpu


def line(label: str, walls: list[float], cpus: list[float]) -> None:
    print(
        f"  {label:<46} best {min(walls):7.3f} s  median {statistics.median(walls):7.3f} s"
        f"  (CPU best {min(cpus):.3f} s)"
    )


def full(sessions, results, method: str, runs: int) -> None:
    lines = [
        FieldResult(club, 1, result)
        for club, club_lines in results.items()
        for result in club_lines
    ]
    walls, cpus = [], []
    computation = None
    for _ in range(runs):
        computation, wall, cpu = timed(
            lambda: score_field(method, lines, sessions, table_groups=(5,))
        )
        walls.append(wall)
        cpus.append(cpu)
    assert computation is not None
    national = computation.national("NS")
    print(
        f"{method}: {len(lines):,} results, {len(sessions)} clubs, E = {computation.common_plays}, "
        f"{len(computation.rankings)} rankings, national NS {len(national)} teams"
    )
    line("score_field (everything from nothing)", walls, cpus)


def incremental(sessions, results, method: str, runs: int) -> None:
    field = FieldScoring(method)
    (_, put_wall, put_cpu) = timed(
        lambda: [field.put_session(session, results[session.club]) for session in sessions[:-1]]
    )
    (_, first_wall, _) = timed(lambda: field.computation(table_groups=(5,)))
    print(
        f"{method}, kept between uploads: {len(sessions) - 1} clubs put in {put_wall:.2f} s "
        f"(CPU {put_cpu:.2f} s), first computation {first_wall:.3f} s"
    )
    late = sessions[-1]
    rng = random.Random(7)
    walls = {"club": [], "field": [], "late": []}
    cpus = {"club": [], "field": [], "late": []}
    for run in range(runs):
        # The late club arrives (E unchanged: every club plays the same movement, but the
        # field's count of each board grows), then leaves again for the next run.
        _, wall_put, cpu_put = timed(lambda: field.put_session(late, results[late.club]))
        _, wall_field, cpu_field = timed(lambda: field.computation(table_groups=(5,)))
        walls["late"].append(wall_put + wall_field)
        cpus["late"].append(cpu_put + cpu_field)
        # A correction: one club's results uploaded again with a few marks changed.
        corrected_club = sessions[run % (len(sessions) - 1)]
        corrected = list(results[corrected_club.club])
        for index in rng.sample(range(len(corrected)), 5):
            result = corrected[index]
            if result.is_played:
                corrected[index] = BoardResult(
                    result.board,
                    result.round,
                    result.table,
                    result.ns_team,
                    result.ew_team,
                    ns_marks=result.ew_marks,
                    ew_marks=result.ns_marks,
                )
        _, wall_put, cpu_put = timed(field.put_session, corrected_club, corrected)
        _, wall_field, cpu_field = timed(lambda: field.computation(table_groups=(5,)))
        walls["club"].append(wall_put)
        cpus["club"].append(cpu_put)
        walls["field"].append(wall_field)
        cpus["field"].append(cpu_field)
        field.put_session(corrected_club, results[corrected_club.club])
        field.remove_session(late.club)
    line("a late club's upload: put + computation", walls["late"], cpus["late"])
    line("a correction: put_session (the club's own part)", walls["club"], cpus["club"])
    line("a correction: computation (the field's part)", walls["field"], cpus["field"])


def exchange(sessions, results) -> None:
    from scoring.duplicate import Method
    from scoring.exchange import (
        ClubResults,
        EventResults,
        TravellerLine,
        event_lines,
        read_jsonl,
        read_pbn_results,
        read_xml,
        write_jsonl,
        write_pbn_results,
        write_xml,
    )

    clubs = tuple(
        ClubResults(
            session.club,
            session.club,
            region=session.region,
            tables=session.tables,
            expected_plays=session.expected_plays,
            lines=tuple(TravellerLine(result) for result in results[session.club]),
        )
        for session in sessions
    )
    event_results = EventResults("bench", "Benchmark", Method.MATCHPOINTS, None, clubs)
    for name, write, read in (
        ("XML", write_xml, read_xml),
        ("PBN", write_pbn_results, read_pbn_results),
        ("JSON lines", lambda e: write_jsonl(event_lines(e)), read_jsonl),
    ):
        text, wall_write, _ = timed(write, event_results)
        _, wall_read, _ = timed(read, text)
        size = len(text.encode("utf-8")) / 1e6
        print(f"  {name:<10} {size:6.1f} MB  write {wall_write:6.2f} s  read {wall_read:6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--exchange", action="store_true")
    options = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    (sessions, results), wall, _ = timed(lambda: event(options.clubs))
    print(f"event generated in {wall:.1f} s")
    for method in ("matchpoints", "datum"):
        full(sessions, results, method, options.runs)
        incremental(sessions, results, method, options.runs)
    if options.exchange:
        print("exchange formats, the whole event:")
        exchange(sessions, results)
    national = score_field(
        "matchpoints",
        [FieldResult(c, 1, r) for c, rs in results.items() for r in rs],
        sessions,
        table_groups=(5,),
    )
    print(
        f"rankings: {len(national.scopes(Scope.REGION))} regional, "
        f"{len(national.scopes(Scope.CLUB))} club, {len(national.scopes(Scope.FIELD_SIZE))} "
        "field-size"
    )
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()

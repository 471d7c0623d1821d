"""Benchmark: the cost of one result entry through the API, in-process: CPU of the Django
process and of its PostgreSQL server process per entry, and the SQL statements of one entry.

Creates its own PostgreSQL database (``coinche_bench_entry``, dropped at the end), builds a
20-table tournament with generated deals and no result, then enters ``--entries`` results one
after another through Django's test client, as ``POST /api/v1/tournaments/<slug>/results/``
with an arbiter's API token (the same request ``api_load`` sends; no HTTP server, no locust).
The recomputation job is claimed as usual after each commit but not published (no broker, no
worker): what is measured is the entry alone. ``--profile`` prints where the Django process's
time goes (cProfile, the top functions by cumulative time).

Run:
    .venv/bin/python -m benchmarks.entry_cost [--entries 500] [--profile]
"""

from __future__ import annotations

import argparse
import os
import time

from benchmarks import cpu, harness


def backend_ticks(database: str) -> int:
    """CPU ticks used so far by the server processes of ``database``."""
    return sum((cpu.process_ticks(pid) or (0, 0))[1] for pid in harness.postgres_backends(database))


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=500)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--profile", action="store_true", help="cProfile the entries, top 30")
    parser.add_argument("--profile-file", default="var/entry_cost.prof")
    parser.add_argument("--database", default="coinche_bench_entry")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    return parser.parse_args()


def main() -> None:
    args = _arguments()

    print(harness.describe_machine())
    with harness.BenchDatabase(args.database, keep=args.keep) as database:
        harness.setup_django(database.url)
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from benchmarks.scenario import ORGANIZER, build_tournament, entry_slots
        from tournaments.api.services import create_token
        from tournaments.standings import services as standings_services

        boards_per_round = 3
        rounds = max(1, -(-(args.entries + 2) // (args.tables * boards_per_round)))
        while args.tables % rounds:
            rounds += 1
        built = build_tournament(
            tables=args.tables,
            rounds=rounds,
            boards_per_round=boards_per_round,
            results=False,
            label="entry",
        )
        tournament = built.tournament
        organizer = get_user_model().objects.get(username=ORGANIZER)
        _token, key = create_token(
            tournament=tournament, by=organizer, name="Script", scope="arbiter"
        )
        slots = entry_slots(tournament)[: args.entries + 2]
        # The job is claimed as after every entry, not sent: no broker, no worker here.
        standings_services.publish = lambda *args, **kwargs: None

        client = Client(HTTP_AUTHORIZATION=f"Bearer {key}", HTTP_HOST="127.0.0.1")
        url = f"/api/v1/tournaments/{tournament.slug}/results/"

        def post(slot) -> None:
            body = {name: slot[name] for name in ("round", "table", "board", "record")}
            response = client.post(url, body, content_type="application/json")
            if response.status_code != 201:
                raise SystemExit(f"{response.status_code}: {response.content[:300]!r}")

        post(slots[0])  # warm up: imports, caches, the scoring state's first row
        with CaptureQueriesContext(connection) as captured:
            post(slots[1])
        statements = [query["sql"] for query in captured.captured_queries]
        measured = slots[2:]
        print(
            f"tournament: {args.tables} tables, {rounds} rounds; {len(measured)} entries; "
            f"load before: {harness.load_average()}"
        )
        profiler = None
        if args.profile:
            import cProfile

            profiler = cProfile.Profile(time.process_time)  # CPU, not waiting for PostgreSQL
        ticks = backend_ticks(database.name)
        cpu, wall = time.process_time(), time.perf_counter()
        if profiler is not None:
            profiler.enable()
        for slot in measured:
            post(slot)
        if profiler is not None:
            profiler.disable()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        hertz = os.sysconf("SC_CLK_TCK")
        postgres = (backend_ticks(database.name) - ticks) / hertz
        count = len(measured)
        print(f"load after: {harness.load_average()}")
        print(f"SQL statements of one entry: {len(statements)}")
        for index, sql in enumerate(statements, 1):
            print(f"  {index}. {sql[:110]}")
        print(
            f"per entry: Django process {1000 * cpu / count:.1f} ms CPU, PostgreSQL "
            f"{1000 * postgres / count:.1f} ms CPU, {1000 * wall / count:.1f} ms wall "
            f"({count / wall:.0f} entries/s from one client)"
        )
        if profiler is not None:
            _write_profile(profiler, args.profile_file)


def _write_profile(profiler, path: str) -> None:
    """Write the entries' profile to ``path`` and print its top functions."""
    import pstats

    profiler.dump_stats(path)
    print(f"profile written to {path} (pstats)")
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(60)
    stats.sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    main()

"""Benchmark: full and incremental recomputation of a 30-board tournament (3,000 confirmed results
at 100 tables, 30,000 at 1,000 tables).

Creates its own PostgreSQL database (``coinche_bench``, dropped at the end), builds the
tournament with the project's factories and services (teams, a shared-set Mitchell plan,
generated deals, 3,000 results entered through ``record_demo_results``), then times
``tournaments.standings.recomputation.recompute`` — the function the Celery task
``standings.recompute_tournament`` and ``manage.py recompute`` run — database writes included:

- from scratch (``force=True``, as ``manage.py recompute``): every ranking computed again, the
  3,000 board scores and a new snapshot version written;
- a live change (one result of the last round replaced through the results services, then the
  job's own call): what the worker does during a session — incremental, only the changed
  board compared again and its rows replaced;
- a correction in round 1 (the rankings after rounds 1..10 are computed again in full);
- the peak of Python memory (tracemalloc) of one full and one incremental run, apart from the
  timed runs (tracing slows Python down), and the process's peak resident size.

Run:
    .venv/bin/python -m benchmarks.recompute [--runs 5] [--tables 100 --rounds 10]
    .venv/bin/python -m benchmarks.recompute --tables 1000 --runs 3   # 30,000 results
"""

from __future__ import annotations

import argparse
import resource
import time

from benchmarks import harness

CPU_SPENT: list[float] = []
"""The CPU seconds of each timed call: this process plus its PostgreSQL server process. Less
sensitive than the wall time to what else the machine runs (other processes take turns on the
cores, the CPU a call needs stays about the same)."""


def timed(call):
    """Run ``call``; return its result, the seconds it took and the queries it made (its CPU
    seconds go to CPU_SPENT)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    connection.ensure_connection()
    backend = connection.connection.info.backend_pid
    with CaptureQueriesContext(connection) as queries:
        cpu = time.process_time() + _backend_cpu(backend)
        started = time.perf_counter()
        result = call()
        seconds = time.perf_counter() - started
        CPU_SPENT.append(time.process_time() + _backend_cpu(backend) - cpu)
    return result, seconds, len(queries)


def _backend_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a PostgreSQL server process on this machine."""
    import os

    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()  # noqa: SIM115
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_summary(count: int) -> str:
    spent = CPU_SPENT[-count:]
    return (
        f"CPU (this process + its PostgreSQL server) best {min(spent):.3f} s, "
        f"median {harness.median(spent):.3f} s"
    )


def change_one_result(tournament, arbiter, rng_index: int, first_round: bool = False):
    """An arbiter corrects a result of the last round (or the first), through the results
    services (the same path as the site's pages and the API): a new confirmed version and a
    queued job."""
    from scoring.engine.record_errors import ResultValidationError
    from tournaments.results.models import Result
    from tournaments.results.services import record_result

    last_round = tournament.round_set.order_by("number" if first_round else "-number").first()
    candidates = (
        Result.objects.filter(tournament=tournament, round=last_round, is_current=True)
        .exclude(record__passed=True)
        .select_related("assignment__round__tournament", "assignment__table")
        .order_by("table__number", "board_number")[rng_index : rng_index + 20]
    )
    for current in candidates:
        record = dict(current.record)
        record["taker_points"] = 162 - record["taker_points"] if record["taker_points"] else 100
        if record["taker_points"] in (1, 161):
            record["taker_points"] = 100
        try:
            record_result(
                assignment=current.assignment,
                board_number=current.board_number,
                data=record,
                by=arbiter,
                replace_version=current.version,
            )
        except ResultValidationError:
            continue  # a capot or a contract this change does not fit: the next result
        return
    raise RuntimeError("no result of that round could be corrected")


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--boards-per-round", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each kind")
    parser.add_argument("--database", default="coinche_bench")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="use the tournament a run with --keep left in --database (no build), and keep it",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="also profile one full and one live run (cProfile, top 25)",
    )
    return parser.parse_args()


def main() -> None:
    args = _arguments()

    print(harness.describe_machine())
    with harness.BenchDatabase(args.database, keep=args.keep, reuse=args.reuse) as database:
        # Jobs are queued on an in-memory broker that nobody consumes: each run below is the
        # job's own function, called and timed here (not a worker started by the results).
        harness.setup_django(database.url, broker="memory://", result_backend="cache+memory://")
        from django.contrib.auth import get_user_model

        from benchmarks.scenario import ARBITER, build_tournament
        from tournaments.standings.models import BoardScore
        from tournaments.standings.recomputation import Outcome, recompute

        if database.reused:
            built = reused_tournament()
        else:
            built = build_tournament(
                tables=args.tables,
                rounds=args.rounds,
                boards_per_round=args.boards_per_round,
                results=True,
                label="recalcul",
            )
        tournament = built.tournament
        boards = args.rounds * args.boards_per_round
        print(
            f"tournament: {args.tables} tables, {args.rounds} rounds, {boards} boards, "
            f"{built.results} confirmed results, method {tournament.scoring_method}"
            + (" (reused)" if database.reused else f" (built in {built.seconds:.0f} s)")
        )

        report, cold, cold_queries = timed(lambda: recompute(tournament.pk, force=True))
        assert report.outcome is Outcome.WRITTEN, report
        print(
            f"first run (no snapshot yet): {cold:.3f} s, {cold_queries} queries + 1 COPY, "
            f"{report.results_counted} results, {report.rankings_computed} rankings"
        )

        full, full_queries = [], set()
        for _ in range(args.runs):
            report, seconds, queries = timed(lambda: recompute(tournament.pk, force=True))
            assert report.outcome is Outcome.WRITTEN, report
            full.append(seconds)
            full_queries.add(queries)
        assert BoardScore.objects.filter(tournament=tournament).count() == built.results
        print(
            f"full recomputation, {report.results_counted} results, "
            f"{report.rankings_computed} rankings, {args.runs} runs: "
            f"best {min(full):.3f} s, median {harness.median(full):.3f} s, "
            f"worst {max(full):.3f} s; queries {sorted(full_queries)} + 1 COPY; "
            f"{cpu_summary(args.runs)} (load {harness.load_average()})"
        )

        arbiter = get_user_model().objects.get(username=ARBITER)
        _time_changes(args, tournament, arbiter)
        full_peak = traced(lambda: recompute(tournament.pk, force=True))
        change_one_result(tournament, arbiter, 0)
        live_peak = traced(lambda: recompute(tournament.pk))
        print(
            f"peak Python memory (tracemalloc, one untimed run each): full {full_peak:.0f} MiB, "
            f"live change {live_peak:.0f} MiB; process peak resident size "
            f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB "
            f"(building the tournament included)"
        )
        print(
            "targets: one change at 30,000 results under 0.2 s, a full recomputation under 5 s, "
            "writes included"
        )
        if args.profile:
            profile(lambda: recompute(tournament.pk, force=True))
            change_one_result(tournament, arbiter, 1)
            profile(lambda: recompute(tournament.pk))


def _time_changes(args, tournament, arbiter) -> None:
    """Time the job after one corrected result, ``args.runs`` times: in the last round (a live
    change), then in round 1 (the general way)."""
    from tournaments.standings.recomputation import Outcome, recompute

    for first_round, label in (
        (False, "live change in the last round"),
        (True, "correction in round 1"),
    ):
        live, live_queries, computed, rescored = [], set(), set(), set()
        for index in range(args.runs):
            change_one_result(tournament, arbiter, index, first_round=first_round)
            report, seconds, queries = timed(lambda: recompute(tournament.pk))
            assert report.outcome is Outcome.WRITTEN, report
            live.append(seconds)
            live_queries.add(queries)
            computed.add(report.rankings_computed)
            rescored.add(report.boards_rescored)
        print(
            f"{label} (the job after one corrected result), "
            f"{args.runs} runs: best {min(live):.3f} s, median {harness.median(live):.3f} s, "
            f"worst {max(live):.3f} s; queries {sorted(live_queries)} + 1 COPY; "
            f"rankings computed {sorted(computed)}; boards compared again {sorted(rescored)}; "
            f"{cpu_summary(args.runs)} (load {harness.load_average()})"
        )


def reused_tournament():
    """The tournament an earlier run left in the database (``--keep``), as ``build_tournament``
    describes what it built."""
    from benchmarks.scenario import Built
    from tournaments.results.models import Result
    from tournaments.setup.models import Tournament

    tournament = Tournament.objects.filter(slug__startswith="banc-recalcul-").latest("pk")
    confirmed = Result.objects.filter(tournament=tournament, is_current=True).count()
    return Built(tournament, confirmed, 0.0)


def traced(call) -> float:
    """The peak of memory Python allocated during ``call``, in MiB."""
    import tracemalloc

    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def profile(call) -> None:
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(call)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()

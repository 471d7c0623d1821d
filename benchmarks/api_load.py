"""Benchmark: result entry through the REST API under load, and the freshness of the public
ranking under that load.

Creates its own PostgreSQL database (``coinche_bench_api``, dropped at the end), builds a
100-table tournament with generated deals and no result yet, starts the site as deployed —
gunicorn (3 sync workers) on 127.0.0.1, a ``celery worker`` on the standings queue (concurrency 2,
Redis DB 12; the deals' analysis and the documents have workers of their own when deployed), the
page cache on Redis DB 13 — then runs locust headless: 50 clients enter results through
``POST /api/v1/tournaments/<slug>/results/`` with an arbiter's API token, every request a new
(round, table, board) with a record validated against the hands, round after round as a session
produces them. ``--flow table``: table-device tokens instead, each result entered by NS then
confirmed by EW (two requests). The Celery worker recomputes the rankings meanwhile.

Prints requests/s, p50/p95/p99 latency and errors per request kind, and the freshness (time
from a confirmed result to the public ranking counting it) p50/p95, then checks that every
acknowledged result is stored and that the ranking converged.

Run:
    .venv/bin/python -m benchmarks.api_load [--rate 100] [--duration 60] [--users 50]
``--rate`` is the offered load (entries per second for all clients together, paced like
locust's ``constant_throughput``); ``--rate 0`` lets the 50 clients go as fast as they can.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import time

from benchmarks import cpu, harness

RECOMPUTE_LINE = re.compile(r"scores v(\d+), (\d+) results .*?(\d+) rankings computed, (\d+) ms")


def choose_rounds(tables: int, boards_per_round: int, entries: float) -> int:
    """Enough rounds for ``entries`` results, among those a shared-set plan allows."""
    from benchmarks.scenario import shared_mitchell_rows

    wanted = max(1, math.ceil(entries / (tables * boards_per_round)))
    for rounds in range(wanted, tables + 1):
        if tables % rounds:
            continue
        try:
            shared_mitchell_rows(tables, rounds, boards_per_round)
        except ValueError:
            continue
        return rounds
    raise SystemExit(f"no plan of {tables} tables has room for {entries:.0f} results")


def freshness(samples: list, watch: list) -> tuple[list[float], int]:
    """Seconds from each sample's confirmation to the first ranking answer counting it."""
    delays, missing = [], 0
    for t0, counted, _result_id in samples:
        seen = next((end for _start, end, _v, n in watch if end >= t0 and n >= counted), None)
        if seen is None:
            missing += 1
        else:
            delays.append(seen - t0)
    return delays, missing


def recompute_times(log_text: str) -> list[tuple[int, int, int]]:
    """(results, rankings computed, ms) of every run the worker logged."""
    return [
        (int(results), int(rankings), int(ms))
        for _version, results, rankings, ms in RECOMPUTE_LINE.findall(log_text)
    ]


def wait_converged(tournament, timeout: float = 60) -> float | None:
    """Seconds until the latest snapshot counts every counted result and nothing is pending."""
    from tournaments.results.models import Result
    from tournaments.standings import selectors

    began = time.monotonic()
    counted = Result.objects.filter(
        tournament=tournament, is_current=True, status__in=["confirmed", "adjusted"]
    ).count()
    while time.monotonic() - began < timeout:
        ranking = selectors.current_ranking(tournament)
        fresh = selectors.freshness(tournament)
        if ranking is not None and ranking.results_counted == counted and not fresh.pending:
            return time.monotonic() - began
        time.sleep(0.2)
    return None


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument(
        "--rate", type=float, default=100, help="entries/s offered in all (0: no pacing)"
    )
    parser.add_argument("--duration", type=float, default=60, help="seconds of load")
    parser.add_argument("--flow", choices=["arbiter", "table"], default="arbiter")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--boards-per-round", type=int, default=3)
    parser.add_argument("--rounds", type=int, help="default: enough for the whole run")
    parser.add_argument("--web-workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--worker-concurrency", type=int, default=2, help="celery processes")
    parser.add_argument(
        "--without-worker",
        action="store_true",
        help="diagnostic: no celery worker (no recomputation, so no freshness): the cost of "
        "the entries alone",
    )
    parser.add_argument("--sample-every", type=int, default=10, help="freshness sampling")
    parser.add_argument("--poll", type=float, default=0.1, help="ranking poll interval (s)")
    parser.add_argument("--grace", type=float, default=30, help="wait for late samples (s)")
    parser.add_argument("--database", default="coinche_bench_api")
    parser.add_argument("--broker", default=harness.BROKER)
    parser.add_argument("--cache", default=harness.CACHE)
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    return parser.parse_args()


def main() -> None:
    args = _arguments()

    print(harness.describe_machine())
    with harness.BenchDatabase(args.database, keep=args.keep) as database:
        harness.setup_django(database.url)
        from tournaments.results.models import Result
        from tournaments.standings.models import ScoringState

        tournament, arbiter_key, table_keys, slots = _prepare(args)

        harness.flush_redis(args.broker, args.cache)
        env = harness.site_env(database.url, broker=args.broker, cache=args.cache)
        with harness.Services(env, redis_urls=[args.broker, args.cache]) as services:
            plan = services.log_dir / "plan.json"
            plan.write_text(
                json.dumps(
                    _plan(args, tournament, database.url, arbiter_key, table_keys, slots, Result)
                )
            )
            if not args.without_worker:
                services.env = dict(env, LOG_LEVEL="INFO")  # the worker logs each run
                # The standings worker of the documented deployment: the analysis of the deals
                # just generated (minutes of CPU, done hours before a real session) and the
                # documents have workers of their own and are not what is measured here.
                services.celery_worker(args.worker_concurrency, args.broker, queues="standings")
                services.env = env
            port = harness.free_port()
            host = f"http://127.0.0.1:{port}"
            services.gunicorn(port, args.web_workers)
            harness.warm_up(
                [
                    f"{host}/api/v1/tournaments/{tournament.slug}/",
                    f"{host}/api/v1/tournaments/{tournament.slug}/rankings/",
                ],
                times=3 * args.web_workers,
            )
            worker = (
                "no celery worker"
                if args.without_worker
                else f"celery worker (standings queue): concurrency {args.worker_concurrency}, "
                f"broker {args.broker}"
            )
            print(
                f"gunicorn: {args.web_workers} workers on 127.0.0.1:{port}; {worker}; "
                f"{args.users} clients, {'flat out' if not args.rate else f'{args.rate:g}/s'}, "
                f"flow {args.flow}, {args.duration:g} s (load before: {harness.load_average()})"
            )
            outcome = harness.run_locust(
                services,
                "locust-api",
                "locust_api.py",
                host=host,
                users=args.users,
                duration=args.duration,
                env={
                    "BENCH_PLAN": str(plan),
                    "BENCH_RATE": str(args.rate),
                    "BENCH_USERS": str(args.users),
                },
                meter=services.cpu_meter(database.name),
            )
            served = services.access_log()
            load_after = harness.load_average()
            converged = None if args.without_worker else wait_converged(tournament)
            worker_log = ""
            if not args.without_worker:
                worker_log = (services.log_dir / "celery-worker.log").read_text()
            logs = services.log_dir
        report(args, outcome, served, converged, worker_log, load_after, logs)
        stored = Result.objects.filter(
            tournament=tournament, is_current=True, status="confirmed"
        ).count()
        acknowledged = harness.request_stats(outcome["requests"], _confirming_request(args.flow))
        ok = (acknowledged["requests"] - acknowledged["errors"]) if acknowledged else 0
        state = ScoringState.objects.get(tournament=tournament)
        print(
            f"integrity: {ok} confirmations acknowledged, {stored} confirmed results stored; "
            f"{state.version} snapshot versions written"
        )


def _plan(args, tournament, database_url, arbiter_key, table_keys, slots, result_model) -> dict:
    """What the locust clients read (``BENCH_PLAN``): the flow, the keys, the slots to enter and
    how to sample the freshness."""
    return {
        "slug": tournament.slug,
        "tournament_id": tournament.pk,
        "flow": args.flow,
        "arbiter_key": arbiter_key,
        "table_keys": table_keys,
        "slots": slots,
        "database": database_url,
        "result_table": result_model._meta.db_table,
        "sample_every": args.sample_every,
        "poll_seconds": args.poll,
        "grace_seconds": 0 if args.without_worker else args.grace,
    }


def _prepare(args):
    """The tournament, its API keys (the arbiter's, each table's for the table flow) and the
    result slots to enter, with the teams' codes for the table flow."""
    from django.contrib.auth import get_user_model

    from benchmarks.scenario import ORGANIZER, build_tournament, entry_slots
    from tournaments.api.services import create_token

    expected = (args.rate or 250) * args.duration * 1.1
    rounds = args.rounds or choose_rounds(args.tables, args.boards_per_round, expected)
    built = build_tournament(
        tables=args.tables,
        rounds=rounds,
        boards_per_round=args.boards_per_round,
        results=False,
        label="api",
    )
    tournament = built.tournament
    organizer = get_user_model().objects.get(username=ORGANIZER)
    _token, arbiter_key = create_token(
        tournament=tournament, by=organizer, name="Script de saisie", scope="arbiter"
    )
    table_keys = {}
    if args.flow == "table":
        for table in tournament.tables.all():
            _token, table_keys[str(table.number)] = create_token(
                tournament=tournament, by=organizer, name=f"Table {table.number}", scope="table",
                table=table,
            )  # fmt: skip
    slots = entry_slots(tournament)
    if args.flow == "table":
        # A table device acts as the team whose code it gives (its route card): NS enters,
        # EW confirms.
        from tournaments.setup.models import TableAssignment

        codes = {
            (round_number, table): (ns_code, ew_code)
            for round_number, table, ns_code, ew_code in TableAssignment.objects.filter(
                round__tournament=tournament
            ).values_list("round__number", "table__number", "ns_team__code", "ew_team__code")
        }
        for slot in slots:
            slot["ns_code"], slot["ew_code"] = codes[(slot["round"], slot["table"])]
    print(
        f"tournament: {args.tables} tables, {rounds} rounds, "
        f"{rounds * args.boards_per_round} boards, {len(slots)} results to enter, "
        f"method {tournament.scoring_method} (built in {built.seconds:.0f} s)"
    )
    return tournament, arbiter_key, table_keys, slots


def _confirming_request(flow: str) -> str:
    return "POST results/" if flow == "arbiter" else "POST results/{id}/confirm/"


def report(args, outcome, served, converged, worker_log, load_after, logs) -> None:
    rows = outcome["requests"]
    print(f"results (load after: {load_after}; logs in {logs}):")
    for name in sorted({row[0] for row in rows}):
        stats = harness.request_stats(rows, name)
        print("  " + harness.describe_stats(name, stats))
        for example in stats["error_examples"]:
            print(f"      e.g. {example}")
        path_end = "/confirm/" if "confirm" in name else "/results/"
        print("    " + harness.describe_server_times(served, "POST", path_end))
    confirming = harness.request_stats(rows, _confirming_request(args.flow))
    if outcome.get("cpu") and confirming:
        print("  " + cpu.describe_cpu(outcome["cpu"], confirming["requests"], "entry"))
    if outcome.get("slots_exhausted"):
        print("  (every slot of the tournament was entered before the end of the run)")
    delays, missing = freshness(outcome["samples"], outcome["watch"])
    polls = outcome["watch"]
    poll_times = [end - start for start, end, _v, _n in polls]
    poll_p50, poll_p95 = harness.percentile(poll_times, 0.5), harness.percentile(poll_times, 0.95)
    p50, p95 = harness.percentile(delays, 0.5), harness.percentile(delays, 0.95)
    print(
        f"  freshness (confirmed -> public ranking counts it), {len(delays)} samples: "
        f"p50 {p50:.2f} s, p95 {p95:.2f} s, "
        f"max {max(delays, default=math.nan):.2f} s; not seen within the grace period: {missing}; "
        f"ranking polled {len(polls)} times (every {args.poll:g} s, or as soon as the previous "
        f"answer came: answers took {1000 * poll_p50:.0f} ms p50, {1000 * poll_p95:.0f} ms p95; "
        f"{outcome['watch_errors']} poll errors)"
    )
    runs = recompute_times(worker_log)
    if runs:
        ms = [run[2] for run in runs]
        print(
            f"  worker: {len(runs)} recomputations, {harness.median(ms):.0f} ms median, "
            f"{max(ms)} ms max (the last on {runs[-1][0]} results, "
            f"{runs[-1][1]} rankings computed)"
        )
    if args.without_worker:
        print("  (no celery worker: the freshness above is meaningless)")
    elif converged is None:
        print("  the ranking did NOT converge within 60 s after the load")
    else:
        print(f"  the ranking counted every result {converged:.1f} s after the load")


if __name__ == "__main__":
    main()

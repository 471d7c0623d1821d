"""Benchmark: the public ranking page under concurrent load.

Creates its own PostgreSQL database (``coinche_bench_page``, dropped at the end), builds the
100-table, 30-board tournament with its 3,000 confirmed results and computed rankings, starts
gunicorn (3 sync workers) on 127.0.0.1 with the page cache on Redis DB 13 as deployed, then runs
locust headless: 50 anonymous players request the ranking page (``/tournois/<slug>/classement/``)
for 30 s, then the fragment an open page fetches every 10 s to refresh itself
(``.../classement/actualiser/``). Prints requests/s, p50/p95/p99 latency and errors of each,
and where the CPU went.

Run:
    .venv/bin/python -m benchmarks.ranking_page [--rate 300] [--duration 30] [--users 50]
``--rate`` is the offered load (requests per second for all players together, paced like
locust's ``constant_throughput``); ``--rate 0`` lets the 50 players go as fast as they can
(the throughput ceiling; latency is then queueing: 50 requests always in flight).
"""

from __future__ import annotations

import argparse

from benchmarks import cpu, harness

PAGES = {
    "page": ("classement/", "GET ranking page"),
    "fragment": ("classement/actualiser/", "GET ranking fragment"),
    "revalidate": ("classement/", "GET ranking page, If-None-Match (304)"),
}


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument(
        "--rate", type=float, default=300, help="requests/s offered in all (0: no pacing)"
    )
    parser.add_argument("--duration", type=float, default=30, help="seconds per page")
    parser.add_argument(
        "--pages",
        default="page,fragment,revalidate",
        help="which of page,fragment,revalidate to load (in order)",
    )
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--boards-per-round", type=int, default=3)
    parser.add_argument("--web-workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--database", default="coinche_bench_page")
    parser.add_argument("--broker", default=harness.BROKER)
    parser.add_argument(
        "--cache", default=harness.CACHE, help="page cache (empty: each worker's own memory)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args()
    unknown = set(page_names(args)) - set(PAGES)
    if unknown:
        parser.error(f"unknown pages: {', '.join(sorted(unknown))}")
    return args


def page_names(args: argparse.Namespace) -> list[str]:
    return [page.strip() for page in args.pages.split(",") if page.strip()]


def main() -> None:
    args = _arguments()
    pages = page_names(args)

    print(harness.describe_machine())
    with harness.BenchDatabase(args.database, keep=args.keep) as database:
        harness.setup_django(database.url)
        from benchmarks.scenario import build_tournament
        from tournaments.standings import selectors

        built = build_tournament(
            tables=args.tables,
            rounds=args.rounds,
            boards_per_round=args.boards_per_round,
            results=True,
            label="classement",
        )
        tournament = built.tournament
        # The results' recomputation ran in this process after their commit (no broker here).
        ranking = selectors.current_ranking(tournament)
        assert ranking is not None and ranking.results_counted == built.results, ranking
        print(
            f"tournament: {args.tables} tables, {args.rounds * args.boards_per_round} boards, "
            f"{built.results} results, {len(ranking.entries)} teams ranked "
            f"(built in {built.seconds:.0f} s)"
        )

        harness.flush_redis(*(url for url in (args.broker, args.cache) if url))
        env = harness.site_env(database.url, broker=args.broker, cache=args.cache)
        with harness.Services(env, redis_urls=[args.broker, args.cache]) as services:
            port = harness.free_port()
            host = f"http://127.0.0.1:{port}"
            services.gunicorn(port, args.web_workers)
            base = f"/tournois/{tournament.slug}/"
            harness.warm_up(
                [f"{host}{base}{PAGES[page][0]}" for page in pages], times=3 * args.web_workers
            )
            pace = "flat out" if not args.rate else f"{args.rate:g} req/s offered"
            print(
                f"gunicorn: {args.web_workers} workers on 127.0.0.1:{port}, page cache "
                f"{args.cache or 'per-process memory'}; {args.users} players, {pace}, "
                f"{args.duration:g} s per page"
            )
            for page in pages:
                path, name = PAGES[page]
                load_before = harness.load_average()
                served_before = len(services.access_log())
                outcome = harness.run_locust(
                    services,
                    f"locust-{page}",
                    "locust_pages.py",
                    host=host,
                    users=args.users,
                    duration=args.duration,
                    env={
                        "BENCH_PATH": f"{base}{path}",
                        "BENCH_NAME": name,
                        "BENCH_RATE": str(args.rate),
                        "BENCH_USERS": str(args.users),
                        "BENCH_CONDITIONAL": "1" if page == "revalidate" else "0",
                    },
                    meter=services.cpu_meter(database.name),
                )
                stats = harness.request_stats(outcome["requests"], name)
                print(
                    f"  {harness.describe_stats(name, stats)} "
                    f"(load before {load_before}, after {harness.load_average()})"
                )
                for example in stats["error_examples"]:
                    print(f"      e.g. {example}")
                served = services.access_log()[served_before:]
                print("    " + harness.describe_server_times(served, "GET", path))
                print("    " + cpu.describe_cpu(outcome["cpu"], stats["requests"], "request"))
            print(f"logs in {services.log_dir}")
        print("target: at least 300 requests/s, p95 under 100 ms")


if __name__ == "__main__":
    main()

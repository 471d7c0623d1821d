"""Benchmark: how fresh the room display is — seconds between a result being stored and its
appearing in the display's ranking, in a real browser.

Creates its own PostgreSQL database (``coinche_bench_room``, dropped at the end), builds a
running 12-table Mitchell (24 teams, its deals generated) with round 1 started and no result
yet, starts gunicorn and a Celery worker (the ranking is recomputed by the worker, as deployed),
opens the room display (``/tournois/<slug>/salle/``) in Debian's Chromium through Playwright,
then stores round 1's results one by one through the results service, as the arbiter's sheet or
a table's phone does. For each, the time from the service's commit to the display showing one
more counted result (its ``data-results-counted``, read every 20 ms) without a reload. Prints
p50/p95/max.

Run:
    .venv/bin/python -m benchmarks.room_display_freshness [--results 20] [--gap 1.0]
``--gap``: seconds between two results (after the previous one appeared), drawn at random
between ``gap`` and twice that: a fixed gap would lock the results to the display's polling
phase and measure the same delay every time.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import time

from benchmarks import harness

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
TARGET_P95 = 2.0


def counted(page) -> int:
    return page.evaluate(
        "() => Number((document.querySelector('[data-results-counted]') || {dataset: {}})"
        ".dataset.resultsCounted || 0)"
    )


def _arguments() -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    """The parser (its errors end the run later too) and the arguments."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=20)
    parser.add_argument("--gap", type=float, default=1.0, help="seconds between two results")
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds to wait for one")
    parser.add_argument("--database", default="coinche_bench_room")
    parser.add_argument("--broker", default=harness.BROKER)
    parser.add_argument("--cache", default=harness.CACHE)
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    return parser, parser.parse_args()


def main() -> None:
    parser, args = _arguments()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        parser.error("this benchmark needs Debian's Chromium: apt-get install chromium")

    # Playwright's sync API runs an event loop in this thread, which also stores the results.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    print(harness.describe_machine())
    with harness.BenchDatabase(args.database, keep=args.keep) as database:
        # Through the real broker: the results stored here are ranked by the worker.
        harness.setup_django(database.url, broker=args.broker)
        from django.utils import timezone
        from playwright.sync_api import sync_playwright

        from benchmarks.scenario import build_tournament
        from tests.support.results import contract
        from tournaments.results import services
        from tournaments.setup.models import Round, TableAssignment

        built = build_tournament(
            tables=args.tables, rounds=3, boards_per_round=3, results=False, label="salle"
        )
        tournament = built.tournament
        Round.objects.filter(tournament=tournament).update(started_at=None)
        Round.objects.filter(tournament=tournament, number=1).update(started_at=timezone.now())
        arbiter = tournament.arbiters.get()
        slots = [
            (row, board)
            for row in TableAssignment.objects.filter(round__tournament=tournament, round__number=1)
            .select_related("round__tournament", "table")
            .order_by("table__number")
            for board in row.boards
        ]
        if args.results > len(slots):
            parser.error(f"round 1 has {len(slots)} boards: ask for at most that many results")
        print(
            f"tournament: {args.tables} tables, {2 * args.tables} teams, round 1 started "
            f"(built in {built.seconds:.0f} s)"
        )

        harness.flush_redis(args.broker, args.cache)
        env = harness.site_env(database.url, broker=args.broker, cache=args.cache)
        with harness.Services(env, redis_urls=[args.broker, args.cache]) as services_:
            port = harness.free_port()
            host = f"http://127.0.0.1:{port}"
            services_.gunicorn(port, 2)
            services_.celery_worker(1, args.broker)
            url = f"{host}/tournois/{tournament.slug}/salle/"
            harness.warm_up([url], times=4)
            delays: list[float] = []
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium, headless=True, args=CHROMIUM_ARGS
                )
                page = browser.new_page(viewport={"width": 1920, "height": 1080})
                page.goto(url)
                page.evaluate("() => { window.__sameDocument = true; }")
                rng = random.Random(7)  # noqa: S311 - pacing, not secrets
                for number, (row, board) in enumerate(slots[: args.results], start=1):
                    services.record_result(
                        assignment=row,
                        board_number=board,
                        data=contract(points=82 + number),
                        by=arbiter,
                    )
                    stored = time.monotonic()
                    while counted(page) < number:
                        if time.monotonic() - stored > args.timeout:
                            raise SystemExit(f"result {number} not shown after {args.timeout} s")
                        page.wait_for_timeout(20)
                    delays.append(time.monotonic() - stored)
                    page.wait_for_timeout(rng.uniform(args.gap, 2 * args.gap) * 1000)
                reloaded = not page.evaluate("() => window.__sameDocument === true")
                browser.close()
            print(f"logs in {services_.log_dir}")

    p50 = harness.percentile(delays, 0.5)
    p95 = harness.percentile(delays, 0.95)
    print(
        f"room display freshness over {len(delays)} results: p50 {p50:.2f} s, "
        f"p95 {p95:.2f} s, max {max(delays):.2f} s (page reloaded: {'yes' if reloaded else 'no'})"
    )
    print(f"target: p95 under {TARGET_P95:g} s, no reload")


if __name__ == "__main__":
    main()

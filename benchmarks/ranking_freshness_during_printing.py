"""Benchmark: how fresh the ranking stays while the organizer's 30-table packet is being printed —
seconds from a result stored to the ranking recomputed with it, with a standings worker of its
own and with one worker shared by every queue.

Creates its own PostgreSQL database (``coinche_bench_queues``, dropped at the end), builds the
30-table, 5-round, 30-board tournament of ``benchmarks.pdf_packet`` (900 confirmed results, its
scores computed), then, for each setup in turn:

- ``separate`` (docker-compose.yml): ``celery worker -Q standings --concurrency 1`` and
  ``celery worker -Q documents,analysis --concurrency 2``;
- ``shared``: one ``celery worker -Q standings,documents,analysis`` with as many processes in
  all (``--concurrency 3``).

In each: a few corrections with nothing else to do (the baseline), then the whole packet asked
for as « Générer tout le dossier » does (``printing.services.request_packet``, forced), and,
as soon as its first job runs and until it is built or ``--entries`` corrections were made, an
arbiter's correction of a random result through ``results.services.record_result`` every
0.5-1.5 s. The freshness of a correction is the time from the service's return (its
transaction committed) to the run that includes it folding its row of the journal of changes
(``ScoreChange``: the snapshot written includes it), polled every
10 ms. It includes the recomputation's coalescing delay (0.5 s).

Run:
    .venv/bin/python -m benchmarks.ranking_freshness_during_printing [--entries 30]
        [--setups separate,shared] [--broker redis://127.0.0.1:6379/12]
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from dataclasses import dataclass, field

from benchmarks import harness

TARGET_P95 = 2.0
SETUPS = {
    "separate": [("standings", "standings", 1), ("documents", "documents,analysis", 2)],
    "shared": [("shared", "standings,documents,analysis", 3)],
}
"""Per setup: (name, -Q queues, --concurrency) of each worker."""


@dataclass
class Run:
    setup: str
    idle: list[float] = field(default_factory=list)
    printing: list[float] = field(default_factory=list)
    after_packet: int = 0
    packet_seconds: float | None = None
    load_before: str = ""
    load_after: str = ""
    cpu: str = ""


def _correct_one(tournament, arbiter, rng: random.Random):
    """An arbiter's correction of a random result; returns its row of the journal of changes."""
    from tests.support.results import contract
    from tournaments.results import services
    from tournaments.results.models import Result
    from tournaments.standings.models import ScoreChange

    current = (
        Result.objects.filter(tournament=tournament, is_current=True)
        .select_related("assignment__round__tournament", "assignment__table")
        .order_by("?")
        .first()
    )
    services.record_result(
        assignment=current.assignment,
        board_number=current.board_number,
        data=contract(bid=80, points=rng.randrange(82, 152)),
        by=arbiter,
        replace_version=current.version,
    )
    return ScoreChange.objects.filter(tournament=tournament).latest("id").pk


def _wait_covered(tournament, change: int, started: float, timeout: float) -> float:
    from tournaments.standings.models import ScoreChange

    while True:
        if not ScoreChange.objects.filter(pk=change).exists():
            return time.monotonic() - started
        if time.monotonic() - started > timeout:
            raise SystemExit(f"a correction was not ranked after {timeout:.0f} s")
        time.sleep(0.01)


def _measure(tournament, arbiter, rng: random.Random, timeout: float) -> float:
    change = _correct_one(tournament, arbiter, rng)
    return _wait_covered(tournament, change, time.monotonic(), timeout)


def _packet_pending(documents: list[int]) -> int:
    from tournaments.printing.models import Document

    return (
        Document.objects.filter(pk__in=documents)
        .filter(status__in=[Document.Status.QUEUED, Document.Status.RUNNING])
        .count()
    )


def run_setup(setup: str, tournament, arbiter, args, database: str, env: dict) -> Run:
    from tournaments.printing import services as printing
    from tournaments.printing.models import Document

    run = Run(setup)
    rng = random.Random(f"{setup}-17")  # noqa: S311 - pacing and records, not secrets
    harness.flush_redis(args.broker)
    with harness.Services(env, redis_urls=[args.broker]) as services:
        for name, queues, concurrency in SETUPS[setup]:
            services.celery_worker(concurrency, args.broker, queues=queues, name=name)
        for _ in range(args.idle):
            run.idle.append(_measure(tournament, arbiter, rng, args.timeout))
            time.sleep(rng.uniform(0.5, 1.5))

        run.load_before = harness.load_average()
        meter = services.cpu_meter(database)
        meter.begin()
        began = time.monotonic()
        packet = [
            document.pk for document in printing.request_packet(tournament=tournament, force=True)
        ]
        while not Document.objects.filter(pk__in=packet, status=Document.Status.RUNNING).exists():
            if time.monotonic() - began > args.timeout:
                raise SystemExit("the packet did not start")
            time.sleep(0.05)
        while len(run.printing) < args.entries and _packet_pending(packet):
            run.printing.append(_measure(tournament, arbiter, rng, args.timeout))
            if not _packet_pending(packet):
                run.after_packet += 1  # the packet ended meanwhile: not a sample "during"
                run.printing.pop()
                break
            time.sleep(rng.uniform(0.5, 1.5))
        while _packet_pending(packet):
            if time.monotonic() - began > 600:
                raise SystemExit("the packet took more than 10 minutes")
            time.sleep(0.2)
        run.packet_seconds = time.monotonic() - began
        run.load_after = harness.load_average()
        run.cpu = _describe_cpu(meter.end())
        failed = Document.objects.filter(pk__in=packet, status=Document.Status.FAILED)
        if failed.exists():
            raise SystemExit(f"documents failed: {list(failed.values_list('kind', 'error'))}")
        print(f"  logs in {services.log_dir}")
    return run


def _describe_cpu(usage: dict) -> str:
    """CPU seconds used while the packet was printed, per worker, by PostgreSQL and by the rest
    of the machine (other people's work included)."""
    ours = sum(usage["groups"].values())
    parts = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in usage["groups"].items())
    others = max(0.0, usage["machine"] - ours)
    return (
        f"CPU over {usage['wall']:.0f} s ({len(os.sched_getaffinity(0)) * usage['wall']:.0f} "
        f"core-seconds available): {parts}; everything else on the machine {others:.1f} s"
    )


def describe(values: list[float]) -> str:
    if not values:
        return "no sample"
    return (
        f"{len(values)} samples: p50 {harness.percentile(values, 0.5):.2f} s, "
        f"p95 {harness.percentile(values, 0.95):.2f} s, max {max(values):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=30, help="corrections during printing")
    parser.add_argument("--idle", type=int, default=5, help="corrections before the packet")
    parser.add_argument("--setups", default="separate,shared")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for one")
    parser.add_argument("--database", default="coinche_bench_queues")
    parser.add_argument("--broker", default=harness.BROKER)
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args()
    setups = [name.strip() for name in args.setups.split(",") if name.strip()]
    unknown = set(setups) - set(SETUPS)
    if unknown:
        parser.error(f"unknown setups {sorted(unknown)}: choose among {sorted(SETUPS)}")

    print(harness.describe_machine())
    media = tempfile.mkdtemp(prefix="coinche-bench-media-")
    os.environ["MEDIA_ROOT"] = media
    with harness.BenchDatabase(args.database, keep=args.keep) as database:
        # Through the real broker: the corrections and the packet are handed to the workers.
        harness.setup_django(database.url, broker=args.broker)
        from benchmarks.pdf_packet import build_tournament

        began = time.perf_counter()
        tournament, results = build_tournament(args.tables, 5, 30)
        arbiter = tournament.arbiters.get()
        print(
            f"tournament: {args.tables} tables, 5 rounds, 30 boards, {results} results "
            f"(built in {time.perf_counter() - began:.0f} s)"
        )
        env = dict(harness.site_env(database.url, broker=args.broker), MEDIA_ROOT=media)
        runs = []
        for setup in setups:
            workers = " + ".join(
                f"-Q {queues} --concurrency {concurrency}"
                for _name, queues, concurrency in SETUPS[setup]
            )
            print(f"{setup}: {workers}")
            run = run_setup(setup, tournament, arbiter, args, database.name, env)
            runs.append(run)
            print(f"  before the packet: {describe(run.idle)}")
            print(f"  while the packet is printed: {describe(run.printing)}")
            print(
                f"  packet built in {run.packet_seconds:.1f} s; "
                f"load average {run.load_before} -> {run.load_after}"
            )
            print(f"  {run.cpu}")

    print(f"target: p95 under {TARGET_P95:g} s while the packet is printed")
    for run in runs:
        p95 = harness.percentile(run.printing, 0.95) if run.printing else float("nan")
        print(f"  {run.setup:<9} p95 {p95:.2f} s: {'met' if p95 < TARGET_P95 else 'missed'}")


if __name__ == "__main__":
    main()

"""Benchmark: the organizer's PDF packet of a large tournament, made by the printing jobs.

Builds a 30-table, 5-round, 30-board tournament in the database (``benchmarks.scenario``: 60
teams, 6 boards a round, each set shared by 6 tables, generated deals, a confirmed result at
every table, scores computed), then
makes the whole packet (table cards, score sheets, travellers, hand records, ranking, team
scorecards) through the Celery job's code, and prints the time and the peak memory (RSS) of the
process that made it.

Run (PostgreSQL as in production; the tournament is deleted afterwards unless --keep):
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/coinche \
        .venv/bin/python -m benchmarks.pdf_packet
Through a real Celery worker on a Redis broker (as deployed: two processes):
    ... -m benchmarks.pdf_packet --worker redis://127.0.0.1:6379/9 --concurrency 2
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent


def _setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def build_tournament(tables: int, rounds: int, boards: int):
    """The benchmark tournament (``benchmarks.scenario``: shared-set Mitchell, generated deals,
    a confirmed result at every table) with its scores and rankings computed."""
    from tournaments.standings.recomputation import recompute

    from .scenario import build_tournament as build

    built = build(
        tables=tables, rounds=rounds, boards_per_round=boards // rounds, results=True, label="pdf"
    )
    recompute(built.tournament.pk, force=True)
    return built.tournament, built.results


def drop_tournament(tournament) -> None:
    """Delete the benchmark tournament (teams and players are protected: delete them first)."""
    from tournaments.setup.models import Player, TableAssignment, Team

    TableAssignment.objects.filter(round__tournament=tournament).delete()
    Team.objects.filter(tournament=tournament).delete()
    Player.objects.filter(tournament=tournament).delete()
    tournament.delete()


def _report(tournament) -> list[dict]:
    from tournaments.printing.models import Document

    rows = []
    for document in Document.objects.filter(tournament=tournament).order_by("started_at"):
        seconds = None
        if document.started_at and document.finished_at:
            seconds = (document.finished_at - document.started_at).total_seconds()
        rows.append(
            {
                "kind": document.kind,
                "scope": document.scope,
                "status": document.status,
                "pages": document.pages,
                "bytes": document.file_size,
                "seconds": seconds,
                "error": document.error,
            }
        )
    return rows


def run_packet_here(slug: str) -> None:
    """In a fresh process, as a worker would: every job of the packet, one after the other."""
    os.environ["CELERY_BROKER_URL"] = ""  # the jobs run in this process (eager)
    _setup()
    from tournaments.printing import services
    from tournaments.setup.models import Tournament

    tournament = Tournament.objects.get(slug=slug)
    started, cpu_started = time.perf_counter(), time.process_time()
    services.request_packet(tournament=tournament, force=True)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": elapsed, "cpu_seconds": cpu, "peak_rss_mib": peak_kib / 1024}))


def run_packet_inline(tournament) -> dict:
    output = subprocess.run(  # noqa: S603 - fixed arguments
        [sys.executable, "-m", "benchmarks.pdf_packet", "--run-packet", tournament.slug],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def _peak_rss_mib(pid: int) -> float:
    """Peak RSS (VmHWM) of a process, in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_packet_worker(tournament, broker: str, concurrency: int) -> dict:
    """Through a real ``celery worker`` on ``broker``: queue the packet, wait for every file."""
    from config.celery import app
    from tournaments.printing import services
    from tournaments.printing.models import Document

    env = dict(os.environ, CELERY_BROKER_URL=broker, DB_CONN_MAX_AGE="0")
    worker = subprocess.Popen(  # noqa: S603 - fixed arguments
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--loglevel=WARNING",
            f"--concurrency={concurrency}",
            "--pool=prefork",
            "--without-gossip",
            "--without-mingle",
            "-n",
            f"bench-{os.getpid()}@localhost",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(timeout=1.0):
            if time.monotonic() > deadline or worker.poll() is not None:
                raise SystemExit("the celery worker did not start")
        children = [
            int(pid)
            for pid in Path(f"/proc/{worker.pid}/task/{worker.pid}/children").read_text().split()
        ]
        processes = [worker.pid, *children]
        cpu_before = sum(_cpu_seconds(pid) for pid in processes)
        started = time.perf_counter()
        requested = services.request_packet(tournament=tournament, force=True)
        pending = {document.pk for document in requested}
        while pending:
            time.sleep(0.2)
            done = Document.objects.filter(pk__in=pending).exclude(
                status__in=[Document.Status.QUEUED, Document.Status.RUNNING]
            )
            pending -= set(done.values_list("pk", flat=True))
        elapsed = time.perf_counter() - started
        cpu = sum(_cpu_seconds(pid) for pid in processes) - cpu_before
        peaks = [_peak_rss_mib(pid) for pid in processes]
        return {
            "seconds": elapsed,
            "cpu_seconds": cpu,
            "peak_rss_mib": max(peaks),
            "total_peak_rss_mib": sum(peaks),
        }
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--worker", metavar="BROKER_URL", help="run through a real Celery worker")
    parser.add_argument("--concurrency", type=int, default=1, help="worker processes (--worker)")
    parser.add_argument("--keep", action="store_true", help="keep the tournament afterwards")
    parser.add_argument("--run-packet", metavar="SLUG", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run_packet:
        run_packet_here(args.run_packet)
        return
    if args.worker:
        # This process then publishes the jobs like a web process does.
        os.environ["CELERY_BROKER_URL"] = args.worker
    _setup()
    began = time.perf_counter()
    tournament, results = build_tournament(args.tables, args.rounds, args.boards)
    print(
        f"tournament {tournament.slug}: {args.tables} tables, {args.rounds} rounds, "
        f"{args.boards} boards, {results} results ({time.perf_counter() - began:.1f} s to build)"
    )
    try:
        if args.worker:
            outcome = run_packet_worker(tournament, args.worker, args.concurrency)
            where = f"celery worker (concurrency {args.concurrency})"
        else:
            outcome = run_packet_inline(tournament)
            where = "one process running the jobs one after the other"
        pages = 0
        for row in _report(tournament):
            pages += row["pages"]
            seconds = f"{row['seconds']:.1f} s" if row["seconds"] is not None else "-"
            print(
                f"  {row['kind']:<13} {row['scope']:<7} {row['status']:<7} "
                f"{row['pages']:>4} pages {row['bytes'] / 1024:>7.0f} KiB {seconds:>8}"
                + (f"  {row['error']}" if row["error"] else "")
            )
        memory = f"peak RSS {outcome['peak_rss_mib']:.0f} MiB"
        if "total_peak_rss_mib" in outcome:
            memory += f" per process, {outcome['total_peak_rss_mib']:.0f} MiB for the worker"
        print(
            f"packet: {pages} pages in {outcome['seconds']:.1f} s "
            f"({outcome['cpu_seconds']:.1f} s of CPU), {memory} ({where}); "
            f"load average {os.getloadavg()[0]:.1f}"
        )
    finally:
        if not args.keep:
            drop_tournament(tournament)


if __name__ == "__main__":
    main()

"""Benchmark: a simultaneous event at full scale on the site — a club's upload rescored across
the field and the national ranking page fresh.

Creates its own PostgreSQL database (``coinche_bench_event``, dropped at the end), an event of
``--boards`` boards and ``--clubs`` clubs playing offline, and gives each club a signed upload
of ``--tables`` tables (each board played once at each table: ``tables × boards`` results a
club; 300 × 15 × 24 = 108,000 results by default) through ``events.services.accept_upload``,
the path of a laptop club's file or the API. Then times, with every club in:

- the recomputation of the national figures with nothing kept
  (``events.services.recompute_event``, what the Celery job runs, as a worker process's first
  run for the event: every club read);
- one more club's upload (a late club: validated line by line against the rules, scored,
  stored; its job not queued, so that no other run overlaps the timed one);
- the recomputation after it, the field kept (only the changed club read, the field ranked);
- the ranking page, first rendered (its tables into the cache) and then from the cache;
- with ``--workers N`` (2 by default), N Celery workers on the ``standings`` queue (one process
  each) and uploads sent one after the other through the real path, its job published at
  once: each upload's time until the stored figures count it, the workers' CPU meanwhile, and
  which worker ran the job, reading how many clubs (from the job's log line).

Wall seconds, with this process's CPU seconds and the load average: the machine is shared, so
they are read as orders of magnitude (docs/performance.md, docs/deployment.md). ``--keep``
leaves the database for a later ``--reuse`` (its last club is then the late one).

Run:
    .venv/bin/python -m benchmarks.event_field [--clubs 300] [--tables 15] [--boards 24]
        [--workers 2] [--runs N] [--keep | --reuse] [--broker redis://127.0.0.1:6379/12]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import time
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

from benchmarks import harness
from benchmarks.cpu import TICKS, process_ticks


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=300)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--database", default="coinche_bench_event")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--reuse", action="store_true", help="use the database kept by an earlier --keep run"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help="Celery worker processes the job then runs in (0: none)",
    )
    parser.add_argument("--runs", type=int, default=0, help="uploads sent to them (workers + 2)")
    parser.add_argument("--broker", default=harness.BROKER, help="the workers' Redis broker")
    return parser.parse_args()


def _record(rng: random.Random) -> dict:
    made = rng.random() < 0.7
    return {
        "passed": False,
        "contract": {
            "bid": rng.choice((80, 90, 100, 110)),
            "strain": rng.choice("SHDC"),
            "taker": rng.choice("NESW"),
            "coinche": 0,
        },
        "taker_points": rng.choice((110, 120, 130, 140)) if made else rng.choice((40, 60, 70)),
        "capot": None,
        "belote": [],
        "annonces": [],
    }


def _upload(event, entry, tables: int, rng: random.Random) -> str:
    from tournaments.events import signing

    lines = [
        {
            "board": board,
            "round": board,
            "table": table,
            "ns_team": table,
            "ew_team": tables + table,
            "record": _record(rng),
        }
        for board in range(1, event.board_count + 1)
        for table in range(1, tables + 1)
    ]
    payload = {
        "kind": signing.UPLOAD_KIND,
        "format": signing.FORMAT,
        "event": event.slug,
        "club": entry.club.slug,
        "commitment": event.commitment,
        "teams": {str(number): f"Équipe {number}" for number in range(1, 2 * tables + 1)},
        "lines": lines,
    }
    return json.dumps(signing.sign(payload, entry.key))


def _existing(args: argparse.Namespace):
    """The event of a database kept by an earlier run (``--reuse``): its last club is the
    late one, given a new upload."""
    from tournaments.events.models import Event, EventClub

    event = Event.objects.get()
    late = EventClub.objects.filter(event=event).order_by("pk").last()
    rng = random.Random(time.time_ns())  # noqa: S311 - benchmark data
    print(f"database reused: {EventClub.objects.filter(event=event).count()} clubs")
    return event, late, _upload(event, late, args.tables, rng)


def _build(args: argparse.Namespace):
    from datetime import timedelta

    from django.test.utils import override_settings
    from django.utils import timezone

    from tournaments.accounts.services import ensure_user
    from tournaments.clubs.models import Club
    from tournaments.events.models import EventClub, EventUpload
    from tournaments.events.services import create_event, open_event
    from tournaments.events.services.uploads import validated

    organizer = ensure_user(
        username="federation-bench", password="bench-password-42", role="organizer"
    )
    now = timezone.now()
    event = create_event(
        by=organizer,
        name="Simultané national",
        date=timezone.localdate(),
        board_count=args.boards,
        deadline=now + timedelta(days=1),
        corrections_until=now + timedelta(days=2),
    )
    event = open_event(event=event, by=organizer)
    rng = random.Random(2026)  # noqa: S311 - benchmark data
    entries = []
    for number in range(1, args.clubs + 2):
        club = Club.objects.create(slug=f"club-{number}", name=f"Club {number}")
        entries.append(
            EventClub.objects.create(
                event=event,
                club=club,
                session_starts_at=now,
                region=f"Région {number % 12}",
                laptop=True,
                answer=EventClub.Answer.ACCEPTED,
            )
        )
    started = time.perf_counter()
    with override_settings(EVENTS_IN_PROCESS="0"):
        for entry in entries[:-1]:
            document = json.loads(_upload(event, entry, args.tables, rng))
            teams, lines = validated(event=event, payload=document["payload"])
            EventUpload.objects.create(entry=entry, digest=str(entry.pk), teams=teams, lines=lines)
    print(f"{args.clubs} clubs loaded in {time.perf_counter() - started:.1f} s")
    return event, entries[-1], _upload(event, entries[-1], args.tables, rng)


@contextmanager
def _timed(label: str, results: dict):
    """Wall and CPU seconds of the block (this process's CPU: the database's is apart), and
    the load average when it ended, put in ``results[label]``."""
    wall, cpu = time.perf_counter(), time.process_time()
    yield
    results[label] = (time.perf_counter() - wall, time.process_time() - cpu)
    print(
        f"{label}: {results[label][0]:.2f} s (CPU {results[label][1]:.2f} s), "
        f"load {harness.load_average()}"
    )


def _in_process(args, event, late, upload) -> None:
    """The job run here: from nothing kept, then after the late club's upload (the field kept);
    the upload only marks the figures stale (its job not queued: it is what is timed next)."""
    from tournaments.events.selectors import ranking_of
    from tournaments.events.services import accept_upload, recompute_event

    times: dict = {}
    first = "national figures, nothing kept (a fresh process's first run)"
    later = "national figures after it, the field kept (a later run)"
    with _timed(first, times):
        recompute_event(event_id=event.pk)
    print(f"  {ranking_of(event).results} results")
    unqueued = mock.patch("tournaments.events.services.ranking.enqueue_event_ranking")
    with unqueued, _timed("late club's upload accepted", times):
        _stored, changed = accept_upload(event=event, data=upload)
    assert changed
    with _timed(later, times):
        recompute_event(event_id=event.pk)
    print(f"  {ranking_of(event).results} results")
    accepted = times["late club's upload accepted"][0]
    print(f"upload to fresh figures, the field kept: {accepted + times[later][0]:.2f} s")
    print(f"upload to fresh figures, nothing kept: {accepted + times[first][0]:.2f} s")


def _ranking_page(event) -> None:
    from django.test import Client
    from django.urls import reverse

    client = Client(HTTP_HOST="localhost")
    url = reverse("events:ranking", args=[event.slug])
    for label in ("ranking page, first (rendered)", "ranking page, from the cache"):
        started = time.perf_counter()
        answer = client.get(url)
        assert answer.status_code == 200
        print(f"{label}: {time.perf_counter() - started:.3f} s, {len(answer.content)} bytes")


_FIGURES = re.compile(r"event \S+: figures v(\d+) \((\d+) results, (\d+) clubs read")


def _upload_until_fresh(args, event, entry, rng: random.Random) -> int:
    """A new upload of ``entry`` accepted (its job published at once), then the figures
    awaited until a run counted it: their version."""
    from django.test.utils import override_settings

    from tournaments.events.models import EventRanking
    from tournaments.events.services import accept_upload

    before = EventRanking.objects.get(event=event).version
    with override_settings(EVENTS_COALESCE_SECONDS=0):
        _stored, changed = accept_upload(event=event, data=_upload(event, entry, args.tables, rng))
    assert changed
    while True:
        ranking = EventRanking.objects.get(event=event)
        if ranking.version > before and ranking.stale_since is None:
            return ranking.version
        time.sleep(0.02)


def _ticks(pids: list[int]) -> int:
    """The CPU ticks the processes have used so far."""
    return sum(info[1] for pid in pids if (info := process_ticks(pid)) is not None)


def _ran_by(log_dir: Path, names: list[str], version: int) -> str:
    """Which worker's log says it made the figures' ``version``, and how many clubs it read
    (the line is written just after the commit: waited for a moment)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        for name in names:
            for found in _FIGURES.finditer((log_dir / f"{name}.log").read_text()):
                if int(found[1]) == version:
                    return f"{name} ({found[3]} clubs read)"
        time.sleep(0.05)
    return "?"


def _with_workers(args, database_url: str, event, entries) -> None:
    """Uploads sent one after the other, each through the real path (``accept_upload``, its
    job published to the broker, no coalescing wait), run by one of ``--workers`` Celery
    workers on the ``standings`` queue (one process each, as on as many machines; the broker
    gives a job to the worker that has waited longest): each upload's time to fresh figures,
    and which worker ran the job, reading how many clubs (every one: nothing kept yet)."""
    from config.celery import app

    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=args.broker,
        LOG_LEVEL="INFO",
        ANALYSIS_IN_PROCESS="0",
    )
    env.pop("CACHE_URL", None)
    harness.flush_redis(args.broker)
    rng = random.Random(time.time_ns())  # noqa: S311 - benchmark data (new uploads)
    with harness.Services(env, redis_urls=[args.broker]) as services:
        names = [f"worker-{number}" for number in range(1, args.workers + 1)]
        for name in names:
            services.celery_worker(1, args.broker, queues="standings", name=name)
        app.conf.broker_url = args.broker
        app.conf.task_always_eager = False
        print(f"{args.workers} workers (celery -Q standings --concurrency 1 each)")
        for run in range(args.runs or args.workers + 2):
            entry = entries[run % len(entries)]
            pids = [pid for name in names for pid in services.pids(name)]
            ticks = _ticks(pids)
            started = time.perf_counter()
            version = _upload_until_fresh(args, event, entry, rng)
            elapsed = time.perf_counter() - started
            cpu = (_ticks(pids) - ticks) / TICKS
            ran_by = _ran_by(services.log_dir, names, version)
            print(
                f"upload {run + 1} ({entry.club.slug}) to fresh figures: {elapsed:.2f} s "
                f"(the workers' CPU {cpu:.2f} s), run by {ran_by}, load {harness.load_average()}"
            )
        for name in names:
            for pid in services.pids(name):
                status = Path(f"/proc/{pid}/status").read_text().splitlines()
                rss = next(row for row in status if row.startswith("VmRSS"))
                print(f"  {name}, process {pid}: {' '.join(rss.split()[1:])}")
        app.conf.task_always_eager = True


def main() -> None:
    args = _arguments()
    with harness.BenchDatabase(args.database, keep=args.keep, reuse=args.reuse) as database:
        harness.setup_django(database.url)
        print(harness.describe_machine())
        event, late, upload = _existing(args) if database.reused else _build(args)
        _in_process(args, event, late, upload)
        _ranking_page(event)
        if args.workers:
            from tournaments.events.models import EventClub

            entries = list(EventClub.objects.filter(event=event).order_by("pk"))
            _with_workers(args, database.url, event, entries)
        print(f"load average at the end: {harness.load_average()}")


if __name__ == "__main__":
    main()

"""Plumbing shared by the site benchmarks: a PostgreSQL database of their own, the machine's
description, percentiles, and the site's processes (gunicorn, a celery worker, locust), bound to
127.0.0.1 and always stopped at the end. Their CPU is counted by ``benchmarks/cpu.py``.

Import it before Django is set up: ``setup_django`` chooses the database and the broker.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import platform
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from benchmarks.cpu import CpuMeter, descendants

ROOT = Path(__file__).resolve().parent.parent
POSTGRES = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")
"""The PostgreSQL server (no database name); each benchmark creates and drops its database."""
BROKER = "redis://127.0.0.1:6379/12"
CACHE = "redis://127.0.0.1:6379/13"


# --- The machine --------------------------------------------------------------------------


def machine() -> dict:
    """What the numbers were measured on: cores, memory, CPU model, Python, load average."""
    model = "unknown"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    memory_kib = 0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            memory_kib = int(line.split()[1])
    return {
        "nproc": len(os.sched_getaffinity(0)),
        "memory_gib": round(memory_kib / 1024 / 1024, 1),
        "cpu": model,
        "python": platform.python_version(),
        "load": os.getloadavg(),
    }


def describe_machine() -> str:
    info = machine()
    load = " ".join(f"{value:.2f}" for value in info["load"])
    return (
        f"machine: {info['nproc']} cores ({info['cpu']}), {info['memory_gib']} GiB, "
        f"Python {info['python']}; load average {load}"
    )


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


# --- Statistics ---------------------------------------------------------------------------


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile (0.95 for p95), interpolated between the nearest ranks."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def median(values: Sequence[float]) -> float:
    return percentile(values, 0.5)


def request_stats(rows: Sequence, name: str) -> dict | None:
    """Throughput and latency of one kind of request, from the rows a locustfile recorded:
    (name, start, response time in ms, success, error)."""
    mine = [row for row in rows if row[0] == name]
    if not mine:
        return None
    times = [row[2] for row in mine]
    first = min(row[1] for row in mine)
    last = max(row[1] + row[2] / 1000 for row in mine)
    errors = [row[4] for row in mine if not row[3]]
    return {
        "requests": len(mine),
        "seconds": last - first,
        "rps": len(mine) / (last - first) if last > first else math.nan,
        "p50": percentile(times, 0.50),
        "p95": percentile(times, 0.95),
        "p99": percentile(times, 0.99),
        "max": max(times),
        "errors": len(errors),
        "error_examples": sorted(set(errors))[:3],
    }


def describe_server_times(rows: Sequence[tuple], method: str, path_end: str) -> str:
    """Percentiles of the time requests spent in a gunicorn worker (from its access log): the
    rest of the latency the clients saw is waiting for a free worker (and the network)."""
    times = [ms for m, path, _status, ms in rows if m == method and path.endswith(path_end)]
    if not times:
        return "no request in gunicorn's access log"
    return (
        f"time in a gunicorn worker: p50 {percentile(times, 0.5):.0f} ms, "
        f"p95 {percentile(times, 0.95):.0f} ms (the rest is waiting for a free worker)"
    )


def describe_stats(name: str, stats: dict) -> str:
    return (
        f"{name:<28} {stats['requests']:>6} requests in {stats['seconds']:.1f} s = "
        f"{stats['rps']:.1f} req/s; latency p50 {stats['p50']:.0f} ms, p95 {stats['p95']:.0f} ms, "
        f"p99 {stats['p99']:.0f} ms, max {stats['max']:.0f} ms; errors {stats['errors']}"
    )


# --- The database -------------------------------------------------------------------------


def postgres_backends(database: str) -> list[int]:
    """The server processes serving connections to ``database`` (same machine)."""
    import psycopg

    with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as connection:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", (database,)
        ).fetchall()
    return [row[0] for row in rows]


class BenchDatabase:
    """A PostgreSQL database created for one benchmark and dropped at the end (unless kept)."""

    def __init__(self, name: str, server: str = POSTGRES, keep: bool = False, reuse: bool = False):
        if not name.startswith("coinche_bench"):
            raise ValueError("benchmark databases are named coinche_bench*: never drop another")
        self.name = name
        self.server = server.rstrip("/")
        self.keep = keep or reuse
        self.reuse = reuse
        self.reused = False

    @property
    def url(self) -> str:
        return f"{self.server}/{self.name}"

    def _admin(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(f"{self.server}/postgres", autocommit=True) as connection:
            connection.execute(statement)

    def exists(self) -> bool:
        import psycopg

        with psycopg.connect(f"{self.server}/postgres", autocommit=True) as connection:
            found = connection.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [self.name]
            ).fetchone()
        return found is not None

    def create(self) -> None:
        if self.reuse and self.exists():
            self.reused = True  # kept by an earlier run with --keep: used as it is
            return
        self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        self._admin(f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        if "django" in sys.modules:
            from django.db import connections

            connections.close_all()
        if self.keep:
            print(f"database kept: {self.url}")
            return
        self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def __enter__(self) -> BenchDatabase:
        self.create()
        return self

    def __exit__(self, *exc_info) -> None:
        self.drop()


ANALYSIS_OFF = "0"
"""``ANALYSIS_IN_PROCESS`` for the benchmarks' processes, unless set: no analysis in-process."""


def setup_django(database_url: str, *, broker: str = "", result_backend: str = "") -> None:
    """Set Django up on ``database_url`` and migrate it. Without ``broker`` the Celery tasks
    this process triggers run in-process (eager), as on a club laptop."""
    os.environ["DATABASE_URL"] = database_url
    os.environ["CELERY_BROKER_URL"] = broker
    if result_backend:
        os.environ["CELERY_RESULT_BACKEND"] = result_backend
    else:
        os.environ.pop("CELERY_RESULT_BACKEND", None)
    os.environ.pop("CACHE_URL", None)  # this process's cache is its own (locmem)
    # Without a broker the deals' analysis would run in a thread of this process (minutes of
    # CPU for a tournament just built, beside what is measured): the benchmark of the
    # analysis itself is benchmarks.double_dummy.
    os.environ.setdefault("ANALYSIS_IN_PROCESS", ANALYSIS_OFF)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def flush_redis(*urls: str) -> None:
    """Empty the benchmark's own Redis databases (12 and 13): stale queues, cached pages."""
    import redis

    for url in urls:
        client = redis.Redis.from_url(url)
        client.flushdb()
        client.close()


# --- Processes ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Services:
    """The processes a benchmark starts: each in its own process group, stopped (SIGTERM, then
    SIGKILL after a grace period) when the block ends, whatever happened; then the benchmark's
    Redis databases (``redis_urls``) are emptied."""

    def __init__(
        self, env: dict[str, str], log_dir: Path | None = None, redis_urls: Sequence[str] = ()
    ):
        self.env = env
        self.redis_urls = [url for url in redis_urls if url]
        self.log_dir = log_dir or Path(tempfile.mkdtemp(prefix="coinche-bench-"))
        self.processes: list[tuple[str, subprocess.Popen]] = []

    def pids(self, name: str) -> list[int]:
        """The processes of one service, children and all."""
        return descendants([process.pid for label, process in self.processes if label == name])

    def cpu_meter(self, database: str) -> CpuMeter:
        """A meter of the site's processes, locust and the database's server processes."""
        groups = {
            label: (lambda label=label: self.pids(label)) for label, _process in self.processes
        }
        groups["postgres"] = lambda: postgres_backends(database)
        return CpuMeter(groups)

    def start(self, name: str, command: list[str]) -> subprocess.Popen:
        log = open(self.log_dir / f"{name}.log", "w")  # noqa: SIM115 - closed with the process
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        process.log = log
        self.processes.append((name, process))
        return process

    def gunicorn(self, port: int, workers: int) -> subprocess.Popen:
        process = self.start(
            "gunicorn",
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "--log-level",
                "warning",
                # Time spent in the worker per request (µs), to tell processing from queueing.
                "--access-logfile",
                str(self.log_dir / "gunicorn-access.log"),
                "--access-logformat",
                "%(m)s %(U)s %(s)s %(D)s",
            ],
        )
        wait_http(f"http://127.0.0.1:{port}/", process)
        return process

    def access_log(self) -> list[tuple[str, str, str, float]]:
        """(method, path, status, milliseconds spent in a gunicorn worker) of every request so
        far, from gunicorn's access log."""
        path = self.log_dir / "gunicorn-access.log"
        if not path.exists():
            return []
        rows = []
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[3].isdigit():
                rows.append((parts[0], parts[1], parts[2], int(parts[3]) / 1000))
        return rows

    def celery_worker(
        self,
        concurrency: int,
        broker: str,
        *,
        queues: str | None = None,
        name: str = "celery-worker",
    ) -> subprocess.Popen:
        """A ``celery worker`` (prefork, ``concurrency`` processes) on every queue, or on
        ``queues`` (as ``-Q standings``); ``name`` tells two workers apart (logs, CPU)."""
        hostname = f"{name}-{os.getpid()}@localhost"
        process = self.start(
            name,
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--loglevel=INFO",
                f"--concurrency={concurrency}",
                "--pool=prefork",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                *(["-Q", queues] if queues else []),
                "-n",
                hostname,
            ],
        )
        from config.celery import app

        app.conf.broker_url = broker
        try:
            deadline = time.monotonic() + 60
            while not app.control.ping(destination=[hostname], timeout=1.0):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the celery worker did not start: see {self.log_dir}")
        finally:
            # Closed, and forgotten so that the next use (another worker's start) opens a new one.
            from tests.support.celery import forget_celery_connections

            forget_celery_connections(app)
        return process

    def stop(self) -> None:
        for _name, process in reversed(self.processes):
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)
        for _name, process in reversed(self.processes):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            process.log.close()
        self.processes.clear()
        flush_redis(*self.redis_urls)

    def __enter__(self) -> Services:
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()


def wait_http(url: str, process: subprocess.Popen, timeout: float = 60) -> None:
    """Wait until ``url`` answers (any HTTP status) or the process dies."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[2:4]} exited with status {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2).close()  # noqa: S310 - 127.0.0.1 only
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout:.0f} s")


def warm_up(urls: Sequence[str], times: int) -> None:
    """Fetch each URL a few times so that every web worker has loaded its code and connected
    to the database before the measurement starts."""
    for _ in range(times):
        for url in urls:
            with contextlib.suppress(urllib.error.HTTPError):
                urllib.request.urlopen(url, timeout=30).read()  # noqa: S310 - 127.0.0.1 only


def run_locust(
    services: Services,
    name: str,
    locustfile: str,
    *,
    host: str,
    users: int,
    duration: float,
    env: dict[str, str],
    meter: CpuMeter | None = None,
) -> dict:
    """Run locust headless (no web interface) for ``duration`` seconds; return what the
    locustfile wrote to ``BENCH_OUTPUT`` (its own exact latencies, not locust's rounded ones),
    with the CPU ``meter``'s reading of the run under ``cpu``."""
    output = services.log_dir / f"{name}.json"
    process_env = dict(services.env, **env, BENCH_OUTPUT=str(output))
    command = [
        sys.executable,
        "-m",
        "locust",
        "-f",
        str(ROOT / "benchmarks" / locustfile),
        "--headless",
        "--users",
        str(users),
        "--spawn-rate",
        str(users),
        "--run-time",
        f"{math.ceil(duration)}s",
        "--host",
        host,
        "--only-summary",
        "--stop-timeout",
        "10",
        "--loglevel",
        "WARNING",
    ]
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(services.log_dir / f"{name}.log", "w") as log:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=process_env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        if meter is not None:
            meter.begin()
        try:
            # The run time, the stop timeout and the freshness samples' grace period.
            process.wait(timeout=duration + 120)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            raise RuntimeError(f"locust did not finish: see {log.name}") from None
    usage = meter.end() if meter is not None else None
    if usage is not None:
        # locust has exited and been waited for: its CPU time is now this process's children's.
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        usage["groups"]["locust"] = (
            children.ru_utime
            + children.ru_stime
            - children_before.ru_utime
            - children_before.ru_stime
        )
    if not output.exists():
        raise RuntimeError(f"locust wrote no results: see {services.log_dir / name}.log")
    return dict(json.loads(output.read_text()), cpu=usage)


def site_env(database_url: str, *, broker: str = "", cache: str = "") -> dict[str, str]:
    """The environment of the site's processes (gunicorn, worker): production settings
    (DEBUG off) on the benchmark's database, broker and cache."""
    env = dict(os.environ)
    for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CACHE_URL", "DEBUG"):
        env.pop(name, None)
    env.update(DATABASE_URL=database_url, LOG_LEVEL="WARNING", PYTHONUNBUFFERED="1")
    env.setdefault("ANALYSIS_IN_PROCESS", ANALYSIS_OFF)  # as in setup_django
    if broker:
        env["CELERY_BROKER_URL"] = broker
    if cache:
        env["CACHE_URL"] = cache
    return env

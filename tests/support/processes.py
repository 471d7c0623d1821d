"""Real processes the fault tests (and the standings' worker test) start, break and restart: a
redis-server, Celery workers and beat, a throwaway PostgreSQL cluster, a gunicorn server.

Each belongs to the test that starts it and listens on its own port: the shared Redis (6379) and
PostgreSQL (5432) that other test runs use are never stopped. Logs go to files, so that a test can
read what a process did (and so that a full pipe never blocks it).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.paths import ROOT

REDIS_PORTS = range(6391, 6400)
POSTGRES_PORTS = range(5440, 5450)


def _postgres_bin() -> Path:
    """Debian's PostgreSQL binaries (the newest installed version), or POSTGRES_BIN."""
    if os.environ.get("POSTGRES_BIN"):
        return Path(os.environ["POSTGRES_BIN"])
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"), key=lambda path: int(path.parent.name)
    )
    return versions[-1] if versions else Path("/usr/lib/postgresql/15/bin")


POSTGRES_BIN = _postgres_bin()


def wait_for(condition: Callable[[], object], timeout: float, message: str, interval=0.1):
    """Poll ``condition`` until it returns something true; fail the test after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"{message} (after {timeout} s)")
        time.sleep(interval)


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


def any_free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def xdist_worker() -> tuple[int, int]:
    """This test process's place among pytest-xdist's workers: (index, count); (0, 1) alone."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    return (int(name[2:]) if name.startswith("gw") else 0), count


def free_port(ports: range) -> int:
    """The first free port of ``ports`` among this worker's share (every ``count``-th one from
    its index): two xdist workers never pick the same port at the same moment."""
    index, count = xdist_worker()
    for port in ports[index::count]:
        if port_is_free(port):
            return port
    raise RuntimeError(f"no free port in {ports.start}-{ports.stop - 1}")


def stop_process(process: subprocess.Popen | None, timeout: float = 20) -> None:
    """SIGTERM, then SIGKILL if it does not exit in time; reaps it either way."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# --- Redis -----------------------------------------------------------------------------------


class RedisServer:
    """A redis-server of the test's own, keeping nothing on disk, killed and restarted at will
    on the same port (what a crashed or restarted broker looks like to its clients)."""

    def __init__(self, directory: Path, port: int | None = None):
        self.directory = directory
        self.port = port or free_port(REDIS_PORTS)
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(  # noqa: S603 - fixed arguments
            [
                shutil.which("redis-server") or "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.directory),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(
            lambda: self.process.poll() is not None or self.answers(),
            10,
            f"redis-server did not start on port {self.port}",
        )
        # Not someone else's server on a port taken meanwhile: ours must be the one answering.
        if self.process.poll() is not None:
            raise RuntimeError(f"redis-server could not listen on port {self.port}")

    def kill(self) -> None:
        """SIGKILL: the broker vanishes with its queue, as in a crash."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None
        wait_for(lambda: not self.answers(), 10, "redis-server did not stop")

    def stop(self) -> None:
        stop_process(self.process)
        self.process = None

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False


# --- Celery ----------------------------------------------------------------------------------


def process_env(database_url: str, **extra: str) -> dict[str, str]:
    """The environment of a site process (worker, beat, server) on the given database."""
    env = dict(os.environ)
    env.update(DATABASE_URL=database_url, DB_CONN_MAX_AGE="0")
    env.update(extra)
    for name in ("CACHE_URL", "CELERY_BROKER_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        if name not in extra:
            env.pop(name, None)
    return env


class CeleryProcess:
    """``celery -A config worker`` (prefork, ``concurrency`` pool processes, every queue unless
    ``queues`` names some, as ``-Q standings``) or ``celery -A config beat``."""

    def __init__(
        self,
        kind: str,
        broker_url: str,
        database_url: str,
        directory: Path,
        name: str,
        *,
        queues: str | None = None,
        concurrency: int = 1,
    ):
        self.kind = kind
        self.queues = queues
        self.concurrency = concurrency
        self.broker_url = broker_url
        self.database_url = database_url
        self.name = name
        self.hostname = f"{name}-{os.getpid()}-{time.monotonic_ns()}@localhost"
        self.log_path = directory / f"{name}.log"
        self.directory = directory
        self.process: subprocess.Popen | None = None

    def _arguments(self) -> list[str]:
        base = [sys.executable, "-m", "celery", "-A", "config", self.kind, "--loglevel=INFO"]
        if self.kind == "beat":
            # Its schedule file goes with the test's files, not into the repository.
            return [*base, "--schedule", str(self.directory / f"{self.name}-schedule")]
        queues = ["-Q", self.queues] if self.queues else []
        return [
            *base,
            f"--concurrency={self.concurrency}",
            "--pool=prefork",
            "--without-gossip",
            "--without-mingle",
            *queues,
            "-n",
            self.hostname,
        ]

    def start(self) -> CeleryProcess:
        env = process_env(self.database_url, CELERY_BROKER_URL=self.broker_url)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(  # noqa: S603 - fixed arguments
                self._arguments(),
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        started = "ready." if self.kind == "worker" else "beat: Starting..."
        wait_for(
            lambda: self.exited() or started in self.log(),
            60,
            f"celery {self.kind} {self.name} did not start",
        )
        if self.exited():
            raise RuntimeError(f"celery {self.kind} {self.name} exited:\n{self.log()}")
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def exited(self) -> bool:
        return self.process is None or self.process.poll() is not None

    def pool_pids(self) -> list[int]:
        """The pool processes that run the jobs (children of the worker's main process)."""
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return [int(child) for child in children]

    def kill(self) -> None:
        """SIGKILL to the worker and its pool: a job it is running stops at once (a warm
        shutdown would wait for it), its message stays unacknowledged on the broker."""
        if not self.exited():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.exited():
            return
        stop_process(self.process)
        # Pool processes left behind by a killed main process.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)


# --- PostgreSQL --------------------------------------------------------------------------------


class PostgresCluster:
    """A throwaway PostgreSQL cluster (Debian's binaries) under /tmp on its own port, stopped
    and started at will. Runs as the ``postgres`` user when we are root (initdb refuses root)."""

    def __init__(self, directory: Path, port: int | None = None):
        self.directory = directory
        self.data = directory / "data"
        self.socket_dir = directory / "socket"
        self.log_path = directory / "postgresql.log"
        self.port = port or free_port(POSTGRES_PORTS)

    def _run(self, *arguments: str, check: bool = True) -> subprocess.CompletedProcess:
        command = [str(POSTGRES_BIN / arguments[0]), *arguments[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(  # noqa: S603 - fixed arguments
            command, check=check, capture_output=True, text=True, timeout=120
        )

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def create(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.socket_dir.mkdir(exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.directory, "postgres", "postgres")
            shutil.chown(self.socket_dir, "postgres", "postgres")
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
        )

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.socket_dir} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c max_connections=60"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.log_path), "-w", "start"
        )

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def createdb(self, name: str) -> None:
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)

    def destroy(self) -> None:
        self.stop(mode="immediate")
        shutil.rmtree(self.directory, ignore_errors=True)


# --- A web server -------------------------------------------------------------------------------


class WebServer:
    """gunicorn serving the site, as in production (several workers, persistent connections)."""

    def __init__(self, directory: Path, env: dict[str, str], workers: int = 2):
        self.port = any_free_port()
        self.env = env
        self.workers = workers
        self.log_path = directory / "gunicorn.log"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(  # noqa: S603 - fixed arguments
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "config.wsgi",
                    "--bind",
                    f"127.0.0.1:{self.port}",
                    "--workers",
                    str(self.workers),
                    "--threads",
                    "4",
                    "--timeout",
                    "60",
                ],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        wait_for(
            lambda: self.process.poll() is not None or not port_is_free(self.port),
            30,
            "gunicorn did not start",
        )
        if self.process.poll() is not None:
            raise RuntimeError("gunicorn exited:\n" + self.log_path.read_text())

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        stop_process(self.process)

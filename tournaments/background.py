"""Long jobs without a broker (``bin/run`` on a club's laptop): a thread of the process each.

With jobs in-process (no ``CELERY_BROKER_URL``), the double-dummy analysis of a tournament's
boards would hold the organizer's request for a minute, and « Générer tout le dossier » for
15 to 25 s. ``submit`` hands such work instead to a daemon thread of the web process, started
at the first need: it works through its queue one item at a time, in the order asked, with its
own database connection, and never raises into a request. Work already waiting under the same
key is not queued twice. There is one queue per kind of work (``analysis``, ``documents``,
``robots``), so that the packet never waits behind an analysis.

The work held by a thread is lost when the process stops: the analysis catches up at the first
request of the next process (``deals.analysis.on_request_started``, ``catch_up_once``); a
document left queued shows « Interrompu » once its job is presumed lost (printing's
``selectors.job_is_alive``). This module knows nothing of the work: it is handed the functions
to run (docs/architecture.md, "Jobs").
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Hashable

from django.db import DatabaseError, close_old_connections, connections

logger = logging.getLogger(__name__)

CATCH_UP = "catch-up"


class BackgroundJobs:
    """A queue of work and the one thread that works through it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._queue: queue.Queue = queue.Queue()
        self._waiting: set[Hashable] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._caught_up = False
        # Pauses before each new attempt after a database error (seconds).
        self.retry_delays: tuple[float, ...] = (1, 2, 4, 8, 15, 30)

    def submit(self, key: Hashable, function: Callable[..., object], *args: object) -> None:
        """Run ``function(*args)`` in the thread, unless work of the same key is waiting."""
        with self._lock:
            if key in self._waiting:
                return
            self._waiting.add(key)
            self._queue.put((key, function, args))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()

    def catch_up_once(self, function: Callable[[], object]) -> None:
        """Submit ``function`` (the catch-up) the first time this is called in the process."""
        with self._lock:
            if self._caught_up:
                return
            self._caught_up = True
        self.submit(CATCH_UP, function)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until everything queued is done (for tests and commands); False on timeout."""
        done = threading.Event()

        def joined() -> None:
            self._queue.join()
            done.set()

        threading.Thread(target=joined, daemon=True).start()
        return done.wait(timeout)

    def _run(self) -> None:
        while True:
            key, function, args = self._queue.get()
            with self._lock:
                self._waiting.discard(key)
            try:
                self._attempt(key, function, args)
            finally:
                self._queue.task_done()

    def _attempt(self, key: Hashable, function: Callable[..., object], args: tuple) -> None:
        """Run the work, again after a pause on a database error (SQLite « database is
        locked » while the request threads write: the work is idempotent)."""
        for attempt, delay in enumerate((*self.retry_delays, None)):
            try:
                close_old_connections()
                function(*args)
                return
            except DatabaseError:
                if delay is None:
                    logger.exception("background %s %s failed", self.name, key)
                    return
                logger.warning(
                    "background %s %s: database error, attempt %s", self.name, key, attempt
                )
                time.sleep(delay)
            except Exception:
                logger.exception("background %s %s failed", self.name, key)
                return
            finally:
                connections.close_all()


analysis = BackgroundJobs("board-analysis")
"""The boards' double-dummy analysis (``deals.analysis``)."""

documents = BackgroundJobs("documents")
"""The printed documents (``printing.services``)."""

robots = BackgroundJobs("robots")
"""The robots' turns of the games played online (``play.services``)."""

events = BackgroundJobs("event-rankings")
"""The national figures of the simultaneous events (``events.services.ranking``)."""

"""The analysis without a broker (``bin/run`` on a club's laptop): one thread of the process.

With jobs in-process (no ``CELERY_BROKER_URL``), the analysis of a tournament's boards would
hold the organizer's request for a minute. ``submit`` hands it instead to a single daemon
thread of the web process, started at the first need: it analyses one tournament at a time,
in the order asked, with its own database connection, and never raises into a request. A
tournament already waiting is not queued twice; ``analyse_boards`` skips the boards already
analysed from their present hands, so asking again costs a query.

The jobs held by the thread are lost when the process stops: ``request_started`` queues, once
per process, a catch-up of every tournament with boards lacking a current analysis
(``analysis.on_request_started``), so the first page served after a start (the demo
tournament of ``bin/run`` included) sets it going. This module knows nothing of the analysis:
it is handed the functions to run.
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


class BackgroundAnalysis:
    """A queue of work (analyses, catch-ups) and the one thread that works through it."""

    def __init__(self) -> None:
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
                self._thread = threading.Thread(
                    target=self._run, name="board-analysis", daemon=True
                )
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
                    logger.exception("background analysis %s failed", key)
                    return
                logger.warning("background analysis %s: database error, attempt %s", key, attempt)
                time.sleep(delay)
            except Exception:
                logger.exception("background analysis %s failed", key)
                return
            finally:
                connections.close_all()


background = BackgroundAnalysis()

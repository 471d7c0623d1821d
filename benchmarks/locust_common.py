"""What the benchmark locustfiles share: their settings from the environment (set by the
driver scripts), pacing, and an exact record of every request written to ``BENCH_OUTPUT``.

Locust's own percentiles are rounded (two significant digits); the benchmarks report
percentiles of the exact response times recorded here. No Django in the locust process.
"""

from __future__ import annotations

import json
import os
import random
import time

import gevent
from locust import constant, events

RATE = float(os.environ.get("BENCH_RATE", "0"))
"""Requests (or entries) per second offered by all users together; 0: as fast as they can."""
USERS = int(os.environ.get("BENCH_USERS", "50"))


def paced():
    """A user's wait time: RATE / USERS tasks a second per user, or no wait at all.

    Like locust's ``constant_throughput`` (a slow answer shortens the next wait), but counted
    from the start of the user's last task (``task_started``), not from the user's creation:
    the random start offset of ``spread_start`` is kept, so the users never fire together."""
    if RATE <= 0:
        return constant(0)
    interval = USERS / RATE

    def wait_time(user) -> float:
        started = getattr(user, "bench_task_started", None)
        if started is None:
            return interval
        return max(0.0, interval - (time.monotonic() - started))

    return wait_time


def task_started(user) -> None:
    """Call first thing in a paced task."""
    user.bench_task_started = time.monotonic()


def spread_start() -> None:
    """Start a paced user at a random point of its interval, so that the users do not fire
    together."""
    if RATE > 0:
        gevent.sleep(random.uniform(0, USERS / RATE))


class Recorder:
    """Every request: name, start (monotonic), response time in ms, success."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, float, float, bool, str]] = []
        self.extra: dict = {}
        events.request.add_listener(self.on_request)

    def on_request(self, request_type, name, response_time, exception=None, **kwargs) -> None:
        ended = time.monotonic()
        error = ""
        if exception is not None:
            error = str(exception)[:200]
        self.rows.append((name, ended - response_time / 1000, response_time, not error, error))

    def write(self) -> None:
        path = os.environ.get("BENCH_OUTPUT")
        if not path:
            return
        with open(path, "w") as output:
            json.dump({"requests": self.rows, **self.extra}, output)

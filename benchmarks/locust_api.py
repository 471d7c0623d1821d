"""Locustfile of ``benchmarks/api_load.py`` (started by it, not by hand): clients entering
results through the REST API, each request a new (round, table, board), and a watcher that
measures how long a confirmed result takes to show in the public ranking.

Freshness: every BENCH sample_every-th confirmed result, the number C of counted results in
the database is read right after the confirmation's answer (time t0). Results are only added
during the run, so a ranking that counts at least C results was computed after that result
was committed: the watcher polls the public rankings endpoint (``results_counted``) every
``poll_seconds`` and the freshness is the time from t0 to the first answer counting C or more
(a slight overestimate: up to one poll interval, and the few milliseconds of the count).
"""

from __future__ import annotations

import itertools
import json
import os
import time
from pathlib import Path

import gevent
import psycopg
import requests
from locust import FastHttpUser, events, task
from locust.exception import StopUser

from benchmarks.locust_common import Recorder, paced, spread_start, task_started

PLAN = json.loads(Path(os.environ["BENCH_PLAN"]).read_text())
SLUG = PLAN["slug"]
RESULTS = f"/api/v1/tournaments/{SLUG}/results/"
SLOTS = iter(PLAN["slots"])
COUNT_SQL = (
    f"SELECT count(*) FROM {PLAN['result_table']} "  # noqa: S608 - table name from Django
    "WHERE tournament_id = %s AND is_current AND status IN ('confirmed', 'adjusted')"
)

recorder = Recorder()
confirmed = itertools.count(1)
samples: list[tuple[float, int, int]] = []  # (t0, counted results C, result id)
watch: list[tuple[float, float, int, int]] = []  # (asked, answered, version, results_counted)
state = {"stopping": False, "stopped": False, "watch_errors": 0, "slots_exhausted": False}
database = {}


def count_counted() -> int:
    connection = database.get("connection")
    if connection is None:
        connection = database["connection"] = psycopg.connect(PLAN["database"], autocommit=True)
    return connection.execute(COUNT_SQL, (PLAN["tournament_id"],)).fetchone()[0]


def watcher(host: str) -> None:
    session = requests.Session()
    url = f"{host}/api/v1/tournaments/{SLUG}/rankings/"
    while not state["stopping"]:
        began = time.monotonic()
        try:
            data = session.get(url, timeout=10).json()
            watch.append((began, time.monotonic(), data["version"], data["results_counted"]))
        except (requests.RequestException, ValueError, KeyError):
            state["watch_errors"] += 1
        gevent.sleep(max(0.0, PLAN["poll_seconds"] - (time.monotonic() - began)))


@events.test_start.add_listener
def on_test_start(environment, **kwargs) -> None:
    recorder.extra["started"] = time.monotonic()
    gevent.spawn(watcher, environment.host)


@events.test_stop.add_listener
def on_test_stop(environment, **kwargs) -> None:
    if state["stopped"]:
        return
    state["stopped"] = True
    recorder.extra["load_ended"] = time.monotonic()
    # Let the last samples reach the ranking (the load has stopped; the worker finishes).
    target = max((counted for _t0, counted, _id in samples), default=0)
    deadline = time.monotonic() + PLAN["grace_seconds"]
    while time.monotonic() < deadline and (not watch or watch[-1][3] < target):
        gevent.sleep(0.1)
    state["stopping"] = True
    recorder.extra.update(
        samples=samples,
        watch=watch,
        watch_errors=state["watch_errors"],
        slots_exhausted=state["slots_exhausted"],
    )
    recorder.write()


def on_confirmed(result_id: int) -> None:
    if next(confirmed) % PLAN["sample_every"]:
        return
    t0 = time.monotonic()
    samples.append((t0, count_counted(), result_id))


class ResultEntry(FastHttpUser):
    """A results script or a table device, entering one board after another."""

    wait_time = paced()

    def on_start(self) -> None:
        spread_start()

    @task
    def enter(self) -> None:
        task_started(self)
        slot = next(SLOTS, None)
        if slot is None:
            if not state["slots_exhausted"]:
                state["slots_exhausted"] = True
                gevent.spawn(self.environment.runner.quit)
            raise StopUser()
        body = {key: slot[key] for key in ("round", "table", "board", "record")}
        if PLAN["flow"] == "arbiter":
            result_id = self._post(RESULTS, body, PLAN["arbiter_key"], 201, "POST results/")
        else:
            key = PLAN["table_keys"][str(slot["table"])]
            entered = self._post(
                RESULTS, {**body, "side": "NS", "code": slot["ns_code"]}, key, 201, "POST results/"
            )
            if entered is None:
                return
            result_id = self._post(
                f"{RESULTS}{entered}/confirm/",
                {"side": "EW", "code": slot["ew_code"]},
                key,
                200,
                "POST results/{id}/confirm/",
            )
        if result_id is not None:
            on_confirmed(result_id)

    def _post(self, path: str, body: dict, key: str, expected: int, name: str) -> int | None:
        headers = {"Authorization": f"Bearer {key}"}
        with self.client.post(
            path, json=body, headers=headers, name=name, catch_response=True
        ) as response:
            if response.status_code != expected:
                response.failure(f"{response.status_code} {(response.text or '')[:200]}")
                return None
            return response.json()["id"]

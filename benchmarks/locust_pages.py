"""Locustfile of ``benchmarks/ranking_page.py`` (started by it, not by hand): players reading a
public page of the site (the ranking page, or the fragment an open page fetches to refresh
itself), anonymously, over and over."""

from __future__ import annotations

import os

from locust import FastHttpUser, events, task

from benchmarks.locust_common import Recorder, paced, spread_start, task_started

PATH = os.environ["BENCH_PATH"]
NAME = os.environ.get("BENCH_NAME", PATH)

recorder = Recorder()


@events.test_stop.add_listener
def on_test_stop(environment, **kwargs) -> None:
    recorder.write()


class Player(FastHttpUser):
    """A player's browser (no session: the public pages need none)."""

    wait_time = paced()

    def on_start(self) -> None:
        spread_start()

    @task
    def read(self) -> None:
        task_started(self)
        with self.client.get(PATH, name=NAME, catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"{response.status_code}")
            elif b"</table>" not in (response.content or b""):
                response.failure("no ranking table in the answer")

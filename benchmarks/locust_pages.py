"""Locustfile of ``benchmarks/ranking_page.py`` (started by it, not by hand): players reading a
public page of the site (the ranking page, or the fragment an open page fetches to refresh
itself), anonymously, over and over."""

from __future__ import annotations

import os

from locust import FastHttpUser, events, task

from benchmarks.locust_common import Recorder, paced, spread_start, task_started

PATH = os.environ["BENCH_PATH"]
NAME = os.environ.get("BENCH_NAME", PATH)
# Revalidation: each player keeps the page's ETag and asks again with If-None-Match, as a
# browser or a caching proxy does; the answer must be a 304 with no body.
CONDITIONAL = os.environ.get("BENCH_CONDITIONAL") == "1"

recorder = Recorder()


@events.test_stop.add_listener
def on_test_stop(environment, **kwargs) -> None:
    recorder.write()


class Player(FastHttpUser):
    """A player's browser (no session: the public pages need none)."""

    wait_time = paced()

    def on_start(self) -> None:
        spread_start()
        self.etag = ""
        if CONDITIONAL:
            self.etag = self.client.get(PATH, name="first visit").headers.get("ETag", "")

    @task
    def read(self) -> None:
        task_started(self)
        if CONDITIONAL:
            headers = {"If-None-Match": self.etag}
            with self.client.get(PATH, name=NAME, headers=headers, catch_response=True) as response:
                if response.status_code == 200:
                    # The page changed (a new ranking): keep its new tag, as a browser does.
                    self.etag = response.headers.get("ETag", "")
                    response.failure("200: the page changed since its tag")
                elif response.status_code != 304:
                    response.failure(f"{response.status_code}, not 304")
            return
        with self.client.get(PATH, name=NAME, catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"{response.status_code}")
            elif b"</table>" not in (response.content or b""):
                response.failure("no ranking table in the answer")

"""The club's laptop as ``bin/run --lan`` configures it, for tests that reach it over HTTP: an
environment of its own (a temporary ``VAR_DIR`` with its SQLite file, no broker, no cache, the
exports of ``python -m config.addresses --lan``), a ``runserver`` process, and phones that talk
to it as a browser does (cookies, CSRF token).

Run as ``python -m tests.support.laptop tournament|results`` in that environment, this module
builds a running tournament (the 6-team Mitchell of ``small_tournament``) and reads back the
results stored, as JSON on its output: the test process itself stays on its PostgreSQL.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shlex
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from tests.support.paths import ROOT
from tests.support.processes import stop_process, wait_for

# What the test run's own environment says about its database, broker, address and settings:
# none of it is the laptop's.
NOT_THE_LAPTOPS = (
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CACHE_URL",
    "SITE_URL",
    "HOST",
    "PORT",
    "ALLOWED_HOSTS",
    "DJANGO_SETTINGS_MODULE",
    "STATIC_ROOT",
    "MEDIA_ROOT",
    "DEBUG",
    "SECURE_COOKIES",
    "RUNSERVER_ADDRESS",
)


def laptop_environment(var_dir: Path, port: int, **extra: str) -> dict[str, str]:
    """The environment ``bin/run`` starts from, pointed at ``var_dir`` (``extra`` on top)."""
    environment = {k: v for k, v in os.environ.items() if k not in NOT_THE_LAPTOPS}
    environment.update(
        VAR_DIR=str(var_dir), PORT=str(port), VENV=sys.prefix, PYTHONUNBUFFERED="1", **extra
    )
    return environment


def lan_environment(var_dir: Path, port: int, **extra: str) -> dict[str, str]:
    """``laptop_environment`` plus what ``bin/run --lan`` exports (config/addresses.py)."""
    environment = laptop_environment(var_dir, port, **extra)
    exports = subprocess.run(  # noqa: S603 - fixed arguments
        [sys.executable, "-m", "config.addresses", "--lan"],
        cwd=ROOT,
        env=environment,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for line in exports.splitlines():
        name, _, value = line.removeprefix("export ").partition("=")
        environment[name] = shlex.split(value)[0] if value else ""
    return environment


def _python(environment: dict[str, str], *arguments: str) -> str:
    """``python ARGUMENTS`` in the checkout with the laptop's environment; its output."""
    return subprocess.run(  # noqa: S603 - fixed arguments
        [sys.executable, *arguments],
        cwd=ROOT,
        env=environment,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout


def manage(environment: dict[str, str], *arguments: str) -> str:
    return _python(environment, "manage.py", *arguments)


def on_the_laptop(environment: dict[str, str], command: str) -> object:
    """This module's ``command`` run on the laptop's database; its JSON answer."""
    output = _python(environment, "-m", "tests.support.laptop", command)
    return json.loads(output.strip().splitlines()[-1])


class Runserver:
    """``manage.py runserver`` on the address ``bin/run`` gives it (``RUNSERVER_ADDRESS``),
    without the autoreloader (one process to stop); its output in a file."""

    def __init__(self, environment: dict[str, str], log_path: Path):
        self.environment = environment
        self.log_path = log_path
        self.port = int(environment["RUNSERVER_ADDRESS"].rpartition(":")[2])
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Runserver:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(  # noqa: S603 - fixed arguments
                [
                    sys.executable,
                    "manage.py",
                    "runserver",
                    "--noreload",
                    self.environment["RUNSERVER_ADDRESS"],
                ],
                cwd=ROOT,
                env=self.environment,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        wait_for(
            lambda: self.process.poll() is not None or answers(f"{self.url}/health/"),
            60,
            "runserver did not start",
            interval=0.3,
        )
        if self.process.poll() is not None:
            raise RuntimeError("runserver exited:\n" + self.log())
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self) -> None:
        stop_process(self.process)


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):  # noqa: S310 - the test's own server
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


class Answer:
    def __init__(self, status: int, headers, body: bytes):
        self.status, self.headers, self.body = status, headers, body

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")

    def json(self):
        return json.loads(self.body)


class Phone:
    """A browser of its own (cookies), answering every status instead of raising."""

    def __init__(self, base_url: str, remote_timeout: float = 60):
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.timeout = remote_timeout

    def request(self, path: str, data: dict | None = None, headers: dict | None = None) -> Answer:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        headers = dict(headers or {})
        if data is not None:
            headers.setdefault("X-CSRFToken", self.cookie("csrftoken") or "")
        request = urllib.request.Request(self.base_url + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=self.timeout) as response:
                return Answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.headers, error.read())

    def cookie(self, name: str) -> str | None:
        return next((cookie.value for cookie in self.jar if cookie.name == name), None)

    def post_form(self, path: str, data: dict) -> Answer:
        """A form of a page: its CSRF token from the page's cookie, as the browser sends it."""
        if self.cookie("csrftoken") is None:
            self.request(path)
        return self.request(path, {**data, "csrfmiddlewaretoken": self.cookie("csrftoken")})


DEBUG_PAGE = re.compile(
    r"Traceback|settings\.py|DEBUG = True|Using the URLconf|technical_500|"
    r"Django tried these URL patterns|Request Method:|Exception Value|/site-packages/"
)
"""What Django's debug pages show (a traceback, settings, the URL list, paths)."""


# --- Run on the laptop's database (python -m tests.support.laptop ...) ------------------------


def _tournament() -> dict:
    """The first round of a new running tournament: each table's link, codes and boards."""
    from tests.support.factories import small_tournament
    from tournaments.setup.models import TableAssignment

    tournament = small_tournament()
    rows = TableAssignment.objects.filter(round__tournament=tournament, round__number=1)
    tables = [
        {
            "number": row.table.number,
            "token": row.table.token,
            "codes": {"NS": row.ns_team.code, "EW": row.ew_team.code},
            "boards": list(row.boards),
        }
        for row in rows.select_related("table", "ns_team", "ew_team").order_by("table__number")
    ]
    return {"slug": tournament.slug, "tables": tables}


def _results() -> list[dict]:
    from tournaments.results.models import Result, ResultEvent

    return [
        {
            "table": result.table.number,
            "board": result.board_number,
            "version": result.version,
            "is_current": result.is_current,
            "submission_key": result.submission_key,
            "events": ResultEvent.objects.filter(result=result).count(),
        }
        for result in Result.objects.select_related("table").order_by("pk")
    ]


def main(argv: list[str]) -> int:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    answer = {"tournament": _tournament, "results": _results}[argv[0]]()
    sys.stdout.write(json.dumps(answer) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

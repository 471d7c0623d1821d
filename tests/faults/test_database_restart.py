"""PostgreSQL restarts while results are being entered: clients get a clear 503 they can retry,
the site recovers by itself, and nothing is half-written or stored twice.

Everything real, nothing shared: a throwaway PostgreSQL cluster of the test's own (port
5440-5449, under /tmp), migrated, and the site served by gunicorn as in production (several
workers and threads, persistent database connections with health checks; jobs in-process).
Clients talk HTTP to it: API scripts with a Bearer token, and a phone on the table-entry page.
"""

import json
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psycopg
import pytest
import requests

from tests.support.factories import SMALL_MITCHELL
from tests.support.paths import ROOT
from tests.support.processes import PostgresCluster, WebServer, process_env

pytestmark = [pytest.mark.slow]

MESSAGE = "Service momentanément indisponible, réessayez dans un instant."
RETRY_FOR_SECONDS = 60

SEED = """
import json
from tests.support.factories import small_tournament
from tournaments.accounts.services import ensure_user
from tournaments.api.services import create_token

arbiter = ensure_user(username="arbitre", password="correct-horse-42", role="arbiter")
tournament = small_tournament(arbiter=arbiter)
_token, key = create_token(tournament=tournament, by=arbiter, name="scripts", scope="arbiter")
tables = {table.number: table.token for table in tournament.tables.all()}
codes = {
    f"{row.round.number}-{row.table.number}": {"NS": row.ns_team.code, "EW": row.ew_team.code}
    for row in tournament.round_set.get(number=3).assignments.select_related(
        "round", "table", "ns_team", "ew_team"
    )
}
print(json.dumps({"slug": tournament.slug, "key": key, "tables": tables, "codes": codes}))
"""


def record(points: int) -> dict:
    return {
        "passed": False,
        "contract": {"bid": 90, "strain": "D", "taker": "S", "coinche": 0},
        "taker_points": points,
        "capot": None,
        "belote": [],
        "annonces": [],
    }


class Site:
    """The site on its own cluster, and what the seed created in it."""

    def __init__(self, cluster: PostgresCluster, server: WebServer, database_url: str, seed):
        self.cluster = cluster
        self.server = server
        self.database_url = database_url
        self.slug = seed["slug"]
        self.key = seed["key"]
        self.tables = {int(number): token for number, token in seed["tables"].items()}
        self.codes = seed["codes"]

    def api_entry(self, round_number: int, table: int, board: int) -> requests.Response:
        """One API script's submission; its retries carry the same Idempotency-Key."""
        return requests.post(
            f"{self.server.url}/api/v1/tournaments/{self.slug}/results/",
            json={
                "round": round_number,
                "table": table,
                "board": board,
                "record": record(90 + 10 * round_number + table),
            },
            headers={
                "Authorization": f"Bearer {self.key}",
                "Idempotency-Key": f"script-r{round_number}-t{table}-b{board}",
            },
            timeout=30,
        )


@pytest.fixture
def site(tmp_path):
    cluster = PostgresCluster(Path(tempfile.mkdtemp(prefix="coinche-faults-pg-")))
    server = None
    try:
        cluster.create()
        cluster.start()
        cluster.createdb("coinche_faults")
        database_url = cluster.url("coinche_faults")
        env = process_env(
            database_url,
            SECRET_KEY="fault-tests-only-not-a-secret",
            SECURE_COOKIES="0",
            DB_CONN_MAX_AGE="60",
            VAR_DIR=str(tmp_path / "var"),
        )

        def manage(*arguments: str) -> str:
            return subprocess.run(  # noqa: S603 - fixed arguments
                [sys.executable, "manage.py", *arguments],
                cwd=ROOT,
                env=env,
                check=True,
                capture_output=True,
                text=True,
                timeout=120,
            ).stdout

        manage("migrate", "--noinput")
        seed = json.loads(manage("shell", "-c", SEED).strip().splitlines()[-1])
        server = WebServer(tmp_path, env)
        server.start()
        yield Site(cluster, server, database_url, seed)
    finally:
        if server is not None:
            server.stop()
        cluster.destroy()


def until_stored(send) -> tuple[list, requests.Response]:
    """Send, and send again after each 503 as a client told to retry would; return every
    status seen and the last response."""
    statuses = []
    deadline = time.monotonic() + RETRY_FOR_SECONDS
    while True:
        response = send()
        statuses.append(response.status_code)
        if response.status_code != 503 or time.monotonic() > deadline:
            return statuses, response
        assert response.json() == {
            "code": "service_unavailable",
            "message": MESSAGE,
            "errors": [],
        }
        time.sleep(float(response.headers["Retry-After"]) / 20)


def boards_of(round_number: int, tables=(1, 2, 3)) -> list[tuple[int, int, int]]:
    return [
        (r, table, board)
        for r, table, _ns, _ew, boards in SMALL_MITCHELL
        if r == round_number and table in tables
        for board in boards
    ]


class Phone:
    """A player's phone on the table-entry page (cookies, CSRF token, its team's code given)."""

    def __init__(self, site: Site, table: int, side: str, round_number: int):
        self.session = requests.Session()
        self.url = f"{site.server.url}/table/{site.tables[table]}/"
        self.round = round_number
        self.csrf = self._token(self.session.get(self.url, timeout=30))
        self.session.post(
            self.url,
            data={
                "csrfmiddlewaretoken": self.csrf,
                "action": "identify",
                "code": site.codes[f"{round_number}-{table}"][side],
                "round": round_number,
            },
            timeout=30,
        )

    @staticmethod
    def _token(response: requests.Response) -> str:
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.text)[1]

    def enter(self, board: int, points: int, key: str) -> requests.Response:
        return self.session.post(
            self.url,
            data={
                "csrfmiddlewaretoken": self.csrf,
                "action": "enter",
                "round": self.round,
                "board": board,
                f"b{board}-taker": "S",
                f"b{board}-bid": "90",
                f"b{board}-strain": "D",
                f"b{board}-coinche": "0",
                f"b{board}-taker_points": str(points),
                f"b{board}-submission_key": key,
            },
            allow_redirects=False,
            timeout=30,
        )


def test_a_database_restart_during_entry_gives_clear_errors_and_loses_or_doubles_nothing(site):
    # Round 1 before anything happens.
    for entry in boards_of(1):
        assert site.api_entry(*entry).status_code == 201

    # Round 2 is being sent by three scripts when PostgreSQL restarts (a fast shutdown cuts
    # the connections of transactions in progress).
    trails: dict[tuple, list] = {}
    finals: dict[tuple, requests.Response] = {}
    go = threading.Event()

    def script(entries):
        go.wait()
        for entry in entries:
            trails[entry], finals[entry] = until_stored(lambda e=entry: site.api_entry(*e))

    scripts = [
        threading.Thread(target=script, args=(boards_of(2, tables=(table,)),))
        for table in (1, 2, 3)
    ]
    phone = Phone(site, table=1, side="NS", round_number=3)
    for thread in scripts:
        thread.start()
    go.set()
    site.cluster.stop(mode="fast")

    # While it is down: the phone gets a page that says what to do, not a traceback.
    down = phone.enter(5, 120, key="phone-board-5")
    assert down.status_code == 503
    assert MESSAGE in down.text and "Traceback" not in down.text
    assert down.headers["Retry-After"] == "5"
    time.sleep(1)
    site.cluster.start()

    for thread in scripts:
        thread.join(timeout=RETRY_FOR_SECONDS + 30)
    # The server's whole log, shown by pytest (untruncated) only if an assertion below fails:
    # what answered 500, if anything did, and why.
    print(site.server.log())
    # Each script got 503s while the database was away, then its result stored: never a 500.
    assert all(response.status_code == 201 for response in finals.values()), (
        trails,
        site.server.log()[-6000:],
    )
    assert all(set(trail) <= {201, 503} for trail in trails.values()), trails
    assert any(503 in trail for trail in trails.values()), trails
    # The phone sends its form again, with the same submission key: stored once.
    again = phone.enter(5, 120, key="phone-board-5")
    assert again.status_code == 302
    assert phone.enter(6, 100, key="phone-board-6").status_code == 302

    # The site recovered by itself: the next entries go through at the first try.
    for entry in boards_of(3, tables=(2, 3)):
        assert site.api_entry(*entry).status_code == 201

    # Nothing half-written: every planned board has exactly one current result, a version
    # chain 1..n with the last one current, and its audit events; no orphan event.
    with psycopg.connect(site.database_url) as connection:
        results = connection.execute(
            """
            SELECT r.id, rd.number, t.number, r.board_number, r.version, r.is_current
            FROM results_result r
            JOIN tournaments_round rd ON rd.id = r.round_id
            JOIN tournaments_table t ON t.id = r.table_id
            """
        ).fetchall()
        events = connection.execute(
            "SELECT result_id, action, round_number, table_number, board_number "
            "FROM results_resultevent"
        ).fetchall()
    chains: dict[tuple, list] = {}
    for _pk, round_number, table, board, version, current in results:
        chains.setdefault((round_number, table, board), []).append((version, current))
    planned = {entry for r in (1, 2, 3) for entry in boards_of(r)}
    assert set(chains) == planned
    for key, chain in chains.items():
        chain.sort()
        assert [version for version, _current in chain] == list(range(1, len(chain) + 1)), key
        assert [current for _version, current in chain] == [False] * (len(chain) - 1) + [True]
    result_ids = {row[0] for row in results}
    assert all(result_id in result_ids for result_id, *_rest in events)
    created = [event for event in events if event[1] == "create"]
    assert len(created) == len(planned)
    assert {tuple(event[2:]) for event in created} == planned
    assert len(results) == len(planned)

    # The server logged the outage as such, with no 500 anywhere.
    log = site.server.log()
    assert "Service Unavailable" in log
    assert "Internal Server Error" not in log

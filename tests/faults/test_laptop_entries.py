"""The end of a round on the club's laptop: every phone's outbox sends at once.

The site runs as ``bin/run --lan`` serves it (``runserver`` on every interface, the embedded
SQLite file in a temporary ``VAR_DIR``, jobs in-process without a broker, ``DEBUG`` asked for
and refused), and 36 entries reach ``/table/<token>/envoi/`` together: at each of the three
tables both teams' phones enter both boards of the round (two phones at once on one board), and
each phone sends each entry three times with the same ``submission_key`` (an outbox resending).

Each board ends with exactly one result, entered once and audited once. Every answer is the
outbox's JSON: stored, replayed (the same key again) or a conflict (the other team's phone was
first), or at worst a 503 with Retry-After that the outbox sends again. Never a 500, never a
debug page.
"""

import sqlite3
from collections import Counter

import pytest

from tests.support.concurrency import run_together
from tests.support.laptop import (
    DEBUG_PAGE,
    Phone,
    Runserver,
    lan_environment,
    manage,
    on_the_laptop,
)
from tests.support.processes import any_free_port

pytestmark = pytest.mark.slow

SENDS = 3
SIDES = ("NS", "EW")


@pytest.fixture
def laptop(tmp_path):
    environment = lan_environment(tmp_path / "var", any_free_port(), DEBUG="1")
    assert environment["DEBUG"] == "0"  # what --lan makes of DEBUG=1
    manage(environment, "migrate", "--noinput")
    tournament = on_the_laptop(environment, "tournament")
    server = Runserver(environment, tmp_path / "runserver.log").start()
    try:
        yield server, tournament, environment, tmp_path / "var" / "db.sqlite3"
    finally:
        server.stop()


def entry(board: int, key: str) -> dict:
    return {
        "action": "enter",
        "round": 1,
        "board": board,
        "outbox": "queued",
        f"b{board}-submission_key": key,
        f"b{board}-taker": "N",
        f"b{board}-bid": "90",
        f"b{board}-strain": "H",
        f"b{board}-coinche": "0",
        f"b{board}-taker_points": "100",
    }


def send(phone: Phone, table: dict, board: int, key: str):
    answer = phone.request(f"/table/{table['token']}/envoi/", entry(board, key))
    return table["number"], board, key, answer


def test_every_phone_sending_at_once_stores_each_board_once_and_never_fails(laptop):
    server, tournament, environment, database = laptop
    phones = {}
    for table in tournament["tables"]:
        for side in SIDES:
            phone = Phone(server.url)
            page = f"/table/{table['token']}/"
            identified = phone.post_form(
                page, {"action": "identify", "round": 1, "code": table["codes"][side]}
            )
            assert identified.status == 200, identified.text
            phones[table["number"], side] = phone
    sends = [
        (phones[table["number"], side], table, board, f"t{table['number']}-{side}-b{board}")
        for table in tournament["tables"]
        for side in SIDES
        for board in table["boards"]
        for _ in range(SENDS)
    ]
    assert len(sends) >= 30

    outcomes = run_together(len(sends), lambda index: send(*sends[index]), timeout=300)

    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    answers = list(outcomes)
    for _table, _board, _key, answer in answers:
        assert answer.status in (200, 409, 503), (answer.status, answer.text[:500], server.log())
        assert not DEBUG_PAGE.search(answer.text), answer.text[:2000]
        assert answer.headers["Content-Type"].startswith("application/json"), answer.text[:500]
        if answer.status == 503:
            assert answer.headers["Retry-After"]
            assert answer.json()["code"] == "service_unavailable"
    # The outbox sends again what was answered 503, until it is answered.
    retried = [send(*sends[i]) for i, o in enumerate(answers) if o[3].status == 503]
    assert all(answer.status in (200, 409) for *_rest, answer in retried), retried
    final = [o for o in answers if o[3].status != 503] + retried

    results = on_the_laptop(environment, "results")
    stored = {(r["table"], r["board"]): r for r in results}
    expected = {(t["number"], b) for t in tournament["tables"] for b in t["boards"]}
    assert set(stored) == expected and len(results) == len(expected), results
    for (table, board), result in stored.items():
        assert result["is_current"] and result["version"] == 1 and result["events"] == 1
        mine = [a for t, b, _k, a in final if (t, b) == (table, board)]
        winner = [
            a for t, b, k, a in final if (t, b) == (table, board) and k == result["submission_key"]
        ]
        codes = Counter(answer.json()["code"] for answer in mine)
        # Stored once, the same key replayed, the other team's phone told it came second.
        assert codes["stored"] == 1, codes
        assert codes["stored"] + codes["replayed"] == len(winner)
        assert codes["conflict"] == len(mine) - len(winner), codes

    # The embedded database as bin/run keeps it: write-ahead log.
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"

"""The cost of a table phone's save, in SQL statements: a test that fails if it grows
(docs/performance.md, « API entry »).

The phone's outbox sends an entry to ``table_send``: the table by its link with its tournament
(1), the table's published rounds with their plan rows and current results (2), the phone's
session (1), the board's hands (1); in the transaction the table's lock with the board's
versions (1), the result and its audit event (2), the stale mark (1); after the commit the
job's claim (1).
"""

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.queries import statements
from tournaments.setup.models import TableAssignment
from tournaments.standings import tasks
from tournaments.standings.models import ScoringState

pytestmark = pytest.mark.django_db

# Ten, plus the access check on the hands asked for every entry (tests/api/test_entry_cost.py).
SAVE_STATEMENTS = 11


def entry(board):
    return {
        "action": "enter",
        "round": 1,
        "board": board,
        "outbox": "queued",
        f"b{board}-submission_key": f"key-{board}",
        f"b{board}-taker": "N",
        f"b{board}-bid": "90",
        f"b{board}-strain": "H",
        f"b{board}-coinche": "0",
        f"b{board}-taker_points": "100",
    }


@pytest.mark.postgresql  # its statements: fixed SQL and row locks of PostgreSQL
def test_a_table_phone_save_costs_eleven_statements_at_most(
    tournament, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(tasks.recompute_tournament_task, "apply_async", lambda *a, **k: None)
    table = tournament.tables.get(number=1)
    page = reverse("results:table_entry", args=[table.token])
    send = reverse("results:table_send", args=[table.token])
    code = TableAssignment.objects.get(table=table, round__number=1).team_of("NS").code
    phone = Client(REMOTE_ADDR="198.51.100.7")
    phone.post(page, {"action": "identify", "round": 1, "code": code})
    with django_capture_on_commit_callbacks(execute=True):
        assert phone.post(send, entry(1)).json()["ok"]
    ScoringState.objects.filter(tournament=tournament).update(scheduled_at=None)

    with statements() as run, django_capture_on_commit_callbacks(execute=True):
        answer = phone.post(send, entry(2)).json()

    assert answer["ok"] and answer["code"] == "stored", answer
    assert len(run) <= SAVE_STATEMENTS, run.report()
    assert len(run.locking()) == 1, run.report()

"""The cost of one result entry through the API, in SQL statements: a test that fails if it
grows (docs/performance.md, « API entry »).

An arbiter's entry with an API token reads the token with its tournament, its table and its
creator's roles (1), the table plan row with its round, table, teams and the board's hands (1),
then in the transaction locks the table and reads the board's versions in one statement (1),
inserts the result and its audit event (2), marks the scores stale in one UPDATE (1); after
the commit it claims the recomputation job (1). Nothing reads the answer again.
"""

import re

import pytest

from tests.support.api import MADE_80_HEARTS, bearer
from tests.support.queries import statements
from tournaments.api.services import create_token
from tournaments.results.models import Result
from tournaments.standings import tasks
from tournaments.standings.models import ScoreChange, ScoringState

pytestmark = pytest.mark.django_db

# The access check on the hands is asked for every entry on a board with hands (one query for
# who may not always see them): asked only when the record disagreed, its time told a player
# whether the annonces typed match the cards.
ENTRY_STATEMENTS = 8


@pytest.fixture
def published(monkeypatch):
    """The recomputation jobs published (not sent to a broker)."""
    calls = []
    monkeypatch.setattr(
        tasks.recompute_tournament_task, "apply_async", lambda *args, **kwargs: calls.append(1)
    )
    return calls


@pytest.fixture
def arbiter_token(tournament, cast):
    _token, key = create_token(
        tournament=tournament, by=cast["organizer"], name="saisie", scope="arbiter"
    )
    return bearer(key)


def locked_table(sql: str) -> str:
    """The table a ``SELECT … FOR UPDATE`` locks: its outermost ``FROM`` (the last one)."""
    return re.findall(r'\bFROM\s+"?(\w+)"?', sql)[-1]


def _post(client, tournament, board, key):
    return client.post(
        f"/api/v1/tournaments/{tournament.slug}/results/",
        {"round": 1, "table": 1, "board": board, "record": MADE_80_HEARTS},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


@pytest.mark.postgresql  # its statements: fixed SQL and row locks of PostgreSQL
def test_an_api_entry_costs_eight_statements_at_most(
    arbiter_token, tournament, published, django_capture_on_commit_callbacks
):
    # A first entry starts the tournament's books (its scoring state).
    with django_capture_on_commit_callbacks(execute=True):
        assert _post(arbiter_token, tournament, 1, "first").status_code == 201
    ScoringState.objects.filter(tournament=tournament).update(scheduled_at=None)

    with statements() as run, django_capture_on_commit_callbacks(execute=True):
        response = _post(arbiter_token, tournament, 2, "second")

    assert response.status_code == 201, response.content
    assert len(run) <= ENTRY_STATEMENTS, run.report()
    assert len(published) == 2
    # One row lock, the table's: the scores' bookkeeping is a journal row (an INSERT).
    assert [locked_table(sql) for sql in run.locking()] == ["tournaments_tableassignment"], (
        run.report()
    )
    latest = ScoreChange.objects.filter(tournament=tournament).latest("id")
    assert latest.board_number == 2


def test_the_answer_built_from_the_written_version_is_what_reading_it_gives(
    arbiter_token, tournament
):
    response = _post(arbiter_token, tournament, 2, "entry")

    url = f"/api/v1/tournaments/{tournament.slug}/results/{response.json()['id']}/"
    stored = arbiter_token.get(url)
    assert response.status_code == 201
    assert response.json() == stored.json()
    assert Result.objects.get(pk=response.json()["id"]).version == 1


def test_a_replayed_entry_reads_its_version_and_stores_nothing(arbiter_token, tournament):
    first = _post(arbiter_token, tournament, 2, "same-key")
    again = _post(arbiter_token, tournament, 2, "same-key")

    assert again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Result.objects.filter(board_number=2).count() == 1


def test_an_entry_writes_no_row_of_the_standings_books_in_its_transaction(
    arbiter_token, tournament
):
    before = ScoringState.objects.filter(tournament=tournament).values().first()

    with statements() as run:
        response = _post(arbiter_token, tournament, 2, "journal")

    assert response.status_code == 201, response.content
    written = [sql for sql in run if sql.lstrip().upper().startswith(("UPDATE", "INSERT"))]
    assert not any("standings_scoringstate" in sql for sql in written), run.report()
    assert any("standings_scorechange" in sql for sql in written), run.report()
    assert ScoringState.objects.filter(tournament=tournament).values().first() == before


CONFIRM_STATEMENTS = 8
# A table device gives the acting team's code with each act: one statement checks that the
# team's code is under the wrong-code limit and counts a wrong one (results.services.team_codes).
CODE_CHECK = 1


@pytest.mark.postgresql  # its statements: fixed SQL and row locks of PostgreSQL
def test_a_table_device_enters_in_nine_statements_and_confirms_in_nine(
    tournament, cast, published, django_capture_on_commit_callbacks
):
    """As an arbiter's entry, with the code's check (1). The confirmation reads the token (1)
    and the version it confirms with its table (1), checks the code (1),
    locks the table with the board's versions (1), retires the entered version and inserts the
    confirmed one and its event (3), marks the scores stale (1) and claims the job (1)."""
    table = tournament.tables.get(number=1)
    _token, key = create_token(
        tournament=tournament, by=cast["organizer"], name="T1", scope="table", table=table
    )
    device = bearer(key)
    plan = table.assignments.select_related("ns_team", "ew_team").get(round__number=1)
    ns_code, ew_code = plan.ns_team.code, plan.ew_team.code
    url = f"/api/v1/tournaments/{tournament.slug}/results/"
    with django_capture_on_commit_callbacks(execute=True):
        first = {"round": 1, "table": 1, "board": 1, "record": MADE_80_HEARTS, "code": ns_code}
        assert device.post(url, first, format="json").status_code == 201
    ScoringState.objects.filter(tournament=tournament).update(scheduled_at=None)

    with statements() as entry, django_capture_on_commit_callbacks(execute=True):
        body = {"round": 1, "table": 1, "board": 2, "record": MADE_80_HEARTS, "code": ns_code}
        entered = device.post(url, body, format="json")
    with statements() as confirmation, django_capture_on_commit_callbacks(execute=True):
        confirmed = device.post(
            f"{url}{entered.json()['id']}/confirm/", {"code": ew_code}, format="json"
        )

    assert entered.status_code == 201 and entered.json()["status"] == "entered"
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["status"] == "confirmed"
    assert (confirmed.json()["entered_team"], confirmed.json()["confirmed_team"]) == (1, 4)
    assert len(entry) <= ENTRY_STATEMENTS + CODE_CHECK, entry.report()
    assert len(confirmation) <= CONFIRM_STATEMENTS + CODE_CHECK, confirmation.report()

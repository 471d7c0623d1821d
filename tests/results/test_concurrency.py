"""No lost or duplicated results: concurrent submissions on real PostgreSQL, one winner.

Each thread has its own database connection and its own HTTP client; a barrier releases them
together so that their transactions really overlap.
"""

import json

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.support.concurrency import run_together
from tests.support.factories import small_tournament, team_at
from tests.support.results import assignment, contract
from tournaments.results import services
from tournaments.results.exceptions import ResultConflict
from tournaments.results.models import Result, ResultEvent

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.postgresql]

SUBMISSIONS = 20
CONFLICT = "Un résultat a déjà été saisi pour cet étui à cette table."


@pytest.fixture(autouse=True)
def needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.fail("the concurrency tests need PostgreSQL: set DATABASE_URL")


def test_twenty_table_submissions_give_one_result_and_nineteen_clear_refusals():
    tournament = small_tournament()
    table = tournament.tables.get(number=1)
    page = reverse("results:table_entry", args=[table.token])
    plan = table.assignments.get(round__number=1)
    phones = []
    for index in range(SUBMISSIONS):
        client = Client(REMOTE_ADDR=f"198.51.100.{index + 1}")
        team = plan.ns_team if index % 2 else plan.ew_team
        client.post(page, {"action": "identify", "round": 1, "code": team.code})
        phones.append(client)

    def submit(index):
        response = phones[index].post(
            page,
            {
                "action": "enter",
                "round": 1,
                "board": 1,
                "b1-taker": "N",
                "b1-bid": "90",
                "b1-strain": "H",
                "b1-coinche": "0",
                "b1-taker_points": str(90 + index),
                "b1-submission_key": f"phone-{index}",
            },
        )
        return response.status_code, response.content.decode()

    outcomes = run_together(SUBMISSIONS, submit)
    statuses = [outcome[0] for outcome in outcomes]
    assert statuses.count(302) == 1 and statuses.count(409) == SUBMISSIONS - 1
    assert all(CONFLICT in html for status, html in outcomes if status == 409)
    assert Result.objects.filter(board_number=1).count() == 1
    assert Result.objects.filter(board_number=1, is_current=True).count() == 1
    assert ResultEvent.objects.count() == 1


def test_twenty_arbiter_submissions_give_one_result_and_nineteen_clear_refusals(make_user):
    arbiter = make_user("arbitre-concurrent", "arbiter")
    tournament = small_tournament(arbiter=arbiter)
    url = reverse("results:entry_row", args=[tournament.slug, 1])
    clients = []
    for _index in range(SUBMISSIONS):
        client = Client()
        client.force_login(arbiter)
        clients.append(client)

    def submit(index):
        response = clients[index].post(
            url,
            json.dumps(
                {
                    "table": 2,
                    "board": 3,
                    "record": contract(points=80 + index),
                    "submission_key": f"arbiter-{index}",
                }
            ),
            content_type="application/json",
        )
        return response.status_code, response.json()

    outcomes = run_together(SUBMISSIONS, submit)
    statuses = [outcome[0] for outcome in outcomes]
    assert statuses.count(201) == 1 and statuses.count(409) == SUBMISSIONS - 1
    refusals = [data for status, data in outcomes if status == 409]
    assert all(
        data["code"] == "conflict" and data["message"].startswith(CONFLICT[:-1])
        for data in refusals
    )
    winner = Result.objects.get(board_number=3)
    assert all(data["current"]["version"] == winner.version for data in refusals)
    assert winner.is_current and winner.status == "confirmed"


def test_sheet_rows_racing_on_an_empty_board_say_to_reload_not_to_tick_replace(make_user):
    """The refusal is chosen from the version each row showed, compared under the lock: every
    row here showed the board empty, so none may be told to tick « Remplacer », whatever a
    read before the write would have seen."""
    arbiter = make_user("arbitre-feuille", "arbiter")
    tournament = small_tournament(arbiter=arbiter)
    url = reverse("results:entry_row", args=[tournament.slug, 1])
    clients = []
    for _index in range(SUBMISSIONS):
        client = Client()
        client.force_login(arbiter)
        clients.append(client)

    def submit(index):
        fields = {
            "taker": "N",
            "bid": "90",
            "strain": "H",
            "coinche": "0",
            "taker_points": str(80 + index),
            "replace_version": "",
            "submission_key": f"sheet-{index}",
        }
        response = clients[index].post(
            url,
            json.dumps({"table": 2, "board": 3, "fields": fields}),
            content_type="application/json",
        )
        return response.status_code, response.json()

    outcomes = run_together(SUBMISSIONS, submit)
    statuses = [outcome[0] for outcome in outcomes]
    assert statuses.count(201) == 1 and statuses.count(409) == SUBMISSIONS - 1
    refusals = [data for status, data in outcomes if status == 409]
    assert all(data["message"].startswith(CONFLICT[:-1]) for data in refusals)
    assert not any(data["replace_needed"] for data in refusals)


def test_rows_showing_a_result_are_told_to_tick_replace_only_while_it_is_current(make_user):
    """Rows all showing version 1: some replace it (ticked), others change it without the box.
    A refusal says « cochez Remplacer » exactly when the version it reports is still the one
    the row showed, and « Rechargez » otherwise."""
    arbiter = make_user("arbitre-remplace", "arbiter")
    tournament = small_tournament(arbiter=arbiter)
    services.record_result(
        assignment=assignment(tournament, 1, 2),
        board_number=3,
        data=contract(points=80),
        by=arbiter,
    )
    url = reverse("results:entry_row", args=[tournament.slug, 1])
    clients = []
    for _index in range(SUBMISSIONS):
        client = Client()
        client.force_login(arbiter)
        clients.append(client)

    def submit(index):
        fields = {
            "taker": "N",
            "bid": "90",
            "strain": "H",
            "coinche": "0",
            "taker_points": str(90 + index),
            "replace": index % 2 == 0,
            "replace_version": "1",
            "submission_key": f"row-{index}",
        }
        response = clients[index].post(
            url,
            json.dumps({"table": 2, "board": 3, "fields": fields}),
            content_type="application/json",
        )
        return index, response.status_code, response.json()

    outcomes = run_together(SUBMISSIONS, submit)
    assert [status for _i, status, _d in outcomes].count(201) == 1
    for index, status, data in outcomes:
        if status == 201 or index % 2 == 0:
            continue
        assert status == 409
        still_shown = data["current"]["version"] == 1
        assert data["replace_needed"] is still_shown
        assert ("cochez « Remplacer »" in data["message"]) is still_shown
    assert Result.objects.filter(board_number=3, is_current=True).count() == 1


def test_the_same_submission_sent_at_once_is_stored_once():
    tournament = small_tournament()
    plan = assignment(tournament, 1, 1)

    def submit(_index):
        return services.record_result(
            assignment=plan,
            board_number=2,
            data=contract(),
            by=team_at(plan, "NS"),
            source="table",
            submission_key="one-form",
        )

    outcomes = run_together(8, submit)
    assert not any(isinstance(outcome, Exception) for outcome in outcomes), outcomes
    assert len({result.pk for result in outcomes}) == 1
    assert sum(1 for result in outcomes if not result.is_replay) == 1
    assert Result.objects.count() == 1 and ResultEvent.objects.count() == 1


def test_different_tables_are_not_held_up_by_each_other():
    tournament = small_tournament()
    plans = [assignment(tournament, 1, table) for table in (1, 2, 3)]
    boards = [1, 3, 5]

    def submit(index):
        try:
            return services.record_result(
                assignment=plans[index % 3],
                board_number=boards[index % 3],
                data=contract(),
                by=None,
            )
        except ResultConflict:
            return "conflict"

    outcomes = run_together(9, submit)
    assert outcomes.count("conflict") == 6
    assert Result.objects.filter(is_current=True).count() == 3


GUESSES = 30  # at once, each on its own connection (PostgreSQL allows 100 here)


def test_guesses_at_once_get_no_more_wrong_answers_than_the_limit():
    """Every guess is checked and counted in one statement: the guesses of a script hitting
    one table's link together get ``MAX_CODE_FAILURES`` « wrong code » answers, and « too
    many » for the rest, whatever their order (before, 100 guesses checked 22 to 26 codes)."""
    tournament = small_tournament()
    table = tournament.tables.get(number=1)
    page = reverse("results:table_entry", args=[table.token])
    plan = table.assignments.get(round__number=1)
    taken = set(tournament.teams.values_list("code", flat=True))
    guesses = [f"{n:04d}" for n in range(10_000) if f"{n:04d}" not in taken][:GUESSES]

    def guess(index):
        client = Client(REMOTE_ADDR=f"198.51.100.{index % 200 + 1}")
        response = client.post(
            page, {"action": "identify", "round": 1, "code": guesses[index]}, follow=True
        )
        return response.content.decode()

    pages = run_together(len(guesses), guess)
    wrong = sum("Ce code n&#x27;est celui d&#x27;aucune" in html for html in pages)
    too_many = sum("Trop de codes erronés" in html for html in pages)
    assert (wrong, too_many) == (
        services.MAX_CODE_FAILURES,
        GUESSES - services.MAX_CODE_FAILURES,
    )
    failures = tournament.teams.filter(pk__in=[plan.ns_team_id, plan.ew_team_id])
    assert set(failures.values_list("code_failures", flat=True)) == {services.MAX_CODE_FAILURES}

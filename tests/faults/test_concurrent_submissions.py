"""Fifty submissions of one board at once, from every way in: exactly one result is stored, the
49 others are refused with a clear message, and the audit trail has one entry.

The submitters race on real PostgreSQL, each thread with its own database connection: 20 phones
at the table (both sides, the table-entry page), 15 arbiters' entry sheets (JSON) and 15 API
clients (Bearer token). The one-current-result constraint decides, not a lock in the process.
"""

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.api import bearer
from tests.support.concurrency import run_together
from tests.support.factories import small_tournament
from tournaments.api.services import create_token
from tournaments.results.models import Result, ResultEvent

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONES, SHEETS, API_CLIENTS = 20, 15, 15
SUBMISSIONS = PHONES + SHEETS + API_CLIENTS
CONFLICT = "Un résultat a déjà été saisi pour cet étui à cette table"


def record(points: int) -> dict:
    return {
        "passed": False,
        "contract": {"bid": 80, "strain": "S", "taker": "E", "coinche": 0},
        "taker_points": points,
        "capot": None,
        "belote": [],
        "annonces": [],
    }


def test_fifty_submissions_of_one_board_store_one_result_and_refuse_the_others(
    make_user,
):
    arbiter = make_user("arbitre-course", "arbiter")
    organizer = make_user("organisatrice-course", "organizer")
    tournament = small_tournament(arbiter=arbiter, organizer=organizer)
    table = tournament.tables.get(number=1)
    table_page = reverse("results:table_entry", args=[table.token])
    sheet_url = reverse("results:entry_row", args=[tournament.slug, 1])
    api_url = f"/api/v1/tournaments/{tournament.slug}/results/"
    _token, key = create_token(tournament=tournament, by=arbiter, name="Script", scope="arbiter")

    row = table.assignments.get(round__number=1)

    def phone(index: int):
        client = Client(REMOTE_ADDR=f"198.51.100.{index + 1}")
        team = row.ns_team if index % 2 else row.ew_team
        client.post(table_page, {"action": "identify", "round": 1, "code": team.code})
        return client

    def sheet(_index: int):
        client = Client()
        client.force_login(arbiter)
        return client

    def api(_index: int):
        return bearer(key)

    kinds = ["phone"] * PHONES + ["sheet"] * SHEETS + ["api"] * API_CLIENTS
    clients = [
        {"phone": phone, "sheet": sheet, "api": api}[kind](i) for i, kind in enumerate(kinds)
    ]

    def submit(index: int):
        kind, client, points = kinds[index], clients[index], 90 + index
        if kind == "phone":
            response = client.post(
                table_page,
                {
                    "action": "enter",
                    "round": 1,
                    "board": 1,
                    "b1-taker": "E",
                    "b1-bid": "80",
                    "b1-strain": "S",
                    "b1-coinche": "0",
                    "b1-taker_points": str(points),
                    "b1-submission_key": f"phone-{index}",
                },
            )
            return kind, points, response.status_code, response.content.decode()
        if kind == "sheet":
            response = client.post(
                sheet_url,
                {"table": 1, "board": 1, "record": record(points), "submission_key": f"s{index}"},
                content_type="application/json",
            )
        else:
            response = client.post(
                api_url,
                {"round": 1, "table": 1, "board": 1, "record": record(points)},
                format="json",
                HTTP_IDEMPOTENCY_KEY=f"api-{index}",
            )
        return kind, points, response.status_code, response.json()

    outcomes = run_together(SUBMISSIONS, submit)

    assert not [outcome for outcome in outcomes if isinstance(outcome, Exception)], outcomes
    won = [o for o in outcomes if o[2] in (201, 302)]
    refused = [o for o in outcomes if o[2] == 409]
    assert len(won) == 1 and len(refused) == SUBMISSIONS - 1, [o[:3] for o in outcomes]

    # One result, the winner's, with one audit entry.
    stored = Result.objects.get(tournament=tournament, board_number=1)
    _kind, points, _status, _body = won[0]
    assert stored.is_current and stored.version == 1
    assert stored.record["taker_points"] == points
    assert ResultEvent.objects.filter(tournament=tournament).count() == 1

    # Each refusal says why, in French, in the form its client reads.
    for kind, _points, _status, body in refused:
        if kind == "phone":
            assert CONFLICT in body
        elif kind == "sheet":
            assert body["code"] == "conflict" and body["message"].startswith(CONFLICT)
            assert body["current"]["version"] == stored.version
        else:
            assert body["code"] == "conflict" and body["message"].startswith(CONFLICT)
            assert body["current"] == {
                "id": stored.pk,
                "version": stored.version,
                "status": stored.status,
            }

"""A database that cannot be reached answers 503 with a French message the client can act on
(a page for the site, the API's JSON error for programs), never a 500 traceback.

The failure is injected where the site meets the database, at three depths: a view's query, the
API's token check, the session read by the middleware. The real restart is in
test_database_restart.py.
"""

from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client
from django.urls import reverse

from tests.support.factories import small_tournament

pytestmark = pytest.mark.django_db

MESSAGE = "Service momentanément indisponible, réessayez dans un instant."
REFUSED = OperationalError('connection to server at "127.0.0.1", port 5432 failed')


@pytest.fixture
def client():
    # As a browser sees it: the error page, not the exception re-raised into the test.
    return Client(raise_request_exception=False)


def test_a_page_whose_query_fails_is_a_503_page_in_french(client):
    tournament = small_tournament()
    token = tournament.tables.get(number=1).token
    with mock.patch("tournaments.results.selectors.table_by_token", side_effect=REFUSED):
        response = client.get(reverse("results:table_entry", args=[token]))

    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")
    assert response["Retry-After"] == "5"
    page = response.content.decode()
    assert MESSAGE in page
    assert "n'est jamais enregistré deux fois" in page
    assert "Traceback" not in page and "OperationalError" not in page


def test_the_api_answers_its_json_error_format(client):
    tournament = small_tournament()
    with mock.patch(
        "tournaments.api.authentication.ApiTokenAuthentication.authenticate_key",
        side_effect=InterfaceError("connection already closed"),
    ):
        response = client.post(
            f"/api/v1/tournaments/{tournament.slug}/results/",
            {"round": 1, "table": 1, "board": 1, "record": {"passed": True}},
            content_type="application/json",
            HTTP_AUTHORIZATION="Bearer whatever",
        )

    assert response.status_code == 503
    assert response.json() == {"code": "service_unavailable", "message": MESSAGE, "errors": []}
    assert response["Retry-After"] == "5"


def test_a_failure_in_a_middleware_is_a_503_too(client, make_user):
    arbiter = make_user("arbitre-session", "arbiter")
    tournament = small_tournament(arbiter=arbiter)
    client.force_login(arbiter)
    with mock.patch("django.contrib.sessions.backends.db.SessionStore.load", side_effect=REFUSED):
        page = client.get(reverse("results:dashboard", args=[tournament.slug]))
        fetch = client.post(
            reverse("results:entry_row", args=[tournament.slug, 1]),
            "{}",
            content_type="application/json",
            HTTP_X_REQUESTED_WITH="fetch",
        )

    assert page.status_code == 503 and MESSAGE in page.content.decode()
    assert fetch.status_code == 503 and fetch.json()["code"] == "service_unavailable"


def test_any_other_error_is_still_a_500(client):
    tournament = small_tournament()
    token = tournament.tables.get(number=1).token
    with mock.patch(
        "tournaments.results.selectors.table_by_token", side_effect=RuntimeError("a bug")
    ):
        response = client.get(reverse("results:table_entry", args=[token]))

    assert response.status_code == 500
    assert MESSAGE not in response.content.decode()

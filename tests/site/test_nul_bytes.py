"""A NUL character anywhere in a request is a 400 (config/nul_bytes.py): PostgreSQL refuses it
in text, so it used to reach a query and come back as a 500."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.factories import small_tournament
from tournaments.clubs.services import create_club

MESSAGE = "La requête contient un caractère nul, que le site refuse."

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(make_user):
    return make_user("organisatrice", "organizer")


def test_a_nul_in_a_search_is_a_400_in_french_not_a_database_error(organizer):
    """The club registry's search went to PostgreSQL: « A string literal cannot contain NUL »."""
    club = create_club(name="Club des nuls", town="Rennes", by=organizer)
    client = Client()
    client.force_login(organizer)

    response = client.get(reverse("clubs:manage", args=[club.slug]), {"q": "Mar\x00tin"})

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert MESSAGE in response.content.decode()
    assert '<html lang="fr">' in response.content.decode()


@pytest.mark.parametrize(
    "request_kwargs",
    [
        {"data": {"code": "12\x0034"}},
        {"data": {"code\x00": "1234"}},
    ],
    ids=["form value", "form key"],
)
def test_a_nul_in_a_form_is_refused_before_the_view(request_kwargs):
    tournament = small_tournament()
    table = tournament.tables.get(number=1)

    response = Client().post(reverse("results:table_entry", args=[table.token]), **request_kwargs)

    assert response.status_code == 400
    assert MESSAGE in response.content.decode()
    assert set(tournament.teams.values_list("code_failures", flat=True)) == {0}


def test_a_nul_in_a_multipart_form_is_refused_and_the_raw_body_stays_readable(make_user):
    """Checking a multipart form reads the body first: the entry sheet, which reads its JSON
    from ``request.body`` whatever the content type, answers its own 400, not Django's
    « cannot access body after reading from request's data stream » (a 500)."""
    tournament = small_tournament(arbiter=make_user("arbitre", "arbiter"))
    client = Client()
    client.force_login(tournament.arbiters.get())
    url = reverse("results:entry_row", args=[tournament.slug, 1])

    refused = client.post(url, {"table": "1\x00"})  # multipart, the test client's default
    unreadable = client.post(url, {"table": "1"})

    assert refused.status_code == 400
    assert MESSAGE in refused.content.decode()
    assert unreadable.status_code == 400
    assert unreadable.json()["message"].startswith("Requête illisible")


def test_a_nul_in_a_cookie_or_the_path_is_refused():
    client = Client()
    client.cookies["sessionid"] = "abcdefgh\x00"

    assert client.get(reverse("tournaments:home")).status_code == 400
    assert Client().get("/tournois/a%00b/").status_code == 400


@pytest.mark.parametrize(
    "body",
    [b'{"name": "a\\u0000b"}', b'{"name": "a\\U0000b"}', b'{"name": "a\x00b"}'],
    ids=["escaped", "escaped upper case", "raw"],
)
def test_a_nul_in_a_json_body_is_the_apis_structured_400(body):
    response = Client().post("/api/v1/tournaments/", body, content_type="application/json")

    assert response.status_code == 400
    assert response.json() == {
        "code": "invalid",
        "message": MESSAGE,
        "errors": [{"field": "body", "code": "null_character", "message": MESSAGE}],
    }


def test_an_escaped_backslash_before_u0000_is_no_nul():
    """« \\\\u0000 » in JSON is a backslash then the text u0000: no NUL, the request goes on."""
    body = json.dumps({"name": "a\\u0000b"}).encode()

    response = Client().post("/api/v1/tournaments/", body, content_type="application/json")

    assert response.status_code != 400 or response.json()["errors"][0]["field"] != "body"


def test_a_nul_in_the_query_string_of_the_api_names_its_parameter():
    """The answer names the parameter, as the filters' own 400 did (Django's form fields
    refuse NUL; the middleware answers first, for the values no form field reads too)."""
    response = Client().get("/api/v1/tournaments/", {"name": "Open\x00"})

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "name"


def test_values_without_nul_go_through_untouched():
    tournament = small_tournament()

    response = Client().get(reverse("standings:ranking", args=[tournament.slug]), {"tour": "1"})

    assert response.status_code == 200

"""The page walker: every page of the accessibility audit (``tests.support.site_pages.VISITS``),
as each role opens it, visited over HTTP with Django's test client — no browser — on the same
data, with the same actions done by posting their forms. No page may answer 500, on PostgreSQL
(``bin/test``) or on SQLite (the ``sqlite`` run of ``bin/test``: a club's ``bin/run`` database).

The pages the audit leaves out because they are no HTML page of their own (fragments, JSON, files)
are fetched too, by ``EXTRA_GETS``; what is left is a POST, done by the functional tests.

The same pages are then walked on the demo ``bin/run`` makes (``demo_site``: its accounts, its
12-team tournament with results, its club's season): what a club opens first."""

from __future__ import annotations

import re

import pytest
from django.conf import settings as site_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.support.organizer import csv_bytes, team_rows
from tests.support.site_pages import (
    EXCLUDED,
    ROLES,
    VISITS,
    Visit,
    World,
    build_world,
    demo_world,
    identify,
    identify_other,
    preview_import,
    register_wrongly,
    swagger_drawn,
    wrong_password,
)

pytestmark = [pytest.mark.sqlite, pytest.mark.django_db]


def _round_shown(page: str) -> str:
    return re.search(r'name="round" value="(\d+)"', page).group(1)


def _say_team(client: Client, url: str, code: str) -> str:
    page = client.get(url).text
    return client.post(
        url, {"action": "identify", "round": _round_shown(page), "code": code}, follow=True
    ).text


def _http_identify(client: Client, url: str, world: World) -> str:
    page = _say_team(client, url, world.team_code)
    assert 'value="forget"' in page
    return page


def _http_identify_other(client: Client, url: str, world: World) -> str:
    page = _http_identify(client, url, world)
    client.post(url, {"action": "forget", "round": _round_shown(page)})
    page = _say_team(client, url, world.other_team_code)
    assert re.search(r'id="etui-3".*?class="[^"]*confirm-form', page, re.DOTALL)
    return page


def _http_preview_import(client: Client, url: str, world: World) -> str:
    upload = SimpleUploadedFile("equipes.csv", csv_bytes(team_rows(2, 7)), "text/csv")
    page = client.post(url, {"file": upload}, follow=True).text
    assert "/import/confirmer/" in page
    return page


def _http_register_wrongly(client: Client, url: str, world: World) -> str:
    data = {"p1_first_name": "Paul", "p1_last_name": "Lemoine", "email": "paul@example.org"}
    page = client.post(url, data, follow=True).text
    assert "errorlist" in page
    return page


def _http_wrong_password(client: Client, url: str, world: World) -> str:
    page = client.post(url, {"username": "personne", "password": "pas-le-bon"}).text
    assert "errorlist" in page
    return page


def _http_swagger(client: Client, url: str, world: World) -> str:
    """Swagger UI draws the page from the schema: the schema must come."""
    assert client.get(reverse("api:schema")).status_code == 200
    return client.get(url).text


# Each browser action of the audit, done over HTTP: the form it fills, posted.
HTTP_ACTIONS = {
    identify: _http_identify,
    identify_other: _http_identify_other,
    preview_import: _http_preview_import,
    register_wrongly: _http_register_wrongly,
    wrong_password: _http_wrong_password,
    swagger_drawn: _http_swagger,
}

# The excluded patterns that answer a GET (a file, JSON, a fragment), with the role that asks
# and the URL's arguments; the other excluded patterns are POSTs or redirects.
EXTRA_GETS = [
    Visit("anonymous", "health", kwargs=lambda w: {}),
    Visit("anonymous", "standings:ranking_fragment"),
    Visit("anonymous", "standings:room_state"),
    Visit("anonymous", "standings:room_fragment"),
    Visit("anonymous", "results:clock"),
    Visit(
        "anonymous",
        "seasons:season_file",
        kwargs=lambda w: {"slug": w.season_slug, "file_format": "csv"},
    ),
    Visit("player", "results:table_manifest", kwargs=lambda w: {"token": w.table_token}),
    Visit("player", "results:team_manifest", kwargs=lambda w: {"token": w.team_token}),
    Visit("player", "results:service_worker", kwargs=lambda w: {}),
    Visit("player", "results:table_state", kwargs=lambda w: {"token": w.table_token}),
    Visit("arbiter", "results:dashboard_grid"),
    Visit("arbiter", "results:export", kwargs=lambda w: {"slug": w.slug, "fmt": "csv"}),
    Visit("arbiter", "results:export", kwargs=lambda w: {"slug": w.slug, "fmt": "jsonl"}),
    Visit("organizer", "tournaments:import_template_csv"),
    Visit("organizer", "tournaments:import_template_xlsx"),
    Visit("organizer", "deals:export"),
    Visit("organizer", "printing:documents_fragment"),
]


def test_every_action_of_the_audit_is_done_over_http_too():
    actions = {visit.action for visit in VISITS if visit.action is not None}
    assert actions <= set(HTTP_ACTIONS), f"no HTTP version of {actions - set(HTTP_ACTIONS)}"
    assert {visit.name for visit in EXTRA_GETS} <= set(EXCLUDED) | {"health"}


def _client_as(world: World, who: str | None, language: str, raising: bool = True) -> Client:
    client = Client(raise_request_exception=raising)
    client.cookies[site_settings.LANGUAGE_COOKIE_NAME] = language
    user = {"arbiter": world.arbiter, "organizer": world.organizer}.get(who)
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("role", ROLES)
def test_every_page_answers_without_a_server_error(make_user, settings, role):
    """Each page of the role, in its language, answers its expected status (never a 500) and
    reaches the state its action leads to; a page asked in English says it is."""
    settings.SESSION_COOKIE_SECURE = False
    world = build_world(make_user)
    visitor = ROLES[role]
    client = _client_as(world, visitor.who, visitor.language)
    extras = [visit for visit in EXTRA_GETS if visit.role == visitor.pages]
    wrong = []
    for visit in [visit for visit in VISITS if visit.role == visitor.pages] + extras:
        url = visit.url(world)
        response = client.get(url, follow=True)
        if response.status_code != visit.status:
            wrong.append(f"{visit.label()} {url}: {response.status_code}")
            continue
        if visitor.language != "fr" and "<html" in response.text:
            # The language cookie took: the page is in that language, and says so.
            assert f'lang="{visitor.language}"' in response.text, url
        if visit.action is not None:
            HTTP_ACTIONS[visit.action](client, url, world)
    assert not wrong, "pages answering another status than expected:\n" + "\n".join(wrong)


def test_the_demo_answers_every_page_without_a_server_error(settings):
    """Every page of every role on the demo (the actions' states are the audit world's: here
    each page is only opened), in each role's language: no answer of 500 or more."""
    settings.SESSION_COOKIE_SECURE = False
    world = demo_world()
    failed, seen = [], 0
    for role, visitor in ROLES.items():
        client = _client_as(world, visitor.who, visitor.language, raising=False)
        visits = [visit for visit in VISITS + EXTRA_GETS if visit.role == visitor.pages]
        for url in dict.fromkeys(visit.url(world) for visit in visits):
            status = client.get(url, follow=True).status_code
            seen += status == 200
            if status >= 500:
                failed.append(f"{role} {url}: {status}")
    assert seen > 60  # the demo's pages open, not only refuse
    assert not failed, "pages answering a server error on the demo:\n" + "\n".join(failed)

"""« Liens des tables »: each table's entry link (from SITE_URL, like the table cards) with a copy
button and its QR code, for the tournament's arbiters and organizers only; the loopback warning
when no phone can open the links; linked from the dashboard and the staff menu."""

import re

import pytest
from django.urls import reverse

from tests.support.factories import SMALL_MITCHELL, add_plan, add_teams, make_tournament
from tournaments.results.table_links import table_entry_url

pytestmark = pytest.mark.django_db

LAN = "http://192.168.1.20:8000"


@pytest.fixture
def world(make_user):
    organizer = make_user("orga", "organizer")
    arbiter = make_user("arbitre", "arbiter")
    tournament = make_tournament(organizer=organizer, arbiter=arbiter)
    add_teams(tournament, 6)
    add_plan(tournament, SMALL_MITCHELL)
    other = make_tournament(arbiter=make_user("arb-autre", "arbiter"))
    users = {
        "anonymous": None,
        "player": make_user("joueur"),
        "other_arbiter": other.arbiters.get(),
        "arbiter": arbiter,
        "organizer": organizer,
    }
    return tournament, users


def _get(client, tournament, user):
    if user is not None:
        client.force_login(user)
    return client.get(reverse("results:table_links", args=[tournament.slug]))


def test_anonymous_visitors_are_sent_to_the_login_page(client, world):
    tournament, users = world
    response = _get(client, tournament, users["anonymous"])
    assert response.status_code == 302
    assert reverse("accounts:login") in response["Location"]


@pytest.mark.parametrize("role", ["player", "other_arbiter"])
def test_others_are_refused(client, world, role):
    tournament, users = world
    assert _get(client, tournament, users[role]).status_code == 403


@pytest.mark.parametrize("role", ["arbiter", "organizer"])
def test_the_staff_see_every_table_s_link_to_copy_and_its_qr_code(client, world, role, settings):
    settings.SITE_URL = LAN
    tournament, users = world
    response = _get(client, tournament, users[role])
    assert response.status_code == 200
    page = response.content.decode()
    tables = list(tournament.tables.order_by("number"))
    assert len(tables) == 3
    for table in tables:
        url = table_entry_url(table)
        assert url.startswith(LAN + "/table/")
        assert f'data-copy="{url}"' in page
        assert f'<code class="break-all">{url}</code>' in page
    assert page.count("<svg") == len(tables)
    ids = re.findall(r'id="(qr-path[^"]*)"', page)
    assert len(ids) == len(set(ids)) == len(tables)
    assert "data-print" in page
    assert 'id="loopback-warning"' not in page
    assert "<script>" not in page and " style=" not in page  # the CSP holds


def test_a_loopback_site_address_is_warned_about(client, world, settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    tournament, users = world
    page = _get(client, tournament, users["arbiter"]).content.decode()
    assert 'id="loopback-warning"' in page
    assert "ces QR codes mènent à 127.0.0.1" in page
    assert "bin/run --lan" in page


def test_the_dashboard_and_the_staff_menu_link_the_page(client, world):
    tournament, users = world
    client.force_login(users["arbiter"])
    link = reverse("results:table_links", args=[tournament.slug])
    dashboard = client.get(reverse("results:dashboard", args=[tournament.slug]))
    assert dashboard.content.decode().count(f'href="{link}"') == 2  # button and menu

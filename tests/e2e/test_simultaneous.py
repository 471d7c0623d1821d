"""A simultaneous event in a real browser: the screenshots of docs/simultaneous.md.

Three clubs, two played on the site and one offline whose results came back signed: the event's
page as its organizer sees it (the clubs, the commitment, the acts), the national ranking as a
player sees it on a phone (provisional, one section at a time), the upload page of the offline
club's organizer.
"""

import json

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.support.events import make_event
from tournaments.events.demo import play_session
from tournaments.events.services import (
    accept_upload,
    build_upload,
    export_package,
    import_package,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _page(browser, base: str, user, viewport: dict):
    context = browser.new_context(viewport=viewport)
    if user is not None:
        client = Client()
        client.force_login(user)
        host = base.split("//")[1].split(":")[0]
        context.add_cookies(
            [
                {
                    "name": "sessionid",
                    "value": client.cookies["sessionid"].value,
                    "domain": host,
                    "path": "/",
                }
            ]
        )
    return context, context.new_page()


def test_a_simultaneous_event_seen_by_its_organizer_a_player_and_an_offline_club(
    live_server, browser, make_user, monkeypatch, settings, screenshot
):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from django.db import connections

    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    settings.SESSION_COOKIE_SECURE = False
    event, organizer, entries = make_event(
        make_user,
        clubs=("Rennes", "Brest", "Quimper"),
        laptop=("Quimper",),
        hours_before=6,
        name="Simultané de l'Avent",
    )
    for name in ("Rennes", "Brest"):
        play_session(entries[name].tournament, tables=3, board_count=event.board_count)
    quimper = entries["Quimper"]
    laptop, _created = import_package(
        data=json.dumps(export_package(entry=quimper)), key=quimper.key, by=quimper.answered_by
    )
    play_session(laptop.tournament, tables=3, board_count=event.board_count)
    accept_upload(event=event, data=json.dumps(build_upload(laptop=laptop)), by=quimper.answered_by)
    base = live_server.url

    context, page = _page(browser, base, organizer, {"width": 1100, "height": 900})
    page.goto(f"{base}/simultanes/{event.slug}/")
    expect(page.locator("code.commitment")).to_have_text(event.commitment)
    screenshot(page, "the event's page, its organizer", docs="simultaneous-event")
    context.close()

    context, page = _page(browser, base, None, {"width": 360, "height": 740})
    page.goto(f"{base}/simultanes/{event.slug}/classement/")
    expect(page.locator("main")).to_contain_text("provisoire")
    expect(page.locator("main")).to_contain_text("Club de Quimper")
    screenshot(page, "the national ranking on a phone", docs="simultaneous-ranking")
    context.close()

    context, page = _page(browser, base, quimper.answered_by, {"width": 1100, "height": 800})
    page.goto(f"{base}/simultanes/{event.slug}/organisation/clubs/{quimper.club.slug}/envoi/")
    expect(page.locator("input[type=file]")).to_be_visible()
    screenshot(page, "an offline club's upload page", docs="simultaneous-upload")
    context.close()

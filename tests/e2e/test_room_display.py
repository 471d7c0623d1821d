"""The room display on a TV (1920 × 1080) and the round clock on a table's phone.

The display shows the round and its clock; a result stored through the services (the table's
phone or the arbiter) is ranked by the real Celery worker and appears on the display without a
reload; the network drops for a few seconds: the display keeps its content, says
« reconnexion… », then catches up, still without a reload. Chromium (Debian's) driven by
Playwright against the live test server.
"""

import datetime
import re

import pytest
from django.utils import timezone

from tests.support.browser import wait_until
from tests.support.factories import small_tournament
from tests.support.results import assignment, contract
from tournaments.results import services
from tournaments.setup.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TIMEOUT_MS = 30_000
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 360, "height": 740}
CLOCK = re.compile(r"^\d\d:\d\d$")


def room_url(site, tournament, query=""):
    return f"{site}/tournois/{tournament.slug}/salle/{query}"


def results_counted(page) -> int:
    return int(page.get_attribute("[data-results-counted]", "data-results-counted"))


def wait_for_count(page, count: int, timeout: float = 10_000) -> None:
    wait_until(
        page,
        "(count) => Number((document.querySelector('[data-results-counted]') || {dataset: {}})"
        ".dataset.resultsCounted) >= count",
        count,
        timeout=timeout,
    )


def record(tournament, by, table: int, board: int, points: int) -> None:
    services.record_result(
        assignment=assignment(tournament, 1, table),
        board_number=board,
        data=contract(points=points),
        by=by,
    )


@pytest.fixture
def tournament(make_user):
    arbiter = make_user("arbitre", "arbiter")
    tournament = small_tournament(arbiter=arbiter, name="Open de coinche de Villefranche")
    # Round 1 started 4 minutes ago (2 boards × 8 minutes: 12 minutes left); 2 and 3 not yet.
    Round.objects.filter(tournament=tournament).update(started_at=None)
    Round.objects.filter(tournament=tournament, number=1).update(
        started_at=timezone.now() - datetime.timedelta(minutes=4)
    )
    tournament.arbiter = arbiter
    return tournament


@pytest.mark.worker
def test_the_room_display_updates_itself_and_survives_a_network_blink(
    site, browser, tournament, screenshot
):
    arbiter = tournament.arbiter
    context = browser.new_context(viewport=TV)
    page = context.new_page()
    refused = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.goto(room_url(site, tournament, "?theme=sombre"))
    assert tournament.name in page.inner_text("h1")
    wait_until(
        page, "() => /^\\d\\d:\\d\\d$/.test(document.querySelector('.clock-time').textContent)"
    )
    assert page.inner_text(".clock-round") == "Tour 1"
    minutes_left = int(page.inner_text(".clock-time").split(":")[0])
    assert 10 <= minutes_left <= 12
    assert "Tour 2 : les EO avancent d'une table" in page.inner_text(".room-movement")
    assert results_counted(page) == 0
    page.evaluate("() => { window.__sameDocument = true; }")

    # A result stored through the services: ranked by the worker, shown with no reload.
    record(tournament, arbiter, 1, 1, 100)
    wait_for_count(page, 1)
    assert page.evaluate("() => window.__sameDocument === true")
    assert page.locator(".room-table tr[data-team='1']").count() == 1

    # The network blinks: the content stays, the marker says so, then it catches up.
    context.set_offline(True)
    wait_until(page, "() => !document.querySelector('.room-status').hidden", timeout=8_000)
    assert results_counted(page) == 1
    assert page.locator(".room-table").count() >= 1
    page.wait_for_timeout(3_000)
    record(tournament, arbiter, 2, 3, 120)
    context.set_offline(False)
    wait_for_count(page, 2, timeout=20_000)
    wait_until(page, "() => document.querySelector('.room-status').hidden")
    assert page.evaluate("() => window.__sameDocument === true")

    # The rest of round 1, for the pictures of the documentation.
    for table, board, points in [(1, 2, 90), (2, 4, 130), (3, 5, 82), (3, 6, 140)]:
        record(tournament, arbiter, table, board, points)
    wait_for_count(page, 6)
    screenshot(page, "room display, dark", docs="room-display-dark", full_page=False)

    light = context.new_page()
    light.goto(room_url(site, tournament, "?theme=clair"))
    assert light.evaluate("() => document.documentElement.className") == "room-theme-light"
    wait_until(
        light, "() => /^\\d\\d:\\d\\d$/.test(document.querySelector('.clock-time').textContent)"
    )
    background = light.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(247, 247, 245)"
    dark = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert dark == "rgb(15, 23, 19)"
    screenshot(light, "room display, light", docs="room-display-light", full_page=False)

    # Without ?theme, the screen's preference.
    light.goto(room_url(site, tournament))
    assert light.evaluate("() => getComputedStyle(document.body).backgroundColor") == background
    night = browser.new_context(viewport=TV, color_scheme="dark")
    night_page = night.new_page()
    night_page.goto(room_url(site, tournament))
    assert night_page.evaluate("() => getComputedStyle(document.body).backgroundColor") == dark
    night.close()

    # Longer than its box (a small screen): the ranking scrolls, and turns pages instead when
    # the screen asks for less motion.
    light.set_viewport_size({"width": 900, "height": 420})
    wait_until(
        light,
        "() => document.querySelector('[data-room-live]').classList.contains('room-scrolling')",
    )
    transform = "() => getComputedStyle(document.querySelector('[data-room-live]')).transform"
    seen = set()
    for _ in range(10):  # past the pause at the top (15 % of at least 12 s), it moves
        seen.add(light.evaluate(transform))
        light.wait_for_timeout(500)
    assert len(seen) > 1, seen
    assert refused == []
    context.close()
    calm = browser.new_context(viewport={"width": 900, "height": 420}, reduced_motion="reduce")
    calm_page = calm.new_page()
    calm_page.goto(room_url(site, tournament))
    wait_until(
        calm_page,
        "() => document.querySelector('[data-room-live]').classList.contains('room-paging')",
    )
    calm.close()


def test_the_table_page_counts_down_by_the_servers_clock(
    live_site, browser, tournament, screenshot
):
    # The round is near its end: 4 minutes left, the warning state.
    Round.objects.filter(tournament=tournament, number=1).update(
        started_at=timezone.now() - datetime.timedelta(minutes=12)
    )
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    # The phone's own clock is an hour fast: the countdown must not care.
    page.clock.install(time=datetime.datetime.now(datetime.UTC) + datetime.timedelta(hours=1))
    table = tournament.tables.get(number=1)
    page.goto(f"{live_site}/table/{table.token}/")
    page.clock.resume()
    wait_until(
        page, "() => document.querySelector('.round-clock').classList.contains('clock-warning')"
    )
    text = page.inner_text(".clock-time")
    assert CLOCK.match(text), text
    minutes, seconds = map(int, text.split(":"))
    assert 3 * 60 <= minutes * 60 + seconds <= 4 * 60
    first = page.inner_text(".clock-time")
    page.wait_for_timeout(2_100)
    assert page.inner_text(".clock-time") != first  # it counts down by itself
    screenshot(page, "table page, round clock", docs="round-clock-table", full_page=False)

    # The clock endpoint out of reach (the page from the phone's cache, offline): it counts
    # from the end the page was rendered with, by the offset this phone learnt before.
    cut_off = context.new_page()
    cut_off.route("**/horloge/**", lambda route: route.abort())
    cut_off.goto(f"{live_site}/table/{table.token}/")
    wait_until(
        cut_off,
        "() => document.querySelector('.round-clock').classList.contains('clock-warning')",
    )
    first = cut_off.inner_text(".clock-time")
    cut_off.wait_for_timeout(2_100)
    assert cut_off.inner_text(".clock-time") != first
    assert CLOCK.match(first) and int(first.split(":")[0]) in (3, 4), first
    cut_off.close()

    # Past the end: « Temps écoulé ».
    Round.objects.filter(tournament=tournament, number=1).update(
        started_at=timezone.now() - datetime.timedelta(minutes=20)
    )
    page.reload()
    page.clock.resume()
    wait_until(
        page, "() => document.querySelector('.round-clock').classList.contains('clock-over')"
    )
    assert page.inner_text(".clock-time") == "Temps écoulé"
    context.close()


def test_the_dashboard_shows_the_clock_and_its_grid_updates_without_a_reload(
    live_site, browser, tournament
):
    from django.test import Client

    client = Client()
    client.force_login(tournament.arbiter)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    host = live_site.split("//")[1].split(":")[0]
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
    page = context.new_page()
    page.goto(f"{live_site}/tournois/{tournament.slug}/arbitrage/")
    wait_until(
        page, "() => /^\\d\\d:\\d\\d$/.test(document.querySelector('.clock-time').textContent)"
    )
    assert page.inner_text(".clock-round") == "Tour 1"
    page.evaluate("() => { window.__sameDocument = true; }")
    confirmed = (
        "() => document.querySelectorAll('#results-grid a.board-state.state-confirmed').length"
    )
    assert page.evaluate(confirmed) == 0
    record(tournament, tournament.arbiter, 1, 1, 100)
    wait_until(page, confirmed, timeout=15_000)  # the grid refreshes every 10 s
    assert page.evaluate("() => window.__sameDocument === true")
    context.close()

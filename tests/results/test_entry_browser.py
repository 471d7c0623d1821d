"""The arbiter's entry sheet in a real browser: keyboard entry, JSON saves, inline errors.

Drives Debian's Chromium through Playwright against the live test server.
"""

import shutil

import pytest

from tests.support.browser import wait_until
from tests.support.factories import small_tournament
from tournaments.results.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def browser_page(live_server, make_user, monkeypatch, settings):
    if CHROMIUM is None:
        pytest.fail("the browser tests need Chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright runs an event loop in this thread; the test still reads the database.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    # The live server answers each request in a new thread: close its connection afterwards,
    # or the test database cannot be dropped at the end of the run.
    from django.db import connections

    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    arbiter = make_user("arbitre-navigateur", "arbiter")
    tournament = small_tournament(arbiter=arbiter)
    from django.test import Client

    client = Client()
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context()
        host = live_server.url.split("//")[1].split(":")[0]
        context.add_cookies([{"name": "sessionid", "value": session, "domain": host, "path": "/"}])
        page = context.new_page()
        page.goto(f"{live_server.url}/tournois/{tournament.slug}/arbitrage/saisie/1/")
        yield page, tournament
        browser.close()
        # Queries made while Playwright runs have their own connection: close it here.
        connections.close_all()


def test_rows_are_typed_from_the_keyboard_and_saved_without_reloading(browser_page):
    page, tournament = browser_page
    # A full page reload would lose this.
    page.evaluate("window.__kept = 'same page'")
    page.focus("#id_t1b1-taker")
    page.keyboard.press("N")
    page.keyboard.press("Tab")
    page.keyboard.type("110")
    page.keyboard.press("Tab")
    page.keyboard.type("co")  # Cœur
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # coinche: keep the default
    page.keyboard.type("113")
    page.keyboard.press("Enter")
    wait_until(
        page, "document.querySelector('#t1b1 td.marks').textContent.includes('220')", timeout=10000
    )
    assert page.evaluate("window.__kept") == "same page"
    assert "Confirmé · v1" in page.inner_text("#t1b1 td.state")
    # The focus moved on to the next row.
    assert page.evaluate("document.activeElement.id") == "id_t1b2-taker"
    result = Result.objects.get(board_number=1)
    assert (result.ns_marks, result.ew_marks, result.status) == (220, 50, "confirmed")

    # A wrong row shows its errors in French under the row, each named by its field (marked
    # invalid), and stores nothing.
    page.select_option("#id_t1b2-taker", "E")
    page.fill("#id_t1b2-bid", "90")
    page.select_option("#id_t1b2-strain", "S")
    page.fill("#id_t1b2-taker_points", "161")
    page.fill("#id_t1b2-annonces", "E quinte R pique")
    page.click("#t1b2 button.row-save")
    page.wait_for_selector("#t1b2-errors li[data-field=annonces]", timeout=10000)
    assert "Annonces : " in page.inner_text("#t1b2-errors li[data-field=annonces]")
    assert "annonce inconnue « quinte »" in page.inner_text("#t1b2-errors")
    assert page.get_attribute("#id_t1b2-annonces", "aria-invalid") == "true"
    page.fill("#id_t1b2-annonces", "")
    page.click("#t1b2 button.row-save")
    page.wait_for_selector("#t1b2-errors li[data-field=taker_points]", timeout=10000)
    assert "Points preneurs : " in page.inner_text("#t1b2-errors")
    assert page.get_attribute("#id_t1b2-annonces", "aria-invalid") is None
    assert Result.objects.filter(board_number=2).count() == 0

    # The bid is typed, the scale offered as suggestions; a bid off the scale is refused in
    # French, with the scale.
    assert page.get_attribute("#id_t1b2-bid", "list") == "bid-scale"
    assert page.locator("#bid-scale option").first.get_attribute("value") == "80"
    page.fill("#id_t1b2-bid", "95")
    page.fill("#id_t1b2-taker_points", "100")
    page.click("#t1b2 button.row-save")
    page.wait_for_selector("#t1b2-errors li[data-field=bid]", timeout=10000)
    assert "« 95 » n'est pas une enchère de ce tournoi : 80, puis tous les 10" in (
        page.inner_text("#t1b2-errors")
    )
    assert Result.objects.filter(board_number=2).count() == 0

    # Changing a stored row needs the "replace" box.
    page.fill("#id_t1b1-taker_points", "80")
    page.click("#t1b1 button.row-save")
    page.wait_for_selector("#t1b1-errors:not([hidden])", timeout=10000)
    # The row shows version 1, still the stored one: the advice is the box, not a reload.
    assert "cochez « Remplacer » pour le modifier" in page.inner_text("#t1b1-errors")
    page.check("#id_t1b1-replace")
    page.click("#t1b1 button.row-save")
    wait_until(
        page, "document.querySelector('#t1b1 td.state').textContent.includes('v2')", timeout=10000
    )
    assert Result.objects.get(board_number=1, is_current=True).made is False

"""The arbiter's corrections on a board's history page in a real browser, on a phone-sized
screen: an assigned score, a procedural penalty given and removed (with the confirmation
prompt), under the strict Content-Security-Policy."""

import shutil

import pytest

from tests.support.factories import small_tournament
from tests.support.paths import ROOT
from tournaments.results.models import Penalty, Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = ROOT / "test-artifacts" / "results"


@pytest.fixture
def history_page(live_server, make_user, monkeypatch, settings):
    if CHROMIUM is None:
        pytest.fail("the browser tests need Chromium (apt-get install chromium)")
    from django.db import connections
    from django.test import Client
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    arbiter = make_user("arbitre-corrections", "arbiter")
    tournament = small_tournament(arbiter=arbiter)
    client = Client()
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 390, "height": 844})
        host = live_server.url.split("//")[1].split(":")[0]
        context.add_cookies([{"name": "sessionid", "value": session, "domain": host, "path": "/"}])
        page = context.new_page()
        errors = []
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.goto(f"{live_server.url}/tournois/{tournament.slug}/arbitrage/resultat/1/1/1/")
        yield page, tournament, errors
        browser.close()
        connections.close_all()


def test_an_arbiter_assigns_a_score_and_gives_then_removes_a_penalty(history_page):
    page, tournament, errors = history_page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    page.fill("#id_ns_marks", "160")
    page.fill("#id_ew_marks", "0")
    page.click("form.assign-form button[type=submit]")
    page.wait_for_selector("text=Score assigné enregistré.")
    result = Result.objects.get(is_current=True)
    assert (result.ns_marks, result.ew_marks, result.is_assigned_score) == (160, 0, True)

    page.select_option("form.penalty-form select[name=team]", "EW")
    page.fill("form.penalty-form input[name=amount]", "25")
    page.fill("form.penalty-form [name=reason]", "Retard à la table")
    page.click("form.penalty-form button[type=submit]")
    page.wait_for_selector("text=Pénalité enregistrée.")
    assert "25 % du top" in page.inner_text(".penalty-list")
    page.screenshot(path=str(ARTIFACTS / "corrections-phone.png"), full_page=True)
    # Nothing wider than the phone's screen but the tables, which scroll inside their frame.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # « Retirer » asks first: dismissed, nothing happens; accepted, the penalty is removed.
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click(".penalty-list button[type=submit]")
    page.wait_for_timeout(300)
    assert Penalty.objects.get().active
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".penalty-list button[type=submit]")
    page.wait_for_selector("text=Pénalité retirée (elle reste dans l'historique).")
    assert not Penalty.objects.get().active
    assert "retirée" in page.inner_text(".penalty-list")
    assert errors == []

"""Every page of the site, as each role sees it, has no critical or serious accessibility
violation under axe-core (vendored in tests/assets/axe-core/, run by
tests/support/accessibility.py).

The pages are listed once, in ``tests.support.site_pages.VISITS``; every named URL pattern of
the URL confs is either visited there or excluded in ``EXCLUDED`` with its reason (a file,
JSON, a POST that redirects, a fragment audited inside its page), so a new page cannot be
forgotten.
"""

from __future__ import annotations

import hashlib
import shutil

import pytest
from django.urls import get_resolver, reverse

from tests.support.accessibility import AXE, AXE_SHA256, report, violations
from tests.support.site_pages import (
    EXCLUDED,
    PHONE,
    ROLES,
    VISITS,
    build_world,
    named_patterns,
    skip_reason,
)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


# --- Tests ----------------------------------------------------------------------------------


def test_every_html_page_is_visited_or_excluded_with_a_reason():
    patterns = named_patterns(get_resolver().url_patterns)
    visited = {visit.name for visit in VISITS}
    assert visited <= set(patterns), f"visits of unknown URLs: {visited - set(patterns)}"
    assert set(EXCLUDED) <= set(patterns), f"stale exclusions: {set(EXCLUDED) - set(patterns)}"
    assert not visited & set(EXCLUDED), f"both visited and excluded: {visited & set(EXCLUDED)}"
    forgotten = sorted(
        name
        for name, callback in patterns.items()
        if name not in visited and skip_reason(name, callback) is None
    )
    assert not forgotten, f"pages neither audited nor excluded with a reason: {forgotten}"


def test_the_vendored_axe_core_is_the_npm_file():
    assert hashlib.sha256(AXE.read_bytes()).hexdigest() == AXE_SHA256
    assert AXE.with_name("LICENSE").read_text().startswith("Mozilla Public License")


@pytest.fixture
def audit_site(live_server, make_user, monkeypatch, settings):
    """The live server, its data, and Debian's Chromium (never a downloaded browser)."""
    if CHROMIUM is None:
        pytest.fail("the browser tests need Chromium (apt-get install chromium)")
    from django.db import connections
    from playwright.sync_api import sync_playwright

    # Playwright runs an event loop in this thread; the test still reads the database.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    # The live server answers each request in a new thread: close its connection afterwards.
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    world = build_world(make_user)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            yield live_server.url, world, browser
        finally:
            browser.close()
            connections.close_all()


def _context_as(browser, base_url: str, user, viewport, language: str = "fr"):
    """A browser context (its own cookies) logged in as ``user`` (None: nobody), the site in
    ``language``."""
    from django.conf import settings
    from django.test import Client

    context = browser.new_context(viewport=viewport, locale="fr-FR")
    host = base_url.split("//")[1].split(":")[0]
    cookies = [
        {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "domain": host, "path": "/"}
    ]
    if user is not None:
        client = Client()
        client.force_login(user)
        session = client.cookies["sessionid"].value
        cookies.append({"name": "sessionid", "value": session, "domain": host, "path": "/"})
    context.add_cookies(cookies)
    return context


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_audit_reports_a_broken_page(audit_site):
    """The audit is no empty check: a field without a name and a link without text in a page
    come back, with their rule, impact and element."""
    base_url, world, browser = audit_site
    context = _context_as(browser, base_url, None, PHONE)
    page = context.new_page()
    page.goto(base_url + reverse("tournaments:home"))
    assert violations(page, tap_targets=True) == []
    page.evaluate(
        """() => {
        const field = document.createElement("input");
        field.id = "nameless";
        const link = document.createElement("a");
        link.href = "/";
        link.id = "empty-link";
        const tiny = document.createElement("a");
        tiny.href = "/";
        tiny.id = "tiny-target";
        tiny.textContent = "x";
        const box = document.createElement("div");
        box.append(tiny);
        document.querySelector("main").append(field, link, box);
    }"""
    )
    found = {item.rule: item for item in violations(page, tap_targets=True)}
    context.close()
    assert {"label", "link-name", "target-size"} <= set(found)
    assert "#tiny-target" in found["target-size"].targets
    assert found["label"].impact == "critical"
    assert found["label"].targets == ("#nameless",)
    assert "#empty-link" in str(found["link-name"])


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_service_unavailable_page_has_no_serious_violation(audit_site, settings):
    """The 503 page (config/errors.py) has no URL of its own: it answers any request while the
    database is out of reach. The browser gets it, as rendered by the handler, at an address of
    the live server, with the site's policy; its stylesheet comes from the server."""
    from django.template.loader import render_to_string

    from config.csp import HEADER, policy_header

    base_url, world, browser = audit_site
    context = _context_as(browser, base_url, None, PHONE)
    page = context.new_page()
    body = render_to_string(
        "503.html", {"message": "Service momentanément indisponible, réessayez dans un instant."}
    )
    address = base_url + "/tournois/indisponible/"
    page.route(
        address,
        lambda route: route.fulfill(
            status=503,
            body=body,
            content_type="text/html; charset=utf-8",
            headers={HEADER: policy_header(settings.CONTENT_SECURITY_POLICY)},
        ),
    )
    page.goto(address)
    assert page.inner_text("h1").startswith("Service momentanément indisponible")
    found = violations(page)
    context.close()
    assert not found, report({"503.html": found})


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("role", ROLES)
def test_pages_have_no_critical_or_serious_accessibility_violation(audit_site, role):
    base_url, world, browser = audit_site
    visitor = ROLES[role]
    user = {"arbiter": world.arbiter, "organizer": world.organizer}.get(visitor.who)
    context = _context_as(browser, base_url, user, visitor.viewport, visitor.language)
    page = context.new_page()
    found = {}
    overflowing = {}
    for visit in (visit for visit in VISITS if visit.role == visitor.pages):
        response = page.goto(base_url + visit.url(world))
        assert response is not None and response.status == visit.status, (
            f"{visit.label()}: {response.status}"
        )
        if visitor.language != "fr":
            # The switch's cookie took: the page is in that language, and says so.
            assert page.evaluate("document.documentElement.lang") == visitor.language
        if visit.action is not None:
            visit.action(page, world)
        tolerated = dict(visit.tolerated)
        if visitor.viewport is PHONE:
            # Nothing wider than the phone (measured before axe opens the <details>).
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                overflowing[f"{visit.label()} {page.url}"] = width
        found[f"{visit.label()} {page.url}"] = [
            item
            for item in violations(page, tap_targets=visitor.viewport is PHONE)
            if item.rule not in tolerated
        ]
    context.close()
    assert not any(found.values()) and not overflowing, (
        f"pages wider than {PHONE['width']} px: {overflowing}\n"
        "axe-core, critical and serious:\n" + report(found)
    )

"""The Content-Security-Policy header on every page, and pages that keep to it: no inline
script, event handler, style element or style attribute, neither in the served templates nor
in the HTML the site renders for a demo tournament."""

import re
from pathlib import Path
from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.support.factories import small_tournament
from tests.support.paths import ROOT
from tournaments.results.demo import record_demo_results
from tournaments.standings.recomputation import recompute

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
PRINT_DIR = ROOT / "tournaments/printing/templates/printing"

# What the policy would block, as it appears in a template or a page.
INLINE = {
    # A JSON data block (json_script) is never run: the policy has nothing to block there.
    "inline script": re.compile(
        r"<script\b(?![^>]*\bsrc=)(?![^>]*\btype=\"application/json\")[^>]*>", re.I
    ),
    "event handler": re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I),
    "style attribute": re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I),
    "style element": re.compile(r"<style\b", re.I),
    "javascript: URL": re.compile(r"\bjavascript:", re.I),
}


def inline_code(html: str) -> list[str]:
    return [name for name, pattern in INLINE.items() if pattern.search(html)]


def print_templates() -> set[Path]:
    """The WeasyPrint templates: printing/base.html, those extending it, what they include.

    They are turned into PDF in a worker, never served as a web page, so their <style> stays.
    """
    found = {PRINT_DIR / "base.html"}
    # The printing app's documents, and another app's printout (the season's ranking).
    for path in [*PRINT_DIR.glob("*.html"), *(ROOT / "tournaments").rglob("templates/**/*.html")]:
        text = path.read_text()
        if '{% extends "printing/base.html" %}' in text:
            found.add(path)
            for name in re.findall(r'{% include "printing/([^"]+)"', text):
                found.add(PRINT_DIR / name)
    return found


def served_templates() -> list[Path]:
    paths = list((ROOT / "templates").rglob("*.html"))
    paths += list((ROOT / "tournaments").rglob("templates/**/*.html"))
    return sorted(set(paths) - print_templates())


def test_the_print_templates_are_only_the_weasyprint_ones():
    names = sorted(path.name for path in print_templates())
    assert names == [
        "_hand.html",
        "base.html",
        "combined_packet.html",
        "hand_records.html",
        "rankings.html",
        "route_cards.html",
        "rules_sheet.html",
        "score_sheets.html",
        "scorecards.html",
        "season_pdf.html",
        "seating_poster.html",
        "table_cards.html",
        "travellers.html",
    ]


@pytest.mark.parametrize("path", served_templates(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_served_template_holds_inline_script_handler_or_style(path):
    assert inline_code(path.read_text()) == []


def test_the_scanner_finds_what_the_policy_blocks():
    assert inline_code('<button onclick="go()">') == ["event handler"]
    assert inline_code("<script>alert(1)</script>") == ["inline script"]
    assert inline_code('<script src="/static/js/site.js" defer></script>') == []
    assert inline_code('<script id="rule-presets" type="application/json">{}</script>') == []
    assert inline_code('<p style="color: red">') == ["style attribute"]
    assert inline_code('<form data-confirm="Sûr ?" class="inline">') == []


# --- Every page of a demo tournament ----------------------------------------------------------

# The pages' URL parameters, for the demo tournament; patterns with others are left out (PDF
# downloads, which would lay out documents; token and result ids, which need their own set-up).
SKIPPED_NAMESPACES = {"admin"}


@pytest.fixture
def demo(make_user, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    organizer = make_user("organisatrice", "organizer")
    arbiter = make_user("arbitre", "arbiter")
    tournament = small_tournament(organizer=organizer, arbiter=arbiter)
    record_demo_results(tournament)
    recompute(tournament.pk, force=True)
    return tournament, organizer


def site_urls(tournament) -> list[str]:
    values = {
        "slug": tournament.slug,
        "number": 1,
        "round_number": 1,
        "table_number": 1,
        "board_number": 1,
        "board": 1,
        "fmt": "csv",
        "token": tournament.tables.get(number=1).token,
    }
    urls = []

    def walk(patterns, namespace=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace in SKIPPED_NAMESPACES:
                    continue
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                names = set(pattern.pattern.converters)
                if names <= set(values):
                    kwargs = {name: values[name] for name in names}
                    urls.append(reverse(f"{namespace}{pattern.name}", kwargs=kwargs))

    walk(get_resolver().url_patterns)
    return urls


@pytest.mark.django_db
def test_every_page_carries_the_policy_and_no_inline_code(demo):
    tournament, organizer = demo
    visitors = {"anonymous": Client(), "organizer": Client()}
    visitors["organizer"].force_login(organizer)
    pages = 0
    for who, client in visitors.items():
        for url in site_urls(tournament):
            response = client.get(url)
            assert response["Content-Security-Policy"] == POLICY, (who, url)
            if response.status_code == 200 and "text/html" in response["Content-Type"]:
                pages += 1
                assert inline_code(response.content.decode()) == [], (who, url)
    # The public pages, the organizer's, the arbiter's, deals, rankings, documents, API docs.
    assert pages > 40


@pytest.mark.django_db
def test_static_files_and_the_api_carry_it_too(client):
    assert client.get("/static/js/site.js")["Content-Security-Policy"] == POLICY
    assert client.get("/api/v1/tournaments/")["Content-Security-Policy"] == POLICY


@pytest.mark.django_db
def test_the_service_unavailable_page_carries_it_and_runs_no_inline_code():
    tournament = small_tournament()
    token = tournament.tables.get(number=1).token
    client = Client(raise_request_exception=False)
    with mock.patch(
        "tournaments.results.selectors.table_by_token", side_effect=OperationalError("down")
    ):
        response = client.get(reverse("results:table_entry", args=[token]))

    assert response.status_code == 503
    assert response["Content-Security-Policy"] == POLICY
    page = response.content.decode()
    assert inline_code(page) == []
    assert "data-reload" in page and "/static/js/site.js" in page


@pytest.mark.django_db
def test_the_api_docs_page_loads_its_script_from_the_site(client):
    page = client.get("/api/docs/")
    assert inline_code(page.content.decode()) == []
    script = re.search(r'<script src="([^"]*script=[^"]*)"', page.content.decode()).group(1)

    response = client.get(script.replace("&amp;", "&"))

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in response.content.decode()


def test_a_view_may_set_its_own_policy():
    from django.http import HttpResponse

    from config.csp import ContentSecurityPolicyMiddleware

    def view(request):
        response = HttpResponse()
        response["Content-Security-Policy"] = "default-src 'none'"
        return response

    response = ContentSecurityPolicyMiddleware(view)(None)

    assert response["Content-Security-Policy"] == "default-src 'none'"


@pytest.mark.django_db
def test_only_django_s_debug_error_pages_go_without_it(client, settings):
    assert client.get("/nulle-part/")["Content-Security-Policy"] == POLICY

    settings.DEBUG = True

    assert "Content-Security-Policy" not in client.get("/nulle-part/")
    assert client.get("/")["Content-Security-Policy"] == POLICY

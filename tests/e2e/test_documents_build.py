"""« Générer tout le dossier » on ``bin/run`` (no broker): the documents are made in a thread of
the site's process, the page answers at once, the button stays disabled while the packet is
being made, and the page follows the build to « À jour » without a reload."""

import threading

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.support.factories import demo_tournament
from tournaments import background
from tournaments.printing import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def held_builds(settings, monkeypatch, media_root):
    """The documents thread on, each job held until the test releases it."""
    settings.DOCUMENTS_IN_PROCESS = "background"
    worker = background.BackgroundJobs("documents")
    monkeypatch.setattr(background, "documents", worker)
    release = threading.Event()
    real = services.build_document

    def held(*, document_id, generation):
        assert release.wait(120)
        if getattr(release, "skip", False):
            return None
        return real(document_id=document_id, generation=generation)

    monkeypatch.setattr(services, "build_document", held)
    return worker, release


@pytest.fixture
def organizer_page(live_site, browser, make_user):
    organizer = make_user("organisatrice-dossier", "organizer")
    client = Client()
    client.force_login(organizer)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
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
    yield context.new_page(), organizer, live_site
    context.close()


def test_the_packet_button_is_disabled_while_the_packet_is_made(
    organizer_page, held_builds, screenshot
):
    page, organizer, base = organizer_page
    worker, release = held_builds
    tournament = demo_tournament(organizer=organizer, name="Open du dossier")
    page.goto(f"{base}/tournois/{tournament.slug}/organisation/documents/")
    button = page.locator("#packet-form button")
    expect(button).to_have_text("Générer tout le dossier")
    expect(button).to_be_enabled()

    with page.expect_navigation():
        button.click()
    # The page came back while every job is still held: the server renders the button disabled.
    state = page.locator(".packet-state")
    expect(state).to_contain_text("En préparation")
    expect(state).to_contain_text("Dossier : 0 sur 12 documents prêts")
    expect(button).to_be_disabled()
    expect(button).to_have_text("Dossier en préparation…")
    expect(page.locator("ul.messages")).to_have_count(0)
    expect(page.locator("#documents-table progress").first).to_be_visible()
    screenshot(page, "packet being made", docs="documents-building")

    # Released: the page follows the build by itself, to one state, and the button comes back.
    release.set()
    expect(state).to_contain_text("Dossier : les 12 documents sont prêts.", timeout=120_000)
    expect(state).not_to_contain_text("En préparation")
    expect(button).to_be_enabled()
    expect(button).to_have_text("Générer tout le dossier")
    expect(page.locator("#documents-table progress")).to_have_count(0)
    assert worker.wait(60)


def test_the_button_is_disabled_as_soon_as_it_is_pressed(organizer_page, held_builds):
    """Before the server answers, the page's script disables the button (no second click)."""
    page, organizer, base = organizer_page
    worker, release = held_builds
    tournament = demo_tournament(organizer=organizer, name="Open du double clic")
    page.goto(f"{base}/tournois/{tournament.slug}/organisation/documents/")
    # The submission itself is stopped after the site's script has seen it (a listener on the
    # window runs after the document's): the page in between stays to be looked at.
    page.evaluate("window.addEventListener('submit', (event) => event.preventDefault())")
    button = page.locator("#packet-form button")
    button.click()
    expect(button).to_be_disabled()
    expect(button).to_have_text("Dossier en préparation…")
    # Nothing was asked of the server: no job queued.
    release.skip = True
    release.set()
    assert worker.wait(10)

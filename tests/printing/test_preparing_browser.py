"""The waiting page of a public document being made, in a real browser: its script shows the
progress without reloading the page, then opens the document once it is ready.

Drives Debian's Chromium through Playwright against the live test server.
"""

import shutil

import pytest
from django.core.files.base import ContentFile
from django.urls import reverse
from django.utils import timezone

from tests.support.browser import wait_until
from tests.support.factories import demo_tournament
from tournaments.printing import selectors
from tournaments.printing.models import Document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def page(live_server, monkeypatch):
    if CHROMIUM is None:
        pytest.fail("the browser tests need Chromium (apt-get install chromium)")
    from django.db import connections
    from playwright.sync_api import sync_playwright

    # Playwright runs an event loop in this thread; the test still writes to the database.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    # The live server answers each request in a new thread: close its connection afterwards.
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(accept_downloads=True)
        yield context.new_page()
        browser.close()
        connections.close_all()


def test_the_waiting_page_follows_the_job_then_opens_the_document(page, live_server):
    tournament = demo_tournament()
    document = Document.objects.create(
        tournament=tournament,
        kind=Document.Kind.RANKINGS,
        scope=Document.Scope.PUBLIC,
        status=Document.Status.RUNNING,
        progress=10,
        requested_at=timezone.now(),
        started_at=timezone.now(),
    )
    path = reverse("printing:download", args=[tournament.slug, "rankings", "public"])
    response = page.goto(live_server.url + path)
    assert response.status == 202
    assert "(10 %)" in page.inner_text("#document-state")
    page.evaluate("window.__kept = 'same page'")

    # The job moves on: the page says so by itself, without reloading (a screen reader keeps
    # its place; no timed refresh).
    Document.objects.filter(pk=document.pk).update(progress=60)
    wait_until(page, "document.getElementById('document-state').innerText.includes('60 %')")
    assert page.evaluate("window.__kept") == "same page"
    assert page.get_attribute("#document-state", "role") == "status"

    # The file is ready: the page opens it.
    document.file.save("classement.pdf", ContentFile(b"%PDF-1.4\n%%EOF\n"), save=False)
    document.status = Document.Status.READY
    document.data_version = selectors.data_version(tournament, "rankings", "public")
    document.finished_at = timezone.now()

    def opened(response) -> bool:
        # The page itself goes to the file (its polls are "fetch" requests, not documents).
        return response.request.resource_type == "document" and response.status == 200

    with page.expect_response(opened, timeout=15_000) as answer:
        document.save()
    assert answer.value.url == live_server.url + path
    assert answer.value.headers["content-type"] == "application/pdf"

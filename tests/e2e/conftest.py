"""Fixtures of the browser tests: Debian's Chromium driven by Playwright against the live test
server, a real Celery worker beside it, and screenshots kept under ``test-artifacts/e2e/``."""

import re
import shutil
from pathlib import Path

import pytest

from tests.support.paths import ROOT

ARTIFACTS = ROOT / "test-artifacts" / "e2e"

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def media_root(tmp_path, monkeypatch, settings):
    """One folder for the PDF files, seen by the worker that writes them (its environment is
    copied from ours when it starts) and by the live server that serves them."""
    folder = tmp_path / "media"
    folder.mkdir()
    monkeypatch.setenv("MEDIA_ROOT", str(folder))
    settings.MEDIA_ROOT = folder
    return folder


@pytest.fixture
def live_site(live_server, monkeypatch, settings):
    """The live test server, as every browser test needs it; returns its base URL."""
    # Playwright's sync API runs an event loop in this thread; the test still reads the
    # database between steps (a table's token, the stored results).
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from django.db import connections

    # The live server answers each request in a new thread: close its connection afterwards,
    # or the test database could not be dropped at the end of the run.
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    # The accounts a test makes are hashed once, fast.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Plain HTTP on localhost: cookies marked Secure would not come back to the server.
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    yield live_server.url
    connections.close_all()


@pytest.fixture
def site(media_root, celery_worker, live_site):
    """The live server with its jobs run by a real worker process through the real broker.

    Returns the server's base URL.
    """
    return live_site


@pytest.fixture
def browser():
    """Debian's Chromium, headless (never a browser downloaded by Playwright)."""
    if CHROMIUM is None:
        pytest.fail("the browser tests need Chromium: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()
            # The test's own queries ran while Playwright held this thread: their connection
            # is only reachable from here, and would keep the test database from being dropped.
            from django.db import connections

            connections.close_all()


DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "img"


class Screenshots:
    """Numbered full-page screenshots of a story, in the order its steps were taken.

    ``docs="name"`` also keeps the picture as ``docs/img/name.png``: the documentation shows the
    screens as the browser test last saw them."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.count = 0

    def __call__(self, page, name: str, docs: str | None = None, *, full_page: bool = True) -> Path:
        """``full_page=False``: what the screen shows (a phone's view, its sticky bar where the
        thumb finds it) rather than the whole page."""
        self.count += 1
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        path = self.folder / f"{self.count:02d}-{slug}.png"
        page.screenshot(path=str(path), full_page=full_page)
        if docs is not None:
            DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, DOCS_IMAGES / f"{docs}.png")
        return path


@pytest.fixture
def screenshot(request):
    folder = ARTIFACTS / request.node.name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return Screenshots(folder)

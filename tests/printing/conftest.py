"""Fixtures of the printing tests: every document of a demo tournament rendered once, sections
printed as plain text for speed, and a private MEDIA_ROOT for the stored files."""

import html
import re
from dataclasses import dataclass

import pytest

from tests.support.factories import demo_tournament, drop_tournament
from tests.support.pdf import make_checked, pdf_pages


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def plain_text_pages(monkeypatch):
    """Print each section as its plain text on one page: for the tests about jobs, storage and
    permissions, where the layout does not matter (test_documents checks it) and speed does."""
    from tournaments.printing import pdf

    real = pdf.render_html

    def render_text(page_html: str):
        body = re.sub(r"<style.*?</style>|<head.*?</head>", " ", page_html, flags=re.S)
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())[:800]
        return real(f"<p>{html.escape(text)}</p>")

    monkeypatch.setattr(pdf, "render_html", render_text)


@dataclass
class Printed:
    pdf: bytes
    pages: list[str]
    rendered: object
    overflows: list[str]

    @property
    def text(self) -> str:
        return " ".join(self.pages)


@pytest.fixture(scope="module")
def packet(django_db_setup, django_db_blocker):
    """Every document of one demo tournament, rendered once for the module: (tournament,
    {(kind, scope): Printed})."""
    from tournaments.printing import selectors

    with django_db_blocker.unblock():
        tournament = demo_tournament(name="Open de printemps", venue="Salle Jean Moulin")
        # Every round released, so that the public hand records exist too.
        tournament.round_set.update(hands_released=True)
        printed = {}
        for kind, scopes in selectors.KIND_SCOPES.items():
            for scope in scopes:
                rendered, found = make_checked(tournament, kind, scope)
                printed[kind, scope] = Printed(
                    rendered.pdf, pdf_pages(rendered.pdf), rendered, found
                )
        try:
            yield tournament, printed
        finally:
            drop_tournament(tournament)

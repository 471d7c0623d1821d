"""Fixtures of the printing tests: a demo tournament with results and scores, PDF text extraction,
and a private MEDIA_ROOT for the stored files."""

import html
import io
import re
from dataclasses import dataclass

import pytest
from pypdf import PdfReader

from tests.factories import small_tournament


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
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())[:400]
        return real(f"<p>{html.escape(text)}</p>")

    monkeypatch.setattr(pdf, "render_html", render_text)


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page, whitespace collapsed (en spaces included)."""
    reader = PdfReader(io.BytesIO(data))
    return [re.sub(r"\s+", " ", page.extract_text() or "") for page in reader.pages]


def demo_tournament(**fields):
    """The 6-team Mitchell of the factories with a confirmed result at every table and its
    scores computed (what the recomputation job would have stored)."""
    from tournaments.results.demo import record_demo_results
    from tournaments.standings.recomputation import recompute

    tournament = small_tournament(**fields)
    record_demo_results(tournament)
    recompute(tournament.pk, force=True)
    return tournament


def drop_tournament(tournament) -> None:
    """Delete a tournament made outside a test transaction (teams and players are protected)."""
    from tournaments.setup.models import Player, TableAssignment, Team

    TableAssignment.objects.filter(round__tournament=tournament).delete()
    Team.objects.filter(tournament=tournament).delete()
    Player.objects.filter(tournament=tournament).delete()
    tournament.delete()


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

    from .layout import make_checked

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

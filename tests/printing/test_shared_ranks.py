"""Shared ranks read « 1= » on the printed rankings and scorecards, as on the pages."""

import pytest

from tests.support.pdf import make_checked, pdf_pages
from tests.support.standings import HOWELL_RESULTS, enter, small_howell

pytestmark = pytest.mark.django_db


@pytest.fixture
def ranked(django_capture_on_commit_callbacks):
    tournament = small_howell()
    enter(tournament, HOWELL_RESULTS, django_capture_on_commit_callbacks)
    return tournament


def printed_text(tournament, kind: str, scope: str) -> str:
    rendered, overflows = make_checked(tournament, kind, scope)
    assert overflows == []
    return " ".join(pdf_pages(rendered.pdf))


def test_the_printed_ranking_shares_the_first_and_third_places(ranked):
    text = printed_text(ranked, "rankings", "public")

    assert "1= 1 Équipe 1" in text and "1= 4 Équipe 4" in text
    assert "3= 2 Équipe 2" in text and "3= 3 Équipe 3" in text
    assert "« = » : rang partagé." in text


def test_the_printed_scorecards_give_the_shared_rank(ranked):
    text = printed_text(ranked, "scorecards", "staff")

    assert "Rang 1= · 4 PdM · 66,67 %" in text
    assert "Rang 3= · 2 PdM · 33,33 %" in text

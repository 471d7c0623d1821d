"""The double-dummy analysis on the printed hand records: with the hands, nowhere else."""

import pytest

from tests.support.factories import demo_tournament
from tests.support.pdf import make_checked, pdf_pages
from tests.support.secrecy import store_analysis
from tournaments.printing import documents

pytestmark = pytest.mark.django_db


def test_each_board_prints_its_analysis_and_six_boards_still_fit_a_page():
    tournament = demo_tournament()
    for board in tournament.boards.all():
        store_analysis(board)

    rendered, overflows = make_checked(tournament, "hand_records", "staff")

    assert overflows == []
    pages = pdf_pages(rendered.pdf)
    assert len(pages) == 1
    assert rendered.contents["analysis"] == [1, 2, 3, 4, 5, 6]
    text = " ".join(pages[0].split())
    assert text.count("NS 120 ♥") == 6
    assert "4 jeux" in text and "101/110" in text and "61/80" in text


def test_the_public_hand_records_print_it_once_released():
    from tournaments.deals.services import release_hands

    tournament = demo_tournament()
    for board in tournament.boards.all():
        store_analysis(board)
    with pytest.raises(documents.NothingToPrint):
        documents.make_pdf(tournament, "hand_records", "public")
    release_hands(tournament=tournament)
    rendered = documents.make_pdf(tournament, "hand_records", "public")
    assert rendered.contents["analysis"] == [1, 2, 3, 4, 5, 6]


def test_a_stale_analysis_is_not_printed():
    tournament = demo_tournament()
    board = tournament.boards.get(number=1)
    analysis = store_analysis(board)
    type(analysis).objects.filter(pk=analysis.pk).update(hands={})
    rendered = documents.make_pdf(tournament, "hand_records", "staff")
    assert rendered.contents["analysis"] == []


def test_storing_an_analysis_makes_the_printed_hand_records_stale():
    from tournaments.printing.selectors import data_version

    tournament = demo_tournament()
    before = data_version(tournament, "hand_records", "staff")
    store_analysis(tournament.boards.get(number=1))
    assert data_version(tournament, "hand_records", "staff") != before

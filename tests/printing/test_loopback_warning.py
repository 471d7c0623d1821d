"""QR codes a phone cannot open: table cards and route cards made while ``SITE_URL`` is this
machine (127.0.0.1, ::1, localhost) say so in a box, the Documents page says how to fix it, and
a new address makes the cards stale."""

import pytest
from django.urls import reverse

from tests.support.factories import SMALL_MITCHELL, add_boards, add_plan, add_teams, make_tournament
from tests.support.pdf import make_checked, pdf_pages
from tournaments.printing import documents, selectors
from tournaments.printing.documents.common import QUARTER_CARD_MAX_ROUNDS

pytestmark = pytest.mark.django_db

LOOPBACK = "http://127.0.0.1:8000"
LAN = "http://192.168.1.20:8000"
WARNING = "ces QR codes mènent à"
CARDS = ("table_cards", "route_cards")


@pytest.fixture
def field():
    tournament = make_tournament(name="Open du club")
    add_teams(tournament, 6)
    add_plan(tournament, SMALL_MITCHELL)
    add_boards(tournament, 6)
    return tournament


def _text(tournament, kind: str) -> str:
    return " ".join(pdf_pages(documents.make_pdf(tournament, kind, "staff").pdf))


@pytest.mark.parametrize("kind", CARDS)
def test_cards_made_for_127_0_0_1_warn_that_phones_cannot_open_their_qr_codes(
    field, settings, kind
):
    settings.SITE_URL = LOOPBACK
    text = _text(field, kind)
    assert f"Attention : {WARNING} 127.0.0.1" in text
    assert "les téléphones ne pourront pas les ouvrir" in text


@pytest.mark.parametrize("url", ["http://localhost:8000", "http://[::1]:8000", "http://127.0.1.1"])
def test_localhost_and_ipv6_loopback_warn_too(field, settings, url):
    settings.SITE_URL = url
    assert WARNING in _text(field, "table_cards")


@pytest.mark.parametrize("kind", CARDS)
def test_cards_made_for_the_lan_address_carry_no_warning(field, settings, kind):
    settings.SITE_URL = LAN
    text = _text(field, kind)
    assert WARNING not in text
    assert "192.168.1.20:8000" in text.replace(" ", "")


@pytest.mark.parametrize("kind", CARDS)
def test_without_table_entry_there_is_no_qr_code_and_no_warning(field, settings, kind):
    settings.SITE_URL = LOOPBACK
    field.table_entry = False
    field.save()
    assert WARNING not in _text(field, kind)


def test_the_warning_keeps_twelve_round_route_cards_four_a_page(settings):
    settings.SITE_URL = LOOPBACK
    rows = []
    for round_number in range(1, QUARTER_CARD_MAX_ROUNDS + 1):
        boards = [2 * round_number - 1, 2 * round_number]
        rows += [(round_number, 1, 1, 2, boards), (round_number, 2, 3, 4, boards)]
    tournament = make_tournament(rounds=QUARTER_CARD_MAX_ROUNDS)
    add_teams(tournament, 4)
    add_plan(tournament, rows)
    rendered, overflows = make_checked(tournament, "route_cards", "staff")
    assert overflows == []
    assert rendered.pages == 1
    assert " ".join(pdf_pages(rendered.pdf)).count(WARNING) == 4


def test_the_table_cards_with_the_warning_are_laid_out_cleanly(field, settings):
    settings.SITE_URL = LOOPBACK
    rendered, overflows = make_checked(field, "table_cards", "staff")
    assert overflows == []
    assert rendered.pages == field.tables.count()


@pytest.mark.parametrize("kind", CARDS)
def test_a_new_site_address_makes_the_cards_stale(field, settings, kind):
    settings.SITE_URL = LOOPBACK
    before = selectors.data_version(field, kind, "staff")
    settings.SITE_URL = LAN
    assert selectors.data_version(field, kind, "staff") != before


@pytest.fixture
def organizer_client(client, make_user, field):
    organizer = make_user("orga", "organizer")
    field.organizers.add(organizer)
    client.force_login(organizer)
    return client


def test_the_documents_page_says_how_to_fix_a_loopback_address(organizer_client, field, settings):
    settings.SITE_URL = LOOPBACK
    page = organizer_client.get(reverse("printing:documents", args=[field.slug])).content.decode()
    assert 'id="loopback-warning"' in page
    assert "mènent à 127.0.0.1" in page
    assert "bin/run --lan" in page and "SITE_URL" in page


def test_the_documents_page_is_quiet_with_a_lan_address(organizer_client, field, settings):
    settings.SITE_URL = LAN
    page = organizer_client.get(reverse("printing:documents", args=[field.slug])).content.decode()
    assert 'id="loopback-warning"' not in page

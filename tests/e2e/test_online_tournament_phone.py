"""A « Tournoi du jour » on a phone (360 × 740, touch): an account enters by taps and plays
each of the four deals by taps at the card table (a bid, then passes; a legal card at each
turn), then a second account does the same; the ranking page, reached by taps once every deal
is played, matches a computation made in the test from the games alone (matchpoints, Neuberg,
the Belote'L differences). The robots play after each tap's request, over two worlds."""

from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from tests.support.browser import wait_until
from tests.support.card_table import READY, TABLE, TIMEOUT_MS
from tests.support.online import independent_ranking
from tournaments.clubs.services import create_club
from tournaments.online.services import create_online_tournament
from tournaments.play.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
WORLDS = 2


@pytest.fixture
def phone_site(live_server, monkeypatch, settings):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from django.db import connections

    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    # The robots play after the commit of the request of South's tap.
    settings.ROBOTS_IN_PROCESS = "1"
    yield live_server.url
    connections.close_all()


def french_number(value) -> str:
    """As the page writes matchpoints: whole, or with two decimals and a comma."""
    if value == int(value):
        return str(int(value))
    return f"{float(value):.2f}".replace(".", ",")


def phone_of(browser, base_url, user):
    """A phone's page signed in as ``user`` (the session made by the test client)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2, locale="fr-FR"
    )
    context.add_cookies(
        [
            {
                "name": django_settings.SESSION_COOKIE_NAME,
                "value": client.cookies[django_settings.SESSION_COOKIE_NAME].value,
                "url": base_url,
            }
        ]
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return context, page


def play_the_tournament(page, base_url, tournament, screenshot, *, first: bool) -> None:
    page.goto(f"{base_url}/en-ligne/")
    page.get_by_role("link", name=tournament.name).tap()
    expect(page.locator("h1")).to_have_text(tournament.name)
    detail = page.url
    with page.expect_navigation():
        page.get_by_role("button", name="S'inscrire et jouer").tap()
    expect(page.locator("[role=status]")).to_contain_text("Vous êtes inscrit")
    for deal in range(1, 5):
        row = page.locator("table.online-deals tbody tr").nth(deal - 1)
        expect(row).to_contain_text("à jouer")
        with page.expect_navigation():
            row.get_by_role("button", name="Jouer").tap()
        assert "/jeu/parties/" in page.url
        expect(page.locator("#card-table")).to_be_visible()
        game = Game.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))
        Game.objects.filter(pk=game.pk).update(worlds=WORLDS)
        play_by_taps(page)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        if first and deal == 1:
            screenshot(page, "the first deal played")
        page.goto(detail)
        expect(row).to_contain_text("jouée")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("link", name="Classement").tap()
    expect(page.locator("h1")).to_contain_text("Classement")


def play_by_taps(page) -> None:
    """The deal to its end by taps: the lowest bid offered at South's first call, then passes;
    the first legal card at each turn."""
    number = None
    bid = False
    for _ in range(60):
        wait_until(page, READY, number, timeout=TIMEOUT_MS)
        number = page.get_attribute(TABLE, "data-number")
        if page.get_attribute(TABLE, "data-status") == "finished":
            return
        if page.locator("[data-region=box] button.bid").count():
            if not bid:
                bid = True
                page.locator("[data-region=box] .bid-row:not(.others) button.bid").first.tap()
            else:
                page.locator("[data-region=box] button.bid.pass").tap()
            continue
        page.locator("button.hand-card:not(:disabled)").first.tap()
    raise AssertionError("the deal did not end")


def test_two_accounts_play_a_four_deal_tournament_on_a_phone(
    phone_site, browser, screenshot, make_user
):
    organizer = make_user("orga-du-soir", role="organizer")
    club = create_club(name="Coinche Club de Vannes", by=organizer)
    now = timezone.now()
    tournament = create_online_tournament(
        by=organizer,
        club=club,
        name="Tournoi du jour",
        opens_at=now - timedelta(hours=1),
        closes_at=now + timedelta(hours=23),
    )
    accounts = [make_user("camille"), make_user("mathis")]
    for index, account in enumerate(accounts):
        context, page = phone_of(browser, phone_site, account)
        play_the_tournament(page, phone_site, tournament, screenshot, first=index == 0)
        rows = page.locator("table.online-ranking tbody tr")
        expect(rows).to_have_count(index + 1)
        expected = independent_ranking(tournament)
        for row_index in range(index + 1):
            cells = rows.nth(row_index).locator("td")
            player = cells.nth(1).inner_text()
            percentage, deals = expected[player]
            assert cells.nth(2).inner_text() == f"{float(percentage):.2f}".replace(".", ",")
            total = sum(difference or 0 for _, difference in deals.values())
            assert cells.nth(3).inner_text() == (f"{total:+d}" if total else "0")
            for deal, (matchpoints, difference) in deals.items():
                cell = cells.nth(3 + deal).inner_text().split()
                game = Game.objects.get(player__username=player, online_play__deal=deal)
                assert cell[0] == f"{game.score['ns']}–{game.score['ew']}"
                assert cell[1] == french_number(matchpoints)
                if difference is not None:
                    assert cell[3] == (f"{difference:+d}" if difference else "0")
        if index == 1:
            screenshot(page, "the ranking of two players", docs="online-ranking")
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        context.close()

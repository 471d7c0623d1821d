"""The club's day on the screens it is read on: the arbiter's sheet on a 1280 px laptop, the
public ranking, travellers and scorecards (a short table per round) on a 360 px phone, the
tournament's menu folded into one line there. Nothing may scroll sideways.

Debian's Chromium through Playwright against the live test server; the screenshots of the
documentation are kept (docs/img/arbiter-sheet.png, traveller-phone.png, scorecard-phone.png).
"""

import pytest
from django.test import Client

from scoring.engine.cards import DECK, Hand, Suit
from tests.support.browser import wait_until
from tests.support.factories import demo_tournament, team_at
from tests.support.results import assignment, contract
from tournaments.deals.models import Board
from tournaments.deals.services import release_hands
from tournaments.results import services
from tournaments.results.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
# Every box that scrolls sideways by itself (the tables' wrappers) and does: [class, scroll
# width, client width].
OVERFLOWING = """() => Array.from(document.querySelectorAll('.table-scroll'))
    .filter(box => box.scrollWidth > box.clientWidth)
    .map(box => [box.firstElementChild.className, box.scrollWidth, box.clientWidth])"""


@pytest.fixture
def day(live_site, make_user):
    """A tournament whose every board is played and scored, its arbiter, and the server."""
    arbiter = make_user("arbitre-ecrans", "arbiter")
    tournament = demo_tournament(arbiter=arbiter, name="Grand tournoi de la Saint-Martin")
    for team in tournament.teams.all():
        team.name = f"Les Coincheurs de la vallée {team.number}"
        team.save(update_fields=["name"])
    return live_site, tournament, arbiter


def open_page(browser, base_url, path, viewport, user=None, *, script=True):
    context = browser.new_context(viewport=viewport, java_script_enabled=script)
    if user is not None:
        client = Client()
        client.force_login(user)
        host = base_url.split("//")[1].split(":")[0]
        session = client.cookies["sessionid"].value
        context.add_cookies([{"name": "sessionid", "value": session, "domain": host, "path": "/"}])
    page = context.new_page()
    page.goto(base_url + path)
    return page


def assert_no_sideways_scrolling(page):
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"{page.url}: the page is {widths[0]} px wide in {widths[1]}"
    assert page.evaluate(OVERFLOWING) == [], page.url


def test_the_arbiter_sheet_fits_a_laptop_screen(browser, day, screenshot):
    base_url, tournament, arbiter = day
    path = f"/tournois/{tournament.slug}/arbitrage/saisie/1/"
    # The widest sheet first: a column for the générale, sans atout and tout atout (belote
    # typed as seats).
    tournament.rules = {"generale_bonus": 100, "no_trump": True, "all_trump": True}
    tournament.save(update_fields=["rules"])
    page = open_page(browser, base_url, path, LAPTOP, arbiter)
    assert page.locator("#t1b1 td[data-field=generale]").is_visible()
    assert_no_sideways_scrolling(page)
    tournament.rules = {}
    tournament.save(update_fields=["rules"])
    page = open_page(browser, base_url, path, LAPTOP, arbiter)
    # A wrong row: its errors under it, on the sheet's width, named by their fields.
    page.fill("#id_t2b3-taker_points", "170")
    page.check("#id_t2b3-replace")
    page.click("#t2b3 button.row-save")
    page.wait_for_selector("#t2b3-errors li[data-field=taker_points]", timeout=10_000)
    assert_no_sideways_scrolling(page)
    errors = page.locator("#t2b3-errors td").bounding_box()
    sheet = page.locator("#table-2 table").bounding_box()
    assert errors["width"] >= sheet["width"] - 2
    # Every row's marks, state and button stand inside the screen's width.
    for row in ("t1b1", "t2b4", "t3b6"):
        for part in ("td.marks", "td.state a.badge", "td.state label.replace", "button.row-save"):
            box = page.locator(f"#{row} {part}").bounding_box()
            assert box is not None and box["width"] > 0, (row, part)
            assert box["x"] >= 0 and box["x"] + box["width"] <= LAPTOP["width"], (row, part)
    assert page.get_attribute("#t1b1 button.row-save", "aria-label") == "Enregistrer l'étui 1"
    # Every select and input the arbiter can reach has an accessible name.
    nameless = page.evaluate(
        """() => Array.from(document.querySelectorAll('#entry-form select, #entry-form input'))
            .filter(el => el.type !== 'hidden')
            .filter(el => !el.getAttribute('aria-label') && !el.closest('label')
                && !(el.id && document.querySelector(`label[for="${el.id}"]`)))
            .map(el => el.name)"""
    )
    assert nameless == []
    assert page.get_attribute("#id_t1b1-taker", "aria-label") == "Preneur, étui 1"
    screenshot(page, "arbiter sheet at 1280 px", docs="arbiter-sheet")


def test_a_disputed_board_is_corrected_from_the_dashboard_in_its_row_of_the_sheet(browser, day):
    base_url, tournament, arbiter = day
    # Board 5 at table 3 of round 1: entered by North-South, disputed by East-West.
    plan = assignment(tournament, 1, 3)
    services.delete_result(
        result=Result.objects.get(assignment=plan, board_number=5, is_current=True), by=arbiter
    )
    entered = services.record_result(
        assignment=plan, board_number=5, data=contract(), by=team_at(plan, "NS"), source="table"
    )
    services.dispute_result(result=entered, reason="Nous étions coinchés", by=team_at(plan, "EW"))
    page = open_page(browser, base_url, f"/tournois/{tournament.slug}/arbitrage/", LAPTOP, arbiter)
    disputed = page.locator("#contestes li[data-board='5']")
    assert "« Nous étions coinchés »" in disputed.inner_text()
    disputed.locator("a.correct-link").click()
    page.wait_for_url(
        f"{base_url}/tournois/{tournament.slug}/arbitrage/saisie/1/?corriger=t3b5#t3b5"
    )
    # « Remplacer » ticked on that row only, the cursor in it.
    wait_until(page, "document.activeElement.id === 'id_t3b5-taker'", timeout=10_000)
    assert page.is_checked("#id_t3b5-replace")
    assert not page.is_checked("#id_t3b6-replace")
    # Enter saves the corrected row as a new version.
    page.fill("#id_t3b5-taker_points", "60")
    page.keyboard.press("Enter")
    wait_until(
        page, "document.querySelector('#t3b5 td.state').textContent.includes('v5')", timeout=10_000
    )
    current = Result.objects.get(assignment=plan, board_number=5, is_current=True)
    assert (current.status, current.record["taker_points"]) == ("confirmed", 60)


@pytest.mark.parametrize(
    "path",
    ["classement/", "classement/etuis/", "classement/etuis/1/", "classement/equipes/1/", ""],
    ids=["ranking", "travellers", "traveller", "scorecard", "home"],
)
def test_the_public_pages_fit_a_phone(browser, day, path):
    base_url, tournament, _arbiter = day
    page = open_page(browser, base_url, f"/tournois/{tournament.slug}/{path}", PHONE)
    assert page.locator("h1").is_visible()
    assert_no_sideways_scrolling(page)


def test_a_traveller_and_a_scorecard_read_on_a_phone_scores_first(browser, day, screenshot):
    base_url, tournament, _arbiter = day
    page = open_page(browser, base_url, f"/tournois/{tournament.slug}/classement/etuis/1/", PHONE)
    line = page.locator("table.traveller tbody tr").first
    first_cell = line.locator("td.score").first.bounding_box()
    round_cell = line.locator("td[data-label=Tour]").bounding_box()
    # The scores open the card, above the table and teams; each value says what it is.
    assert first_cell["y"] < round_cell["y"]
    label = "el => getComputedStyle(el, '::before').content"
    assert line.locator("td.score").first.evaluate(label) == '"Marque NS"'

    assert_no_sideways_scrolling(page)
    screenshot(page, "traveller on a phone", docs="traveller-phone")

    page = open_page(browser, base_url, f"/tournois/{tournament.slug}/classement/equipes/1/", PHONE)
    # A short table per round, its boards one line each (no stacked cards, at most four lines
    # of text), the round's table and opponents said once above it.
    rounds = tournament.round_set.count()
    assert page.locator("table.scorecard").count() == rounds
    line = page.locator("table.scorecard tbody tr").first
    cells = [cell["y"] for cell in (td.bounding_box() for td in line.locator("td").all())]
    assert max(cells) == min(cells)
    rows = page.evaluate(
        "[...document.querySelectorAll('table.scorecard tbody tr')]"
        ".map((row) => row.getBoundingClientRect().height)"
    )
    assert len(rows) == tournament.boards.count() and max(rows) < 100, rows
    sections = page.evaluate(
        "[...document.querySelectorAll('.scorecard-round')]"
        ".reduce((sum, part) => sum + part.getBoundingClientRect().height, 0)"
    )
    assert sections < 100 * len(rows) + 110 * rounds, (sections, rows)
    assert_no_sideways_scrolling(page)
    screenshot(page, "scorecard on a phone", docs="scorecard-phone")


def test_the_tournament_menu_is_one_line_on_a_phone_and_opens_with_its_button(browser, day):
    base_url, tournament, arbiter = day
    path = f"/tournois/{tournament.slug}/classement/"
    for user in (None, arbiter):
        page = open_page(browser, base_url, path, PHONE, user)
        menu = page.locator("nav.subnav")
        line = page.locator("nav.subnav summary").bounding_box()["height"]
        assert menu.bounding_box()["height"] < line + 20
        assert not page.locator("nav.subnav a", has_text="Feuilles ambulantes").is_visible()
        page.click("nav.subnav summary")
        link = page.locator("nav.subnav a", has_text="Feuilles ambulantes")
        assert link.is_visible()
        link.click()
        page.wait_for_url(f"{base_url}/tournois/{tournament.slug}/classement/etuis/")
        assert_no_sideways_scrolling(page)
    # Without JavaScript too: the disclosure is the browser's own.
    page = open_page(browser, base_url, path, PHONE, script=False)
    assert not page.locator("nav.subnav a", has_text="Feuilles ambulantes").is_visible()
    page.click("nav.subnav summary")
    assert page.locator("nav.subnav a", has_text="Feuilles ambulantes").is_visible()
    # On a laptop the links stand in the line, no « Menu » button.
    page = open_page(browser, base_url, path, LAPTOP, arbiter)
    assert not page.locator("nav.subnav summary").is_visible()
    assert page.locator("nav.subnav a", has_text="Saisie des résultats").is_visible()


def test_a_hand_record_of_eight_card_suits_fits_a_phone(browser, day):
    """West and East each holding a whole suit of eight cards, beside the compass: on a 360 px
    phone the long holdings go on to a second line rather than widen the page."""
    base_url, tournament, _ = day
    suits = {"W": Suit.SPADES, "E": Suit.HEARTS, "N": Suit.DIAMONDS, "S": Suit.CLUBS}
    hands = {
        seat: Hand([card for card in DECK if card.suit is suit]).pbn()
        for seat, suit in suits.items()
    }
    Board.objects.filter(tournament=tournament, number=1).update(hands=hands)
    release_hands(tournament=tournament)
    for path in ("donnes/", "donnes/etui/1/"):
        page = open_page(browser, base_url, f"/tournois/{tournament.slug}/{path}", PHONE)
        diagram = page.locator('.hand-diagram[data-board="1"]')
        assert diagram.is_visible()
        assert "10" in diagram.locator(".seat-W").inner_text()
        assert_no_sideways_scrolling(page)
        page.context.close()

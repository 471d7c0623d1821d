"""The card table at 360 × 740 with touch: a whole deal played by taps against the robots.

South taps a bid in the bidding box (only the legal calls offered), then passes; plays a legal
card at each turn (the others dimmed and not playable); sees the robots' cards come one at a
time, the trick's leader and winner, the last trick again; at the end the deal's score as the
engine scored it, and the replay with the four hands open and the double-dummy review of
South's cards. The page never names a card South has not seen before the end; axe finds no
serious violation at any stage. Screenshots for docs/play.md.
"""

import re

import pytest
from django.test import Client

from scoring.engine.cards import Card
from tests.support.accessibility import report, violations
from tests.support.browser import wait_until
from tests.support.card_table import READY, TABLE, TIMEOUT_MS
from tests.support.factories import small_tournament
from tests.support.play import pbn_hands, start
from tests.support.robots import random_hands
from tournaments.deals.services import release_hands
from tournaments.play import selectors
from tournaments.play.models import Game, GameAction

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def table_site(live_server, make_user, monkeypatch, settings):
    """A game of a tournament whose hands are released (the replay shows them), the robots
    playing after each request's commit with two worlds, the review computed at the end."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from django.db import connections

    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    settings.ROBOTS_IN_PROCESS = "1"
    settings.ANALYSIS_IN_PROCESS = "1"
    # The robots' actions one after another, as a player sees them.
    settings.PLAY_SHOW_STEP = 0.45
    player = make_user("sud-au-telephone")
    tournament = small_tournament()
    release_hands(tournament=tournament)
    # A deal where South's first legal cards are not all the best (the replay marks some).
    board = tournament.boards.get(number=1)
    board.hands = pbn_hands(random_hands(13))
    board.save()
    game = start(player, board, seed=5)
    yield live_server.url, player, game
    connections.close_all()


# Every drawing of the trick on the table, as the number of its cards: the robots' cards come
# one at a time, so it never grows by more than one card at once.
WATCH_THE_TRICK = """() => {
  window.trickCounts = [];
  const trick = document.querySelector('[data-region=trick]');
  new MutationObserver(() => {
    window.trickCounts.push(trick.querySelectorAll('.trick-card').length);
  }).observe(trick, {childList: true, subtree: true});
}"""


def phone_page(browser, base_url, user):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    client = Client()
    client.force_login(user)
    host = base_url.split("//")[1].split(":")[0]
    session = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": session, "domain": host, "path": "/"}])
    return context.new_page()


def seen_cards(game: Game) -> set[Card]:
    """South's eight cards and every card played so far."""
    hand = selectors.position_of(game).hands[selectors.HUMAN]
    played = GameAction.objects.filter(game=game, kind=GameAction.Kind.CARD)
    return set(hand) | {Card.parse(action.card) for action in played}


def cards_on_page(page) -> set[Card]:
    codes = page.eval_on_selector_all(
        f"{TABLE} [data-card]", "nodes => nodes.map(n => n.getAttribute('data-card'))"
    )
    return {Card.parse(code) for code in codes}


def audit(page, found: dict, name: str) -> None:
    found[name] = violations(page, tap_targets=True)


def test_a_whole_deal_played_by_taps_on_a_phone(browser, table_site, screenshot):
    base_url, player, game = table_site
    page = phone_page(browser, base_url, player)
    page.goto(f"{base_url}/jeu/parties/{game.pk}/")
    page.evaluate(WATCH_THE_TRICK)
    found: dict = {}
    number = None
    bid = False
    shots = set()
    for _ in range(60):
        wait_until(page, READY, number, timeout=TIMEOUT_MS)
        number = page.get_attribute(TABLE, "data-number")
        if page.get_attribute(TABLE, "data-status") == "finished":
            break
        assert cards_on_page(page) <= seen_cards(game)
        box = page.locator("[data-region=box] button.bid")
        if box.count():
            offered = page.eval_on_selector_all(
                "[data-region=box] button.bid", "nodes => nodes.length"
            )
            state = selectors.south_view(game)
            assert offered == len(state["legal_calls"])
            if "bidding" not in shots:
                shots.add("bidding")
                audit(page, found, "bidding")
                screenshot(page, "the bidding box", docs="card-table-bidding", full_page=False)
            if not bid:
                bid = True
                page.locator("[data-region=box] .bid-row:not(.others) button.bid").first.tap()
            else:
                page.locator("[data-region=box] button.bid.pass").tap()
            continue
        # The legal cards enabled, the others dimmed and not playable.
        state = selectors.south_view(game)
        enabled = page.eval_on_selector_all(
            "button.hand-card:not(:disabled)", "nodes => nodes.map(n => n.dataset.card)"
        )
        assert sorted(enabled) == sorted(state["legal_cards"])
        dimmed = page.eval_on_selector_all(
            "button.hand-card.illegal", "nodes => nodes.map(n => n.dataset.card)"
        )
        assert set(dimmed) == set(state["hand"]) - set(state["legal_cards"])
        if dimmed and "refusal" not in shots:
            # A card the page did not offer (a stale page, a hand-made request): refused with
            # the rules' reason in French, nothing played.
            shots.add("refusal")
            page.evaluate(
                "(card) => { document.querySelector(`button[data-card='${card}']`)"
                ".disabled = false; }",
                dimmed[0],
            )
            page.locator(f"button[data-card='{dimmed[0]}']").tap()
            error = page.locator("[data-region=error]")
            error.wait_for(state="visible", timeout=TIMEOUT_MS)
            assert "Sud doit" in error.inner_text()
            assert page.get_attribute(TABLE, "data-number") == number
            assert not GameAction.objects.filter(game=game, card=dimmed[0]).exists()
        if len(state["tricks"]) >= 3 and "trick" not in shots:
            shots.add("trick")
            page.locator(".last-trick summary").tap()
            assert page.locator("[data-region=last-trick] .trick-card").count() == 4
            assert page.locator("[data-region=trick] .trick-caption").inner_text()
            audit(page, found, "play")
            page.evaluate("() => document.querySelector('#card-table').scrollIntoView()")
            screenshot(
                page, "the trick and the last trick", docs="card-table-trick", full_page=False
            )
        page.locator("button.hand-card:not(:disabled)").first.tap()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert set(shots) == {"bidding", "trick", "refusal"}
    counts = page.evaluate("() => window.trickCounts")
    grew = [after - before for before, after in zip(counts, counts[1:], strict=False)]
    assert max(grew) == 1 and grew.count(1) >= 24, counts
    # The deal's score, as the engine scored it.
    marks = page.locator("[data-region=result] .marks").inner_text()
    assert re.findall(r"\d+", marks) == [str(game.score["ns"]), str(game.score["ew"])]
    # The replay: the four hands open, then the review of South's eight cards.
    wait_until(page, "() => document.querySelector('.review-list')", timeout=TIMEOUT_MS)
    game.refresh_from_db()
    assert page.locator(".review-list li").count() == len(game.review["cards"]) == 8
    costly = [item for item in game.review["cards"] if item["cost"]]
    assert page.locator(".review-list li.costly").count() == len(costly)
    assert costly, "the deal was chosen for South's first legal cards to cost points"
    item = costly[0]
    page.locator(f"[data-replay-to='{item['index'] + 1}']").tap()
    note = page.locator(".replay-note").inner_text()
    assert "le meilleur choix était" in note and f"coûte {item['cost']} points" in note
    assert page.locator(".replay-seat").count() == 4
    audit(page, found, "replay")
    page.locator(".replay h2").scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('.replay h2').scrollIntoView()")
    screenshot(
        page, "the replay with the double-dummy marks", docs="card-table-replay", full_page=False
    )
    page.locator("[data-replay='1']").tap()
    assert f"{item['index'] + 2} sur 32" in page.locator(".replay-step").inner_text()
    assert not any(found.values()), report(found)


LAPTOP = {"width": 1280, "height": 800}
FOCUSED = "() => (document.activeElement || {}).className || ''"


def test_a_whole_deal_played_with_the_keyboard_on_a_laptop(browser, table_site):
    """No mouse: the first legal call or card has the focus when South is to act, the arrows
    move along the hand, Tab reaches « Passe », Enter plays."""
    base_url, player, game = table_site
    context = browser.new_context(viewport=LAPTOP)
    client = Client()
    client.force_login(player)
    host = base_url.split("//")[1].split(":")[0]
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
    page = context.new_page()
    page.goto(f"{base_url}/jeu/parties/{game.pk}/")
    number = None
    bid = False
    for _ in range(60):
        wait_until(page, READY, number, timeout=TIMEOUT_MS)
        number = page.get_attribute(TABLE, "data-number")
        if page.get_attribute(TABLE, "data-status") == "finished":
            break
        focused = page.evaluate(FOCUSED)
        if page.locator("[data-region=box] button.bid").count():
            assert "bid" in focused
            if bid:
                for _tab in range(80):
                    if "pass" in page.evaluate(FOCUSED):
                        break
                    page.keyboard.press("Tab")
                assert "pass" in page.evaluate(FOCUSED)
            bid = True
            page.keyboard.press("Enter")
            continue
        assert "hand-card" in focused
        enabled = page.eval_on_selector_all(
            "button.hand-card:not(:disabled)", "nodes => nodes.map(n => n.dataset.card)"
        )
        assert sorted(enabled) == sorted(selectors.south_view(game)["legal_cards"])
        if len(enabled) > 1:
            page.keyboard.press("ArrowRight")
            assert page.evaluate("() => document.activeElement.dataset.card") == enabled[1]
        page.keyboard.press("Enter")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert GameAction.objects.filter(game=game, seat="S", kind="card").count() == 8

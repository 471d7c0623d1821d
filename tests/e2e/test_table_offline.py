"""The table's phone page without network (docs/offline.md), at 360 px in Debian's Chromium.

North-South enter three boards with the network cut: each waits on its board, « En attente
d'envoi », with the page's count; the page reloads from the service worker and still shows
them; the network comes back and the three are stored exactly once; East-West give their code
once and accept them offline, through the same outbox; the ranking counts them. A board entered
offline that the arbiter entered meanwhile comes back as a conflict on the phone, kept until the
players act, and the arbiter's result stays as it was.
"""

import shutil

import pytest
from playwright.sync_api import expect

from tests.support.browser import wait_until
from tests.support.factories import add_boards, add_plan, add_teams, make_tournament
from tests.support.results import assignment, contract
from tournaments.results import services
from tournaments.results.models import Result, ResultEvent

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TIMEOUT_MS = 30_000
PHONE = {"width": 360, "height": 740}
RANKING_REFRESH_SECONDS = 2

# A 6-team Mitchell with three boards a round: NS 1-3 stay, EW 4-6 move up, boards move down.
THREE_BOARD_MITCHELL = [
    (1, 1, 1, 4, [1, 2, 3]),
    (1, 2, 2, 5, [4, 5, 6]),
    (1, 3, 3, 6, [7, 8, 9]),
    (2, 1, 1, 6, [4, 5, 6]),
    (2, 2, 2, 4, [7, 8, 9]),
    (2, 3, 3, 5, [1, 2, 3]),
    (3, 1, 1, 5, [7, 8, 9]),
    (3, 2, 2, 6, [1, 2, 3]),
    (3, 3, 3, 4, [4, 5, 6]),
]

# What North-South tap for each board: taker, bid, strain, the takers' points.
BOARDS = {1: ("N", "110", "H", "113"), 2: ("E", "90", "S", "100"), 3: ("S", "80", "D", "60")}


def tap(page, selector: str) -> None:
    page.locator(selector).tap()


def tap_board(page, board: int, taker: str, bid: str, strain: str, points: str) -> None:
    card = f"#etui-{board}"
    tap(page, f"{card} [data-group=taker] button[data-value={taker}]")
    tap(page, f"{card} [data-group=bid] .tap-grid button[data-value='{bid}']")
    tap(page, f"{card} [data-group=strain] button[data-value={strain}]")
    for digit in points:
        tap(page, f"{card} [data-group=pad] button[data-key='{digit}']")
    tap(page, f"{card} .save-bar button")


def phone(browser):
    context = browser.new_context(
        locale="fr-FR", viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return context, page


def open_table_as(page, site, plan) -> None:
    """North-South's route card, then their table's page; once the service worker controls it
    and keeps its copy, the page opens without network."""
    page.goto(f"{site}/equipe/{plan.ns_team.token}/")
    page.locator(f"a[href*='/table/{plan.table.token}/']").first.tap()
    expect(page.locator("section.side-card")).to_contain_text("Vous êtes Nord-Sud")
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    wait_until(
        page,
        "caches.open('coinche-pages-v1').then((c) => c.match(location.href)).then((r) => !!r)",
        timeout=TIMEOUT_MS,
    )


def pending_count(page) -> str:
    return page.inner_text("#outbox-status")


def test_three_boards_entered_offline_are_sent_once_when_the_network_returns(
    site, browser, screenshot, monkeypatch
):
    monkeypatch.setattr("tournaments.standings.views.REFRESH_SECONDS", RANKING_REFRESH_SECONDS)
    tournament = make_tournament(boards_per_round=3, rounds=3)
    add_teams(tournament, 6)
    add_plan(tournament, rows=THREE_BOARD_MITCHELL)
    add_boards(tournament, 9)
    plan = assignment(tournament, 1, 1)
    context, page = phone(browser)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_table_as(page, site, plan)

    # --- The network drops: three boards entered, each waits on its board ---------------------
    context.set_offline(True)
    for board, taps in BOARDS.items():
        tap_board(page, board, *taps)
        expect(page.locator(f"#etui-{board} .outbox-note")).to_contain_text("En attente d'envoi")
    expect(page.locator("#outbox-status")).to_have_text("3 résultats en attente d'envoi")
    expect(page.locator("#etui-1 .outbox-note")).to_contain_text("N · 110 ♥ · preneurs 113")
    # Waiting, the board's form is put away: the kept entry is what it will send.
    expect(page.locator("#etui-1 form.phone-form")).to_be_hidden()
    assert not Result.objects.filter(tournament=tournament).exists()
    page.evaluate(
        "window.scrollBy(0, document.querySelector('#outbox-status').getBoundingClientRect().top"
        " - 8)"
    )
    screenshot(page, "three boards wait to be sent", docs="table-entry-offline", full_page=False)

    # --- Reloaded without network: the service worker's copy, the outbox still there ---------
    page.reload()
    expect(page.locator("#offline-copy")).to_be_visible()
    expect(page.locator("#outbox-status")).to_have_text("3 résultats en attente d'envoi")
    for board in BOARDS:
        expect(page.locator(f"#etui-{board} .outbox-note")).to_contain_text("En attente d'envoi")
    screenshot(page, "reloaded offline, still waiting")

    # --- The network is back: sent, stored exactly once ---------------------------------------
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#outbox-status")).to_be_hidden()
    for board in BOARDS:
        expect(page.locator(f"#etui-{board}")).to_contain_text("En attente de la confirmation")
        expect(page.locator(f"#etui-{board} .outbox-note")).to_have_count(0)
    stored = Result.objects.filter(tournament=tournament)
    assert sorted(stored.values_list("board_number", flat=True)) == [1, 2, 3]
    assert {(r.version, r.status, r.entered_side) for r in stored} == {(1, "entered", "NS")}
    events = ResultEvent.objects.filter(result__tournament=tournament)
    assert sorted(events.values_list("action", flat=True)) == ["create"] * 3
    by_board = {r.board_number: r for r in stored}
    assert (by_board[1].record["contract"]["bid"], by_board[1].record["taker_points"]) == (110, 113)
    assert by_board[2].record["contract"]["taker"] == "E"

    # --- East-West give their code once, then accept offline: the same outbox ----------------
    page.reload()
    page.fill("#other-team-code", plan.ew_team.code)
    tap(page, "form.other-team-form button[type=submit]")
    expect(page.locator("section.judge-card")).to_contain_text("Est-Ouest")
    context.set_offline(True)
    for board in BOARDS:
        tap(page, f"#etui-{board} form.confirm-form button")
        expect(page.locator(f"#etui-{board} .outbox-note")).to_contain_text(
            "Confirmation par l'autre équipe"
        )
    expect(page.locator("#outbox-status")).to_have_text("3 résultats en attente d'envoi")
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    for board in BOARDS:
        expect(page.locator(f"#etui-{board}")).to_contain_text("Résultat confirmé")
    current = Result.objects.filter(tournament=tournament, is_current=True)
    assert {(r.board_number, r.version, r.status) for r in current} == {
        (1, 2, "confirmed"),
        (2, 2, "confirmed"),
        (3, 2, "confirmed"),
    }
    assert Result.objects.filter(tournament=tournament).count() == 6
    assert sorted(events.values_list("action", flat=True)) == ["confirm"] * 3 + ["create"] * 3

    # --- The ranking counts them ---------------------------------------------------------------
    page.goto(f"{site}/tournois/{tournament.slug}/classement/")
    wait_until(
        page,
        """() => {
            const live = document.querySelector('#ranking-live');
            return live && live.textContent.includes('3 résultats comptés')
                && !live.textContent.includes('calcul en attente');
        }""",
        timeout=TIMEOUT_MS,
    )
    assert errors == []
    context.close()


def test_a_board_the_arbiter_entered_meanwhile_comes_back_as_a_conflict(
    site, browser, screenshot, arbiter_user
):
    tournament = make_tournament(arbiter=arbiter_user)
    add_teams(tournament, 6)
    add_plan(tournament)
    add_boards(tournament, 6)
    plan = assignment(tournament, 1, 1)
    context, page = phone(browser)
    open_table_as(page, site, plan)

    context.set_offline(True)
    tap_board(page, 1, "N", "110", "H", "113")
    expect(page.locator("#etui-1 .outbox-note")).to_contain_text("En attente d'envoi")
    # Meanwhile the arbiter enters board 1 from the score sheet.
    arbiters = services.record_result(
        assignment=plan, board_number=1, data=contract(bid=90, points=100), by=arbiter_user
    )

    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    note = page.locator("#etui-1 .outbox-note[data-status=refused]")
    expect(note).to_contain_text("Non enregistré : N · 110 ♥ · preneurs 113")
    expect(note).to_contain_text("Un résultat a déjà été saisi pour cet étui")
    expect(page.locator("#outbox-status")).to_contain_text("1 envoi refusé")
    # The board shows what is stored now, the arbiter's result, and the kept entry beside it.
    expect(page.locator("#etui-1")).to_contain_text("Résultat confirmé")
    expect(page.locator("#etui-1 form.phone-form")).to_have_count(0)
    screenshot(page, "the arbiter entered it meanwhile")
    kept = Result.objects.get(tournament=tournament, board_number=1, is_current=True)
    assert (kept.pk, kept.version, kept.status, kept.record) == (
        arbiters.pk,
        1,
        "confirmed",
        arbiters.record,
    )
    assert Result.objects.filter(tournament=tournament).count() == 1

    # Kept until the players act: still there after a reload, gone when they discard it.
    page.reload()
    expect(page.locator("#etui-1 .outbox-note[data-status=refused]")).to_be_visible()
    expect(page.locator("#etui-1")).to_contain_text("Résultat confirmé")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#etui-1 .outbox-note button.danger").tap()
    expect(page.locator("#etui-1 .outbox-note")).to_have_count(0)
    expect(page.locator("#outbox-status")).to_be_hidden()
    assert Result.objects.filter(tournament=tournament).count() == 1
    context.close()


@pytest.fixture
def arbiter_user(make_user):
    return make_user("arbitre-hors-ligne", "arbiter")


@pytest.fixture
def club_address_browser():
    """Chromium reaching the live server by a plain-http name (« club.test »), as a phone
    reaches a club's server by its local address: no secure context, so no service worker."""
    from playwright.sync_api import sync_playwright

    chromium_path = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium_path is None:
        pytest.fail("the browser tests need Chromium: apt-get install chromium")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=chromium_path,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--host-resolver-rules=MAP club.test 127.0.0.1",
            ],
        )
        try:
            yield chromium
        finally:
            chromium.close()
            from django.db import connections

            connections.close_all()


def test_on_a_plain_http_address_the_outbox_works_while_the_page_stays_open(
    site, club_address_browser, settings
):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "club.test"]
    tournament = make_tournament()
    add_teams(tournament, 6)
    add_plan(tournament)
    add_boards(tournament, 6)
    plan = assignment(tournament, 1, 1)
    context, page = phone(club_address_browser)
    address = site.replace("localhost", "club.test").replace("127.0.0.1", "club.test")
    page.goto(f"{address}/equipe/{plan.ns_team.token}/")
    page.locator(f"a[href*='/table/{plan.table.token}/']").first.tap()
    expect(page.locator("section.side-card")).to_contain_text("Vous êtes Nord-Sud")
    assert page.evaluate("window.isSecureContext") is False
    # The page says, discreetly, that it cannot reopen without network.
    expect(page.locator("#offline-unavailable")).to_be_visible()

    context.set_offline(True)
    tap_board(page, 1, "N", "110", "H", "113")
    expect(page.locator("#outbox-status")).to_have_text("1 résultat en attente d'envoi")
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#etui-1")).to_contain_text("En attente de la confirmation")
    expect(page.locator("#outbox-status")).to_be_hidden()
    stored = Result.objects.filter(tournament=tournament)
    assert [(r.board_number, r.version, r.status) for r in stored] == [(1, 1, "entered")]
    context.close()

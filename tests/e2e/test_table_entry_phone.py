"""The table's phone page at 360 px, one-handed: a whole round entered by taps only.

North-South open their team's link, tap the taker, the bid, the strain, the coinche, the points
on the number pad, the belote and an annonce for every board of their round, see the deal's
score before saving, save; East-West give their code once on the same phone and accept each
board with one tap. The
stored results are the ones tapped, scored as the engine scores them. Chromium (Debian's)
driven by Playwright against the live test server.
"""

import pytest
from playwright.sync_api import expect

from scoring.engine.deal_score import score_deal
from scoring.engine.result_record import parse_result
from tests.support.browser import wait_until
from tests.support.factories import small_tournament
from tests.support.results import assignment
from tournaments.results.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TIMEOUT_MS = 30_000
PHONE = {"width": 360, "height": 740}


def no_horizontal_overflow(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def tap(page, selector: str) -> None:
    page.locator(selector).tap()


def tap_points(page, board: int, digits: str) -> None:
    for digit in digits:
        tap(page, f"#etui-{board} [data-group=pad] button[data-key='{digit}']")


def live_score(page, board: int) -> str:
    return page.inner_text(f"#etui-{board} .live-score")


def wait_for_score(page, board: int, text: str) -> None:
    wait_until(
        page,
        "([board, text]) => (document.querySelector(`#etui-${board} .live-score`) || {})"
        ".textContent.includes(text)",
        [board, text],
        timeout=TIMEOUT_MS,
    )


def engine(tournament, record):
    rules = tournament.rule_settings()
    return score_deal(parse_result(record, rules), rules)


BOARD_ONE = {
    "passed": False,
    "contract": {"bid": 110, "strain": "H", "taker": "N", "coinche": 0},
    "taker_points": 113,
    "capot": None,
    "belote": ["S"],
    "annonces": [{"seat": "N", "kind": "tierce", "high": "9", "suit": "S"}],
}
BOARD_TWO = {
    "passed": False,
    "contract": {"bid": 170, "strain": "S", "taker": "E", "coinche": 1},
    "taker_points": 100,
    "capot": None,
    "belote": [],
    "annonces": [],
}


def test_a_round_is_entered_by_taps_at_360_px_and_confirmed_by_the_other_team(
    live_site, browser, screenshot
):
    tournament = small_tournament()
    plan = assignment(tournament, 1, 1)
    context = browser.new_context(
        locale="en-US", viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    # North-South's route card: its link makes the phone North-South, then the table's page.
    page.goto(f"{live_site}/equipe/{plan.ns_team.token}/")
    page.locator(f"a[href*='/table/{plan.table.token}/']").first.tap()
    expect(page.locator("section.side-card")).to_contain_text("Vous êtes Nord-Sud")
    boards = [
        int(node.get_attribute("id").removeprefix("etui-"))
        for node in page.locator("section.board-card").all()
    ]
    assert boards == [1, 2]
    assert no_horizontal_overflow(page)
    # The form's own fields are hidden behind the buttons, and still in the form.
    expect(page.locator("#id_b1-taker")).to_be_hidden()
    assert page.locator("#etui-1 form.phone-form").get_attribute("novalidate") is not None
    # Big targets for a thumb.
    heights = page.evaluate(
        """[...document.querySelectorAll('.phone-ui button.tap, .save-bar button')]
            .filter((b) => b.offsetParent !== null)
            .map((b) => b.getBoundingClientRect().height)"""
    )
    assert heights and min(heights) >= 44, heights
    # « Enregistrer » waits for a complete board, and the live line says what is missing.
    save_one = page.locator("#etui-1 .save-bar button")
    expect(save_one).to_be_disabled()
    assert live_score(page, 1) == (
        "À compléter avant d'enregistrer : le preneur, l'enchère, l'atout, les points des preneurs."
    )

    # --- Board 1: 110 ♥ by North, 113 points, belote South, a tierce to the 9 of spades -----
    tap(page, "#etui-1 [data-group=taker] button[data-value=N]")
    tap(page, "#etui-1 [data-group=bid] .tap-grid button[data-value='110']")
    expect(page.locator("#etui-1 .live-score")).to_have_text(
        "À compléter avant d'enregistrer : l'atout, les points des preneurs."
    )
    tap(page, "#etui-1 [data-group=strain] button[data-value=H]")
    expect(save_one).to_be_disabled()
    # Capot once as a bid, once as « tous les plis »: a side that won every trick needs no
    # points (the pad hides), « Personne » brings the pad back.
    assert page.locator("#etui-1 .phone-ui button", has_text="Capot").count() == 1
    expect(page.locator("#etui-1 [data-group=capot] .tap-label")).to_have_text("Tous les plis ?")
    tap(page, "#etui-1 [data-group=capot] button[data-value=taker]")
    expect(page.locator("#etui-1 [data-group=points]")).to_be_hidden()
    expect(save_one).to_be_enabled()
    tap(page, "#etui-1 [data-group=capot] button[data-value='']")
    expect(save_one).to_be_disabled()
    tap_points(page, 1, "113")
    expect(save_one).to_be_enabled()
    expect(page.locator("#etui-1 .points-value")).to_have_text("113")
    expect(page.locator("#etui-1 .points-defence")).to_have_text("Défense : 49")
    tap(page, "#etui-1 [data-group=belote] button[data-value=S]")
    tap(page, "#etui-1 [data-group=annonces] button[data-value=add]")
    # The picker offers the seats and what the rules allow, then the cards a tierce may top.
    picker = "#etui-1 .annonce-picker"
    tap(page, f"{picker} button[data-value=N]")
    kinds = page.locator(f"{picker} .tap-grid button").all_inner_texts()
    assert kinds == ["tierce", "cinquante", "cent", "carré"]
    tap(page, f"{picker} button[data-value=tierce]")
    highs = page.locator(f"{picker} .tap-grid button").all_inner_texts()
    assert highs == ["A", "R", "D", "V", "10", "9"]
    tap(page, f"{picker} button[data-value='9']")
    tap(page, f"{picker} button[data-value=S]")
    expect(page.locator("#etui-1 .annonce-chip")).to_have_text("N tierce 9 ♠×")
    assert page.input_value("#id_b1-annonces") == "N tierce 9 ♠"

    one = engine(tournament, BOARD_ONE)
    expected = f"Nord-Sud {one.ns} · Est-Ouest {one.ew}"
    wait_for_score(page, 1, expected)
    assert "fait" in live_score(page, 1)
    assert no_horizontal_overflow(page)
    # The save button stays in reach while the thumb is on the number pad.
    page.locator("#etui-1 [data-group=pad]").scroll_into_view_if_needed()
    in_reach = page.evaluate(
        """(() => {
            const box = document.querySelector('#etui-1 .save-bar button').getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
        })()"""
    )
    assert in_reach
    page.locator("#etui-1 h2").scroll_into_view_if_needed()
    page.evaluate(
        "window.scrollBy(0, document.querySelector('#etui-1 h2').getBoundingClientRect().top - 8)"
    )
    screenshot(
        page,
        "board 1 tapped, its score shown before saving",
        docs="table-entry-phone",
        full_page=False,
    )
    screenshot(page, "board 1, the whole page")
    tap(page, "#etui-1 .save-bar button")
    expect(page.locator(".messages")).to_contain_text("Étui 1 enregistré")

    # --- Board 2: 170 ♠ coinché by East, 100 points: a chute --------------------------------
    tap(page, "#etui-2 [data-group=taker] button[data-value=E]")
    tap(page, "#etui-2 [data-group=bid] .tap-grid button[data-value='160']")
    tap(page, "#etui-2 [data-group=bid] button[data-value=up]")
    expect(page.locator("#etui-2 .bid-value")).to_have_text("170")
    tap(page, "#etui-2 [data-group=strain] button[data-value=S]")
    tap(page, "#etui-2 [data-group=coinche] button[data-value='1']")
    # 170 points cannot be tapped: our message, in French, and the points stay at 17.
    tap_points(page, 2, "170")
    expect(page.locator("#etui-2 .points-problem")).to_have_text("Les points vont de 0 à 162.")
    expect(page.locator("#etui-2 .points-value")).to_have_text("17")
    tap(page, "#etui-2 [data-group=pad] button[data-key=clear]")
    tap_points(page, 2, "100")
    expect(page.locator("#etui-2 .points-problem")).to_be_hidden()
    two = engine(tournament, BOARD_TWO)
    wait_for_score(page, 2, f"Nord-Sud {two.ns} · Est-Ouest {two.ew}")
    assert "chute" in live_score(page, 2)
    assert no_horizontal_overflow(page)
    page.evaluate(
        "window.scrollBy(0, document.querySelector('#etui-2 [data-group=points]')"
        ".getBoundingClientRect().top - 8)"
    )
    screenshot(
        page, "board 2 fails, the score says so", docs="table-entry-live-score", full_page=False
    )
    tap(page, "#etui-2 .save-bar button")
    expect(page.locator(".messages")).to_contain_text("Étui 2 enregistré")
    assert no_horizontal_overflow(page)

    # --- East-West give their code once on the same phone, then accept each board -----------
    expect(page.locator("section.other-team-card")).to_contain_text("Est-Ouest confirme")
    page.fill("#other-team-code", plan.ew_team.code)
    tap(page, "form.other-team-form button[type=submit]")
    for board in boards:
        expect(page.locator(f"#etui-{board}")).to_contain_text("Saisi par Nord-Sud")
        tap(page, f"#etui-{board} form.confirm-form button")
        expect(page.locator(".messages")).to_contain_text(f"Étui {board} confirmé.")
    screenshot(page, "the round is confirmed")
    assert no_horizontal_overflow(page)
    assert errors == []

    stored = {
        result.board_number: result
        for result in Result.objects.filter(tournament=tournament, is_current=True)
    }
    assert sorted(stored) == [1, 2]
    for board, record, score in ((1, BOARD_ONE, one), (2, BOARD_TWO, two)):
        result = stored[board]
        assert (result.status, result.entered_side, result.source) == (
            "confirmed",
            "NS",
            "table",
        )
        assert result.confirmed_team_id == plan.ew_team_id
        assert result.record == record
        assert (result.ns_marks, result.ew_marks, result.made) == (score.ns, score.ew, score.made)
    context.close()

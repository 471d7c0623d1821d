"""Confirming at the table like a Bridgemate, in Debian's Chromium at 360 px.

North-South entered the round's three boards; the phone is passed to East-West, who give their
code once and accept the three boards in a few taps. The phones follow the table: a board
entered on one phone appears « à confirmer » on the other without a reload. A board disputed
with the exact result typed at once waits for the first team's confirmation.
"""

import pytest
from playwright.sync_api import expect

from tests.support.factories import add_boards, add_plan, add_teams, make_tournament, team_at
from tests.support.results import assignment, contract
from tournaments.results import services
from tournaments.results.models import Result, ResultEvent

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TIMEOUT_MS = 30_000
PHONE = {"width": 360, "height": 740}
THREE_BOARD_MITCHELL = [
    (1, 1, 1, 4, [1, 2, 3]),
    (1, 2, 2, 5, [4, 5, 6]),
    (1, 3, 3, 6, [7, 8, 9]),
    (2, 1, 1, 6, [4, 5, 6]),
    (2, 2, 2, 4, [7, 8, 9]),
    (2, 3, 3, 5, [1, 2, 3]),
]


@pytest.fixture
def tournament():
    tournament = make_tournament(boards_per_round=3, rounds=2)
    add_teams(tournament, 6)
    add_plan(tournament, rows=THREE_BOARD_MITCHELL)
    add_boards(tournament, 9)
    return tournament


class Phone:
    """A phone at 360 px with touch, counting the player's taps."""

    def __init__(self, browser):
        self.context = browser.new_context(
            locale="fr-FR", viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
        )
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT_MS)
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.taps += 1

    def open_as(self, site, team, plan) -> None:
        """The team's route card (its QR code), then its table's page."""
        self.page.goto(f"{site}/equipe/{team.token}/")
        self.page.locator(f"a[href*='/table/{plan.table.token}/']").first.tap()
        expect(self.page.locator("section.side-card")).to_contain_text("Vous êtes")


def test_three_boards_are_accepted_in_at_most_five_taps_after_the_code(
    live_site, browser, tournament, screenshot
):
    plan = assignment(tournament, 1, 1)
    phone = Phone(browser)
    phone.open_as(live_site, plan.ns_team, plan)
    page = phone.page
    # North-South's three boards (entered by taps in tests/e2e/test_table_entry_phone.py).
    for board in plan.boards:
        services.record_result(
            assignment=plan,
            board_number=board,
            data=contract(),
            by=team_at(plan, "NS"),
            source="table",
        )
    page.reload()
    card = page.locator("section.other-team-card")
    expect(card).to_contain_text("Est-Ouest confirme")
    expect(card).to_contain_text("QR code de votre fiche de route")
    assert page.locator("#etui-1 form.confirm-form").count() == 0
    # The code is typed on the number keypad and masked: the other team sits across the table.
    code = page.locator("#other-team-code")
    assert (code.get_attribute("type"), code.get_attribute("inputmode")) == ("password", "numeric")
    code.fill(plan.ew_team.code)
    screenshot(page, "the other team gives its code once", docs="table-confirm-code")

    phone.taps = 0
    phone.tap("form.other-team-form button[type=submit]")
    expect(page.locator("section.judge-card")).to_contain_text("Est-Ouest")
    for board in plan.boards:
        expect(page.locator(f"#etui-{board} form.confirm-form button")).to_have_text("Accepter")
    screenshot(page, "accept or contest each board", docs="table-confirm-accept")
    phone.tap("form.accept-all-form button")
    expect(page.locator(".messages")).to_contain_text("Étuis 1, 2, 3 confirmés.")
    assert phone.taps <= 5, phone.taps
    current = Result.objects.filter(assignment=plan, is_current=True)
    assert {(r.board_number, r.status, r.confirmed_team_id) for r in current} == {
        (board, "confirmed", plan.ew_team_id) for board in plan.boards
    }
    events = ResultEvent.objects.filter(action="confirm", round_number=1, table_number=1)
    assert sorted(events.values_list("board_number", flat=True)) == plan.boards
    assert phone.errors == []
    phone.context.close()


def test_the_second_phone_sees_the_first_phones_entry_without_a_reload(
    live_site, browser, tournament, screenshot
):
    plan = assignment(tournament, 1, 1)
    north_south, east_west = Phone(browser), Phone(browser)
    north_south.open_as(live_site, plan.ns_team, plan)
    east_west.open_as(live_site, plan.ew_team, plan)
    other = east_west.page
    expect(other.locator("#etui-1 .badge")).to_have_text("Manquant")
    other.evaluate("window.stillTheSamePage = true")

    page = north_south.page
    north_south.tap("#etui-1 [data-group=taker] button[data-value=N]")
    north_south.tap("#etui-1 [data-group=bid] .tap-grid button[data-value='90']")
    north_south.tap("#etui-1 [data-group=strain] button[data-value=H]")
    for digit in "100":
        north_south.tap(f"#etui-1 [data-group=pad] button[data-key='{digit}']")
    north_south.tap("#etui-1 .save-bar button")
    expect(page.locator(".messages")).to_contain_text("Étui 1 enregistré", timeout=TIMEOUT_MS)

    # East-West's phone, untouched: the board comes « à confirmer » within a few seconds.
    expect(other.locator("#etui-1 .badge")).to_have_text("Saisi, à confirmer", timeout=15_000)
    expect(other.locator("#etui-1")).to_contain_text("Saisi par Nord-Sud")
    expect(other.locator("#etui-1 form.confirm-form button")).to_have_text("Accepter")
    assert other.evaluate("window.stillTheSamePage") is True
    screenshot(other, "the other phone follows the table", docs="table-follow")
    east_west.tap("#etui-1 form.confirm-form button")
    expect(other.locator(".messages")).to_contain_text("Étui 1 confirmé.")
    assert Result.objects.get(assignment=plan, board_number=1, is_current=True).status == (
        "confirmed"
    )
    assert north_south.errors == [] and east_west.errors == []
    north_south.context.close()
    east_west.context.close()


def test_a_dispute_with_the_exact_result_typed_waits_for_the_first_team(
    live_site, browser, tournament, screenshot
):
    plan = assignment(tournament, 1, 1)
    east_west = Phone(browser)
    east_west.open_as(live_site, plan.ew_team, plan)
    services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(points=100),
        by=team_at(plan, "NS"),
        source="table",
    )
    page = east_west.page
    page.reload()
    east_west.tap("#etui-1 details.dispute summary")
    form = "#etui-1 form.dispute-exact"
    # The form starts from the contested record: only the takers' points to change.
    expect(page.locator(f"{form} .live-score")).to_contain_text("fait")
    for digit in ("clear", "8", "0"):
        east_west.tap(f"{form} [data-group=pad] button[data-key='{digit}']")
    expect(page.locator(f"{form} .live-score")).to_contain_text("chute")
    screenshot(page, "the exact result typed with the dispute", docs="table-dispute-exact")
    east_west.tap(f"{form} .save-bar button")
    expect(page.locator(".messages")).to_contain_text(
        "Étui 1 contesté : votre résultat attend la confirmation de Nord-Sud."
    )
    current = Result.objects.get(assignment=plan, board_number=1, is_current=True)
    assert (current.status, current.entered_side, current.record["taker_points"]) == (
        "entered",
        "EW",
        80,
    )
    events = ResultEvent.objects.filter(round_number=1, table_number=1, board_number=1)
    assert list(events.values_list("action", flat=True)) == ["create", "dispute", "change"]
    assert east_west.errors == []
    east_west.context.close()

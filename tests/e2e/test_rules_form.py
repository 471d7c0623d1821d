"""The organizer picks a family of rules, then adjusts one axis: the fields follow the family
and the « Aperçu de la marque » rescores three sample deals at each change, through the
preview endpoint (no inline script: the page's CSP holds). The screenshot is in
docs/organizer.md."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tournaments.setup.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def organizer_page(live_site, browser, make_user):
    organizer = make_user("organisateur-regles", "organizer")
    client = Client()
    client.force_login(organizer)
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    host = live_site.split("//")[1].split(":")[0]
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
    yield context.new_page(), live_site
    context.close()


def _cells(page, key):
    row = page.locator(f'#rules-preview tr[data-deal="{key}"] td.num')
    return row.nth(0), row.nth(1)


def test_pick_a_family_adjust_an_axis_and_watch_the_preview(organizer_page, screenshot):
    page, base = organizer_page
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.goto(f"{base}/organisation/nouveau/")
    # FFB coinche to start with: the coinché 120 that fails gives N-S (160 + 120) x 2.
    ns, ew = _cells(page, "coinche")
    expect(ns).to_have_text("560")

    # The preset first; its settings wait folded under « Personnaliser les règles ».
    details = page.locator("#rule-details")
    expect(details).not_to_have_attribute("open", "")
    expect(page.locator("#id_rule_rounding")).to_be_hidden()
    page.select_option("#id_rules_preset", "cannes-2016")
    page.click("#rule-details > summary")
    expect(page.locator("#id_rule_rounding")).to_be_visible()
    # Every choice reads whole: no list narrower than its longest choice.
    cut = page.evaluate(
        """() => Array.from(document.querySelectorAll('#rule-details select')).filter((s) => {
            const probe = document.createElement('span');
            probe.style.font = getComputedStyle(s).font;
            probe.style.position = 'absolute';
            probe.style.whiteSpace = 'nowrap';
            document.body.appendChild(probe);
            const widest = Math.max(...Array.from(s.options).map((o) => {
                probe.textContent = o.text; return probe.getBoundingClientRect().width;
            }));
            probe.remove();
            return widest + 40 > s.getBoundingClientRect().width;
        }).map((s) => s.id)"""
    )
    assert cut == []
    expect(page.locator("#id_rule_multiplier_scope")).to_have_value("bid_only")
    expect(page.locator("#id_rule_capot_bid")).to_have_value("bid_270")
    # Cannes: 162 + 120 x 2 = 402, rounded 6 up to 400; the capot 270 + 252 = 522 -> 520.
    expect(ns).to_have_text("400")
    expect(_cells(page, "capot")[0]).to_have_text("520")
    expect(page.locator("#rules-preview")).not_to_contain_text("personnalisé")

    # One axis adjusted: no rounding.
    page.select_option("#id_rule_rounding", "none")
    expect(ns).to_have_text("402")
    expect(_cells(page, "capot")[0]).to_have_text("522")
    expect(page.locator("#rules-preview")).to_contain_text("Règlement personnalisé")

    # An impossible combination is said at once, in French.
    page.uncheck("#id_rule_belote_transferred")
    page.check("#id_rule_belote_imprenable")
    page.check("#id_rule_belote_transferred")
    expect(page.locator("#rules-preview .preview-errors")).to_contain_text("Règles invalides")
    page.uncheck("#id_rule_belote_imprenable")
    expect(ns).to_have_text("402")

    page.locator("#rules-preview").scroll_into_view_if_needed()
    screenshot(page, "rules form with preview", docs="organizer-rules")

    page.fill("#id_name", "Qualificatif de Cannes")
    page.fill("#id_date", "2027-02-20")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page.locator("h1")).to_contain_text("Qualificatif de Cannes")
    tournament = Tournament.objects.get(name="Qualificatif de Cannes")
    assert tournament.rules_preset == "cannes-2016"
    assert tournament.rules["rounding"] == "none"
    assert tournament.rules["multiplier_scope"] == "bid_only"
    assert not [p for p in problems if "Content Security Policy" in p or "Refused" in p]


def test_a_mitchell_without_arrow_switch_warns_of_two_rankings(organizer_page, screenshot):
    page, base = organizer_page
    page.goto(f"{base}/organisation/nouveau/")
    warning = page.locator("#two-rankings")
    page.select_option("#id_movement_type", "mitchell")
    page.uncheck("#id_arrow_switch")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("Mitchell sans tours inversés : deux classements, NS et EO")
    page.check("#id_arrow_switch")
    expect(warning).to_be_hidden()
    page.uncheck("#id_arrow_switch")
    page.select_option("#id_movement_type", "howell")
    expect(warning).to_be_hidden()
    page.select_option("#id_movement_type", "mitchell")
    expect(warning).to_be_visible()
    page.locator("#id_rules_preset").scroll_into_view_if_needed()
    screenshot(page, "set-up form, preset first, rules folded", docs="organizer-settings")

"""The organizer's checklist in a real browser, mid-day: the screenshot in docs/organizer.md.

A running tournament whose plan, deals and first round are done: the list shows each step's
state in words, the next step marked, the session's length and its expected end.
"""

import datetime

import pytest
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from tests.support.factories import add_plan, add_teams, make_tournament
from tests.support.organizer import add_result
from tournaments.deals.services import generate_deals
from tournaments.setup.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def organizer_page(live_site, browser, make_user):
    """A phone-sized page logged in as the tournament's organizer."""
    organizer = make_user("organisatrice-navigateur", "organizer")
    client = Client()
    client.force_login(organizer)
    context = browser.new_context(viewport={"width": 900, "height": 900})
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
    yield context.new_page(), organizer, live_site
    context.close()


def test_the_checklist_mid_day(organizer_page, screenshot):
    page, organizer, base = organizer_page
    tournament = make_tournament(
        organizer=organizer,
        name="Open de Montreuil",
        slug="open-de-montreuil",
        minutes_per_board=8,
    )
    add_teams(tournament, 6)
    tournament.teams.filter(number=6).update(checked_in=False)
    add_plan(tournament, started=False)
    generate_deals(tournament=tournament)
    Round.objects.filter(tournament=tournament, number=1).update(
        started_at=timezone.now() - datetime.timedelta(minutes=12)
    )
    add_result(tournament, round_number=1, table_number=1)

    page.goto(f"{base}/tournois/{tournament.slug}/organisation/")
    steps = page.locator("ol.checklist > li")
    expect(steps).to_have_count(12)
    current = page.locator('ol.checklist > li[aria-current="step"]')
    expect(current).to_have_count(1)
    expect(current).to_contain_text("Documents")
    expect(current).to_contain_text("Étape suivante")
    expect(steps.nth(9)).to_contain_text("résultats manquants au tour 1")
    expect(page.locator("p.estimate")).to_contain_text(
        "Durée estimée : 48 min (3 tours de 2 étuis, 8 min par étui)"
    )
    expect(page.get_by_text("Fin prévue vers")).to_be_visible()
    page.locator("#checklist-title").scroll_into_view_if_needed()
    screenshot(page, "organizer checklist", docs="organizer-checklist")

    # On a phone the list fits the screen's width: no sideways scrolling.
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "organizer checklist on a phone")


def test_the_session_opens_from_the_checklist_in_one_act(organizer_page, screenshot):
    """A ready set-up (teams checked in, plan, deals, documents): « Ouvrir la séance », one
    confirmation, and the tournament is « En cours », its rounds published, round 1 started."""
    from tournaments.printing import services as printing
    from tournaments.setup.models import Tournament, TournamentEvent

    page, organizer, base = organizer_page
    tournament = make_tournament(
        organizer=organizer,
        name="Open de Vincennes",
        slug="open-de-vincennes",
        status=Tournament.Status.REGISTRATION,
    )
    add_teams(tournament, 6)
    add_plan(tournament, published=False, started=False)
    generate_deals(tournament=tournament)
    printing.request_packet(tournament=tournament)  # made at once here (DOCUMENTS_IN_PROCESS=1)

    page.goto(f"{base}/tournois/{tournament.slug}/organisation/")
    current = page.locator('ol.checklist > li[aria-current="step"]')
    expect(current).to_contain_text("Ouverture de la séance")
    expect(current).to_contain_text("Tout est prêt")
    button = page.get_by_role("button", name="Ouvrir la séance")
    expect(button).to_be_enabled()
    screenshot(page, "ready to open", docs="organizer-open-session")
    dialogs = []
    page.once("dialog", lambda dialog: dialogs.append(dialog.message) or dialog.accept())
    with page.expect_navigation():
        button.click()
    assert len(dialogs) == 1 and "Ouvrir la séance ?" in dialogs[0]
    expect(page.locator("ul.messages")).to_contain_text(
        "Séance ouverte : le tournoi est « En cours », les 3 tours sont publiés et le tour 1 a "
        "démarré."
    )
    opening_step = page.locator("ol.checklist > li", has_text="Ouverture de la séance")
    expect(opening_step).to_contain_text("Séance ouverte")
    expect(page.get_by_role("button", name="Ouvrir la séance")).to_have_count(0)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    assert all(round_.published for round_ in rounds)
    assert rounds[0].started_at is not None and rounds[1].started_at is None
    assert TournamentEvent.objects.filter(tournament=tournament, by=organizer).count() == 1

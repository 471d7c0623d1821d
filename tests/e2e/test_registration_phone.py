"""A pair registers for a tournament on a phone: from the tournament's public page to its
confirmation page, without an account; the confirmation e-mail reaches a real SMTP server.
Chromium (Debian's) driven by Playwright against the live test server."""

import pytest
from playwright.sync_api import expect

from tests.support.factories import add_teams, make_tournament
from tests.support.smtp import Inbox, smtp_server
from tournaments.registration.models import Entry
from tournaments.registration.services import set_registration
from tournaments.setup.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 30_000


def test_a_pair_registers_on_a_phone(live_site, browser, screenshot, settings):
    tournament = make_tournament(
        name="Open de Noël",
        slug="open-de-noel",
        venue="Salle des fêtes, Montreuil",
        status=Tournament.Status.REGISTRATION,
    )
    add_teams(tournament, 3)
    set_registration(tournament=tournament, open=True, capacity=8)
    with smtp_server(settings) as inbox:
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2, locale="fr-FR"
        )
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{live_site}/tournois/{tournament.slug}/")
        expect(page.locator(".registration-box")).to_contain_text("Encore 5 places.")
        page.get_by_role("link", name="Inscrire une paire").tap()
        expect(page.locator("h1")).to_have_text("Inscrire une paire")
        page.fill("#id_p1_first_name", "Camille")
        page.fill("#id_p1_last_name", "Lefèvre")
        page.fill("#id_p1_licence", "1234567")
        page.fill("#id_p2_first_name", "Jean-Marc")
        page.fill("#id_p2_last_name", "Dupont")
        page.fill("#id_email", "camille@example.org")
        screenshot(page, "the form filled in")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        with page.expect_navigation():
            page.get_by_role("button", name="Envoyer l'inscription").tap()
        expect(page.locator("h1")).to_have_text("Votre inscription")
        expect(page.locator("[role=status]")).to_contain_text("l'organisateur va la valider")
        screenshot(page, "the pair's confirmation page", docs="registration-phone")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        context.close()
        entry = Entry.objects.get()
        assert (entry.p1_last_name, entry.p2_first_name, entry.status) == (
            "Lefèvre",
            "Jean-Marc",
            "pending",
        )
        (message,) = inbox.to("camille@example.org")
        assert message["Subject"] == "Inscription reçue : Open de Noël"
        assert f"/inscription/{entry.token}/" in Inbox.body(message)

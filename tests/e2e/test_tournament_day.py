"""A whole tournament day in a real browser, through the pages only.

The organizer logs in, creates the tournament, imports the teams from a CSV file, checks them
in, generates the table plan and the deals, publishes and starts; the arbiter enters round 1
on the entry sheet; at table 1 of round 2, North-South enter a board on a phone from the
table's URL and East-West confirm it on theirs; the public ranking, open all along, updates
itself; the organizer has the packet of PDFs made and downloads every document.

Chromium (Debian's) is driven by Playwright against the live test server; the jobs (ranking
recomputations, PDFs) run in a real Celery worker through the real Redis broker. Screenshots of
every step go to ``test-artifacts/e2e/``.
"""

import csv
import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.support.browser import wait_until
from tournaments.printing import selectors
from tournaments.results.models import Result, ResultEvent
from tournaments.setup.models import Table, Tournament

pytestmark = [
    pytest.mark.browser,
    pytest.mark.worker,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

PASSWORD = "correct-horse-42"
TIMEOUT_MS = 30_000
TEAMS = [
    # Team name, player 1 (first, last, licence), player 2.
    ("Les Valets", ("Anne", "Martin", "0770011"), ("Bruno", "Dubois", "0770012")),
    ("Belote et Rebelote", ("Chloé", "Thomas", "0770021"), ("Denis", "Robert", "0770022")),
    ("Capot Club", ("Élise", "Richard", "0770031"), ("Fabien", "Petit", "0770032")),
    ("Dix de Der", ("Gaëlle", "Durand", "0770041"), ("Hugo", "Leroy", "0770042")),
    ("Les Coincheurs", ("Inès", "Moreau", "0770051"), ("Jules", "Simon", "0770052")),
    ("Tout Atout", ("Karine", "Laurent", "0770061"), ("Loïc", "Lefèvre", "0770062")),
]
RANKING_REFRESH_SECONDS = 2


def team_file(path):
    """The club's registration list, as a spreadsheet exports it (semicolons, a header)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(
        [
            "Numéro",
            "Nom de l'équipe",
            "Prénom joueur 1",
            "Nom joueur 1",
            "Licence joueur 1",
            "Club joueur 1",
            "Prénom joueur 2",
            "Nom joueur 2",
            "Licence joueur 2",
            "Club joueur 2",
        ]
    )
    for number, (name, one, two) in enumerate(TEAMS, start=1):
        writer.writerow([number, name, *one, "Coinche Club", *two, "Belote Amicale"])
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path


def log_in(page, base_url: str, username: str, next_path: str) -> None:
    page.goto(f"{base_url}/comptes/connexion/?next={next_path}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Se connecter')")
    page.wait_for_url(f"{base_url}{next_path}")


def says(page, text: str) -> None:
    """The page shows ``text`` in its messages (waiting for the page the action led to)."""
    expect(page.locator("ul.messages")).to_contain_text(text)


def nav(page, label: str) -> None:
    """Follow an entry of the tournament's menu."""
    with page.expect_navigation():
        page.click(f"nav.subnav a:text-is('{label}')")


def ranking_text(page) -> str:
    return page.inner_text("#ranking-live")


def wait_for_ranking(page, counted: int) -> None:
    """The open ranking page shows ``counted`` results, fetched by its own refresh."""
    word = "résultat compté" if counted == 1 else "résultats comptés"
    wait_until(
        page,
        """([text]) => {
            const live = document.querySelector('#ranking-live');
            return live.textContent.includes(text)
                && !live.textContent.includes('calcul en attente');
        }""",
        arg=[f"{counted} {word}"],
        timeout=TIMEOUT_MS,
    )


@pytest.fixture
def staff(make_user):
    return {
        "organizer": make_user("odile", "organizer"),
        "arbiter": make_user("arnaud", "arbiter"),
    }


def test_a_tournament_day_from_creation_to_the_pdf_packet(
    site, browser, staff, screenshot, tmp_path, monkeypatch
):
    # The ranking page refreshes every 10 s in production; every 2 s keeps this test short.
    monkeypatch.setattr("tournaments.standings.views.REFRESH_SECONDS", RANKING_REFRESH_SECONDS)
    organizer = browser.new_context(locale="fr-FR").new_page()
    organizer.set_default_timeout(TIMEOUT_MS)

    # --- The organizer creates the tournament ------------------------------------------------
    log_in(organizer, site, "odile", "/organisation/")
    screenshot(organizer, "organizer logged in")
    organizer.click("a:has-text('Créer un tournoi')")
    organizer.fill("#id_name", "Open de Montreuil")
    organizer.fill("#id_date", "2026-12-12")
    organizer.fill("#id_venue", "Salle Jean Jaurès")
    organizer.fill("#id_club", "Coinche Club de Montreuil")
    organizer.fill("#id_rounds", "2")
    organizer.fill("#id_boards_per_round", "2")
    organizer.check("label:has-text('arnaud') input")
    screenshot(organizer, "tournament form")
    organizer.click("button:has-text('Créer le tournoi')")
    organizer.wait_for_url(re.compile(r"/organisation/$"))
    says(organizer, "Tournoi créé")
    tournament = Tournament.objects.get(name="Open de Montreuil")
    slug = tournament.slug
    screenshot(organizer, "tournament created")
    organizer.click("button:has-text('Passer à « Inscriptions »')")
    says(organizer, "Inscriptions")

    # --- Imports the teams from the club's CSV file -----------------------------------------
    organizer.click("a:has-text('Importer un fichier')")
    organizer.set_input_files("#id_file", str(team_file(tmp_path / "inscriptions.csv")))
    organizer.click('button:has-text("Voir l\'aperçu")')
    expect(organizer.locator("main")).to_contain_text("6 équipes seront inscrites")
    screenshot(organizer, "import preview")
    organizer.click('button:has-text("Confirmer l\'import")')
    says(organizer, "6 équipes importées")
    expect(organizer.locator("main")).to_contain_text("Belote et Rebelote")
    screenshot(organizer, "teams imported")

    # --- Checks them in: two taps on the list, then everyone left -----------------------------
    nav(organizer, "Pointage")
    organizer.click("#equipe-1 button.checkin-toggle")
    organizer.click("#equipe-2 button.checkin-toggle")
    wait_until(organizer, "document.querySelector('[data-checked-in]').textContent.trim() === '2'")
    screenshot(organizer, "two teams checked in")
    organizer.click("button:has-text('Pointer toutes les équipes restantes')")
    says(organizer, "4 équipes pointées")
    assert organizer.inner_text("[data-checked-in]").strip() == "6"
    assert tournament.teams.filter(checked_in=True).count() == 6

    # --- Generates the table plan and the deals, publishes, starts ---------------------------
    nav(organizer, "Plan de table")
    organizer.click("button:has-text('Générer le plan de table')")
    says(organizer, "Plan de table généré : 6 équipes, 3 tables, 2 tours")
    nav(organizer, "Donnes")
    organizer.click("button:has-text('Générer les donnes')")
    says(organizer, "étuis générés")
    screenshot(organizer, "deals generated")
    nav(organizer, "Plan de table")
    organizer.click("button:has-text('Publier tous les tours')")
    says(organizer, "2 tours publiés")
    screenshot(organizer, "plan published")
    nav(organizer, "Organisation")
    organizer.click("button:has-text('Passer à « En cours »')")
    says(organizer, "En cours")
    screenshot(organizer, "tournament running")

    # --- The public ranking is opened, and left open ------------------------------------------
    public = browser.new_context(locale="fr-FR").new_page()
    public.set_default_timeout(TIMEOUT_MS)
    public.goto(f"{site}/tournois/{slug}/classement/")
    # Gone if the page were ever reloaded.
    public.evaluate("window.leftOpen = true")
    assert "Aucun résultat n'est encore compté" in ranking_text(public)
    screenshot(public, "public ranking before play")

    # --- The arbiter enters round 1 on the entry sheet ----------------------------------------
    arbiter = browser.new_context(locale="fr-FR").new_page()
    arbiter.set_default_timeout(TIMEOUT_MS)
    log_in(arbiter, site, "arnaud", f"/tournois/{slug}/arbitrage/")
    nav(arbiter, "Saisie des résultats")
    arbiter.wait_for_url(re.compile(r"/arbitrage/saisie/1/$"))
    rows = arbiter.eval_on_selector_all("tr.entry-row", "rows => rows.map(r => r.id)")
    assert len(rows) == 6  # 3 tables, 2 boards each
    for index, prefix in enumerate(rows):
        # North takes 90 hearts and makes 90 + 10 × index card points: a different score each.
        arbiter.select_option(f"#id_{prefix}-taker", "N")
        arbiter.fill(f"#id_{prefix}-bid", "90")
        arbiter.select_option(f"#id_{prefix}-strain", "H")
        arbiter.fill(f"#id_{prefix}-taker_points", str(90 + 10 * index))
        arbiter.press(f"#id_{prefix}-taker_points", "Enter")
        wait_until(
            arbiter,
            "([id]) => document.querySelector('#' + id + ' td.state').textContent"
            ".includes('Confirmé')",
            arg=[prefix],
        )
    screenshot(arbiter, "round 1 entered by the arbiter")
    assert Result.objects.filter(round__number=1, status="confirmed").count() == 6

    # The ranking page, still open, shows round 1 on its own.
    wait_for_ranking(public, 6)
    assert public.evaluate("window.leftOpen") is True
    # Two rankings of a Mitchell, Nord-Sud and Est-Ouest, three teams each.
    assert public.locator("#ranking-live tr[data-team]").count() == 6
    screenshot(public, "public ranking after round 1")

    # --- At table 1 of round 2, a player enters a board, the opponent confirms ----------------
    table = Table.objects.get(tournament=tournament, number=1)
    table_url = f"{site}/table/{table.token}/"
    north_south = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    player = north_south.new_page()
    player.set_default_timeout(TIMEOUT_MS)
    player.goto(table_url)
    assert "Tour 2" in player.inner_text("section.teams-card h2")
    round_two = table.assignments.select_related("ns_team", "ew_team").get(round__number=2)
    screenshot(player, "the phone asks for the team's code", docs="table-entry-code")
    player.fill("#team-code", round_two.ns_team.code)
    player.click("form.identify-form button[type=submit]")
    expect(player.locator("section.side-card")).to_contain_text("Vous êtes Nord-Sud")
    board = int(player.get_attribute("section.board-card", "id").removeprefix("etui-"))
    # The phone's buttons and number pad (tests/e2e/test_table_entry_phone.py enters a whole
    # round this way at 360 px).
    form = f"#etui-{board} .phone-ui"
    player.click(f"{form} [data-group=taker] button[data-value=E]")
    player.click(f"{form} [data-group=bid] .tap-grid button[data-value='80']")
    player.click(f"{form} [data-group=strain] button[data-value=S]")
    for key in "120":
        player.click(f"{form} [data-group=pad] button[data-key='{key}']")
    expect(player.locator(f"#etui-{board} .live-score")).to_contain_text("fait")
    assert player.input_value(f"#id_b{board}-taker_points") == "120"
    screenshot(player, "player enters a board")
    player.click(f"#etui-{board} button:has-text('Enregistrer')")
    says(player, f"Étui {board} enregistré : à confirmer par Est-Ouest")
    screenshot(player, "waiting for the opponents", docs="table-entry-waiting")
    # The entering side cannot become the confirming side with its own code.
    player.fill("#other-team-code", round_two.ns_team.code)
    player.click("form.other-team-form button[type=submit]")
    says(player, "C'est le code de votre équipe")
    assert player.input_value("#other-team-code") == ""

    east_west = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    opponent = east_west.new_page()
    opponent.set_default_timeout(TIMEOUT_MS)
    opponent.goto(table_url)
    opponent.fill("#team-code", round_two.ew_team.code)
    opponent.click("form.identify-form button[type=submit]")
    expect(opponent.locator("section.side-card")).to_contain_text("Vous êtes Est-Ouest")
    expect(opponent.locator(f"#etui-{board}")).to_contain_text("Saisi par Nord-Sud")
    screenshot(opponent, "opponent checks the summary", docs="table-entry-confirm")
    opponent.click(f"#etui-{board} button:has-text('Accepter')")
    says(opponent, f"Étui {board} confirmé.")
    screenshot(opponent, "opponent confirmed")
    confirmed = Result.objects.get(
        round__number=2, table__number=1, board_number=board, is_current=True
    )
    assert (confirmed.status, confirmed.entered_side, confirmed.source) == (
        "confirmed",
        "NS",
        "table",
    )
    events = ResultEvent.objects.filter(round_number=2, table_number=1, board_number=board)
    assert list(events.values_list("action", flat=True)) == ["create", "confirm"]

    # The ranking page takes the confirmed board in, still without a reload.
    wait_for_ranking(public, 7)
    assert public.evaluate("window.leftOpen") is True
    screenshot(public, "public ranking after the table entry", docs="public-ranking")

    # --- The organizer has the packet made and downloads every document -----------------------
    nav(organizer, "Documents")
    organizer.click("button:has-text('Générer tout le dossier')")
    expect(organizer.locator(".packet-state")).to_contain_text("Dossier :")
    screenshot(organizer, "packet requested")
    # The page refreshes its table by itself until every document can be downloaded.
    wait_until(
        organizer,
        """() => {
            const rows = [...document.querySelectorAll('#documents-table tbody tr')];
            return rows.length > 0
                && !document.querySelector('#documents-table progress')
                && rows.every(r => r.querySelector('.badge.error') === null)
                && rows.filter(r => r.querySelector('a.btn')).length >= 6;
        }""",
        timeout=120_000,
    )
    screenshot(organizer, "packet ready")
    links = organizer.locator("#documents-table a.btn:has-text('Télécharger')")
    downloaded = []
    for href in [links.nth(index).get_attribute("href") for index in range(links.count())]:
        # The browser would show a PDF inline: fetch it with the organizer's session instead.
        response = organizer.request.get(f"{site}{href}")
        assert response.status == 200, href
        assert response.headers["content-type"] == "application/pdf"
        name = re.search(r'filename="([^"]+)"', response.headers["content-disposition"])[1]
        path = tmp_path / name
        path.write_bytes(response.body())
        assert path.read_bytes().startswith(b"%PDF-"), name
        assert len(PdfReader(path).pages) >= 1
        downloaded.append(name)
    # The packet: the combined PDF and its parts, then the public copies that may exist now
    # (no hand is released: no public hand records).
    public_copies = [
        selectors.file_name(tournament, kind, scope)
        for kind, scope in selectors.PUBLIC_COPIES
        if selectors.unavailable_reason(tournament, kind, scope) is None
    ]
    assert f"{slug}-releve-des-donnes-public.pdf" not in public_copies
    assert len(downloaded) == len(set(downloaded))
    assert set(downloaded) == {
        f"{slug}-{name}.pdf"
        for name in (
            "dossier-complet",
            "reglement-de-la-marque",  # public itself: one file for everybody
            "plan-de-salle",
            "fiches-de-table",
            "fiches-de-route",
            "feuilles-de-marque",
            "feuilles-ambulantes",
            "releve-des-donnes",
            "classement",
            "cartes-de-score",
        )
    } | set(public_copies)

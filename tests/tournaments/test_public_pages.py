"""The tournament page and the team page that players bookmark."""

import re

import pytest
from django.urls import reverse

from scoring.engine.rules import PRESETS
from tests.support.factories import add_teams, make_tournament
from tests.support.organizer import add_result
from tournaments.setup.models import Tournament
from tournaments.setup.services import generate_plan, publish_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organizer):
    tournament = make_tournament(organizer=organizer, rounds=None, boards_per_round=2)
    add_teams(tournament, 7)
    generate_plan(tournament=tournament)
    return tournament


def test_a_draft_exists_only_for_its_organizers(organizer, make_user, login):
    draft = make_tournament(organizer=organizer, status=Tournament.Status.DRAFT)
    add_teams(draft, 4)
    arbiter = make_user("arnaud", role="arbiter")
    draft.arbiters.add(arbiter)
    urls = [
        reverse("tournaments:public", args=[draft.slug]),
        reverse("tournaments:team", args=[draft.slug, 1]),
    ]

    for url in urls:
        assert login().get(url).status_code == 404
        assert login(arbiter).get(url).status_code == 404
        assert login(make_user(f"o{len(url)}", role="organizer")).get(url).status_code == 404
        assert login(organizer).get(url).status_code == 200
    home = login().get(reverse("tournaments:home"))
    assert draft.name not in home.text


def test_players_see_only_the_published_rounds(tournament, login):
    publish_rounds(tournament=tournament, round_numbers=[1])

    page = login().get(reverse("tournaments:public", args=[tournament.slug]))

    assert [r.round.number for r in page.context["grid"].rounds] == [1]
    assert 'id="tour-1"' in page.text and 'id="tour-2"' not in page.text
    assert "relâche" in page.text  # seven teams: one sits out
    assert reverse("tournaments:team", args=[tournament.slug, 5]) in page.text


def test_staff_see_every_round_marked_unpublished(tournament, organizer, login):
    publish_rounds(tournament=tournament, round_numbers=[1])

    page = login(organizer).get(reverse("tournaments:public", args=[tournament.slug]))

    assert [r.round.number for r in page.context["grid"].rounds] == [1, 2, 3]
    assert "non publié" in page.text


def test_the_team_page_gives_each_round_and_the_next_one(tournament, login):
    publish_rounds(tournament=tournament)
    url = reverse("tournaments:team", args=[tournament.slug, 4])

    page = login().get(url)

    # Team 4 is the first EW team of a 7-team Mitchell (NS 1-3, the phantom at table 4): four
    # tables, so the EW teams skip a table after round 2 and team 4 reaches the phantom.
    schedule = page.context["schedule"]
    assert [(e.round_number, e.table, e.direction) for e in schedule] == [
        (1, 1, "EW"),
        (2, 2, "EW"),
        (3, 4, "EW"),
    ]
    assert [e.opponent.number if e.opponent else None for e in schedule] == [1, 2, None]
    assert schedule[2].sits_out
    assert page.context["next"] == schedule[0]
    assert "Tour 1 : <strong>table 1</strong>" in page.text
    assert "Nord-Sud" not in page.text.split("Vos tours")[0].split("Prochain tour")[1]


def test_the_next_round_moves_on_when_the_table_is_finished(tournament, login):
    publish_rounds(tournament=tournament)
    for board in (1, 2):
        add_result(tournament, round_number=1, table_number=1, board=board)

    page = login().get(reverse("tournaments:team", args=[tournament.slug, 4]))

    assert page.context["schedule"][0].finished
    assert page.context["next"].round_number == 2


def test_a_sit_out_round_reads_relache(tournament, login):
    publish_rounds(tournament=tournament)
    sitting_out = tournament.round_set.get(number=1).assignments.get(ns_team=None).ew_team

    page = login().get(reverse("tournaments:team", args=[tournament.slug, sitting_out.number]))

    assert page.context["next"].sits_out
    assert "<strong>relâche</strong>" in page.text


def test_an_unpublished_plan_is_not_shown_to_players(tournament, login):
    page = login().get(reverse("tournaments:team", args=[tournament.slug, 4]))

    assert page.context["schedule"] == []
    assert "pas encore publié" in page.text


def test_an_unknown_team_is_a_404(tournament, login):
    assert login().get(reverse("tournaments:team", args=[tournament.slug, 99])).status_code == 404


def menu_of(page: str) -> list[str]:
    """The labels of the tournament menu's links, in order."""
    menu = page[page.index('<nav class="subnav"') :]
    menu = menu[: menu.index("</nav>")]
    return re.findall(r"<a [^>]*>([^<]+)</a>", menu)


PLAYERS_MENU = [
    "Accueil du tournoi",
    "Classement",
    "Feuilles ambulantes",
    "Relevé des donnes",
    "PDF à télécharger",
]


def test_each_role_sees_only_its_own_menu_entries(tournament, organizer, make_user, login):
    arbiter = make_user("arnaud", role="arbiter")
    tournament.arbiters.add(arbiter)
    url = reverse("tournaments:public", args=[tournament.slug])
    # Players (anonymous, or logged in without a role here) see their pages only: no staff
    # page, no technical one (the deals' verification is a link at the foot of the page).
    assert menu_of(login().get(url).text) == PLAYERS_MENU
    assert menu_of(login(make_user("paul")).get(url).text) == PLAYERS_MENU
    staff = ["Arbitrage", "Saisie des résultats", "Import / export des résultats"]
    staff += ["Liens des tables", "Pénalités", "Documents"]
    assert menu_of(login(arbiter).get(url).text) == PLAYERS_MENU + staff
    organizer_menu = menu_of(login(organizer).get(url).text)
    assert organizer_menu[: len(PLAYERS_MENU)] == PLAYERS_MENU
    assert set(staff) < set(organizer_menu)
    for entry in ("Organisation", "Paramètres", "Équipes", "Pointage", "Plan de table"):
        assert entry in organizer_menu
    for menu in (organizer_menu, PLAYERS_MENU):
        assert "Vérification des donnes" not in menu


def test_the_menu_folds_behind_a_menu_button_that_needs_no_script(tournament, login):
    page = login().get(reverse("standings:ranking", args=[tournament.slug])).text
    nav = page[page.index('<nav class="subnav"') :]
    nav = nav[: nav.index("</nav>")]
    # A native disclosure: <details>/<summary> opens without JavaScript (and the CSP allows
    # no inline script anyway).
    assert '<details class="subnav-menu">' in nav and "<summary>Menu</summary>" in nav
    assert "<script" not in nav and not re.search(r"\son[a-z]+=", nav)
    assert 'aria-current="page"' in nav


def test_the_reglement_of_a_belote_l_tournament_names_its_source_and_its_rules(login):
    tournament = make_tournament(rules_preset="belote-l", rules=PRESETS["belote-l"].to_dict())
    page = login().get(reverse("tournaments:public", args=[tournament.slug])).content.decode()
    section = page[page.index('id="reglement"') :]
    assert "<strong>Belote&#x27;L (jeubelote.com)</strong>" in section
    assert "« La règle du jeu de belote »" in section
    assert "Un camp qui fait tous les plis a fait 250 points." in section
    assert "Après une coinche ou une surcoinche, les enchères continuent" in section
    assert "Les enchères montent de 10 en 10 : 82, 90, 100 et ainsi de suite." in section
    # The capot bid of the worked deals: 250 contract + 250 points, kept to the point.
    assert "Contrat réussi : N-S 500, E-O 0." in section

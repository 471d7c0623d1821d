"""Route cards (fiches de route): one card per team with its secret code in large type, the QR
code of its own link and its route round by round; sit-outs; layout; staleness.

The plan is the factories' 6-team Mitchell with team 6 replaced by the phantom (team 6 is
registered but withdrawn): team 3 sits out round 1, team 1 round 2, team 2 round 3. Round 3 is
arrow-switched.
"""

import re

import pytest

from tests.support.factories import SMALL_MITCHELL, add_boards, add_plan, add_teams, make_tournament
from tests.support.pdf import make_checked, pdf_pages, texts_at_least
from tournaments.printing import documents, selectors
from tournaments.printing.documents.common import HALF_CARD_MAX_ROUNDS, QUARTER_CARD_MAX_ROUNDS
from tournaments.results.table_links import team_link_qr_svg, team_link_url
from tournaments.setup.models import TableAssignment

pytestmark = pytest.mark.django_db

STAFF = "staff"
SITE = "https://coinche.club-exemple.fr"
PHANTOM_MITCHELL = [(r, t, ns, None if ew == 6 else ew, b) for r, t, ns, ew, b in SMALL_MITCHELL]


@pytest.fixture
def phantom_field(settings):
    settings.SITE_URL = SITE
    tournament = make_tournament(name="Open de printemps")
    for team in add_teams(tournament, 6):
        # Distinct codes (random ones may repeat), found nowhere else on the cards.
        team.code = f"{7300 + 11 * team.number}"
        team.save()
    tournament.teams.filter(number=6).update(withdrawn=True)
    add_plan(tournament, PHANTOM_MITCHELL)
    add_boards(tournament, 6)
    TableAssignment.objects.filter(round__tournament=tournament, round__number=3).update(
        arrow_switch=True
    )
    return tournament


def _cards(rendered) -> dict[int, str]:
    """The text of each card, by team number (cards are drawn one after the other)."""
    text = " ".join(pdf_pages(rendered.pdf))
    cards = {}
    for part in text.split("FICHE DE ROUTE")[1:]:
        number = int(re.search(r"Équipe (\d+)", part).group(1))
        cards[number] = part
    return cards


def _large_texts(rendered, points: float) -> set[str]:
    """Every piece of text printed at ``points`` or larger."""
    return texts_at_least(rendered.pdf, points)


def test_one_card_per_team_not_withdrawn_four_a_page(phantom_field):
    rendered, overflows = make_checked(phantom_field, "route_cards", STAFF)
    assert overflows == []
    assert rendered.pages == 2  # five quarter-page cards
    assert sorted(_cards(rendered)) == [1, 2, 3, 4, 5]
    assert rendered.contents == {"teams": [1, 2, 3, 4, 5]}


def test_each_card_has_its_own_code_in_large_type_and_its_own_link(phantom_field):
    rendered = documents.make_pdf(phantom_field, "route_cards", STAFF)
    cards = _cards(rendered)
    large = _large_texts(rendered, points=20)
    for team in phantom_field.teams.filter(withdrawn=False):
        card = cards[team.number]
        assert f"CODE DE L'ÉQUIPE {team.code}" in card
        assert team.code in large
        # Long URLs may wrap in the PDF: compare without spaces.
        assert team_link_url(team) in card.replace(" ", "")
        assert team_link_url(team).startswith(f"{SITE}/equipe/{team.token}/")
        others = [other.code for other in phantom_field.teams.exclude(pk=team.pk)]
        assert not any(f"CODE DE L'ÉQUIPE {code}" in card for code in others)
        assert "Donnez ce code pour saisir vos résultats à votre table" in card


def test_the_qr_code_is_the_team_link_of_the_shared_helper(phantom_field):
    printout = documents.route_cards(phantom_field)
    cards = [card for page in printout.sections[0]["pages"] for row in page for card in row]
    team = phantom_field.teams.get(number=4)
    card = next(card for card in cards if card and card["team"]["number"] == 4)
    assert card["link_url"] == team_link_url(team)
    assert card["qr_svg"] == team_link_qr_svg(team).replace('id="qr-path"', 'id="qr-path-team-4"')


def test_the_route_gives_table_place_opponents_and_boards_of_every_round(phantom_field):
    cards = _cards(documents.make_pdf(phantom_field, "route_cards", STAFF))
    # Team 4 moves up one table a round (EW), the boards down; round 3 is arrow-switched.
    assert "1 1 Est-Ouest 1 1, 2 2 2 Est-Ouest 2 5, 6 3 3 Est-Ouest ⇄ 3 3, 4" in cards[4]
    assert "Tour inversé" in cards[4]
    # Team 1 stays at table 1 (NS).
    assert "1 1 Nord-Sud 4 1, 2" in cards[1]
    assert "3 1 Nord-Sud ⇄ 5 5, 6" in cards[1]


def test_a_round_against_the_phantom_reads_as_a_sit_out(phantom_field):
    cards = _cards(documents.make_pdf(phantom_field, "route_cards", STAFF))
    sit_out = "relâche : vous ne jouez pas ce tour"
    assert f"1 {sit_out} 2 3 Nord-Sud 5 1, 2" in cards[3]
    assert f"2 {sit_out}" in cards[1]
    assert f"3 {sit_out}" in cards[2]
    assert sit_out not in cards[4]


def test_a_team_missing_from_the_plan_is_told_to_see_the_arbiter(phantom_field):
    phantom_field.teams.filter(number=6).update(withdrawn=False)
    cards = _cards(documents.make_pdf(phantom_field, "route_cards", STAFF))
    assert "n'est pas dans le plan de table" in cards[6]
    assert "Tour Table" not in cards[6]


def test_long_plans_get_half_page_cards():
    rows = []
    for round_number in range(1, 15):
        boards = [2 * round_number - 1, 2 * round_number]
        rows += [(round_number, 1, 1, 2, boards), (round_number, 2, 3, 4, boards)]
    tournament = make_tournament(rounds=14)
    add_teams(tournament, 4)
    add_plan(tournament, rows)
    rendered, overflows = make_checked(tournament, "route_cards", STAFF)
    assert overflows == []
    assert rendered.pages == 2
    assert "14 2 Nord-Sud 4 27, 28" in _cards(rendered)[3]


def test_route_card_layout_by_number_of_rounds():
    assert documents.route_layout(QUARTER_CARD_MAX_ROUNDS) == ("quarter", 4, 2)
    assert documents.route_layout(QUARTER_CARD_MAX_ROUNDS + 1) == ("half", 2, 1)
    assert documents.route_layout(HALF_CARD_MAX_ROUNDS + 1) == ("full", 1, 1)


def test_without_table_entry_the_cards_show_the_route_only(phantom_field):
    phantom_field.table_entry = False
    phantom_field.save()
    rendered = documents.make_pdf(phantom_field, "route_cards", STAFF)
    text = " ".join(pdf_pages(rendered.pdf))
    assert "CODE DE L'ÉQUIPE" not in text
    assert "/equipe/" not in text.replace(" ", "")
    assert "1 1 Est-Ouest 1 1, 2" in _cards(rendered)[4]


def test_nothing_to_print_before_the_plan():
    tournament = make_tournament()
    add_teams(tournament, 4)
    with pytest.raises(documents.NothingToPrint):
        documents.build(tournament, "route_cards", STAFF)


def test_cards_go_stale_when_teams_codes_or_the_plan_change(phantom_field, settings):
    def version():
        return selectors.data_version(phantom_field, "route_cards", STAFF)

    seen = {version()}
    phantom_field.teams.filter(number=2).update(name="Les Capots")
    seen.add(version())
    phantom_field.teams.filter(number=2).update(code="0000")
    seen.add(version())
    phantom_field.teams.filter(number=5).update(withdrawn=True)
    seen.add(version())
    TableAssignment.objects.filter(round__tournament=phantom_field, round__number=2).update(
        arrow_switch=True
    )
    seen.add(version())
    settings.SITE_URL = "https://autre-club.example.org"
    seen.add(version())
    assert len(seen) == 6
    # Results do not change a route card.
    from tournaments.results.demo import record_demo_results

    before = version()
    record_demo_results(phantom_field)
    assert version() == before


def test_one_team_card_for_the_check_in_desk(phantom_field):
    team = phantom_field.teams.get(number=3)
    rendered = documents.route_card_pdf(phantom_field, team)
    assert rendered.pages == 1
    cards = _cards(rendered)
    assert list(cards) == [3]
    assert f"CODE DE L'ÉQUIPE {team.code}" in cards[3]


def test_one_team_card_before_the_plan_still_gives_the_code():
    tournament = make_tournament()
    team = add_teams(tournament, 4)[1]
    rendered = documents.route_card_pdf(tournament, team)
    card = _cards(rendered)[2]
    assert f"CODE DE L'ÉQUIPE {team.code}" in card
    assert "Le plan de table n'est pas encore généré" in card

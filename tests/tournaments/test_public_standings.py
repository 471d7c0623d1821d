"""The tournament's page leads with its ranking, ties read ex æquo, the team page gives its rank
and its scorecard; the deals commitment lives on the verification page."""

import pytest
from django.urls import reverse

from tests.support.standings import HOWELL_RESULTS, enter, small_howell
from tournaments.setup.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def ranked(django_capture_on_commit_callbacks):
    """The hand-computed Howell (tests/standings/test_hand_computed.py): teams 1 and 4 share
    the first place with 66.67 %, teams 2 and 3 the third with 33.33 %."""
    tournament = small_howell()
    enter(tournament, HOWELL_RESULTS, django_capture_on_commit_callbacks)
    return tournament


def public_page(client, tournament) -> str:
    return client.get(reverse("tournaments:public", args=[tournament.slug])).text


def team_page(client, tournament, number: int) -> str:
    return client.get(reverse("tournaments:team", args=[tournament.slug, number])).text


def test_the_tournament_page_leads_with_the_live_ranking(client, ranked):
    text = public_page(client, ranked)

    assert text.index("ranking-table") < text.index("Plan de table")
    assert '<h2 id="home-ranking-title">Classement</h2>' in text
    assert reverse("standings:ranking_fragment", args=[ranked.slug]) in text  # stays live
    rows = text.split("<tbody>")[1].split("</tbody>")[0]
    ranks = [cell.split("</td>")[0] for cell in rows.split('<td class="num">')[1::4]]
    assert ranks == ["1=", "1=", "3=", "3="]


def test_the_team_finder_gives_each_team_its_rank_and_score(client, ranked):
    text = public_page(client, ranked)

    assert "1. Équipe 1 — 1= · 66,67\u00a0%</option>" in text
    assert "3. Équipe 3 — 3= · 33,33\u00a0%</option>" in text


def test_a_finished_tournament_shows_its_final_ranking(client, ranked):
    ranked.status = Tournament.Status.FINISHED
    ranked.save()

    assert '<h2 id="home-ranking-title">Classement final</h2>' in public_page(client, ranked)


def test_before_any_result_the_page_says_when_the_ranking_comes(client):
    tournament = small_howell()

    text = public_page(client, tournament)

    assert "le classement paraîtra dès les premiers résultats confirmés" in text
    assert "1. Équipe 1</option>" in text  # the finder, without a rank yet


def test_the_team_page_gives_its_shared_rank_its_score_and_its_scorecard(client, ranked):
    text = team_page(client, ranked, 4)

    assert "Rang <strong>1 ex æquo</strong>" in text
    assert "<strong>66,67\u00a0%</strong> (4 points de match)" in text
    assert reverse("standings:scorecard", args=[ranked.slug, 4]) in text
    assert "Carte de score" in text


def test_the_team_page_before_any_result_links_its_scorecard_without_a_rank(client):
    tournament = small_howell()

    text = team_page(client, tournament, 2)

    assert "Rang" not in text
    assert "votre rang paraîtra dès les premiers résultats confirmés" in text
    assert reverse("standings:scorecard", args=[tournament.slug, 2]) in text


def test_the_team_page_of_a_points_tournament_gives_its_points(
    client, django_capture_on_commit_callbacks
):
    tournament = small_howell("total")
    enter(tournament, HOWELL_RESULTS, django_capture_on_commit_callbacks)

    # Teams 2 and 3: 220 points each, 2=; team 4 first with 340.
    assert "Rang <strong>2 ex æquo</strong> · <strong>220</strong> points" in team_page(
        client, tournament, 3
    )
    assert "Rang <strong>1</strong> · <strong>340</strong> points" in team_page(
        client, tournament, 4
    )
    assert "4. Équipe 4 — 1 · 340</option>" in public_page(client, tournament)


def test_the_ranking_page_and_the_scorecard_share_the_rank(client, ranked):
    ranking = client.get(reverse("standings:ranking", args=[ranked.slug])).text
    scorecard = client.get(reverse("standings:scorecard", args=[ranked.slug, 3])).text

    assert ranking.count('<td class="num">1=</td>') == 2
    assert ranking.count('<td class="num">3=</td>') == 2
    assert "Rang <strong>3 ex æquo</strong>" in scorecard


def test_the_scorecard_page_and_its_pdf_button_name_the_same_document(client, ranked):
    text = client.get(reverse("standings:scorecard", args=[ranked.slug, 3])).text

    assert "<h1>Carte de score — 3. Équipe 3</h1>" in text
    assert "Cartes de score des équipes" in text
    assert "Feuille de marque" not in text  # the score sheet a table fills in

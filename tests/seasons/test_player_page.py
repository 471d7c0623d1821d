"""A player's page: every tournament played with partner, rank, percentage and scorecard; the
season standing; the SVG chart drawn on the server; consent and anonymisation respected."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.seasons import club_with_players, finished_tournament
from tournaments.clubs.services import anonymise_player, update_player
from tournaments.seasons.services import create_season, recompute_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(make_user):
    return make_user("organisatrice", role="organizer")


@pytest.fixture
def world(organizer):
    club, p = club_with_players(["Anne", "Bruno", "Chloé", "Denis"], organizer=organizer)
    first = finished_tournament(
        club,
        1,
        [(p["Anne"], p["Bruno"], 1, 61.25, None), (p["Chloé"], p["Denis"], 2, 38.75, None)],
    )
    second = finished_tournament(
        club,
        8,
        [(p["Chloé"], p["Anne"], 2, 45.5, "NS"), (p["Bruno"], p["Denis"], 1, 54.5, "NS")],
    )
    season = create_season(
        club=club, values={"name": "Challenge", "method": "average"}, tournaments=[first, second]
    )
    recompute_season(season_id=season.pk)
    return club, p, season, (first, second)


def page(client, player):
    return client.get(reverse("seasons:player", args=[player.pk]))


def test_the_page_lists_every_tournament_with_partner_rank_and_percentage(world):
    club, p, season, (first, second) = world
    response = page(Client(), p["Anne"])
    assert response.status_code == 200
    text = response.text
    rows = re.findall(r"<tr>\s*<td>(.*?)</tr>", text, re.S)
    assert len(rows) == 2
    assert "Bruno Joueur" in rows[0] and "1 / 2" in rows[0] and "61,25 %" in rows[0]
    assert "Chloé Joueur" in rows[1] and "2 / 2" in rows[1] and "45,50 %" in rows[1]
    assert reverse("standings:scorecard", args=[first.slug, 1]) in rows[0]
    assert reverse("standings:scorecard", args=[second.slug, 1]) in rows[1]
    # Season standing: (61.25 + 45.5) / 2 = 53.375 → 53.38, 2nd of 4 (Bruno 57.88).
    assert "2 sur 4" in text and "53,38 %" in text
    # Shareable: the page's own address, to copy.
    assert f'data-copy="http://testserver/joueurs/{p["Anne"].pk}/"' in text
    # Never the licence or the e-mail.
    assert "LAnne" not in text


def test_the_chart_is_an_svg_drawn_on_the_server(world):
    club, p, season, _ = world
    text = page(Client(), p["Anne"]).text
    svg = re.search(r"<svg.*?</svg>", text, re.S).group(0)
    assert 'role="img"' in svg and '<title id="chart-title">' in svg
    assert len(re.findall(r"<circle ", svg)) == 2
    # y of 61.25 % is above (smaller than) y of 45.5 %; points in date order.
    ys = [float(y) for y in re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', svg)]
    assert ys[0] < ys[1]
    assert "style=" not in svg and "<script" not in svg
    assert "61.25 %" in svg  # the point's own title


def test_a_player_without_consent_is_seen_by_the_club_s_organizers_only(world, organizer):
    club, p, season, _ = world
    update_player(player=p["Bruno"], public_consent=False)
    assert page(Client(), p["Bruno"]).status_code == 404
    own = Client()
    own.force_login(organizer)
    response = page(own, p["Bruno"])
    assert response.status_code == 200 and "n'a pas accepté" in response.text
    # On a consenting partner's page, the partner is named without their name.
    text = page(Client(), p["Anne"]).text
    assert "Bruno Joueur" not in text and f"Joueur n° {p['Bruno'].pk}" in text
    # And the season's public ranking links only to public players' pages.
    season_page = Client().get(reverse("seasons:season", args=[season.slug])).text
    assert reverse("seasons:player", args=[p["Bruno"].pk]) not in season_page
    assert reverse("seasons:player", args=[p["Anne"].pk]) in season_page


def test_an_anonymised_player_has_no_public_page_and_is_unnamed_elsewhere(world):
    club, p, season, _ = world
    anonymise_player(player=p["Bruno"])
    assert page(Client(), p["Bruno"]).status_code == 404
    text = page(Client(), p["Anne"]).text
    assert "Bruno" not in text and "Joueur anonymisé" in text


def test_an_unknown_player_is_a_404():
    assert Client().get(reverse("seasons:player", args=[999999])).status_code == 404


def test_a_tournament_s_team_page_links_its_public_players(world):
    club, p, season, (first, second) = world
    update_player(player=p["Bruno"], public_consent=False)
    text = Client().get(reverse("tournaments:team", args=[first.slug, 1])).text
    assert f'href="/joueurs/{p["Anne"].pk}/"' in text
    assert f'href="/joueurs/{p["Bruno"].pk}/"' not in text and "Bruno" in text


def test_the_home_page_and_a_tournament_s_page_lead_to_the_season(world):
    club, p, season, (first, second) = world
    home = Client().get(reverse("tournaments:home")).text
    assert f'href="/saisons/{season.slug}/"' in home and "Saisons des clubs" in home
    page = Client().get(reverse("tournaments:public", args=[first.slug])).text
    assert "Compte pour" in page and f'href="/saisons/{season.slug}/"' in page

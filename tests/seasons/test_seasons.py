"""Season rankings on the site: computed from the final rankings of the club's finished
tournaments, recomputed when a tournament is finished or corrected or two records merged,
shown with the public names, exported (PDF, CSV, XLSX), and the organizers' pages."""

import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from tests.support.seasons import club_with_players, finished_tournament
from tournaments.clubs.services import anonymise_player, create_player, merge_players
from tournaments.seasons.models import Season
from tournaments.seasons.selectors import season_table
from tournaments.seasons.services import (
    SeasonError,
    create_season,
    recompute_season,
    update_season,
)
from tournaments.setup.models import Tournament
from tournaments.setup.services.tournament import change_status
from tournaments.standings.models import RankingSnapshot

pytestmark = pytest.mark.django_db

NAMES = ["Anne", "Bruno", "Chloé", "Denis", "Élise", "Fabien", "Gaëlle", "Hugo"]


@pytest.fixture
def organizer(make_user):
    return make_user("saisonniere", role="organizer")


@pytest.fixture
def world(organizer):
    """Three tournaments of 4 teams in one ranking (two finished, one running) and, in the
    second, a Mitchell of two directions."""
    club, p = club_with_players(NAMES, organizer=organizer)
    t1 = finished_tournament(
        club,
        1,
        [
            (p["Anne"], p["Bruno"], 1, 60.0, None),
            (p["Chloé"], p["Denis"], 2, 55.0, None),
            (p["Élise"], p["Fabien"], 3, 45.0, None),
            (p["Gaëlle"], p["Hugo"], 4, 40.0, None),
        ],
    )
    t2 = finished_tournament(
        club,
        8,
        [
            (p["Anne"], p["Chloé"], 1, 50.0, "NS"),
            (p["Bruno"], p["Élise"], 2, 42.0, "NS"),
            (p["Denis"], p["Fabien"], 1, 70.0, "EW"),
            (p["Gaëlle"], p["Hugo"], 2, 30.0, "EW"),
        ],
    )
    running = finished_tournament(
        club,
        15,
        [(p["Hugo"], p["Anne"], 1, 99.0, None), (p["Bruno"], p["Chloé"], 2, 1.0, None)],
        status=Tournament.Status.RUNNING,
    )
    season = create_season(
        club=club,
        values={"name": "Challenge d'hiver", "method": "average", "minimum_played": 2},
        tournaments=[t1, t2, running],
    )
    return club, p, season, (t1, t2, running)


def ranking(season):
    recompute_season(season_id=season.pk)
    return [
        (row.name.split()[0], row.rank_label, row.score, row.counted)
        for row in season_table(season).rows
    ]


def test_the_average_method_over_the_finished_tournaments(world):
    club, p, season, _ = world
    # Anne (60 + 50) / 2 = 55, Bruno (60 + 42) / 2 = 51, Chloé (55 + 50) / 2 = 52.5, Denis
    # (55 + 70) / 2 = 62.5, Élise (45 + 42) / 2 = 43.5, Fabien (45 + 70) / 2 = 57.5,
    # Gaëlle and Hugo (40 + 30) / 2 = 35 (shared 7th: same score, same count, same best).
    # The running tournament does not count.
    assert ranking(season) == [
        ("Denis", "1", 62.5, 2),
        ("Fabien", "2", 57.5, 2),
        ("Anne", "3", 55.0, 2),
        ("Chloé", "4", 52.5, 2),
        ("Bruno", "5", 51.0, 2),
        ("Élise", "6", 43.5, 2),
        ("Gaëlle", "7=", 35.0, 2),
        ("Hugo", "7=", 35.0, 2),
    ]


def test_points_per_place_scaled_by_each_ranking_group(world):
    club, p, season, _ = world
    update_season(
        season=season,
        values={"method": "points", "points_scale": [10, 6, 4, 2], "reference_field": 4},
    )
    # T1: one group of 4 (× 4/4): 10, 6, 4, 2. T2: two groups of 2 (× 2/4): 5 and 3 each.
    # Anne 10 + 5, Bruno 10 + 3, Chloé 6 + 5, Denis 6 + 5, Élise 4 + 3, Fabien 4 + 5,
    # Gaëlle and Hugo 2 + 3. Chloé and Denis: same points, count and best single: shared.
    assert ranking(season) == [
        ("Anne", "1", 15.0, 2),
        ("Bruno", "2", 13.0, 2),
        ("Chloé", "3=", 11.0, 2),
        ("Denis", "3=", 11.0, 2),
        ("Fabien", "5", 9.0, 2),
        ("Élise", "6", 7.0, 2),
        ("Gaëlle", "7=", 5.0, 2),
        ("Hugo", "7=", 5.0, 2),
    ]


def test_best_one_and_the_minimum_played(world, organizer):
    club, p, season, (t1, t2, _) = world
    newcomer = create_player(club=club, first_name="Zoé", last_name="Joueur", public_consent=True)
    t3 = finished_tournament(
        club, 22, [(newcomer, p["Anne"], 1, 80.0, None), (p["Bruno"], p["Chloé"], 2, 20.0, None)]
    )
    update_season(season=season, values={"best_of": 1}, tournaments=[t1, t2, t3])
    rows = {row[0]: row for row in ranking(season)}
    assert rows["Anne"] == ("Anne", "1", 80.0, 1)  # best of 60, 50, 80
    assert rows["Zoé"] == ("Zoé", "–", 80.0, 1)  # one tournament played, two needed


def test_finishing_a_tournament_and_correcting_it_recompute_the_season(
    world, django_capture_on_commit_callbacks
):
    club, p, season, (t1, t2, running) = world
    recompute_season(season_id=season.pk)
    with django_capture_on_commit_callbacks(execute=True):
        change_status(tournament=running, status=Tournament.Status.FINISHED)
    table = season_table(Season.objects.get(pk=season.pk))
    assert not table.pending
    assert {row.name: row.played for row in table.rows}["Hugo Joueur"] == 3
    # A correction after the end: a new final ranking of the finished tournament.
    with django_capture_on_commit_callbacks(execute=True):
        RankingSnapshot.objects.create(
            tournament=running,
            version=2,
            method="matchpoints",
            entries=[
                {"rank": 1, "team": 2, "direction": None, "percentage": 99.0},
                {"rank": 2, "team": 1, "direction": None, "percentage": 1.0},
            ],
            includes_changes_until=timezone.now(),
        )
    scores = {row.name: row.score for row in season_table(season).rows}
    assert scores["Bruno Joueur"] == round((60 + 42 + 99) / 3, 2)


def test_a_running_tournament_s_rankings_do_not_recompute_the_season(world):
    club, p, season, (t1, t2, running) = world
    Season.objects.filter(pk=season.pk).update(requested_at=None)
    RankingSnapshot.objects.create(
        tournament=running, version=5, entries=[], includes_changes_until=timezone.now()
    )
    assert Season.objects.get(pk=season.pk).requested_at is None


def test_a_merge_of_two_records_recomputes_the_season(world, django_capture_on_commit_callbacks):
    club, p, season, (t1, t2, _) = world
    # Hugo's second tournament was typed under a duplicate record.
    double = create_player(club=club, first_name="Hugo", last_name="Joueur", public_consent=True)
    t2.players.filter(club_player=p["Hugo"]).update(club_player=double)
    rows = {row[0]: row for row in ranking(season)}
    assert rows["Hugo"][1] == "–"  # each record played once: below the minimum of two
    with django_capture_on_commit_callbacks(execute=True):
        merge_players(kept=p["Hugo"], removed=double)
    rows = [row for row in season_table(season).rows if row.name == "Hugo Joueur"]
    assert [(row.rank_label, row.score, row.played) for row in rows] == [("7=", 35.0, 2)]


def test_an_anonymised_player_keeps_the_others_ranking(world):
    club, p, season, _ = world
    before = ranking(season)
    anonymise_player(player=p["Denis"])
    after = ranking(season)
    assert after[0] == ("Joueur", "1", 62.5, 2)
    assert after[1:] == before[1:]
    page = Client().get(reverse("seasons:season", args=[season.slug])).text
    assert "Joueur anonymisé" in page and "Denis" not in page


def test_the_public_page_and_files_show_public_names_only(world):
    club, p, season, _ = world
    update_season_consent = p["Anne"]
    update_season_consent.public_consent = False
    update_season_consent.save()
    recompute_season(season_id=season.pk)
    client = Client()
    page = client.get(reverse("seasons:season", args=[season.slug]))
    assert page.status_code == 200
    assert "Denis Joueur" in page.text and "Anne Joueur" not in page.text
    assert f"Joueur n° {p['Anne'].pk}" in page.text
    csv = client.get(reverse("seasons:season_file", args=[season.slug, "csv"]))
    text = csv.content.decode("utf-8-sig")
    assert text.splitlines()[0] == "Rang;Joueur;Moyenne (%);Tournois retenus;Tournois joués"
    assert "1;Denis Joueur;62.5;2;2" in text.splitlines()
    assert "LDenis" not in text and "LAnne" not in text and "Anne Joueur" not in text
    xlsx = client.get(reverse("seasons:season_file", args=[season.slug, "xlsx"]))
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert [c.value for c in sheet[3]] == ["1", "Denis Joueur", 62.5, 2, 2]
    pdf = client.get(reverse("seasons:season_file", args=[season.slug, "pdf"]))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    assert client.get(reverse("seasons:season_file", args=[season.slug, "exe"])).status_code == 404


def test_the_organizer_pages_are_the_club_s(world, organizer, make_user):
    club, p, season, (t1, t2, running) = world
    stranger = make_user("etranger", role="organizer")
    other = Client()
    other.force_login(stranger)
    own = Client()
    own.force_login(organizer)
    urls = [
        reverse("seasons:club_seasons", args=[club.slug]),
        reverse("seasons:edit", args=[club.slug, season.slug]),
    ]
    for url in urls:
        assert Client().get(url).status_code == 302
        assert other.get(url).status_code == 403
        assert own.get(url).status_code == 200
    assert (
        other.post(reverse("seasons:recompute", args=[club.slug, season.slug])).status_code == 403
    )
    response = own.post(
        urls[0],
        {
            "name": "Challenge de printemps",
            "method": "points",
            "minimum_played": "1",
            "points_scale": "20 17 15",
            "tournaments": [t1.pk, t2.pk],
        },
    )
    assert response.status_code == 302
    spring = Season.objects.get(name="Challenge de printemps")
    assert spring.points_scale == [20, 17, 15]
    assert set(spring.tournaments.all()) == {t1, t2}
    bad = own.post(
        urls[0], {"name": "X", "method": "points", "minimum_played": "1", "points_scale": "20 dix"}
    )
    assert "Écrivez les points séparés par des espaces" in bad.text
    # Not numbers either: a float's « nan » and « inf », and digits too many for a float.
    for scale in ("20 nan", "inf 10", "9" * 400):
        bad = own.post(
            urls[0], {"name": "X", "method": "points", "minimum_played": "1", "points_scale": scale}
        )
        assert bad.status_code == 200
        assert "Écrivez les points séparés par des espaces" in bad.text


def test_a_season_counts_its_own_club_s_tournaments_only(world, organizer):
    club, p, season, _ = world
    other_club, q = club_with_players(["Iris", "Jules"], organizer=organizer)
    foreign = finished_tournament(other_club, 3, [(q["Iris"], q["Jules"], 1, 50.0, None)])
    with pytest.raises(SeasonError):
        update_season(season=season, values={}, tournaments=[foreign])


def test_season_ranking_command_prints_json(world):
    club, p, season, _ = world
    out = io.StringIO()
    call_command("season_ranking", season.slug, "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert rows[0] == {
        "rank": 1,
        "player": "Denis Joueur",
        "licence": "LDenis",
        "score": 62.5,
        "tournaments": 2,
    }
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5, 6, 7, 7]


def test_demo_season_builds_recurring_players_and_prints_the_slug():
    out = io.StringIO()
    call_command("demo_season", "--tournaments", "2", stdout=out)
    slug = out.getvalue().strip().splitlines()[-1]
    season = Season.objects.get(slug=slug)
    assert season.tournaments.filter(status=Tournament.Status.FINISHED).count() == 2
    table = season_table(season)
    # 16 of the 22 players play each week: some come back, with other partners.
    played_twice = [row for row in table.rows if row.played == 2]
    assert played_twice and all(row.rank is not None for row in played_twice)
    partners = {}
    for tournament in season.tournaments.all():
        for team in tournament.teams.all():
            pair = frozenset((team.player_one.club_player_id, team.player_two.club_player_id))
            partners[pair] = partners.get(pair, 0) + 1
    assert len(partners) > 8  # not the same eight pairs twice

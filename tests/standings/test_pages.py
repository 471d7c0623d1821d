"""The public standings pages through the views: the live ranking, its freshness and cache, the
travellers (hidden until a board is finished everywhere), the team scorecards, for every role."""

import datetime

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from tests.support.factories import add_plan, add_teams, make_tournament, small_tournament
from tests.support.standings import MITCHELL_RESULTS, SMALL_HOWELL, enter, mark_stale, put_result
from tournaments.setup.models import Round, Tournament
from tournaments.standings.models import RankingSnapshot, ScoringState

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "player", "arbiter", "other_arbiter", "organizer", "other_organizer"]
STAFF = {"arbiter", "organizer"}


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def people(make_user):
    """One user per role; ``setup(tournament)`` attaches the staff of "this" tournament."""
    users = {
        "player": make_user("paul"),
        "arbiter": make_user("arlette", role="arbiter"),
        "other_arbiter": make_user("octave", role="arbiter"),
        "organizer": make_user("olga", role="organizer"),
        "other_organizer": make_user("oscar", role="organizer"),
    }
    elsewhere = make_tournament(slug="ailleurs")
    elsewhere.arbiters.add(users["other_arbiter"])
    elsewhere.organizers.add(users["other_organizer"])

    def setup(tournament):
        tournament.arbiters.add(users["arbiter"])
        tournament.organizers.add(users["organizer"])

    users["setup"] = setup
    return users


def client_as(client, people, role):
    if role != "anonymous":
        client.force_login(people[role])
    return client


def url(name, tournament, *args):
    return reverse(f"standings:{name}", args=[tournament.slug, *args])


@pytest.fixture
def mitchell(django_capture_on_commit_callbacks):
    tournament = small_tournament(scoring_method="matchpoints")
    enter(tournament, MITCHELL_RESULTS, django_capture_on_commit_callbacks)
    return tournament


# --- The live ranking ----------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_everyone_sees_the_ranking_of_a_running_tournament(client, people, mitchell, role):
    people["setup"](mitchell)
    response = client_as(client, people, role).get(url("ranking", mitchell))

    assert response.status_code == 200
    text = response.text
    assert "Nord-Sud" in text and "Est-Ouest" in text
    # NS: team 2 first with 12.5 matchpoints, 62.5 %.
    assert '<td class="num">12,50</td>' in text and "62,50\u00a0%" in text
    assert text.index("2. Équipe 2") < text.index("1. Équipe 1") < text.index("3. Équipe 3")
    assert ("Recalculer maintenant" in text) is (role in STAFF)


def test_the_ranking_refreshes_itself_from_its_fragment(client, mitchell):
    response = client.get(url("ranking", mitchell), {"tour": "2"})

    fragment_url = url("ranking_fragment", mitchell)
    assert f'data-refresh-url="{fragment_url}?tour=2"' in response.text
    assert 'data-refresh-seconds="10"' in response.text
    fragment = client.get(f"{fragment_url}?tour=2")
    assert fragment.status_code == 200
    assert "<html" not in fragment.text
    assert "mis à jour à" in fragment.text
    assert "Nord-Sud" in fragment.text


def test_the_ranking_after_a_round_and_one_direction(client, mitchell):
    response = client.get(url("ranking", mitchell), {"tour": "1", "sens": "EW"})

    assert "après le tour 1" in response.text
    assert "Est-Ouest" in response.text and "<h2>Nord-Sud</h2>" not in response.text
    # After round 1 every team that played has 50 % (one result of three on each board).
    assert response.text.count("50,00\u00a0%") == 3
    assert '<option value="3">Après le tour 3</option>' in response.text


def test_an_unknown_round_shows_the_overall_ranking(client, mitchell):
    response = client.get(url("ranking", mitchell), {"tour": "9", "sens": "XX"})

    assert response.status_code == 200
    assert "après le tour" not in response.text
    assert "62,50\u00a0%" in response.text


def test_a_howell_has_one_ranking_without_directions(client, django_capture_on_commit_callbacks):
    tournament = make_tournament(movement_type="howell", rounds=3)
    add_teams(tournament, 4)
    add_plan(tournament, SMALL_HOWELL)
    with django_capture_on_commit_callbacks(execute=True):
        put_result(tournament, 1, 1, 1, 100, 60)

    response = client.get(url("ranking", tournament))

    assert "<h2>Nord-Sud</h2>" not in response.text
    assert 'name="sens"' not in response.text
    assert "1. Équipe 1" in response.text


def test_the_ranking_says_how_fresh_it_is(client, mitchell):
    computed = timezone.now() - datetime.timedelta(seconds=12)
    ScoringState.objects.filter(tournament=mitchell).update(computed_at=computed)
    # The time of day (Paris), the same words whenever the page is read.
    at = timezone.localtime(computed).strftime("%H:%M:%S")
    assert f"mis à jour à {at}" in client.get(url("ranking_fragment", mitchell)).text

    mark_stale(mitchell)
    assert "calcul en attente" in client.get(url("ranking_fragment", mitchell)).text


def test_before_any_result_the_ranking_page_says_so(client):
    tournament = small_tournament()

    response = client.get(url("ranking", tournament))

    assert response.status_code == 200
    assert "pas encore de classement" in response.text
    assert "Aucun résultat n'est encore compté" in response.text


def test_the_page_is_cached_per_snapshot_version(
    client, mitchell, django_capture_on_commit_callbacks
):
    client.get(url("ranking_fragment", mitchell))
    # Tamper with the stored snapshot without a new version: the cached page does not change.
    snapshot = RankingSnapshot.objects.get(tournament=mitchell, up_to_round=None, version=1)
    snapshot.entries = [{**entry, "name": "Falsifiée"} for entry in snapshot.entries]
    snapshot.save()
    assert "Falsifiée" not in client.get(url("ranking_fragment", mitchell)).text

    # A new snapshot lands: the next refresh shows it.
    version = ScoringState.objects.get(tournament=mitchell).version
    with django_capture_on_commit_callbacks(execute=True):
        put_result(mitchell, 3, 2, 2, 250, 0)
    assert ScoringState.objects.get(tournament=mitchell).version == version + 1
    fresh = client.get(url("ranking_fragment", mitchell)).text
    assert "Falsifiée" not in fresh
    assert "18 résultats comptés" in fresh


def test_a_cached_ranking_refresh_costs_two_queries(
    client, mitchell, django_assert_max_num_queries
):
    client.get(url("ranking_fragment", mitchell))  # the first one renders and caches

    with django_assert_max_num_queries(2):  # the tournament and its freshness
        response = client.get(url("ranking_fragment", mitchell))
    assert "12,50" in response.text


def test_a_draft_tournament_is_hidden_except_from_its_organizers(client, people):
    tournament = small_tournament(status=Tournament.Status.DRAFT)
    people["setup"](tournament)

    assert client.get(url("ranking", tournament)).status_code == 404
    assert client_as(client, people, "arbiter").get(url("ranking", tournament)).status_code == 404
    client.logout()
    organizer = client_as(client, people, "organizer")
    assert organizer.get(url("ranking", tournament)).status_code == 200


def test_the_menu_lists_the_standings_pages(client, mitchell):
    text = client.get(reverse("tournaments:public", args=[mitchell.slug])).text

    assert f'href="{url("ranking", mitchell)}"' in text
    assert f'href="{url("travellers", mitchell)}"' in text


def test_the_hand_records_link_appears_once_released(client, mitchell):
    def page_body() -> str:
        return client.get(url("ranking", mitchell)).text.split("</nav>")[-1]  # after the menu

    link = f'href="{reverse("deals:records", args=[mitchell.slug])}"'
    assert link not in page_body()

    Round.objects.filter(tournament=mitchell, number=1).update(hands_released=True)

    assert link in page_body()


def test_the_organizer_gets_the_hand_records_link_before_release(client, people, mitchell):
    people["setup"](mitchell)

    text = client_as(client, people, "organizer").get(url("ranking", mitchell)).text

    assert f'href="{reverse("deals:records", args=[mitchell.slug])}"' in text.split("</nav>")[-1]


# --- Recomputing on request ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),
        ("player", 403),
        ("other_arbiter", 403),
        ("other_organizer", 403),
        ("arbiter", 302),
        ("organizer", 302),
    ],
)
def test_only_the_staff_can_ask_for_a_recomputation(
    client, people, mitchell, role, status, django_capture_on_commit_callbacks
):
    people["setup"](mitchell)
    with django_capture_on_commit_callbacks(execute=True):
        response = client_as(client, people, role).post(url("recompute", mitchell))

    assert response.status_code == status
    state = ScoringState.objects.get(tournament=mitchell)
    if role in STAFF:
        assert response["Location"] == url("ranking", mitchell)
        assert not state.pending
    elif role == "anonymous":
        assert reverse("accounts:login") in response["Location"]


def test_the_staff_see_why_the_last_computation_failed(client, people, mitchell):
    people["setup"](mitchell)
    ScoringState.objects.filter(tournament=mitchell).update(last_error="team 1 sits twice")

    staff = client_as(client, people, "arbiter").get(url("ranking", mitchell)).text
    client.logout()
    public = client.get(url("ranking", mitchell)).text

    assert "Le dernier calcul a échoué : team 1 sits twice" in staff
    assert "team 1 sits twice" not in public


# --- Travellers ----------------------------------------------------------------------------


@pytest.fixture
def board_1_unfinished(django_capture_on_commit_callbacks):
    """Board 1 scored at 2 of its 3 tables (board 2 finished for contrast)."""
    tournament = small_tournament()
    contract = {
        "passed": False,
        "contract": {"bid": 110, "strain": "S", "taker": "N", "coinche": 1},
        "taker_points": 120,
        "capot": None,
        "belote": [],
        "annonces": [],
    }
    with django_capture_on_commit_callbacks(execute=True):
        put_result(tournament, 1, 1, 1, 460, 0, record=contract)
        put_result(tournament, 2, 3, 1, 0, 160)
        for round_number, table in [(1, 1), (2, 3), (3, 2)]:
            put_result(tournament, round_number, table, 2, 100, 60)
    return tournament


@pytest.mark.parametrize("role", ROLES)
def test_a_traveller_is_hidden_until_the_board_is_finished_everywhere(
    client, people, board_1_unfinished, role
):
    tournament = board_1_unfinished
    people["setup"](tournament)

    text = client_as(client, people, role).get(url("traveller", tournament, 1)).text

    if role in STAFF:
        assert "110 ♠ par N, coinché" in text
        assert "pas encore joué à toutes les tables" in text
    else:
        assert "110 ♠" not in text and "460" not in text
        assert "sera publiée quand l'étui aura été joué à toutes les tables" in text


@pytest.mark.parametrize("role", ROLES)
def test_a_finished_board_s_traveller_is_public(
    client, people, board_1_unfinished, role, django_capture_on_commit_callbacks
):
    tournament = board_1_unfinished
    people["setup"](tournament)
    with django_capture_on_commit_callbacks(execute=True):
        put_result(tournament, 3, 2, 1, 160, 0)

    text = client_as(client, people, role).get(url("traveller", tournament, 1)).text

    assert "110 ♠ par N, coinché" in text
    assert "(réussi)" in text
    # Nets +460, −160, +160: matchpoints 4, 0 and 2 on a top of 4.
    assert "Top : 4 points de match." in text
    assert (
        '<td class="num score" data-label="PM NS">4</td>'
        '<td class="num score" data-label="PM EO">0</td>'
        '<td class="num score" data-label="% NS">100,00\u00a0%</td>'
    ) in text
    assert "3 tables sur 3." in text


def test_the_traveller_list_shows_which_boards_are_finished(client, board_1_unfinished):
    text = client.get(url("travellers", board_1_unfinished)).text

    board_1 = text[text.index('data-board="1"') : text.index('data-board="2"')]
    board_2 = text[text.index('data-board="2"') : text.index('data-board="3"')]
    assert "2 / 3" in board_1 and "en cours" in board_1
    assert "3 / 3" in board_2 and "terminé" in board_2
    assert url("traveller", board_1_unfinished, 2) in board_2
    assert url("traveller", board_1_unfinished, 1) not in board_1


def test_an_adjusted_table_on_the_traveller(client, django_capture_on_commit_callbacks):
    tournament = small_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        put_result(tournament, 1, 2, 3, 250, 0)
        put_result(tournament, 2, 1, 3, adjusted=("A+", "A-"))
        put_result(tournament, 3, 3, 3, 0, 250)

    text = client.get(url("traveller", tournament, 3)).text

    assert "Score ajusté" in text and "Moy+ (60 %)" in text and "Moy− (40 %)" in text
    assert (
        '<td class="num score" data-label="PM NS">2,40</td>'
        '<td class="num score" data-label="PM EO">1,60</td>'
    ) in text


def test_a_board_outside_the_plan_has_no_traveller(client):
    tournament = small_tournament()

    assert client.get(url("traveller", tournament, 99)).status_code == 404


# --- Team scorecards -----------------------------------------------------------------------


def running_totals(text: str) -> list[str]:
    """The "Cumul" column of a matchpoint scorecard, over its tables (one a round)."""
    bodies = [part.split("</tbody>")[0] for part in text.split("<tbody>")[1:]]
    rows = [row for body in bodies for row in body.split("<tr ")[1:]]
    return [row.split('data-label="Cumul">')[1].split("<")[0] for row in rows]


def test_a_scorecard_shows_each_board_with_a_running_total(client, people, mitchell):
    people["setup"](mitchell)
    text = client_as(client, people, "arbiter").get(url("scorecard", mitchell, 1)).text

    assert "Carte de score — 1. Équipe 1" in text
    # Team 1 (NS), boards 1 to 6: 3, 0.5, 2.4, 2, 2, 2.
    assert running_totals(text) == ["3", "3,50", "5,90", "7,90", "9,90", "11,90"]
    assert "Score ajusté : Moyenne plus (60 %)" in text
    assert "4. Équipe 4" in text  # the opponents of round 1
    assert "80 ♥ par N" in text
    assert "49,58\u00a0%" in text  # the ranking's percentage


def test_a_scorecard_is_a_short_table_per_round_its_opponents_said_once(client, people, mitchell):
    people["setup"](mitchell)
    text = client_as(client, people, "arbiter").get(url("scorecard", mitchell, 1)).text

    # Team 1 sits North-South at table 1 for the three rounds, two boards a round.
    assert text.count('<table class="grid scorecard">') == 3
    for number in (1, 2, 3):
        assert f"Tour {number} · table 1 · Nord-Sud</h2>" in text
    rounds = text.split('<section class="scorecard-round"')[1:]
    assert [part.count("<tr data-board=") for part in rounds] == [2, 2, 2]
    # The round's opponents once, above its boards, not on every line.
    assert rounds[0].count("4. Équipe 4") == 1
    assert "Adversaires" not in rounds[0].split("<tbody>")[1]
    assert "One table per round" not in text


def test_players_see_a_scorecard_without_the_boards_never_finished(client, mitchell):
    text = client.get(url("scorecard", mitchell, 1)).text

    # Board 2 was never played at its third table: it stays out of the public scorecard
    # (the arbiter should give that table an adjusted score), and out of its running total.
    assert 'data-board="2"' not in text
    assert running_totals(text) == ["3", "5,40", "7,40", "9,40", "11,40"]
    assert "1 étui encore en jeu à d'autres tables n'est pas montré" in text


@pytest.mark.parametrize("role", ROLES)
def test_a_scorecard_hides_boards_still_in_play_from_players(
    client, people, board_1_unfinished, role
):
    tournament = board_1_unfinished
    people["setup"](tournament)

    text = client_as(client, people, role).get(url("scorecard", tournament, 1)).text

    # Team 1 played board 1 (2 of 3 tables done) and board 2 (finished).
    assert 'data-board="2"' in text
    if role in STAFF:
        assert 'data-board="1"' in text and "110 ♠" in text
    else:
        assert 'data-board="1"' not in text and "110 ♠" not in text
        assert "1 étui encore en jeu à d'autres tables n'est pas montré" in text


def test_an_unknown_team_has_no_scorecard(client, mitchell):
    assert client.get(url("scorecard", mitchell, 42)).status_code == 404

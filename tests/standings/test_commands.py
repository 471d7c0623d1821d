"""``manage.py ranking SLUG [--json]`` and ``manage.py recompute SLUG``."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.support.factories import add_plan, add_teams, make_tournament, small_tournament
from tests.support.standings import (
    HOWELL_RESULTS,
    MITCHELL_RESULTS,
    SMALL_HOWELL,
    enter,
    is_stale,
    put_result,
)
from tournaments.standings.models import RankingSnapshot, ScoringState

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_ranking_json_is_one_object_per_team(django_capture_on_commit_callbacks):
    tournament = small_tournament(scoring_method="matchpoints")
    enter(tournament, MITCHELL_RESULTS, django_capture_on_commit_callbacks)

    rows = json.loads(run("ranking", tournament.slug, "--json"))

    # The hand-computed Mitchell (test_hand_computed): NS then EW, each ranked on its own.
    assert rows == [
        {"rank": 1, "team": 2, "name": "Équipe 2", "direction": "NS", "score": 12.5,
         "percentage": 62.5, "boards": 5},
        {"rank": 2, "team": 1, "name": "Équipe 1", "direction": "NS", "score": 11.9,
         "percentage": 49.58, "boards": 6},
        {"rank": 3, "team": 3, "name": "Équipe 3", "direction": "NS", "score": 10,
         "percentage": 41.67, "boards": 6},
        {"rank": 1, "team": 4, "name": "Équipe 4", "direction": "EW", "score": 18,
         "percentage": 75, "boards": 6},
        {"rank": 2, "team": 5, "name": "Équipe 5", "direction": "EW", "score": 9,
         "percentage": 37.5, "boards": 6},
        {"rank": 3, "team": 6, "name": "Équipe 6", "direction": "EW", "score": 6.6,
         "percentage": 33, "boards": 5},
    ]  # fmt: skip


def test_ranking_json_of_a_howell_in_datum_has_no_direction_nor_percentage(
    django_capture_on_commit_callbacks,
):
    tournament = make_tournament(scoring_method="datum", movement_type="howell", rounds=3)
    add_teams(tournament, 4)
    add_plan(tournament, SMALL_HOWELL)
    enter(tournament, HOWELL_RESULTS, django_capture_on_commit_callbacks)

    rows = json.loads(run("ranking", tournament.slug, "--json"))

    assert [(row["rank"], row["team"], row["score"]) for row in rows] == [
        (1, 1, 40),
        (1, 4, 40),
        (3, 2, -40),
        (3, 3, -40),
    ]
    assert {row["direction"] for row in rows} == {None}
    assert {row["percentage"] for row in rows} == {None}
    assert set(rows[0]) == {"rank", "team", "name", "direction", "score", "percentage", "boards"}


def test_ranking_brings_pending_scores_up_to_date_first():
    tournament = small_tournament()
    # Stored while the broker was down: pending, never computed.
    put_result(tournament, 1, 1, 1, 160, 0)
    assert is_stale(tournament)

    rows = json.loads(run("ranking", tournament.slug, "--json"))

    assert [row["team"] for row in rows if row["boards"]] == [1, 4]
    assert not is_stale(tournament)


def test_ranking_of_a_tournament_without_results_is_every_team_with_no_board():
    tournament = small_tournament()

    rows = json.loads(run("ranking", tournament.slug, "--json"))

    assert sorted(row["team"] for row in rows) == [1, 2, 3, 4, 5, 6]
    assert {row["boards"] for row in rows} == {0}


def test_ranking_without_json_is_a_readable_table(django_capture_on_commit_callbacks):
    tournament = small_tournament()
    enter(tournament, MITCHELL_RESULTS, django_capture_on_commit_callbacks)

    text = run("ranking", tournament.slug)

    lines = text.splitlines()
    assert tournament.name in lines[0]
    assert "NS" in lines and "EW" in lines
    team_2 = next(line for line in lines if "Équipe 2" in line)
    assert team_2.split()[:2] == ["1", "2"] and "62.50" in team_2


def test_ranking_of_an_unknown_tournament_is_an_error():
    with pytest.raises(CommandError, match="no tournament"):
        run("ranking", "nulle-part", "--json")


def test_recompute_stores_a_new_version_from_scratch():
    tournament = small_tournament()
    put_result(tournament, 1, 1, 1, 160, 0)
    put_result(tournament, 2, 1, 3, 100, 60)

    first = run("recompute", tournament.slug)
    second = run("recompute", tournament.slug)

    assert "version 1, 2 results counted" in first
    assert "version 2, 2 results counted" in second
    state = ScoringState.objects.get(tournament=tournament)
    assert not state.pending and state.version == 2
    # Overall, after round 1 and after round 2.
    assert RankingSnapshot.objects.filter(tournament=tournament, version=2).count() == 3


def test_recompute_reports_results_that_cannot_be_scored():
    tournament = small_tournament()
    put_result(tournament, 2, 1, 3, 100, 60)
    # Team 1 would play board 3 twice.
    from tests.support.results import assignment
    from tournaments.results.models import Result

    row = assignment(tournament, 1, 1)
    Result.objects.create(
        tournament=tournament,
        round=row.round,
        table=row.table,
        assignment=row,
        board_number=3,
        status=Result.Status.CONFIRMED,
        ns_marks=100,
        ew_marks=60,
    )

    with pytest.raises(CommandError, match="team 1 has two results on board 3"):
        run("recompute", tournament.slug)


def test_recompute_of_an_unknown_tournament_is_an_error():
    with pytest.raises(CommandError, match="no tournament"):
        run("recompute", "nulle-part")

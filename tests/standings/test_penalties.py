"""Procedural penalties and assigned scores through the site: the recomputation takes them in,
the ranking, the traveller and the scorecard show them, removing a penalty undoes it.

The seven-team Mitchell of docs/scoring.md (tests/standings/test_common_top.py): common top 4,
NS team 2 has 7.5 matchpoints of 12 (62.5 %) on boards 2, 3 and 4.
"""

import pytest
from django.urls import reverse

from tests.support.factories import add_boards, add_plan, add_teams, make_tournament
from tests.support.results import assignment
from tests.support.standings import board_score, enter, ranking_rows
from tournaments.results import services
from tournaments.standings import selectors

pytestmark = pytest.mark.django_db

# (round, table, ns, ew, boards); None is the phantom: the EW team facing it sits out.
SEVEN_TEAM_MITCHELL = [
    (1, 1, 1, 4, [1]),
    (1, 2, 2, 5, [2]),
    (1, 3, 3, 6, [3]),
    (1, 4, None, 7, [4]),
    (2, 1, 1, 7, [2]),
    (2, 2, 2, 4, [3]),
    (2, 3, 3, 5, [4]),
    (2, 4, None, 6, [1]),
    (3, 1, 1, 5, [3]),
    (3, 2, 2, 6, [4]),
    (3, 3, 3, 7, [1]),
    (3, 4, None, 4, [2]),
]
# (round, table, board, ns_marks, ew_marks): boards 1, 2, 4 played twice, board 3 three times.
RESULTS = [
    (1, 1, 1, 180, 0),
    (3, 3, 1, 0, 90),
    (1, 2, 2, 130, 80),
    (2, 1, 2, 130, 80),
    (1, 3, 3, 250, 0),
    (2, 2, 3, 160, 60),
    (3, 1, 3, 80, 160),
    (2, 3, 4, 80, 120),
    (3, 2, 4, 120, 0),
]


def seven_teams(method="matchpoints", arbiter=None):
    tournament = make_tournament(
        scoring_method=method, rounds=3, boards_per_round=1, arbiter=arbiter
    )
    add_teams(tournament, 7)
    add_plan(tournament, SEVEN_TEAM_MITCHELL)
    add_boards(tournament, 4)
    return tournament


def team(tournament, number):
    return tournament.teams.get(number=number)


def test_a_penalty_in_percent_of_a_top_lowers_only_that_team(django_capture_on_commit_callbacks):
    tournament = seven_teams()
    enter(tournament, RESULTS, django_capture_on_commit_callbacks)
    scores_before = sorted(
        tournament.board_scores.values_list("board_number", "table_number", "ns_score", "ew_score")
    )
    with django_capture_on_commit_callbacks(execute=True):
        penalty = services.give_penalty(
            tournament=tournament,
            team=team(tournament, 2),
            amount=25,
            reason="Retard",
            board_number=2,
        )

    # 25 % of the common top 4 = 1 matchpoint: 6.5 of 12; 62.5 - 25/3 = 54.17 %.
    assert ranking_rows(tournament, "NS") == [
        ("1", 2, 6.5, 54.17, 3),
        ("2", 1, 5.5, 45.83, 3),
        ("3", 3, 5, 41.67, 3),
    ]
    entry = selectors.current_ranking(tournament, direction="NS").entries[0]
    assert entry["penalty"] == 1
    # The comparison is untouched: every table's score, the opponents' included.
    assert (
        sorted(
            tournament.board_scores.values_list(
                "board_number", "table_number", "ns_score", "ew_score"
            )
        )
        == scores_before
    )
    assert ranking_rows(tournament, "EW")[0] == ("1", 5, 9.5, 79.17, 3)

    # The traveller of board 2 and team 2's scorecard show it, with its reason.
    traveller = selectors.board_traveller(tournament, 2)
    assert [(p.team, p.amount, p.unit, p.reason, p.deduction) for p in traveller.penalties] == [
        (2, 25, "percent", "Retard", 1.0)
    ]
    card = selectors.team_scorecard(tournament, 2)
    assert (card.total, round(card.percentage, 2)) == (6.5, 54.17)
    assert card.lines[-1].running_score == 7.5  # the compared scores, before the penalty

    with django_capture_on_commit_callbacks(execute=True):
        services.remove_penalty(penalty=penalty)
    assert ranking_rows(tournament, "NS")[0] == ("1", 2, 7.5, 62.5, 3)
    assert selectors.board_traveller(tournament, 2).penalties == ()


def test_a_session_penalty_waits_for_its_round_in_the_rankings_after_each_round(
    django_capture_on_commit_callbacks,
):
    tournament = seven_teams()
    enter(tournament, RESULTS, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        services.give_penalty(
            tournament=tournament,
            team=team(tournament, 1),
            amount=50,
            reason="Téléphone",
            round_number=3,
        )
    overall = selectors.current_ranking(tournament, direction="NS")
    after_two = selectors.current_ranking(tournament, direction="NS", up_to_round=2)
    penalties = {entry["team"]: entry["penalty"] for entry in overall.entries}
    assert penalties[1] == 2
    assert {entry["team"]: entry["penalty"] for entry in after_two.entries}[1] == 0


def test_a_points_penalty_in_total_points(django_capture_on_commit_callbacks):
    tournament = seven_teams("total")
    enter(tournament, RESULTS, django_capture_on_commit_callbacks)
    before = {row[1]: row[2] for row in ranking_rows(tournament, "NS")}
    with django_capture_on_commit_callbacks(execute=True):
        services.give_penalty(
            tournament=tournament, team=team(tournament, 3), amount=50, reason="Jeu lent"
        )
    after = {row[1]: row[2] for row in ranking_rows(tournament, "NS")}
    assert after == {**before, 3: before[3] - 50}


def test_an_assigned_score_is_compared_like_the_deal_it_replaces(
    django_capture_on_commit_callbacks, make_user
):
    arbiter = make_user("arbitre", "arbiter")
    tournament = seven_teams(arbiter=arbiter)
    # Board 1 at table 1 (teams 1-4): NS 180, EO 0 given by the arbiter instead of played.
    enter(
        tournament,
        [row for row in RESULTS if row[:3] != (1, 1, 1)],
        django_capture_on_commit_callbacks,
    )
    plan = assignment(tournament, 1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.assign_score(assignment=plan, board_number=1, ns_marks=180, ew_marks=0, by=arbiter)

    assigned = board_score(tournament, 1, 1, 1)
    assert (assigned.ns_score, assigned.ew_score, assigned.adjusted, assigned.assigned) == (
        3.5,
        0.5,
        False,
        True,
    )
    assert ranking_rows(tournament, "NS")[1] == ("2", 1, 5.5, 45.83, 3)
    line = selectors.board_traveller(tournament, 1).lines[0]
    assert (line.assigned, line.ns_marks, line.ew_marks, line.record) == (True, 180, 0, None)
    assert selectors.team_scorecard(tournament, 1).lines[0].assigned


def test_the_pages_show_assigned_scores_and_penalties(client, django_capture_on_commit_callbacks):
    tournament = seven_teams()
    tournament.status = "running"
    tournament.save(update_fields=["status"])
    enter(
        tournament,
        [row for row in RESULTS if row[:3] != (1, 1, 1)],
        django_capture_on_commit_callbacks,
    )
    plan = assignment(tournament, 1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.assign_score(assignment=plan, board_number=1, ns_marks=180, ew_marks=0)
        services.give_penalty(
            tournament=tournament,
            team=team(tournament, 4),
            amount=10,
            reason="Carton <oublié>",
            board_number=1,
        )
    traveller = client.get(reverse("standings:traveller", args=[tournament.slug, 1]))
    page = traveller.content.decode()
    assert "Score assigné par l'arbitre" in page
    assert "Pénalité de procédure, équipe 4." in page and "10 % du top" in page
    assert "Carton &lt;oublié&gt;" in page and "<oublié>" not in page
    card = client.get(reverse("standings:scorecard", args=[tournament.slug, 4])).content.decode()
    assert "Pénalités de procédure" in card and "Carton &lt;oublié&gt;" in card
    assert "Total après pénalités" in card
    ranking = client.get(reverse("standings:ranking", args=[tournament.slug])).content.decode()
    assert "dont pénalité −0,4" in ranking

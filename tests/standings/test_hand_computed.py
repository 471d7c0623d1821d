"""Small tournaments worked out by hand, through the whole Django path: results stored, the
tournament marked stale in their transaction, the job run after commit, snapshot and board
scores read back. The arithmetic is in the comments; the code computes nothing for the test.

The Mitchell is the factories' 6-team, 3-table, 3-round plan (NS 1-3 stay, EW 4-6 move up,
boards 1..6, two a round): each board is played 3 times, so its top is 2 × (3 − 1) = 4.
"""

import pytest

from tests.support.factories import add_plan, add_teams, make_tournament, small_tournament
from tests.support.standings import (
    HOWELL_RESULTS,
    MITCHELL_RESULTS,
    SMALL_HOWELL,
    board_score,
    enter,
    ranking_rows,
)
from tournaments.setup.models import Tournament
from tournaments.standings import selectors

pytestmark = pytest.mark.django_db


def howell_tournament(method: str) -> Tournament:
    tournament = make_tournament(
        scoring_method=method,
        movement_type="howell",
        rounds=3,
        boards_per_round=1,
    )
    add_teams(tournament, 4)
    add_plan(tournament, SMALL_HOWELL)
    return tournament


# --- Matchpoints ---------------------------------------------------------------------------


def test_mitchell_matchpoints_with_a_missing_result_an_adjusted_score_and_ties(
    django_capture_on_commit_callbacks,
):
    tournament = small_tournament(scoring_method="matchpoints")
    enter(tournament, MITCHELL_RESULTS, django_capture_on_commit_callbacks)

    # Board 1: +160 beats −160 (2) and ties +160 (1) = 3; −160 = 0. EW get 4 − NS.
    assert board_score(tournament, 1, 1, 1).ns_score == 3
    assert board_score(tournament, 2, 3, 1).ew_score == 4
    # Board 2, 2 results of 3 expected: raw 2 and 0, Neuberg (M + 1) × 3/2 − 1 = 3.5 and 0.5.
    assert board_score(tournament, 2, 3, 2).ns_score == 3.5
    assert board_score(tournament, 1, 1, 2).ns_score == 0.5
    assert board_score(tournament, 1, 1, 2).ew_score == 3.5
    # Board 3: 60 % and 40 % of the top 4 = 2.4 and 1.6; the two played tables are compared
    # between themselves and Neuberg-scaled: 3.5 and 0.5.
    adjusted = board_score(tournament, 2, 1, 3)
    assert (adjusted.ns_score, adjusted.ew_score, adjusted.adjusted) == (2.4, 1.6, True)
    assert (adjusted.ns_adjustment, adjusted.ew_adjustment) == ("A+", "A-")
    assert board_score(tournament, 1, 2, 3).ns_score == 3.5
    # Board 5: three equal nets: 1 + 1 = 2 each.
    assert board_score(tournament, 3, 1, 5).ns_score == 2

    # NS team 1: 3 + 0.5 + 2.4 + 2 + 2 + 2 = 11.9 on 6 boards (top 24): 49.58 %.
    # NS team 2: 3.5 + 4 + 2 + 0 + 3 = 12.5 on 5 boards (top 20): 62.5 %.
    # NS team 3: 2 + 4 + 0 + 3.5 + 0.5 + 0 = 10 on 6 boards: 41.67 %.
    assert ranking_rows(tournament, "NS") == [
        ("1", 2, 12.5, 62.5, 5),
        ("2", 1, 11.9, 49.58, 6),
        ("3", 3, 10, 41.67, 6),
    ]
    # EW team 4: 1 + 3.5 + 2 + 4 + 3.5 + 4 = 18 / 24 = 75 %.
    # EW team 5: 0.5 + 0 + 4 + 0.5 + 2 + 2 = 9 / 24 = 37.5 %.
    # EW team 6: 2 + 0 + 1.6 + 2 + 1 = 6.6 / 20 = 33 %.
    assert ranking_rows(tournament, "EW") == [
        ("1", 4, 18, 75, 6),
        ("2", 5, 9, 37.5, 6),
        ("3", 6, 6.6, 33, 5),
    ]


def test_howell_matchpoints_is_one_ranking_with_shared_ranks(
    django_capture_on_commit_callbacks,
):
    tournament = howell_tournament("matchpoints")
    enter(tournament, HOWELL_RESULTS, django_capture_on_commit_callbacks)

    # Board 1: +40 gets 2, −40 gets 0 (teams 1 and 3 NS; 2 and 4 EW: 0 and 2).
    # Board 2: tie, 1 each. Board 3: the adjusted table gets 50 % of 2 = 1 each; the other
    # table alone, Neuberg (0 + 1) × 2/1 − 1 = 1, so 1 each.
    # Team 1: 2 + 1 + 1 = 4 / 6 = 66.67 %; team 4: 2 + 1 + 1 = 4; teams 2 and 3: 0 + 1 + 1 = 2.
    # Ties: one board won each (team 1 and team 4 on board 1), and equal where they met
    # (board 3: 1 each), so 1=; teams 2 and 3 won nothing and drew board 3: 3=.
    assert ranking_rows(tournament) == [
        ("1=", 1, 4, 66.67, 3),
        ("1=", 4, 4, 66.67, 3),
        ("3=", 2, 2, 33.33, 3),
        ("3=", 3, 2, 33.33, 3),
    ]
    assert {entry["direction"] for entry in selectors.current_ranking(tournament).entries} == {None}


# --- Datum difference ----------------------------------------------------------------------


def test_mitchell_datum_difference(django_capture_on_commit_callbacks):
    tournament = small_tournament(scoring_method="datum")
    enter(tournament, MITCHELL_RESULTS, django_capture_on_commit_callbacks)

    # Board 1: mean (160 − 160 + 160) / 3 = 53.3 → datum 50: NS +110, −210, +110.
    assert board_score(tournament, 1, 1, 1).datum == 50
    assert board_score(tournament, 1, 1, 1).ns_score == 110
    assert board_score(tournament, 2, 3, 1).ns_score == -210
    assert board_score(tournament, 2, 3, 1).ew_score == 210
    # Board 6: mean (180 − 180 + 20) / 3 = 6.7 → 10: +170, −190, +10.
    assert board_score(tournament, 2, 2, 6).ns_score == -190
    # Board 3: the played nets ±250 give datum 0; average-plus +50, average-minus −50.
    assert board_score(tournament, 2, 1, 3).ns_score == 50
    assert board_score(tournament, 2, 1, 3).ew_score == -50

    # Team 1: 110 − 10 + 50 + 0 + 0 + 10 = 160; team 2: 250 + 80 + 0 − 190 + 110 = 250;
    # team 3: 0 + 170 − 210 + 10 − 250 − 80 = −360.
    assert ranking_rows(tournament, "NS") == [
        ("1", 2, 250, None, 5),
        ("2", 1, 160, None, 6),
        ("3", 3, -360, None, 6),
    ]
    # Team 4: −110 + 10 + 250 + 80 + 0 + 190 = 420; team 5: −250 − 80 + 210 − 10 + 0 − 10 =
    # −140; team 6: 0 − 170 − 50 + 0 − 110 = −330.
    assert ranking_rows(tournament, "EW") == [
        ("1", 4, 420, None, 6),
        ("2", 5, -140, None, 6),
        ("3", 6, -330, None, 5),
    ]


def test_howell_datum_difference(django_capture_on_commit_callbacks):
    tournament = howell_tournament("datum")
    enter(tournament, HOWELL_RESULTS, django_capture_on_commit_callbacks)

    # Board 1: datum 0: team 1 +40, team 2 −40, team 3 −40, team 4 +40. Board 2: all 0.
    # Board 3: one played net −160 is its own datum: 0 for teams 1 and 4; average = 0.
    # Teams 1 and 4: 40, one board won each, 0 where they met: 1=; teams 2 and 3: −40: 3=.
    assert ranking_rows(tournament) == [
        ("1=", 1, 40, None, 3),
        ("1=", 4, 40, None, 3),
        ("3=", 2, -40, None, 3),
        ("3=", 3, -40, None, 3),
    ]


# --- Total points --------------------------------------------------------------------------


def test_mitchell_total_points(django_capture_on_commit_callbacks):
    tournament = small_tournament(scoring_method="total")
    enter(tournament, MITCHELL_RESULTS, django_capture_on_commit_callbacks)

    # Adjusted marks come from the field average: 2,320 marks over 32 sides = 72.5;
    # average-plus 72.5 × 1.2 = 87 → 90, average-minus 72.5 × 0.8 = 58 → 60.
    adjusted = board_score(tournament, 2, 1, 3)
    assert (adjusted.ns_score, adjusted.ew_score) == (90, 60)
    # Team 1: 160 + 90 + 90 + 80 + 0 + 100 = 520; team 2: 250 + 120 + 0 + 0 + 160 = 530;
    # team 3: 0 + 180 + 0 + 100 + 0 + 40 = 320.
    assert ranking_rows(tournament, "NS") == [
        ("1", 2, 530, None, 5),
        ("2", 1, 520, None, 6),
        ("3", 3, 320, None, 6),
    ]
    # Team 4: 0 + 70 + 0 + 180 + 250 + 120 = 620; team 5: 0 + 40 + 160 + 60 + 0 + 80 = 340;
    # team 6: 0 + 0 + 60 + 80 + 0 = 140.
    assert ranking_rows(tournament, "EW") == [
        ("1", 4, 620, None, 6),
        ("2", 5, 340, None, 6),
        ("3", 6, 140, None, 5),
    ]


def test_howell_total_points(django_capture_on_commit_callbacks):
    tournament = howell_tournament("total")
    enter(tournament, HOWELL_RESULTS, django_capture_on_commit_callbacks)

    # Field average: (100 + 60 + 60 + 100 + 4 × 80 + 0 + 160) / 10 = 80: average = 80 marks.
    # Team 1: 100 + 80 + 0 = 180; team 2: 60 + 80 + 80 = 220; team 3: 60 + 80 + 80 = 220;
    # team 4: 100 + 80 + 160 = 340. Teams 2 and 3 won no board against their opponents and
    # scored 80 each where they met: 2=.
    assert ranking_rows(tournament) == [
        ("1", 4, 340, None, 3),
        ("2=", 2, 220, None, 3),
        ("2=", 3, 220, None, 3),
        ("4", 1, 180, None, 3),
    ]


# --- Rankings after each round -------------------------------------------------------------


def test_ranking_after_a_round_counts_only_that_round_and_before(
    django_capture_on_commit_callbacks,
):
    tournament = small_tournament(scoring_method="matchpoints")
    enter(tournament, MITCHELL_RESULTS, django_capture_on_commit_callbacks)

    after_round_1 = selectors.current_ranking(tournament, up_to_round=1, direction="NS")
    # Round 1 alone: each board has one result of 3 expected: Neuberg (0 + 1) × 3 − 1 = 2,
    # i.e. 50 % for everybody who played.
    assert {entry["percentage"] for entry in after_round_1.entries} == {50}
    assert after_round_1.results_counted == 6
    assert selectors.ranked_rounds(tournament) == [1, 2, 3]
    # After the last round the ranking is the overall one.
    assert (
        selectors.current_ranking(tournament, up_to_round=3).entries
        == selectors.current_ranking(tournament).entries
    )


def test_the_ranking_does_not_depend_on_the_order_results_were_entered(
    django_capture_on_commit_callbacks,
):
    forwards = small_tournament(scoring_method="matchpoints")
    backwards = small_tournament(scoring_method="matchpoints")
    enter(forwards, MITCHELL_RESULTS, django_capture_on_commit_callbacks)
    enter(backwards, list(reversed(MITCHELL_RESULTS)), django_capture_on_commit_callbacks)

    def without_names(tournament):
        return [
            {key: value for key, value in entry.items() if key != "name"}
            for entry in selectors.current_ranking(tournament).entries
        ]

    assert without_names(forwards) == without_names(backwards)

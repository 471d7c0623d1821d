"""Seven teams in a Mitchell on four tables, through the site: boards played twice and a board
played three times scored on one common top in the live ranking, travellers and scorecards.

The same tournament as docs/scoring.md ("Seven teams, four tables") and
tests/scoring/duplicate/test_seven_team_mitchell.py, stored as the organizer's plan
(``scoring.movements.mitchell(7, boards_per_round=1)``, the phantom at table 4) and entered as
results. Board 3 is played 3 times, boards 1, 2 and 4 twice: E = 3, common top 4, a board
played twice scaled by (M + 1) x 3/2 - 1. The arithmetic is in the comments.
"""

import pytest

from tests.support.factories import add_boards, add_plan, add_teams, make_tournament
from tests.support.standings import board_score, enter, ranking_rows
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

# (round, table, board, ns_marks, ew_marks), or a pair of adjusted codes (NS, EW).
RESULTS = [
    # Board 1, twice: +180 (1-4), -90 (3-7).
    (1, 1, 1, 180, 0),
    (3, 3, 1, 0, 90),
    # Board 2, twice: +50 (2-5), +50 (1-7).
    (1, 2, 2, 130, 80),
    (2, 1, 2, 130, 80),
    # Board 3, three times: +250 (3-6), +100 (2-4), -80 (1-5).
    (1, 3, 3, 250, 0),
    (2, 2, 3, 160, 60),
    (3, 1, 3, 80, 160),
    # Board 4, twice: -40 (3-5), +120 (2-6).
    (2, 3, 4, 80, 120),
    (3, 2, 4, 120, 0),
]


def seven_team_tournament():
    tournament = make_tournament(scoring_method="matchpoints", rounds=3, boards_per_round=1)
    add_teams(tournament, 7)
    add_plan(tournament, SEVEN_TEAM_MITCHELL)
    add_boards(tournament, 4)
    return tournament


def test_boards_played_twice_and_three_times_share_the_common_top(
    django_capture_on_commit_callbacks,
):
    tournament = seven_team_tournament()
    enter(tournament, RESULTS, django_capture_on_commit_callbacks)

    assert selectors.plays_per_board(tournament) == {1: 2, 2: 2, 3: 3, 4: 2}
    # Board 1 (twice): raw 2 and 0 of top 2 -> 3 x 3/2 - 1 = 3.5 and 1 x 3/2 - 1 = 0.5 of 4.
    first = board_score(tournament, 1, 1, 1)
    assert (first.ns_score, first.ew_score, first.top, first.ns_percentage) == (3.5, 0.5, 4, 87.5)
    assert board_score(tournament, 3, 3, 1).ns_score == 0.5
    # Board 2 (twice), a tie: raw 1 each -> 2 x 3/2 - 1 = 2, half the top.
    assert board_score(tournament, 1, 2, 2).ns_score == 2
    # Board 3 (three times): 4, 2 and 0, unchanged, on the same top.
    assert [board_score(tournament, r, t, 3).ns_score for r, t in ((1, 3), (2, 2), (3, 1))] == [
        4,
        2,
        0,
    ]
    assert {score.top for score in tournament.board_scores.all()} == {4}

    # NS: team 2: 2 + 2 + 3.5 = 7.5 of 12 = 62.5 %; team 1: 3.5 + 2 + 0 = 5.5 -> 45.83 %;
    # team 3: 4 + 0.5 + 0.5 = 5 -> 41.67 %. (Each board its own top: team 3 50 %, team 1 37.5 %.)
    assert ranking_rows(tournament, "NS") == [
        ("1", 2, 7.5, 62.5, 3),
        ("2", 1, 5.5, 45.83, 3),
        ("3", 3, 5, 41.67, 3),
    ]
    # EW: team 5: 2 + 3.5 + 4 = 9.5 of 12 = 79.17 %; team 7 (sat out): 2 + 3.5 = 5.5 of 8 =
    # 68.75 %; team 4: 0.5 + 2 = 2.5 of 8 = 31.25 %; team 6: 0 + 0.5 = 0.5 of 8 = 6.25 %.
    assert ranking_rows(tournament, "EW") == [
        ("1", 5, 9.5, 79.17, 3),
        ("2", 7, 5.5, 68.75, 2),
        ("3", 4, 2.5, 31.25, 2),
        ("4", 6, 0.5, 6.25, 2),
    ]


def test_the_traveller_and_the_scorecard_show_the_common_top(django_capture_on_commit_callbacks):
    tournament = seven_team_tournament()
    enter(tournament, RESULTS, django_capture_on_commit_callbacks)

    # Board 1 is finished with its 2 tables (the third set passed the phantom), on a top of 4.
    traveller = selectors.board_traveller(tournament, 1)
    assert (traveller.expected, traveller.scored, traveller.finished) == (2, 2, True)
    lines = [(line.table, line.ns_score, line.top, line.ns_percentage) for line in traveller.lines]
    assert lines == [(1, 3.5, 4, 87.5), (3, 0.5, 4, 12.5)]
    # Team 1's scorecard, running: 3.5 of 4 = 87.5 %, 5.5 of 8 = 68.75 %, 5.5 of 12 = 45.83 %.
    scorecard = selectors.team_scorecard(tournament, 1)
    assert [(line.board, line.score, line.top) for line in scorecard.lines] == [
        (1, 3.5, 4),
        (2, 2, 4),
        (3, 0, 4),
    ]
    assert [round(line.running_percentage, 2) for line in scorecard.lines] == [87.5, 68.75, 45.83]


def test_an_adjusted_score_on_a_board_played_twice_is_a_share_of_the_common_top(
    django_capture_on_commit_callbacks,
):
    tournament = seven_team_tournament()
    # Board 4 at table 2 (teams 2-6) gets 60/40 instead of +120.
    results = [row for row in RESULTS if row[:3] != (3, 2, 4)] + [(3, 2, 4, ("A+", "A-"))]
    enter(tournament, results, django_capture_on_commit_callbacks)

    # 60 % and 40 % of the common top 4 (not of 2): 2.4 and 1.6. Table 3, the board's only
    # played result: (0 + 1) x 3/1 - 1 = 2.
    adjusted = board_score(tournament, 3, 2, 4)
    assert (adjusted.ns_score, adjusted.ew_score, adjusted.top) == (2.4, 1.6, 4)
    assert (board_score(tournament, 2, 3, 4).ns_score, board_score(tournament, 2, 3, 4).top) == (
        2,
        4,
    )


def test_the_ranking_after_round_one_is_on_the_common_top(django_capture_on_commit_callbacks):
    tournament = seven_team_tournament()
    enter(tournament, RESULTS, django_capture_on_commit_callbacks)

    # Round 1: one result on each of boards 1-3: (0 + 1) x 3 - 1 = 2 of 4, 50 % each.
    after_round_1 = selectors.current_ranking(tournament, up_to_round=1)
    played = [entry for entry in after_round_1.entries if entry["boards"]]
    assert {entry["percentage"] for entry in played} == {50}
    assert {entry["team"] for entry in played} == {1, 2, 3, 4, 5, 6}

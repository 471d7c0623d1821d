"""Rankings: the order of the tie-breaks, shared ranks, teams that have not played."""

import pytest

from scoring.duplicate import BoardResult, compute, display_rank, team_lines
from scoring.engine.cards import Side


def _match(board, round_, table, ns_team, ew_team, ns_marks, ew_marks, **fields):
    return BoardResult(board, round_, table, ns_team, ew_team, ns_marks, ew_marks, **fields)


def _standing(ranking):
    return [(entry.display_rank, entry.team, entry.score, entry.boards_won) for entry in ranking]


def test_a_shared_rank_is_shown_with_an_equals_sign_and_the_next_rank_skips():
    assert display_rank(3, tied=True) == "3="
    assert display_rank(3, tied=False) == "3"
    # Teams 1 and 2 both score 200 and win their board; they never met: 1= and 1=, then 3.
    results = [
        _match(1, 1, 1, 1, 4, 200, 100),
        _match(1, 2, 1, 2, 5, 200, 100),
        _match(1, 3, 1, 3, 6, 100, 200),
    ]
    ranking = compute("total", results, {}, single_ranking=False).ranking("NS")
    assert _standing(ranking) == [("1=", 1, 200, 1), ("1=", 2, 200, 1), ("3", 3, 100, 0)]


def test_equal_scores_are_split_by_boards_won():
    # Total points, NS teams 1 and 2 on 400 each. Team 1: 300 against 100 (won), 100 against
    # 200 (lost): one board won. Team 2: 200 against 100 and 200 against 150: two boards won.
    results = [
        _match(1, 1, 1, 1, 3, 300, 100),
        _match(2, 2, 1, 1, 4, 100, 200),
        _match(2, 1, 2, 2, 5, 200, 100),
        _match(1, 2, 2, 2, 6, 200, 150),
    ]
    ranking = compute("total", results, {}, single_ranking=False).ranking("NS")
    assert _standing(ranking) == [("1", 2, 400, 2), ("2", 1, 400, 1)]


# Four teams, everyone meets everyone once (one board a match, total points).
# Teams 1, 2, 3 each total 500 with one board won; team 4 beats all three with 500 a board.
# Among themselves: board 1 team 1 250 - team 2 100; board 3 team 1 100 - team 3 200;
# board 5 team 2 200 - team 3 100.
ROUND_ROBIN = [
    _match(1, 1, 1, 1, 2, 250, 100),
    _match(2, 1, 2, 3, 4, 200, 500),
    _match(3, 2, 1, 1, 3, 100, 200),
    _match(4, 2, 2, 2, 4, 200, 500),
    _match(5, 3, 1, 2, 3, 200, 100),
    _match(6, 3, 2, 1, 4, 150, 500),
]


def test_head_to_head_among_three_tied_teams_then_between_the_last_two():
    # Head-to-head over the boards the three played against each other:
    # team 1: 250 + 100 = 350; team 2: 100 + 200 = 300; team 3: 200 + 100 = 300.
    # Team 1 goes first; teams 2 and 3 are still equal, so only their own board counts:
    # board 5, team 2 200 - team 3 100: team 2 before team 3.
    ranking = compute("total", ROUND_ROBIN, {}, single_ranking=True).ranking()
    assert _standing(ranking) == [
        ("1", 4, 1500, 3),
        ("2", 1, 500, 1),
        ("3", 2, 500, 1),
        ("4", 3, 500, 1),
    ]


def test_head_to_head_only_applies_when_every_tied_team_met():
    # Teams 2 and 3 never meet. Team 1: 250 (won) + 100 + 150 = 500; team 2: 100 + 400 (won
    # against 300) = 500; team 3: 200 (won) + 300 = 500; all three won one board. No
    # head-to-head is possible among the three: they share 2nd place.
    results = [
        _match(1, 1, 1, 1, 2, 250, 100),
        _match(2, 1, 2, 3, 4, 300, 500),
        _match(3, 2, 1, 1, 3, 100, 200),
        _match(4, 2, 2, 2, 4, 400, 300),
        _match(6, 3, 2, 1, 4, 150, 500),
    ]
    ranking = compute("total", results, {}, single_ranking=True).ranking()
    assert _standing(ranking) == [
        ("1", 4, 1300, 2),
        ("2=", 1, 500, 1),
        ("2=", 2, 500, 1),
        ("2=", 3, 500, 1),
    ]


def test_a_registered_team_that_never_played_is_listed_last_with_no_board():
    results = [_match(1, 1, 1, 1, 4, 100, 200), _match(1, 2, 1, 2, 5, 0, 250)]
    computation = compute(
        "datum", results, {}, single_ranking=False, teams={1: Side.NS, 2: Side.NS, 3: Side.NS}
    )
    ranking = computation.ranking("NS")
    # Nets -100 and -250: datum -175 -> -180; team 1 +80, team 2 -70; team 3 has nothing.
    assert _standing(ranking) == [("1", 1, 80, 1), ("2", 2, -70, 0), ("3", 3, 0, 0)]
    assert ranking.entry(3).boards == 0
    assert ranking.entry(3).percentage is None


def test_teams_that_play_later_appear_with_no_board_in_an_earlier_ranking():
    results = [_match(1, 1, 1, 1, 2, 100, 200), _match(2, 2, 1, 3, 4, 170, 70)]
    ranking = compute("matchpoints", results, {1: 1, 2: 1}, True, up_to_round=1).ranking()
    assert [(entry.display_rank, entry.team, entry.boards) for entry in ranking] == [
        ("1=", 1, 1),
        ("1=", 2, 1),
        ("3=", 3, 0),
        ("3=", 4, 0),
    ]


def test_an_arrow_switched_movement_needs_a_single_ranking():
    results = [_match(1, 1, 1, 1, 4, 100, 200, arrow_switched=True)]
    with pytest.raises(ValueError, match="single ranking"):
        team_lines(results, single_ranking=False)
    assert team_lines(results, single_ranking=True) == {1: None, 4: None}


def test_a_team_without_results_needs_a_direction_for_two_rankings():
    with pytest.raises(ValueError, match="direction"):
        team_lines([], single_ranking=False, teams=[7])
    assert team_lines([], single_ranking=False, teams={7: Side.EW}) == {7: Side.EW}


def test_the_ranking_of_a_direction_is_asked_by_name():
    results = [_match(1, 1, 1, 1, 4, 100, 200)]
    computation = compute("total", results, {}, single_ranking=False)
    assert computation.ranking("EW").entry(4).score == 200
    assert computation.ranking(Side.NS).direction is Side.NS
    with pytest.raises(ValueError):
        computation.ranking()
    with pytest.raises(KeyError):
        computation.ranking("NS").entry(4)
    single = compute("total", results, {}, single_ranking=True)
    with pytest.raises(ValueError):
        single.ranking("NS")

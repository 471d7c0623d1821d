"""Across the field: a worked example by hand (two boards in three clubs, unequal plays, an
adjusted table and a late one), the datum across the field, the rankings (directions, one field,
regions, clubs with their local percentages, field-size groups, shared ranks) and the
incremental field (an upload replaced, a club taken out) against a fresh scoring."""

import pickle
from fractions import Fraction as F

import pytest

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    FieldResult,
    FieldScoring,
    FieldSession,
    FieldTeam,
    Scope,
    ScoringOptions,
    field_size_groups,
    score_field,
)
from scoring.engine.cards import Side


def played(club, board, table, ns, ew, net, *, round_=1, session=1):
    """A played table whose NS team's net is ``net`` (marks split as a deal would)."""
    marks = (net, 0) if net >= 0 else (0, -net)
    result = BoardResult(board, round_, table, ns, ew, ns_marks=marks[0], ew_marks=marks[1])
    return FieldResult(club, session, result)


def adjusted(club, board, table, ns, ew, ns_adjusted, ew_adjusted):
    result = BoardResult(board, 1, table, ns, ew, ns_adjusted=ns_adjusted, ew_adjusted=ew_adjusted)
    return FieldResult(club, 1, result)


# Club A: 2 tables, club B: 1 table, club C: 3 tables, each NS team t against EW team t + 1.
# Board 1: played everywhere, table 3 of C adjusted 60/40. Board 2: B does not play it, C's
# table 3 is late (no result).
SESSIONS = (
    FieldSession("A", expected_plays={1: 2, 2: 2}, region="Ouest"),
    FieldSession("B", expected_plays={1: 1}, region="Ouest"),
    FieldSession("C", expected_plays={1: 3, 2: 3}, region="Est"),
)
RESULTS = (
    played("A", 1, 1, 1, 2, 250),
    played("A", 1, 2, 3, 4, 100),
    played("B", 1, 1, 1, 2, 100),
    played("C", 1, 1, 1, 2, -80),
    played("C", 1, 2, 3, 4, -250),
    adjusted("C", 1, 3, 5, 6, Adjustment.AVERAGE_PLUS, Adjustment.AVERAGE_MINUS),
    played("A", 2, 1, 1, 2, 160, round_=2),
    played("A", 2, 2, 3, 4, -40, round_=2),
    played("C", 2, 1, 1, 2, 160, round_=2),
    played("C", 2, 2, 3, 4, 20, round_=2),
)


def percentages(ranking):
    return [(entry.team.club, entry.team.team, entry.percentage) for entry in ranking]


def test_the_field_e_is_the_most_plays_of_a_board_added_up_over_the_clubs():
    computation = score_field("matchpoints", RESULTS, SESSIONS)
    # Board 1: 2 + 1 + 3 plays in the clubs' movements, board 2: 2 + 3.
    assert computation.common_plays == 6
    assert computation.common_top == 10


def test_board_1_five_played_in_three_clubs_is_neuberg_scaled_to_six():
    computation = score_field("matchpoints", RESULTS, SESSIONS)
    # Nets +250, +100, +100, -80, -250: raw 8, 5, 5, 2, 0 among five; (M + 1) x 6/5 - 1.
    scores = {(s.club, s.score.result.table): s.score for s in computation.traveller(1)}
    assert scores[("A", 1)].ns_score == F(49, 5)  # 9 x 6/5 - 1
    assert scores[("A", 2)].ns_score == F(31, 5)  # 6 x 6/5 - 1
    assert scores[("B", 1)].ns_score == F(31, 5)
    assert scores[("C", 1)].ns_score == F(13, 5)  # 3 x 6/5 - 1
    assert scores[("C", 2)].ns_score == F(1, 5)  # 1 x 6/5 - 1
    assert scores[("A", 1)].ew_score == F(1, 5)  # the top minus the NS score
    # The adjusted table: 60 % and 40 % of the common top, out of the others' comparison.
    assert (scores[("C", 3)].ns_score, scores[("C", 3)].ew_score) == (6, 4)
    # The five played NS scores add up to A(E - 1) = 5 x 5: the board's average is half the top.
    assert sum(scores[key].ns_score for key in scores if key != ("C", 3)) == 25


def test_board_2_four_played_is_scaled_to_the_same_top():
    computation = score_field("matchpoints", RESULTS, SESSIONS)
    # Nets +160, -40, +160, +20: raw 5, 0, 5, 2 among four; (M + 1) x 6/4 - 1.
    by_table = {(s.club, s.score.result.table): s.score.ns_score for s in computation.traveller(2)}
    assert by_table == {("A", 1): 8, ("A", 2): F(1, 2), ("C", 1): 8, ("C", 2): F(7, 2)}
    assert computation.boards[2].plays == 4


def test_the_national_rankings_by_direction():
    computation = score_field("matchpoints", RESULTS, SESSIONS)
    # NS A1: (49/5 + 8) / 20 = 89 %; B1: 31/5 / 10 = 62 %; C5: its 60 %; C1: (13/5 + 8) / 20...
    assert percentages(computation.national(Side.NS)) == [
        ("A", 1, 89),
        ("B", 1, 62),
        ("C", 5, 60),
        ("C", 1, 53),
        ("A", 3, F(67, 2)),
        ("C", 3, F(37, 2)),
    ]
    assert percentages(computation.national("EW")) == [
        ("C", 4, F(163, 2)),
        ("A", 4, F(133, 2)),
        ("C", 2, 47),
        ("C", 6, 40),
        ("B", 2, 38),
        ("A", 2, 11),
    ]
    assert [entry.rank for entry in computation.national(Side.NS)] == [1, 2, 3, 4, 5, 6]


def test_a_club_ranking_gives_the_field_and_the_local_percentages():
    computation = score_field("matchpoints", RESULTS, SESSIONS)
    club = computation.ranking(Scope.CLUB, Side.NS, name="C")
    assert [entry.team for entry in club] == [
        FieldTeam("C", 1, 5),
        FieldTeam("C", 1, 1),
        FieldTeam("C", 1, 3),
    ]
    assert [entry.rank for entry in club] == [1, 2, 3]
    # In its own room C1 had -80 against -250 on board 1 and +160 against +20 on board 2:
    # 3.5 of 4 twice (Neuberg from 2 to 3 plays), 87.5 % locally, 53 % across the field.
    team_1 = club.entry(FieldTeam("C", 1, 1))
    assert team_1.percentage == 53
    assert team_1.local is not None and team_1.local.percentage == F(175, 2)
    assert team_1.local.rank == 1


def test_regions_rank_their_clubs_teams_again():
    computation = score_field("matchpoints", RESULTS, SESSIONS)
    west = computation.ranking(Scope.REGION, Side.NS, name="Ouest")
    assert percentages(west) == [("A", 1, 89), ("B", 1, 62), ("A", 3, F(67, 2))]
    assert [entry.rank for entry in west] == [1, 2, 3]
    assert [ranking.name for ranking in computation.scopes(Scope.REGION)] == [
        "Est",
        "Est",
        "Ouest",
        "Ouest",
    ]


def test_field_size_groups_rank_small_clubs_apart_on_the_field_figures():
    computation = score_field("matchpoints", RESULTS, SESSIONS, table_groups=(3,))
    small = computation.ranking(Scope.FIELD_SIZE, Side.EW, tables=(1, 3))
    large = computation.ranking(Scope.FIELD_SIZE, Side.EW, tables=(3, None))
    assert percentages(small) == [("A", 4, F(133, 2)), ("B", 2, 38), ("A", 2, 11)]
    assert percentages(large) == [("C", 4, F(163, 2)), ("C", 2, 47), ("C", 6, 40)]
    assert field_size_groups((5, 10)) == ((1, 5), (5, 10), (10, None))
    with pytest.raises(ValueError, match="increasing"):
        field_size_groups((5, 5))


def test_equal_percentages_share_the_rank():
    results = (
        played("A", 1, 1, 1, 2, 100),
        played("B", 1, 1, 1, 2, 100),
        played("C", 1, 1, 1, 2, -50),
    )
    ranking = score_field("matchpoints", results).national(Side.NS)
    assert [(entry.team.club, entry.display_rank) for entry in ranking] == [
        ("A", "1="),
        ("B", "1="),
        ("C", "3"),
    ]


def test_the_datum_is_the_mean_of_every_club_s_nets():
    computation = score_field("datum", RESULTS, SESSIONS)
    # Board 1: (250 + 100 + 100 - 80 - 250) / 5 = 24, datum 20; C's adjusted table +50/-50.
    assert computation.boards[1].datum == 20
    scores = {(s.club, s.score.result.table): s.score for s in computation.traveller(1)}
    assert (scores[("A", 1)].ns_score, scores[("A", 1)].ew_score) == (230, -230)
    assert (scores[("C", 3)].ns_score, scores[("C", 3)].ew_score) == (50, -50)
    # Board 2: (160 - 40 + 160 + 20) / 4 = 75, datum 80 (a 5 goes up).
    assert computation.boards[2].datum == 80
    ranking = computation.national(Side.NS)
    assert [(e.team.club, e.team.team, e.score) for e in ranking][:2] == [
        ("A", 1, 310),
        ("B", 1, 80),
    ]
    assert all(entry.percentage is None for entry in ranking)


def test_datum_options_apply_across_the_field():
    options = ScoringOptions(datum_drop_extremes=True, datum_adjustment_points=30)
    computation = score_field("datum", RESULTS, SESSIONS, options=options)
    # Board 1 without +250 and -250: (100 + 100 - 80) / 3 = 40.
    assert computation.boards[1].datum == 40
    scores = {(s.club, s.score.result.table): s.score for s in computation.traveller(1)}
    assert scores[("C", 3)].ns_score == 30


def test_a_howell_club_is_ranked_in_one_field_beside_the_directions():
    howell = FieldSession("H", single_ranking=True)
    results = (
        *RESULTS,
        played("H", 1, 1, 1, 2, 100),
        played("H", 2, 1, 2, 1, 20, round_=2),
    )
    computation = score_field("matchpoints", results, (*SESSIONS, howell))
    assert [ranking.direction for ranking in computation.scopes(Scope.NATIONAL)] == [
        Side.NS,
        Side.EW,
        None,
    ]
    one_field = computation.national(None)
    assert {entry.team.club for entry in one_field} == {"H"}
    # Merged: every team in one national ranking.
    merged = score_field("matchpoints", results, (*SESSIONS, howell), merge_directions=True)
    assert [ranking.direction for ranking in merged.scopes(Scope.NATIONAL)] == [None]
    assert len(merged.national()) == 14


def test_an_arrow_switched_table_is_compared_on_the_cards_it_held():
    switched = BoardResult(1, 1, 1, 1, 2, ns_marks=0, ew_marks=100, arrow_switched=True)
    results = (
        FieldResult("S", 1, switched),  # NS team 1 held the E-W cards: N-S cards net +100
        played("A", 1, 1, 1, 2, 100),
        played("B", 1, 1, 1, 2, -50),
    )
    sessions = (FieldSession("S", single_ranking=True),)
    computation = score_field("matchpoints", results, sessions)
    scores = {s.club: s.score for s in computation.traveller(1)}
    assert scores["A"].ns_score == 3  # ties the N-S cards of S
    assert (scores["S"].ns_score, scores["S"].ew_score) == (1, 3)


def test_a_late_club_s_upload_changes_the_field_and_a_repeated_one_nothing():
    field = FieldScoring("matchpoints")
    for session in SESSIONS[:2]:
        field.put_session(session, [line.result for line in RESULTS if line.club == session.club])
    before = field.computation()
    assert before.common_plays == 3
    late = [line.result for line in RESULTS if line.club == "C"]
    assert field.put_session(SESSIONS[2], late) == {1, 2}
    after = field.computation()
    assert after.common_plays == 6
    assert after.national(Side.NS) != before.national(Side.NS)
    assert field.put_session(SESSIONS[2], late) == {1, 2}
    assert field.computation() == after
    assert after == score_field("matchpoints", RESULTS, SESSIONS)


def test_a_correction_replaces_the_club_s_results_and_a_withdrawal_takes_them_out():
    field = FieldScoring("matchpoints")
    for session in SESSIONS:
        field.put_session(session, [line.result for line in RESULTS if line.club == session.club])
    corrected = [played("B", 1, 1, 1, 2, 300).result]
    field.put_session(SESSIONS[1], corrected)
    fresh = score_field(
        "matchpoints",
        [line for line in RESULTS if line.club != "B"] + [FieldResult("B", 1, corrected[0])],
        SESSIONS,
    )
    assert field.computation() == fresh
    assert field.remove_session("B") == {1}
    without = score_field(
        "matchpoints", [line for line in RESULTS if line.club != "B"], (SESSIONS[0], SESSIONS[2])
    )
    assert field.computation() == without
    with pytest.raises(KeyError):
        field.remove_session("B")


def test_inconsistent_results_are_refused_and_leave_the_field_as_it_was():
    field = FieldScoring("matchpoints")
    field.put_session(SESSIONS[0], [line.result for line in RESULTS if line.club == "A"])
    before = field.computation()
    twice = [played("C", 1, 1, 1, 2, 80).result, played("C", 1, 1, 3, 4, 80).result]
    with pytest.raises(ValueError, match="two results for board 1 at table 1"):
        field.put_session(FieldSession("C"), twice)
    too_many = [played("C", 1, t, 2 * t - 1, 2 * t, 10 * t).result for t in (1, 2)]
    with pytest.raises(ValueError, match="played 1 times"):
        field.put_session(FieldSession("C", expected_plays={1: 1}), too_many)
    assert field.computation() == before


def test_total_points_and_a_common_plays_below_a_board_s_are_refused():
    with pytest.raises(ValueError, match="matchpoints or datum"):
        score_field("total", RESULTS, SESSIONS)
    with pytest.raises(ValueError, match="cannot be below"):
        score_field("matchpoints", RESULTS, SESSIONS, common_plays=5)
    # Above: every board scaled to the larger top.
    assert score_field("matchpoints", RESULTS, SESSIONS, common_plays=8).common_top == 14


def test_sessions_are_checked():
    with pytest.raises(ValueError, match="club"):
        FieldSession("")
    with pytest.raises(ValueError, match="session"):
        FieldSession("A", session=0)
    with pytest.raises(ValueError, match="table"):
        FieldSession("A", tables=0)
    with pytest.raises(ValueError, match="expected plays"):
        FieldSession("A", expected_plays={1: -1})


def test_a_club_s_two_sessions_are_two_fields_of_teams():
    results = (
        played("A", 1, 1, 1, 2, 100, session=1),
        played("A", 1, 1, 1, 2, 50, session=2),
    )
    computation = score_field("matchpoints", results)
    club = computation.ranking(Scope.CLUB, Side.NS, name="A")
    assert [entry.team for entry in club] == [FieldTeam("A", 1, 1), FieldTeam("A", 2, 1)]
    assert [entry.percentage for entry in club] == [100, 0]


def test_a_board_played_once_in_the_field_gets_the_average():
    results = (*RESULTS, played("C", 3, 1, 1, 2, 90, round_=3))
    sessions = (*SESSIONS[:2], FieldSession("C", expected_plays={1: 3, 2: 3, 3: 3}))
    computation = score_field("matchpoints", results, sessions)
    # (0 + 1) x 6/1 - 1 = 5: half the common top, for both sides.
    (only,) = computation.traveller(3)
    assert (only.score.ns_score, only.score.ew_score) == (5, 5)


def test_datum_needs_no_expected_plays_for_every_board():
    sessions = (FieldSession("A", expected_plays={1: 2}), SESSIONS[2])
    results = [line for line in RESULTS if line.club in ("A", "C")]
    computation = score_field("datum", results, sessions)
    assert computation.boards[2].datum == 80  # (160 - 40 + 160 + 20) / 4 = 75 -> 80


def test_sessions_are_values_that_can_be_kept_in_a_set():
    assert len({SESSIONS[0], FieldSession("A", expected_plays={1: 2, 2: 2}, region="Ouest")}) == 1


def test_a_computation_and_a_kept_field_can_be_pickled_for_a_cache_or_a_worker():
    field = FieldScoring("matchpoints")
    for session in SESSIONS:
        field.put_session(session, [line.result for line in RESULTS if line.club == session.club])
    computation = field.computation()
    assert pickle.loads(pickle.dumps(computation)) == computation
    assert pickle.loads(pickle.dumps(field)).computation() == computation

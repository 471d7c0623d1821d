"""The reads other apps use (printing, API): rankings, travellers, scorecards, freshness."""

import pytest
from django.utils import timezone

from tests.support.factories import add_plan, add_teams, make_tournament, small_tournament
from tests.support.standings import MITCHELL_RESULTS, SMALL_HOWELL, enter, put_result
from tournaments.setup.models import TableAssignment, Team
from tournaments.standings import selectors

pytestmark = pytest.mark.django_db


@pytest.fixture
def mitchell(django_capture_on_commit_callbacks):
    tournament = small_tournament(scoring_method="matchpoints")
    enter(tournament, MITCHELL_RESULTS, django_capture_on_commit_callbacks)
    return tournament


def test_nothing_is_ranked_before_the_first_computation():
    tournament = small_tournament()

    assert selectors.current_ranking(tournament) is None
    freshness = selectors.freshness(tournament)
    assert (freshness.version, freshness.pending, freshness.age_seconds()) == (0, False, None)


def test_freshness_says_pending_from_the_first_change():
    tournament = small_tournament()
    before = timezone.now()

    put_result(tournament, 1, 1, 1, 160, 0)  # its job never ran (no commit hook here)

    freshness = selectors.freshness(tournament)
    assert freshness.pending and freshness.pending_since >= before


def test_current_ranking_keeps_one_direction_of_a_mitchell(mitchell):
    ranking = selectors.current_ranking(mitchell, direction="EW")

    assert [entry["team"] for entry in ranking.entries] == [4, 5, 6]
    assert ranking.directions == ("EW",)
    assert not ranking.single
    assert [d for d, _ in selectors.current_ranking(mitchell).by_direction()] == ["NS", "EW"]
    with pytest.raises(ValueError, match="NS or EW"):
        selectors.current_ranking(mitchell, direction="N")


def test_a_single_ranking_has_no_direction_to_ask_for(django_capture_on_commit_callbacks):
    tournament = make_tournament(movement_type="howell", rounds=3)
    add_teams(tournament, 4)
    add_plan(tournament, SMALL_HOWELL)
    with django_capture_on_commit_callbacks(execute=True):
        put_result(tournament, 1, 1, 1, 100, 60)

    ranking = selectors.current_ranking(tournament)
    assert ranking.single and ranking.directions == (None,)
    with pytest.raises(ValueError, match="single ranking"):
        selectors.current_ranking(tournament, direction="NS")


def test_an_arrow_switched_mitchell_has_a_single_ranking(django_capture_on_commit_callbacks):
    tournament = small_tournament(arrow_switch=True)
    # The plan's last round is arrow-switched (as generated): some teams play both hands.
    TableAssignment.objects.filter(round__tournament=tournament, round__number=3).update(
        arrow_switch=True
    )
    with django_capture_on_commit_callbacks(execute=True):
        put_result(tournament, 1, 1, 1, 100, 60)

    assert selectors.current_ranking(tournament).single


def test_board_traveller_lists_every_table_in_round_order(mitchell):
    traveller = selectors.board_traveller(mitchell, 1)

    assert traveller.finished and (traveller.expected, traveller.scored) == (3, 3)
    assert [(line.round, line.table) for line in traveller.lines] == [(1, 1), (2, 3), (3, 2)]
    first = traveller.lines[0]
    assert (first.ns_team, first.ew_team, first.ns_name) == (1, 4, "Équipe 1")
    assert (first.ns_marks, first.ew_marks, first.ns_score, first.ew_score) == (160, 0, 3, 1)
    assert first.ns_percentage == 75 and first.top == 4
    assert first.record["contract"]["bid"] == 80 and first.made is True


def test_board_traveller_of_a_board_missing_a_table_is_not_finished(mitchell):
    traveller = selectors.board_traveller(mitchell, 2)

    assert not traveller.finished and (traveller.expected, traveller.scored) == (3, 2)
    assert not selectors.board_finished(mitchell, 2)
    assert selectors.board_finished(mitchell, 1)


def test_an_adjusted_line_has_no_record(mitchell):
    line = next(line for line in selectors.board_traveller(mitchell, 3).lines if line.adjusted)

    assert (line.ns_adjustment, line.ew_adjustment) == ("A+", "A-")
    assert line.record is None and line.ns_marks is None


def test_team_scorecard_by_number_or_team(mitchell):
    by_number = selectors.team_scorecard(mitchell, 4)
    by_team = selectors.team_scorecard(mitchell, Team.objects.get(tournament=mitchell, number=4))

    assert by_number == by_team
    # Team 4 (EW): boards 1 (1), 2 (3.5), 5 (2), 6 (4), 3 (3.5), 4 (4) = 18, 75 %.
    assert [line.board for line in by_number.lines] == [1, 2, 5, 6, 3, 4]
    assert [line.score for line in by_number.lines] == [1, 3.5, 2, 4, 3.5, 4]
    assert by_number.total == 18 and by_number.percentage == 75
    assert {line.direction for line in by_number.lines} == {"EW"}
    assert by_number.lines[0].opponent == 1 and by_number.lines[0].marks == 0
    with pytest.raises(Team.DoesNotExist):
        selectors.team_scorecard(mitchell, 99)


def test_board_statuses_follow_the_plan(mitchell):
    statuses = {status.board: status for status in selectors.board_statuses(mitchell)}

    assert sorted(statuses) == [1, 2, 3, 4, 5, 6]
    assert [board for board, status in statuses.items() if not status.finished] == [2]

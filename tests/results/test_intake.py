"""The entry adapter (``results.services.intake``): who is told what of a record's problems.

Every entry path is run against it in ``tests/integrity/test_entry_paths.py``; here, its oracle
on its own."""

import pytest

from scoring.engine.record_errors import FieldError, ResultValidationError
from tests.support.factories import small_tournament, team_at
from tests.support.results import CLAIM_EVERYTHING, assignment
from tournaments.results import services
from tournaments.results.exceptions import EntryInvalid
from tournaments.results.services.intake import Oracle

pytestmark = pytest.mark.django_db

REFUSAL = ResultValidationError(
    [
        FieldError("taker_points", "points_out_of_range", "The points…", {"value": 163}),
        FieldError("annonces.1", "annonce_not_held", "%(seat)s…", {"seat": "E", "cards": "A♥"}),
    ]
)


def test_a_blind_caller_is_never_told_a_problem_only_the_hands_can_tell(make_user):
    tournament = small_tournament(arbiter=make_user("arnaud", "arbiter"))
    blind = Oracle(team_at(assignment(tournament, 1, 1), "NS"), tournament, 1)
    system = Oracle(None, tournament, 1)

    assert (blind(), system()) == (False, True)
    assert [item.code for item in blind.refusal(REFUSAL).problems] == ["points_out_of_range"]
    assert [item.code for item in system.refusal(REFUSAL).problems] == [
        "points_out_of_range",
        "annonce_not_held",
    ]


def test_the_oracle_is_asked_once(make_user, django_assert_num_queries):
    tournament = small_tournament(arbiter=make_user("arnaud", "arbiter"))
    oracle = Oracle(team_at(assignment(tournament, 1, 1), "NS"), tournament, 1)
    with django_assert_num_queries(1):
        assert oracle() is False
        assert oracle() is False


def test_take_result_raises_one_neutral_error_and_stores_the_flags(make_user):
    tournament = small_tournament(arbiter=make_user("arnaud", "arbiter"))
    row = assignment(tournament, 1, 1)
    refused = {**CLAIM_EVERYTHING, "taker_points": 163}
    with pytest.raises(EntryInvalid) as error:
        services.take_result(
            assignment=row, board_number=1, record=refused, by=team_at(row, "NS"), source="table"
        )
    problems = error.value.problems
    assert [(item.field, item.code) for item in problems] == [
        ("taker_points", "points_out_of_range")
    ]
    assert (error.value.code, error.value.status) == ("invalid", 400)
    assert "163" in problems[0].text()

    stored = services.take_result(
        assignment=row,
        board_number=1,
        record=CLAIM_EVERYTHING,
        by=team_at(row, "NS"),
        source="table",
    )
    assert "annonce_not_held" in {flag["code"] for flag in stored.flags}

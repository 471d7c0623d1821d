"""A result version's API representation is written out by hand
(``ResultSerializer.to_representation``: the declared fields cost more to build than an entry's
SQL). It must be exactly what DRF makes of the declared fields — the schema's description — for
versions in every state, for callers who see the hands and callers who do not."""

import json

import pytest
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from tests.support.api import MADE_80_HEARTS
from tests.support.factories import demo_tournament
from tournaments.api.permissions import Access
from tournaments.api.serializers import ResultSerializer
from tournaments.results.models import Result
from tournaments.results.services import (
    adjust_result,
    assign_score,
    confirm_result,
    dispute_result,
    record_result,
)
from tournaments.setup.policy import team_actor

pytestmark = pytest.mark.django_db


@pytest.fixture
def every_state(cast):
    """Versions entered, confirmed, disputed, adjusted, assigned, replaced (not current), one
    with flags, one confirmed by the other team."""
    tournament = demo_tournament(organizer=cast["organizer"], arbiter=cast["arbiter"])
    round_ = tournament.round_set.get(number=1)
    first, second, third = round_.assignments.order_by("table__number")
    current = Result.objects.get(assignment=first, board_number=first.boards[0], is_current=True)
    record_result(
        assignment=first,
        board_number=first.boards[0],
        data=MADE_80_HEARTS,
        replace_version=current.version,
        by=cast["arbiter"],
    )
    current = Result.objects.get(assignment=second, board_number=second.boards[0], is_current=True)
    adjust_result(
        assignment=second,
        board_number=second.boards[0],
        ns_adjustment="A+",
        ew_adjustment="A-",
        replace_version=current.version,
        by=cast["arbiter"],
    )
    current = Result.objects.get(assignment=third, board_number=third.boards[0], is_current=True)
    assign_score(
        assignment=third,
        board_number=third.boards[0],
        ns_marks=160,
        ew_marks=0,
        replace_version=current.version,
    )
    Result.objects.filter(pk=current.pk).update(
        flags=[{"code": "annonce_not_held", "seat": "N"}], dispute_reason="Vu par l'arbitre"
    )
    round_ = tournament.round_set.get(number=2)
    for assignment, dispute in zip(
        round_.assignments.order_by("table__number")[:2], [0, 1], strict=True
    ):
        board = assignment.boards[-1]
        Result.objects.filter(assignment=assignment, board_number=board).delete()
        entered = record_result(
            assignment=assignment,
            board_number=board,
            data=MADE_80_HEARTS,
            by=team_actor(assignment.ns_team),
        )
        if dispute:
            dispute_result(result=entered, reason="Pas d'accord", by=team_actor(assignment.ew_team))
        else:
            confirm_result(result=entered, by=team_actor(assignment.ew_team))
    return tournament


@pytest.mark.parametrize("sees_hands", [True, False])
def test_the_written_out_representation_is_the_declared_one(every_state, cast, sees_hands):
    access = Access(user=cast["organizer"], organizer=True, arbiter=True, sees_hands=sees_hands)
    versions = Result.objects.filter(tournament=every_state).select_related(
        "round", "table", "assignment__ns_team", "assignment__ew_team"
    )
    states = {(version.status, version.is_current) for version in versions}
    assert {status for status, _current in states} >= {
        "entered",
        "confirmed",
        "disputed",
        "adjusted",
    }
    assert (Result.Status.CONFIRMED, False) in states and any(v.flags for v in versions)
    for version in versions:
        serializer = ResultSerializer(version, context={"access": access})
        generic = serializers.ModelSerializer.to_representation(serializer, version)
        written = serializer.data
        assert list(written) == list(generic)
        assert json.loads(JSONRenderer().render(written)) == json.loads(
            JSONRenderer().render(generic)
        ), version

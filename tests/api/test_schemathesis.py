"""Property-based tests of the whole API against its own OpenAPI schema (schemathesis).

For every operation of the generated schema, up to 20 generated requests go through the WSGI
application, each sent twice: anonymously and with an organizer's token. No answer may be a
server error, use an undocumented status code or content type, or break its documented schema.
Path parameters are steered to the test tournament and to numbers that exist, so that the
requests reach real objects rather than only 404s.
"""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.support.api import played
from tests.support.depth import examples
from tests.support.factories import team_at
from tournaments.api.services import create_token
from tournaments.clubs.services import create_club, create_player
from tournaments.registration.models import Entry
from tournaments.results.services import record_result
from tournaments.seasons.services import create_season
from tournaments.standings.recomputation import recompute

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


@pytest.fixture
def world(cast, tournament):
    """The test tournament with results in every state, scores computed, and a token."""
    played(tournament, 1, 1, 1)
    played(
        tournament,
        1,
        2,
        3,
        passed=False,
        contract={"bid": 90, "strain": "S", "taker": "N", "coinche": 0},
        taker_points=110,
    )
    assignment = tournament.round_set.get(number=1).assignments.get(table__number=3)
    record_result(
        assignment=assignment, board_number=5, data={"passed": True}, by=team_at(assignment, "NS")
    )
    recompute(tournament.pk)
    _token, key = create_token(
        tournament=tournament, by=cast["organizer"], name="schemathesis", scope="organizer"
    )
    ids = list(tournament.results.values_list("pk", flat=True))
    players = list(tournament.players.values_list("pk", flat=True))
    club = create_club(name="Club de schemathesis", by=cast["organizer"])
    members = [
        create_player(club=club, first_name="Anne", last_name="Publique", public_consent=True).pk,
        create_player(club=club, first_name="Paul", last_name="Privé").pk,
    ]
    season = create_season(club=club, values={"name": "Saison", "method": "points"})
    entries = [
        Entry.objects.create(
            tournament=tournament,
            p1_first_name="Irène",
            p1_last_name=f"Joly{n}",
            p2_first_name="Karim",
            p2_last_name=f"Lemoine{n}",
            email=f"paire{n}@example.org",
            status=status,
        ).pk
        for n, status in enumerate(("pending", "waiting", "refused"))
    ]
    return {
        "entries": entries,
        "slug": tournament.slug,
        "key": key,
        "results": ids,
        "players": players,
        "club": club.slug,
        "members": members,
        "season": season.slug,
    }


@pytest.fixture(autouse=True)
def _requests_keep_the_test_connection():
    # The requests run in this thread inside the test's transaction, as Django's test client
    # does: the end of a request must not close the connection.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _config() -> schemathesis.Config:
    """Positive examples only (documented inputs, valid or refused by the rules), generated
    at random: the coverage phase's thousands of boundary cases would take minutes."""
    config = schemathesis.Config()
    project = config.projects.default
    project.generation.update(
        modes=[schemathesis.GenerationMode.POSITIVE], max_examples=examples(20)
    )
    project.phases.update(phases=["examples", "fuzzing"])
    return config


# Generating the schema reads no table: it can be loaded when the module is collected.
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application(), config=_config())


def _steer(case, world) -> None:
    """Point generated path parameters at the test tournament's objects."""
    parameters = case.path_parameters or {}
    if "slug" in parameters:
        parameters["slug"] = world["slug"]
        if case.path.startswith("/api/v1/clubs/"):
            parameters["slug"] = world["club"]
        elif case.path.startswith("/api/v1/seasons/"):
            parameters["slug"] = world["season"]
    if "club" in parameters:
        parameters["club"] = world["club"]
    if isinstance(parameters.get("number"), int):
        parameters["number"] = parameters["number"] % 8
    if isinstance(parameters.get("id"), int):
        pool = world["players"] if "/players/" in case.path else world["results"]
        if case.path.startswith("/api/v1/clubs/"):
            pool = world["members"]
        elif "/registrations/" in case.path:
            pool = world["entries"]
        parameters["id"] = pool[parameters["id"] % len(pool)]


@schema.parametrize()
@settings(
    max_examples=examples(20),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_its_schema_says(case, world):
    _steer(case, world)
    case.call_and_validate(checks=CHECKS)
    case.call_and_validate(headers={"Authorization": f"Bearer {world['key']}"}, checks=CHECKS)

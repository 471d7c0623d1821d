"""The schema as an integrator meets it: openapi-python-client, with its default settings,
generates a typed client from the live server's /api/schema/, and that client lists the
tournaments, enters a result with an arbiter's token and reads the ranking.

The client is generated into the test's temporary folder, never kept in the tree.
"""

import importlib
import os
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest

from tests.support.api import played
from tournaments.api.services import create_token
from tournaments.standings.recomputation import recompute

pytestmark = pytest.mark.slow

PACKAGE = "coinche_duplicate_api_client"  # from the schema's title
GENERATOR = Path(sys.executable).parent / "openapi-python-client"


@pytest.fixture
def server(live_server, monkeypatch):
    from django.db import connections

    # The live server answers each request in a new thread: close its connection afterwards,
    # or the test database cannot be dropped at the end of the run.
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    yield live_server.url
    connections.close_all()


@pytest.fixture
def generated(server, tmp_path, monkeypatch):
    """The generated package, imported from the temporary folder."""
    schema = tmp_path / "schema.yaml"
    schema.write_bytes(httpx.get(f"{server}/api/schema/").raise_for_status().content)
    output = tmp_path / "client"
    # The generator formats its output with ruff (from the same virtualenv): PATH must find it.
    env = dict(os.environ, PATH=f"{GENERATOR.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    run = subprocess.run(  # noqa: S603 - fixed arguments
        [GENERATOR, "generate", "--path", schema, "--output-path", output],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Warning" not in run.stdout + run.stderr, run.stdout + run.stderr
    monkeypatch.syspath_prepend(str(output))
    yield importlib.import_module(PACKAGE)
    for name in [name for name in sys.modules if name.partition(".")[0] == PACKAGE]:
        del sys.modules[name]


def test_a_generated_client_lists_enters_a_result_and_reads_the_ranking(
    generated, server, tournament, cast
):
    from coinche_duplicate_api_client import AuthenticatedClient, Client
    from coinche_duplicate_api_client.api.results import tournaments_results_create
    from coinche_duplicate_api_client.api.standings import tournaments_rankings_retrieve
    from coinche_duplicate_api_client.api.tournaments import tournaments_list
    from coinche_duplicate_api_client.models import (
        Adjustment,
        BlankEnum,
        Coinche,
        ContractRequest,
        PaginatedTournamentList,
        Ranking,
        Result,
        ResultCreateRequest,
        ResultRecordRequest,
        ResultSource,
        ResultStatus,
        ScoringMethod,
        Seat,
        Side,
        Strain,
        TournamentStatus,
    )

    assert {member.name: member.value for member in Adjustment} == {
        "AVERAGE_MINUS": "A-",
        "AVERAGE": "A",
        "AVERAGE_PLUS": "A+",
    }

    # Anyone lists the tournaments. (openapi-python-client 0.29 still types every operation with
    # a security requirement as taking an AuthenticatedClient, even with the anonymous {} one:
    # openapi-generators/openapi-python-client#1372. A plain Client works all the same.)
    page = tournaments_list.sync(client=Client(base_url=server), status=TournamentStatus.RUNNING)
    assert isinstance(page, PaginatedTournamentList)
    assert [(t.slug, t.status) for t in page.results] == [
        (tournament.slug, TournamentStatus.RUNNING)
    ]

    # Board 1 is played at table 1 in round 1, table 3 in round 2, table 2 in round 3: the
    # last two are in, the arbiter's script enters the first.
    for round_number, table in ((2, 3), (3, 2)):
        played(
            tournament,
            round_number,
            table,
            1,
            contract={"bid": 80, "strain": "S", "taker": "E", "coinche": 0},
            taker_points=90 + 10 * table,
        )
    _token, key = create_token(
        tournament=tournament, by=cast["organizer"], name="script", scope="arbiter"
    )
    arbiter = AuthenticatedClient(base_url=server, token=key)
    entry = ResultCreateRequest(
        round_=1,
        table=1,
        board=1,
        record=ResultRecordRequest(
            passed=False,
            contract=ContractRequest(
                bid=80, strain=Strain.SPADES, taker=Seat.EAST, coinche=Coinche.NONE
            ),
            taker_points=100,
            capot=None,
            belote=[],
            annonces=[],
        ),
    )
    result = tournaments_results_create.sync(
        tournament.slug, client=arbiter, body=entry, idempotency_key=str(uuid.uuid4())
    )

    assert isinstance(result, Result), result
    assert result.status is ResultStatus.CONFIRMED
    assert result.source is ResultSource.API
    assert result.record.contract.taker is Seat.EAST
    assert result.ns_adjustment is BlankEnum.BLANK
    assert (result.score.ns, result.score.ew, result.score.made) == (60, 180, True)

    # The job an entry enqueues, run here: the test does not depend on how jobs run.
    recompute(tournament.pk)
    ranking = tournaments_rankings_retrieve.sync(tournament.slug, client=Client(base_url=server))

    assert isinstance(ranking, Ranking)
    assert ranking.method is ScoringMethod.MATCHPOINTS
    assert ranking.results_counted == 3
    assert {entry.direction for entry in ranking.entries} == {Side.NS, Side.EW}
    assert sorted(e.team for e in ranking.entries if e.direction is Side.NS) == [1, 2, 3]

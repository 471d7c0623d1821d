"""The API shows the arbiter's corrections: an assigned score on the result and the per-board
score, a procedural penalty in the ranking entry."""

import pytest

from tests.support.results import assignment
from tournaments.results import services

pytestmark = pytest.mark.django_db


def test_an_assigned_score_and_a_penalty_read_through_the_api(
    tournament, cast, client_for, api_root, django_capture_on_commit_callbacks
):
    arbiter = cast["arbiter"]
    with django_capture_on_commit_callbacks(execute=True):
        result = services.assign_score(
            assignment=assignment(tournament, 1, 1),
            board_number=1,
            ns_marks=160,
            ew_marks=0,
            by=arbiter,
        )
        services.record_result(
            assignment=assignment(tournament, 3, 2), board_number=1, data=_passed(), by=arbiter
        )
        services.give_penalty(
            tournament=tournament,
            team=tournament.teams.get(number=4),
            amount=50,
            reason="Retard",
            by=arbiter,
        )
    client = client_for("arbiter")
    base = f"{api_root}/tournaments/{tournament.slug}"

    body = client.get(f"{base}/results/{result.pk}/").json()
    assert (body["status"], body["assigned_score"], body["score"]["ns"]) == ("adjusted", True, 160)
    assert body["ns_adjustment"] == "" and body["record"] is None

    scores = client.get(f"{base}/scores/", {"board": 1}).json()
    rows = scores["results"] if isinstance(scores, dict) else scores
    by_table = {row["table"]: row for row in rows}
    assert (by_table[1]["assigned"], by_table[1]["ns_marks"]) == (True, 160)
    assert by_table[2]["assigned"] is False

    ranking = client.get(f"{base}/rankings/", {"direction": "EW"}).json()
    entry = next(entry for entry in ranking["entries"] if entry["team"] == 4)
    # 50 % of the common top (3 plays: top 4) is 2 matchpoints.
    assert entry["penalty"] == 2
    others = [entry["penalty"] for entry in ranking["entries"] if entry["team"] != 4]
    assert set(others) == {0}


def _passed() -> dict:
    return {"passed": True, "contract": None}

"""Procedural penalties and assigned scores through the API: the arbiters' writes of the
arbiter's pages, through the same services (same checks, same audit events, standings marked
stale), with structured 400s."""

import pytest

from tests.support.api import bearer, played
from tests.support.standings import is_stale
from tournaments.api.services import create_token
from tournaments.results.models import Penalty, Result, ResultEvent
from tournaments.results.services.penalties import penalty_snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def base(tournament):
    return f"/api/v1/tournaments/{tournament.slug}"


# --- Penalties ---------------------------------------------------------------------------------


def test_an_arbiter_penalizes_a_team_on_a_board_audited_like_the_page(
    client_for, base, tournament, cast
):
    response = client_for("arbiter").post(
        f"{base}/penalties/",
        {"team": 1, "amount": 2, "reason": "Téléphone à table", "board": 1},
        format="json",
        REMOTE_ADDR="4.4.4.4",
    )

    assert response.status_code == 201
    body = response.json()
    penalty = Penalty.objects.get(pk=body["id"])
    assert {key: body[key] for key in ("team", "board", "amount", "unit", "removed")} == {
        "team": 1,
        "board": 1,
        "amount": 2,
        "unit": "percent",
        "removed": False,
    }
    assert body["round"] == penalty.round_number and penalty.given_by == cast["arbiter"]
    event = ResultEvent.objects.get(penalty=penalty)
    assert (event.action, event.actor, event.board_number) == ("penalty", cast["arbiter"], 1)
    assert event.after == penalty_snapshot(penalty=penalty) and event.before is None
    assert event.ip_address is not None
    assert is_stale(tournament)


def test_a_session_penalty_counts_from_the_round_named(client_for, base):
    response = client_for("organizer").post(
        f"{base}/penalties/",
        {"team": 3, "amount": 1, "reason": "Retard", "round": 2},
        format="json",
    )

    assert response.status_code == 201
    assert (response.json()["board"], response.json()["round"]) == (None, 2)


@pytest.mark.parametrize(
    ("body", "field", "code", "message"),
    [
        ({"team": 1, "amount": 101, "reason": "Retard"}, None, "invalid_action", "au plus"),
        ({"team": 1, "amount": 2, "reason": "  "}, "reason", "blank", ""),
        ({"team": 1, "amount": 2}, "reason", "required", ""),
        ({"team": 1, "amount": 0, "reason": "Retard"}, "amount", "min_value", ""),
        ({"team": 99, "amount": 2, "reason": "Retard"}, "team", "unknown_team", "équipe"),
        ({"team": 1, "amount": 2, "reason": "Retard", "board": 99}, None, "invalid_action", "99"),
        ({"team": 1, "amount": 2, "reason": "Retard", "round": 9}, None, "invalid_action", "9"),
    ],
)
def test_a_bad_penalty_is_a_structured_400_and_nothing_is_stored(
    client_for, base, body, field, code, message
):
    response = client_for("arbiter").post(f"{base}/penalties/", body, format="json")

    assert response.status_code == 400
    answer = response.json()
    if field is None:
        assert answer["code"] == code and message in answer["message"]
    else:
        [error] = answer["errors"]
        assert (error["field"], error["code"]) == (field, code)
        assert message in error["message"]
    assert not Penalty.objects.exists() and not ResultEvent.objects.exists()


def test_an_arbiter_removes_a_penalty_once_and_the_list_keeps_it(
    client_for, base, tournament, cast
):
    arbiter = client_for("arbiter")
    given = arbiter.post(
        f"{base}/penalties/", {"team": 2, "amount": 3, "reason": "Retard"}, format="json"
    ).json()

    removed = arbiter.post(
        f"{base}/penalties/{given['id']}/remove/", {"reason": "Erreur"}, format="json"
    )
    again = arbiter.post(f"{base}/penalties/{given['id']}/remove/", {}, format="json")
    listed = arbiter.get(f"{base}/penalties/").json()

    assert removed.status_code == 200
    assert removed.json()["removed"] is True and removed.json()["removal_reason"] == "Erreur"
    assert again.status_code == 400 and again.json()["code"] == "invalid_action"
    assert [penalty["id"] for penalty in listed["results"]] == [given["id"]]
    events = ResultEvent.objects.filter(penalty_id=given["id"]).order_by("pk")
    assert [(event.action, event.actor) for event in events] == [
        ("penalty", cast["arbiter"]),
        ("unpenalty", cast["arbiter"]),
    ]
    assert events[1].before["removed"] is False and events[1].after["removed"] is True
    unknown = arbiter.post(f"{base}/penalties/999999/remove/", {}, format="json")
    assert unknown.status_code == 404


def test_an_arbiter_token_writes_in_its_creator_s_name(base, tournament, cast):
    _, key = create_token(
        tournament=tournament, by=cast["organizer"], name="Arbitrage", scope="arbiter"
    )

    response = bearer(key).post(
        f"{base}/penalties/", {"team": 1, "amount": 1, "reason": "Bruit"}, format="json"
    )

    assert response.status_code == 201
    event = ResultEvent.objects.get(penalty_id=response.json()["id"])
    assert event.actor == cast["organizer"]


# --- Assigned scores ---------------------------------------------------------------------------


def test_an_arbiter_assigns_a_score_audited_like_the_page(client_for, base, tournament, cast):
    response = client_for("arbiter").post(
        f"{base}/results/assign/",
        {"round": 1, "table": 1, "board": 1, "ns_marks": 160, "ew_marks": 0},
        format="json",
    )

    assert response.status_code == 201
    result = Result.objects.get(pk=response.json()["id"])
    assert result.is_assigned_score and (result.ns_marks, result.ew_marks) == (160, 0)
    event = ResultEvent.objects.get(result=result)
    assert (event.action, event.actor) == ("assign", cast["arbiter"])
    assert event.ip_address is not None
    assert is_stale(tournament)


@pytest.mark.parametrize(
    ("marks", "status", "where"),
    [
        ((155, 0), 400, "arrondies"),
        ((-10, 0), 400, "ns_marks"),
        ((4010, 0), 400, "ns_marks"),
    ],
)
def test_bad_marks_are_a_structured_400(client_for, base, marks, status, where):
    response = client_for("arbiter").post(
        f"{base}/results/assign/",
        {"round": 1, "table": 1, "board": 1, "ns_marks": marks[0], "ew_marks": marks[1]},
        format="json",
    )

    assert response.status_code == status
    answer = response.json()
    assert where in answer["message"] or where in [e["field"] for e in answer["errors"]]
    assert not Result.objects.exists()


def test_replacing_a_result_by_an_assigned_score_needs_its_version(client_for, base, tournament):
    current = played(tournament, 1, 1, 1)
    arbiter = client_for("arbiter")
    body = {"round": 1, "table": 1, "board": 1, "ns_marks": 0, "ew_marks": 160}

    blind = arbiter.post(f"{base}/results/assign/", body, format="json")
    replaced = arbiter.post(
        f"{base}/results/assign/", {**body, "version": current.version}, format="json"
    )

    assert blind.status_code == 409
    assert replaced.status_code == 201 and replaced.json()["version"] == current.version + 1

"""Results through the API: entry, validation field by field, idempotent retries, conflicts,
replacement, confirmation, dispute, adjustment, and what players may read."""

import pytest

from tests.support.api import MADE_80_HEARTS, played
from tests.support.factories import team_at
from tests.support.results import RICH_DEAL
from tournaments.results.models import Result, ResultEvent
from tournaments.results.services import record_result
from tournaments.setup.models import TableAssignment
from tournaments.standings.recomputation import recompute

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter(client_for):
    return client_for("arbiter")


@pytest.fixture
def results_url(tournament):
    return f"/api/v1/tournaments/{tournament.slug}/results/"


def _entry(board=2, round_=1, table=1, record=MADE_80_HEARTS, **extra):
    return {"round": round_, "table": table, "board": board, "record": record, **extra}


def test_an_arbiter_entry_is_confirmed_at_once_with_its_marks(arbiter, results_url, cast):
    response = arbiter.post(results_url, _entry(), format="json", REMOTE_ADDR="10.1.2.3")

    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "confirmed"
    assert body["source"] == "api"
    assert body["score"] == {"ns": 180, "ew": 60, "made": True}
    assert (body["round"], body["table"], body["board"]) == (1, 1, 2)
    assert (body["ns_team"], body["ew_team"]) == (1, 4)
    event = ResultEvent.objects.get(result_id=body["id"])
    assert event.action == ResultEvent.Action.CREATE
    assert event.actor == cast["arbiter"]
    assert event.ip_address == "10.1.2.3"


def test_the_audit_trail_keeps_the_address_a_trusted_proxy_forwarded(
    arbiter, results_url, settings
):
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    response = arbiter.post(
        results_url,
        _entry(),
        format="json",
        REMOTE_ADDR="10.0.0.2",
        HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7",
    )

    assert response.status_code == 201
    assert ResultEvent.objects.get(result_id=response.json()["id"]).ip_address == "203.0.113.7"


def test_a_forged_forwarded_address_is_not_kept_in_the_audit_trail(arbiter, results_url):
    response = arbiter.post(
        results_url, _entry(), format="json", REMOTE_ADDR="10.1.2.3", HTTP_X_FORWARDED_FOR="6.6.6.6"
    )

    assert ResultEvent.objects.get(result_id=response.json()["id"]).ip_address == "10.1.2.3"


def test_an_invalid_record_is_refused_field_by_field_and_nothing_is_stored(arbiter, results_url):
    record = {"contract": {"bid": 85, "strain": "X", "taker": "N"}, "taker_points": 161}

    response = arbiter.post(results_url, _entry(record=record), format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert {(e["field"], e["code"]) for e in body["errors"]} == {
        ("record.contract.bid", "bid_not_multiple_of_10"),
        ("record.contract.strain", "invalid_strain"),
        ("record.taker_points", "impossible_points"),
    }
    assert all(error["message"] for error in body["errors"])
    assert not Result.objects.exists()


def _seat_without_the_belote(tournament, board=2):
    hands = tournament.boards.get(number=board).hands
    return next(seat for seat, pbn in hands.items() if "K" not in pbn.split(".")[1])


def test_a_belote_the_seat_does_not_hold_is_refused_for_who_may_see_the_hands(
    client_for, results_url, tournament
):
    record = {**MADE_80_HEARTS, "belote": [_seat_without_the_belote(tournament)]}

    response = client_for("organizer").post(results_url, _entry(record=record), format="json")

    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("record.belote.0", "belote_not_held")
    ]


def test_an_arbiter_who_may_not_see_the_hands_gets_a_flag_not_an_error(
    arbiter, client_for, results_url, tournament
):
    record = {**MADE_80_HEARTS, "belote": [_seat_without_the_belote(tournament)]}

    response = arbiter.post(results_url, _entry(record=record), format="json")

    assert response.status_code == 201
    assert response.json()["flags"] == []
    assert "belote_not_held" not in response.content.decode()
    stored = client_for("organizer").get(f"{results_url}{response.json()['id']}/").json()
    assert [flag["code"] for flag in stored["flags"]] == ["belote_not_held"]


def test_engine_messages_speak_french_notation_unless_the_switch_chose_english(
    client_for, results_url, tournament, settings
):
    board = tournament.boards.get(number=2)
    board.hands = dict(RICH_DEAL)
    board.save()
    record = {**MADE_80_HEARTS, "annonces": [{"seat": "W", "kind": "carre", "high": "J"}]}
    organizer = client_for("organizer")

    # The browser's language is not the site's: French still, with R D V, O and « carré ».
    response = organizer.post(
        results_url, _entry(record=record), format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "annonce_not_held"
    assert error["message"] == (
        "O ne peut pas montrer cette annonce (carré) : il manque V♠, V♥, V♦, V♣."
    )

    # The language switch's cookie: English, with K Q J and W.
    organizer.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = organizer.post(results_url, _entry(record=record), format="json")
    [error] = response.json()["errors"]
    assert error["code"] == "annonce_not_held"
    assert error["message"] == "W cannot show this carré: J♠, J♥, J♦, J♣ missing."


def test_malformed_requests_get_the_same_error_format(arbiter, results_url):
    response = arbiter.post(results_url, {"board": "deux", "record": [1]}, format="json")

    assert response.status_code == 400
    fields = {error["field"] for error in response.json()["errors"]}
    assert fields == {"round", "table", "board", "record"}


def test_a_body_nested_too_deeply_is_a_400_in_the_error_format(arbiter, results_url):
    response = arbiter.post(results_url, "[" * 100_000, content_type="application/json")

    assert response.status_code == 400
    assert response.json() == {
        "code": "parse_error",
        "message": "Le corps de la requête est du JSON imbriqué trop profondément.",
        "errors": [],
    }
    assert not Result.objects.exists()


def test_a_board_not_played_at_that_table_is_refused(arbiter, results_url):
    response = arbiter.post(results_url, _entry(board=3), format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "wrong_board"


def test_a_table_that_does_not_play_that_round_is_refused(arbiter, results_url):
    response = arbiter.post(results_url, _entry(table=9), format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "table"


def test_a_second_entry_of_the_same_board_is_a_conflict_naming_the_current_version(
    arbiter, results_url
):
    first = arbiter.post(results_url, _entry(), format="json").json()

    response = arbiter.post(results_url, _entry(record={"passed": True}), format="json")

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "conflict"
    assert body["current"] == {"id": first["id"], "version": 1, "status": "confirmed"}
    assert Result.objects.count() == 1


def test_a_retry_with_the_same_idempotency_key_gets_the_same_answer_and_stores_nothing(
    arbiter, results_url
):
    first = arbiter.post(results_url, _entry(), format="json", HTTP_IDEMPOTENCY_KEY="k-42")
    retry = arbiter.post(results_url, _entry(), format="json", HTTP_IDEMPOTENCY_KEY="k-42")

    assert first.status_code == retry.status_code == 201
    assert retry.json() == first.json()
    assert retry["Idempotent-Replayed"] == "true"
    assert not first.has_header("Idempotent-Replayed")
    assert Result.objects.count() == 1
    assert ResultEvent.objects.count() == 1


def test_the_same_key_from_another_caller_is_another_submission(client_for, results_url):
    one = client_for("arbiter").post(
        results_url, _entry(board=1), format="json", HTTP_IDEMPOTENCY_KEY="1"
    )
    two = client_for("organizer").post(
        results_url, _entry(board=2), format="json", HTTP_IDEMPOTENCY_KEY="1"
    )

    assert (one.status_code, two.status_code) == (201, 201)
    assert one.json()["id"] != two.json()["id"]


def test_an_overlong_idempotency_key_is_refused(arbiter, results_url):
    response = arbiter.post(results_url, _entry(), format="json", HTTP_IDEMPOTENCY_KEY="x" * 201)

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "Idempotency-Key"


def test_a_replacement_names_the_version_seen_and_a_stale_one_is_a_conflict(arbiter, results_url):
    first = arbiter.post(results_url, _entry(), format="json").json()

    replaced = arbiter.put(
        f"{results_url}{first['id']}/", {"record": {"passed": True}}, format="json"
    )
    stale = arbiter.put(f"{results_url}{first['id']}/", {"record": {"passed": True}}, format="json")

    assert replaced.status_code == 200
    assert replaced.json()["version"] == 2
    assert replaced.json()["record"]["passed"] is True
    assert stale.status_code == 409
    assert stale.json()["current"]["version"] == 2
    assert Result.objects.get(pk=first["id"]).is_current is False


def test_a_retried_replacement_with_its_key_is_not_a_conflict(arbiter, results_url):
    first = arbiter.post(results_url, _entry(), format="json").json()
    url = f"{results_url}{first['id']}/"

    once = arbiter.put(url, {"record": {"passed": True}}, format="json", HTTP_IDEMPOTENCY_KEY="r")
    again = arbiter.put(url, {"record": {"passed": True}}, format="json", HTTP_IDEMPOTENCY_KEY="r")

    assert (once.status_code, again.status_code) == (200, 200)
    assert again.json() == once.json()


def _team_entry(tournament, side, board=2):
    """A result entered by one team of table 1 in round 1 (its code given), as the API lists it."""
    plan = TableAssignment.objects.get(
        round__tournament=tournament, round__number=1, table__number=1
    )
    return record_result(
        assignment=plan, board_number=board, data={"passed": True}, by=team_at(plan, side)
    )


def test_a_team_entry_waits_for_confirmation_and_a_repeated_confirm_is_harmless(
    arbiter, results_url, tournament
):
    result = _team_entry(tournament, "NS")
    entered = arbiter.get(f"{results_url}{result.pk}/").json()
    assert entered["status"] == "entered"
    assert (entered["entered_side"], entered["entered_team"]) == ("NS", 1)

    confirmed = arbiter.post(f"{results_url}{entered['id']}/confirm/", {}, format="json")
    repeated = arbiter.post(f"{results_url}{entered['id']}/confirm/", {}, format="json")

    assert confirmed.status_code == repeated.status_code == 200
    assert confirmed.json()["status"] == "confirmed"
    assert repeated.json()["id"] == confirmed.json()["id"]


def test_a_dispute_needs_a_reason(arbiter, results_url, tournament):
    url = f"{results_url}{_team_entry(tournament, 'EW').pk}/dispute/"

    missing = arbiter.post(url, {}, format="json")
    disputed = arbiter.post(url, {"reason": "Belote oubliée"}, format="json")

    assert missing.status_code == 400
    assert missing.json()["errors"][0]["field"] == "reason"
    assert disputed.status_code == 200
    assert disputed.json()["status"] == "disputed"
    assert disputed.json()["dispute_reason"] == "Belote oubliée"


def test_an_adjusted_score_replaces_the_version_seen(arbiter, results_url):
    first = arbiter.post(results_url, _entry(), format="json").json()
    url = f"{results_url}adjust/"
    body = {"round": 1, "table": 1, "board": 2, "ns_adjustment": "A+", "ew_adjustment": "A-"}

    without_version = arbiter.post(url, body, format="json")
    adjusted = arbiter.post(url, {**body, "version": first["version"]}, format="json")

    assert without_version.status_code == 409
    assert adjusted.status_code == 201
    assert adjusted.json()["status"] == "adjusted"
    assert adjusted.json()["record"] is None
    assert adjusted.json()["score"] is None
    assert (adjusted.json()["ns_adjustment"], adjusted.json()["ew_adjustment"]) == ("A+", "A-")


def _finish_board_1(tournament):
    # Board 1 is played at table 1 in round 1, table 3 in round 2, table 2 in round 3.
    for round_number, table in ((1, 1), (2, 3), (3, 2)):
        played(
            tournament,
            round_number,
            table,
            1,
            contract={"bid": 80, "strain": "S", "taker": "E", "coinche": 0},
            taker_points=90 + 10 * table,
        )
    recompute(tournament.pk)


def test_players_see_results_and_scores_of_a_board_once_it_is_finished_everywhere(
    client_for, results_url, tournament
):
    played(tournament, 1, 2, 3)
    player = client_for("player")
    scores_url = f"/api/v1/tournaments/{tournament.slug}/scores/"
    recompute(tournament.pk)
    assert player.get(results_url).json()["count"] == 0
    assert player.get(scores_url).json()["count"] == 0
    assert client_for("arbiter").get(results_url).json()["count"] == 1

    _finish_board_1(tournament)

    results = player.get(results_url).json()["results"]
    assert sorted((r["round"], r["table"], r["board"]) for r in results) == [
        (1, 1, 1),
        (2, 3, 1),
        (3, 2, 1),
    ]
    scores = player.get(scores_url, {"board": 1}).json()["results"]
    assert len(scores) == 3
    assert {line["top"] for line in scores} == {4}
    assert sorted(line["ns_score"] + line["ew_score"] for line in scores) == [4, 4, 4]


def test_the_ranking_follows_the_latest_computation(client_for, tournament):
    url = f"/api/v1/tournaments/{tournament.slug}/rankings/"
    anonymous = client_for("anonymous")
    assert anonymous.get(url).json()["version"] == 0

    _finish_board_1(tournament)
    ranking = anonymous.get(url).json()

    assert ranking["version"] >= 1
    assert ranking["method"] == "matchpoints"
    assert ranking["results_counted"] == 3
    assert {entry["direction"] for entry in ranking["entries"]} == {"NS", "EW"}
    assert sorted(e["team"] for e in ranking["entries"] if e["direction"] == "NS") == [1, 2, 3]
    ns_only = anonymous.get(url, {"direction": "NS"}).json()
    assert {entry["direction"] for entry in ns_only["entries"]} == {"NS"}
    assert anonymous.get(url, {"direction": "N"}).status_code == 400

"""The live deal score of the table's phone page (``/table/<token>/score/``): the form's fields
scored by the rules engine before saving, with the page's access and nothing about the cards;
what is missing named in words on the page, from the outbox and in the score."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine.deal_score import score_deal
from scoring.engine.result_record import parse_result
from tests.support.factories import small_tournament
from tests.support.results import assignment
from tournaments.results.models import Result, ResultEvent

pytestmark = pytest.mark.django_db

HAND_WORDS = ("manque", "ne détient", "détenu", "not_held", "missing")


def urls(tournament, table_number=1):
    token = tournament.tables.get(number=table_number).token
    return (
        reverse("results:table_entry", args=[token]),
        reverse("results:table_score", args=[token]),
    )


def phone(tournament, side="NS", round_number=1, table_number=1, **client_options):
    """A phone of the table's ``side`` that gave its team's code on the page."""
    page, _score = urls(tournament, table_number)
    client = Client(**client_options)
    plan = assignment(tournament, round_number, table_number)
    client.post(
        page, {"action": "identify", "round": round_number, "code": plan.team_of(side).code}
    )
    return client


def fields(board=1, round_number=1, **values):
    """The phone form's fields as the page posts them (``b1-taker``...)."""
    data = {"action": "enter", "round": round_number, "board": board, f"b{board}-coinche": "0"}
    data.update({f"b{board}-{name}": value for name, value in values.items()})
    return data


def ask(client, tournament, data, table_number=1):
    return client.post(urls(tournament, table_number)[1], data)


def engine_marks(tournament, record):
    rules = tournament.rule_settings()
    score = score_deal(parse_result(record, rules), rules)
    return score.ns, score.ew, score.made


@pytest.fixture
def north_south(tournament):
    return phone(tournament)


# --- The marks are the engine's -----------------------------------------------------------------


def test_a_made_contract_is_scored_by_the_engine_with_belote_and_annonces(north_south, tournament):
    response = ask(
        north_south,
        tournament,
        fields(
            taker="N",
            bid="110",
            strain="H",
            taker_points="113",
            belote="S",
            annonces="N tierce 9 ♠, E carré V",
        ),
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    record = {
        "passed": False,
        "contract": {"bid": 110, "strain": "H", "taker": "N", "coinche": 0},
        "taker_points": 113,
        "capot": None,
        "belote": ["S"],
        "annonces": [
            {"seat": "N", "kind": "tierce", "high": "9", "suit": "S"},
            {"seat": "E", "kind": "carre", "high": "J"},
        ],
    }
    ns, ew, made = engine_marks(tournament, record)
    assert (body["ns_marks"], body["ew_marks"], body["made"]) == (ns, ew, made)
    assert body["text"] == f"Nord-Sud {ns} · Est-Ouest {ew}"
    assert body["verdict"] == ("fait" if made else "chute")
    assert response["Cache-Control"] == "no-store"


def test_a_failed_coinched_170_is_a_chute_for_the_takers(north_south, tournament):
    response = ask(
        north_south,
        tournament,
        fields(taker="E", bid="170", strain="S", coinche="1", taker_points="100"),
    )
    body = response.json()
    record = {
        "passed": False,
        "contract": {"bid": 170, "strain": "S", "taker": "E", "coinche": 1},
        "taker_points": 100,
        "capot": None,
        "belote": [],
        "annonces": [],
    }
    assert (body["ns_marks"], body["ew_marks"], body["made"]) == engine_marks(tournament, record)
    assert body["made"] is False and body["verdict"] == "chute"
    assert body["ns_marks"] > 0 and body["ew_marks"] == 0


def test_a_capot_needs_no_points_and_a_passe_generale_scores_nothing(north_south, tournament):
    capot = ask(
        north_south, tournament, fields(taker="S", bid="capot", strain="D", capot="taker")
    ).json()
    record = {
        "passed": False,
        "contract": {"bid": "capot", "strain": "D", "taker": "S", "coinche": 0},
        "taker_points": None,
        "capot": "taker",
        "belote": [],
        "annonces": [],
    }
    assert (capot["ns_marks"], capot["ew_marks"], capot["made"]) == engine_marks(tournament, record)
    passed = ask(north_south, tournament, fields(passed="on")).json()
    assert (passed["ns_marks"], passed["ew_marks"], passed["made"], passed["verdict"]) == (
        0,
        0,
        None,
        "",
    )


def test_tout_atout_belotes_typed_as_seats_are_scored_each(tournament):
    tournament.rules = {"all_trump": True}
    tournament.save()
    response = ask(
        phone(tournament),
        tournament,
        fields(taker="N", bid="150", strain="TA", taker_points="120", belote="N N O"),
    )
    body = response.json()
    record = {
        "passed": False,
        "contract": {"bid": 150, "strain": "TA", "taker": "N", "coinche": 0},
        "taker_points": 120,
        "capot": None,
        "belote": ["N", "N", "W"],
        "annonces": [],
    }
    assert response.status_code == 200, body
    assert (body["ns_marks"], body["ew_marks"], body["made"]) == engine_marks(tournament, record)


def test_the_score_stores_nothing(north_south, tournament):
    ask(north_south, tournament, fields(taker="N", bid="90", strain="H", taker_points="100"))
    assert not Result.objects.exists() and not ResultEvent.objects.exists()


# --- Bad input: a structured 400 in French -------------------------------------------------------


def test_points_out_of_range_are_refused_in_french_on_their_field(north_south, tournament):
    response = ask(
        north_south, tournament, fields(taker="N", bid="170", strain="H", taker_points="170")
    )
    assert response.status_code == 400
    body = response.json()
    assert body["ok"] is False
    [error] = body["errors"]
    assert error["field"] == "taker_points"
    assert "162" in error["message"] and "170" in error["message"]
    assert "must" not in error["message"]


def test_a_missing_bid_and_unreadable_points_are_named(north_south, tournament):
    response = ask(north_south, tournament, fields(taker="N", strain="H", taker_points="cent"))
    assert response.status_code == 400
    errors = {error["field"]: error["message"] for error in response.json()["errors"]}
    assert errors == {"taker_points": "Les points des preneurs sont un nombre entier de 0 à 162."}
    response = ask(north_south, tournament, fields(taker="N", strain="H", taker_points="100"))
    errors = {error["field"]: error["message"] for error in response.json()["errors"]}
    assert errors == {"bid": "Choisissez l'enchère."}


def test_an_unreadable_annonce_says_why_in_french(north_south, tournament):
    response = ask(
        north_south,
        tournament,
        fields(taker="N", bid="90", strain="H", taker_points="100", annonces="N quinte R ♥"),
    )
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "annonces" and "annonce inconnue « quinte »" in error["message"]


# --- Access: the page's --------------------------------------------------------------------------


def test_a_wrong_table_link_is_not_found(north_south):
    response = north_south.post(reverse("results:table_score", args=["not-a-token"]), fields())
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_only_a_post_with_its_csrf_token_is_answered(tournament):
    page, score = urls(tournament)
    strict = Client(enforce_csrf_checks=True)
    strict.get(page)
    token = strict.cookies["csrftoken"].value
    code = assignment(tournament, 1, 1).ns_team.code
    strict.post(
        page, {"action": "identify", "round": 1, "code": code, "csrfmiddlewaretoken": token}
    )
    assert strict.get(score).status_code == 405
    assert strict.post(score, fields(passed="on")).status_code == 403
    answer = strict.post(score, {**fields(passed="on"), "csrfmiddlewaretoken": token})
    assert answer.status_code == 200


def test_a_phone_that_gave_no_code_gets_no_score(tournament):
    response = ask(Client(), tournament, fields(passed="on"))
    assert response.status_code == 403
    assert response.json()["errors"][0]["message"].startswith(
        "Donnez d'abord le code de votre équipe"
    )


def test_table_entry_turned_off_is_refused_like_the_page(north_south, tournament):
    tournament.table_entry = False
    tournament.save()
    page, _score = urls(tournament)
    assert north_south.get(page).status_code == 403
    response = ask(north_south, tournament, fields(passed="on"))
    assert response.status_code == 403
    assert response.json()["errors"][0]["message"] == (
        "La saisie des résultats par les joueurs est fermée dans ce tournoi."
    )


def test_a_finished_tournament_is_refused_with_the_pages_reason(north_south, tournament):
    tournament.status = tournament.Status.FINISHED
    tournament.save()
    response = ask(north_south, tournament, fields(passed="on"))
    assert response.status_code == 403
    [error] = response.json()["errors"]
    assert (error["code"], error["message"]) == (
        "closed",
        "La saisie est fermée : le tournoi n'est pas en cours.",
    )


def test_a_round_not_started_is_refused_with_the_pages_reason(tournament):
    tournament.round_set.filter(number=2).update(started_at=None)
    east_west = phone(tournament, "EW", round_number=2)
    response = ask(east_west, tournament, fields(board=3, round_number=2, passed="on"))
    assert response.status_code == 403
    assert response.json()["errors"][0]["message"] == (
        "Ce tour n'a pas encore commencé : la saisie s'ouvre au début du tour."
    )
    page, _score = urls(tournament)
    html = east_west.get(page + "?tour=2").content.decode()
    assert "Ce tour n&#x27;a pas encore commencé" in html


def test_a_board_of_another_table_is_refused(north_south, tournament):
    response = ask(north_south, tournament, fields(board=3, passed="on"))
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "wrong_board"


# --- The hands stay secret ------------------------------------------------------------------------


def test_the_answer_is_the_same_whatever_the_cards(tournament):
    """Two tournaments that differ only in the cards of board 1: every claim — a belote, an
    annonce for each seat — gets the same answer, and none names a holding."""
    twin = small_tournament()
    board = twin.boards.get(number=1)
    board.hands = {
        "N": "AKQJT.AK.K.K",
        "E": "987.QJT.AQ.AQ",
        "S": ".987.JT98.JT9",
        "W": ".Q.7.87",
    }
    board.save()
    assert board.hands != tournament.boards.get(number=1).hands
    claims = [
        fields(taker="N", bid="90", strain="H", taker_points="100", belote="N"),
        fields(taker="N", bid="90", strain="H", taker_points="100", belote="E"),
        fields(
            taker="N",
            bid="250",
            strain="S",
            taker_points="100",
            annonces="N cent A ♠, E cent A ♥, S cent A ♦, O cent A ♣",
        ),
        fields(taker="W", bid="80", strain="C", taker_points="81", annonces="S carré V"),
        fields(taker="W", bid="80", strain="C", taker_points="161"),
    ]
    for data in claims:
        answers = []
        for each in (tournament, twin):
            response = ask(phone(each), each, data)
            text = response.content.decode()
            assert not any(word in text for word in HAND_WORDS), text
            answers.append((response.status_code, response.json()))
        assert answers[0] == answers[1], data


# --- What is missing, in words; capot once as a bid, once as « tous les plis » ---------------

BARE_REQUIRED = ("Ce champ est obligatoire.", "This field is required.")


def send(client, tournament, data):
    token = tournament.tables.get(number=1).token
    return client.post(reverse("results:table_send", args=[token]), {**data, "outbox": "live"})


def test_the_page_names_each_missing_part_of_a_board(north_south, tournament):
    page, _score = urls(tournament)
    response = north_south.post(page, fields(taker="N", bid="90"))
    html = response.content.decode()
    assert response.status_code == 400
    assert "Choisissez l&#x27;atout." in html
    assert "Indiquez les points faits par les preneurs" in html
    assert not any(message in html for message in BARE_REQUIRED)


def test_the_outbox_answer_names_the_missing_taker_and_bid(north_south, tournament):
    response = send(north_south, tournament, fields(strain="H", taker_points="100"))
    assert response.status_code == 400
    errors = {error["field"]: error["message"] for error in response.json()["errors"]}
    assert errors == {"taker": "Choisissez le preneur.", "bid": "Choisissez l'enchère."}


def test_the_live_score_names_unreadable_points_and_a_capot_needs_no_points(
    north_south, tournament
):
    response = ask(north_south, tournament, fields(taker="N", bid="90", strain="H"))
    errors = [error["message"] for error in response.json()["errors"]]
    assert errors == [
        "Indiquez les points faits par les preneurs (ou l'équipe qui a fait tous les plis)."
    ]
    response = ask(north_south, tournament, fields(taker="N", bid="90", taker_points="beaucoup"))
    errors = {error["field"]: error["message"] for error in response.json()["errors"]}
    assert errors == {"taker_points": "Les points des preneurs sont un nombre entier de 0 à 162."}
    made = ask(north_south, tournament, fields(taker="N", bid="90", strain="H", capot="taker"))
    assert made.json()["ok"] is True


def test_an_unknown_choice_names_its_field(north_south, tournament):
    response = ask(north_south, tournament, fields(taker="X", bid="95", strain="H"))
    errors = {error["field"]: error["message"] for error in response.json()["errors"]}
    assert errors["taker"] == "Choisissez le preneur parmi les quatre joueurs."
    assert errors["bid"] == "Choisissez une enchère de la liste."


def test_capot_is_offered_once_as_a_bid_and_once_as_all_tricks(north_south, tournament):
    page, _score = urls(tournament)
    html = north_south.get(page).content.decode()
    found = re.search(
        r'<script id="phone-entry-options" type="application/json">(.*?)</script>', html
    )
    options = json.loads(found.group(1))
    assert options["bids"].count("capot") == 1
    assert [(item["value"], item["text"]) for item in options["capot"]] == [
        ("", "Personne"),
        ("taker", "Les preneurs"),
        ("defence", "La défense"),
    ]
    labels = options["labels"]
    assert labels["all_tricks"] == "Tous les plis ?"
    assert "250" in labels["all_tricks_help"] and "annonc" in labels["capot_bid_help"]
    assert labels["incomplete"] % {"missing": "l'atout"} == (
        "À compléter avant d'enregistrer : l'atout."
    )
    # Without the script, the form's own field says the same.
    assert "Tous les plis (capot)" in html

"""Every validation message reaches the user through the views, in the site's language.

The rules engine's messages are English templates rendered with gettext (the French catalog
translates them), their cards, seats and annonces in the language's notation (« il manque V♠ »,
« O », « carré »); the site's own messages are French. Each engine error code has a case here,
sent through the arbiter's JSON endpoint; the errors a person can make on the forms are also
sent through the arbiter's grid and the table's phone page.
"""

import json

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from scoring.engine.cards import Hand, Seat
from scoring.engine.result_record import MESSAGES, ResultValidationError, parse_result
from tests.support.factories import small_tournament
from tests.support.results import RICH_DEAL, contract
from tournaments.results.models import Result

pytestmark = pytest.mark.django_db

ANNONCE = {"seat": "N", "kind": "tierce", "high": "K", "suit": "S"}
# code -> (rules preset, board (1 has RICH_DEAL, 2 the factory deal), record)
CASES = {
    "not_an_object": ("ffb-coinche", 1, ["passed"]),
    "contract_not_an_object": ("ffb-coinche", 1, {"contract": "90 H", "taker_points": 100}),
    "unknown_field": ("ffb-coinche", 1, contract(vulnerable=True)),
    "required": ("ffb-coinche", 1, {"passed": False, "taker_points": 100}),
    "not_boolean": ("ffb-coinche", 1, contract(passed="oui")),
    "not_a_list": ("ffb-coinche", 1, contract(belote="N")),
    "passed_with_contract": ("ffb-coinche", 1, {**contract(), "passed": True}),
    "invalid_bid": ("ffb-coinche", 1, contract(bid="beaucoup")),
    "bid_not_multiple_of_10": ("ffb-coinche", 1, contract(bid=95)),
    "bid_too_low": ("ffb-coinche", 1, contract(bid=70)),
    "bid_unreachable": ("ffb-coinche", 1, contract(bid=1000)),
    "bid_not_on_scale": ("ffb-coinche 82", 1, contract(bid=85)),
    "invalid_strain": ("ffb-coinche", 1, contract(strain="X")),
    "strain_not_allowed": ("ffb-coinche", 1, contract(strain="SA")),
    "invalid_seat": ("ffb-coinche", 1, contract(taker="Q")),
    "invalid_coinche": ("ffb-coinche", 1, contract(coinche=3)),
    "invalid_points": ("ffb-coinche", 1, contract(points="cent")),
    "points_out_of_range": ("ffb-coinche", 1, contract(points=170)),
    "impossible_points": ("ffb-coinche", 1, contract(points=161)),
    "invalid_capot": ("ffb-coinche", 1, contract(capot="both")),
    "capot_by_taker_points": ("ffb-coinche", 1, contract(capot="taker", points=100)),
    "capot_by_defence_points": ("ffb-coinche", 1, contract(capot="defence", points=10)),
    "generale_without_capot": ("ffb-coinche", 1, contract(generale=True)),
    "belote_in_no_trump": ("ffb-coinche-sa-ta", 1, contract(strain="SA", belote=["N"])),
    "too_many_belotes": ("ffb-coinche", 1, contract(strain="S", belote=["N", "N"])),
    "too_many_belote_seats": (
        "ffb-coinche-sa-ta",
        1,
        contract(strain="TA", belote=["N", "N", "E", "E", "E"]),
    ),
    "too_many_annonces": ("ffb-coinche", 1, contract(annonces=[ANNONCE] * 9)),
    "belote_not_held": ("ffb-coinche", 1, contract(strain="D", belote=["N"])),
    "belote_not_held_all_trump": (
        "ffb-coinche-sa-ta",
        1,
        contract(strain="TA", belote=["N", "N", "N"]),
    ),
    "annonces_not_played": ("contree", 1, contract(annonces=[ANNONCE])),
    "not_an_annonce": ("ffb-coinche", 1, contract(annonces=["tierce"])),
    "invalid_kind": ("ffb-coinche", 1, contract(annonces=[{**ANNONCE, "kind": "quinte"}])),
    "invalid_rank": ("ffb-coinche", 1, contract(annonces=[{**ANNONCE, "high": "R"}])),
    "invalid_suit": ("ffb-coinche", 1, contract(annonces=[{**ANNONCE, "suit": "P"}])),
    "carre_with_suit": (
        "ffb-coinche",
        2,
        contract(annonces=[{"seat": "N", "kind": "carre", "high": "A", "suit": "S"}]),
    ),
    "carre_does_not_count": (
        "ffb-coinche",
        2,
        contract(annonces=[{"seat": "N", "kind": "carre", "high": "7"}]),
    ),
    "suit_required": ("ffb-coinche", 1, contract(annonces=[{**ANNONCE, "suit": None}])),
    "sequence_too_low": ("ffb-coinche", 1, contract(annonces=[{**ANNONCE, "high": "8"}])),
    "card_in_two_annonces": (
        "ffb-coinche",
        1,
        contract(annonces=[ANNONCE, {**ANNONCE, "kind": "cinquante", "high": "A"}]),
    ),
    "card_held_twice": (
        "ffb-coinche",
        1,
        contract(strain="S", belote=["N"], annonces=[{**ANNONCE, "seat": "E"}]),
    ),
    "too_many_cards": (
        "ffb-coinche",
        2,
        contract(
            annonces=[{"seat": "N", "kind": "carre", "high": high} for high in ("A", "10", "K")]
        ),
    ),
    "annonce_not_held": ("ffb-coinche", 1, contract(annonces=[{**ANNONCE, "seat": "S"}])),
}


def test_every_engine_message_has_a_case():
    assert set(CASES) == set(MESSAGES)


@pytest.fixture
def arbiter_client(client, arbiter):
    client.force_login(arbiter)
    return client


# Rule sets that are a preset with changed settings: "preset name" -> (preset, settings).
CHANGED_PRESETS = {"ffb-coinche 82": ("ffb-coinche", {"lowest_bid": 82})}


def tournament_with(preset, arbiter, sees_hands=True):
    """The arbiter may see the hands here: only then do the hand checks answer (else they are
    flags on the stored result, tests/integrity)."""
    preset, rules = CHANGED_PRESETS.get(preset, (preset, {}))
    tournament = small_tournament(
        arbiter=arbiter, rules_preset=preset, rules=rules, arbiters_see_hands=sees_hands
    )
    board = tournament.boards.get(number=1)
    board.hands = dict(RICH_DEAL)
    board.save()
    return tournament


# The French notation, written out for the tests: the core's English codes on the left.
FRENCH_SEATS = {"N": "N", "E": "E", "S": "S", "W": "O"}
FRENCH_RANKS = {"A": "A", "K": "R", "Q": "D", "J": "V"}
FRENCH_KINDS = {"tierce": "tierce", "cinquante": "cinquante", "cent": "cent", "carre": "carré"}


def french_card(label: str) -> str:
    """« J♠ » (the core's label) as a French player writes it: « V♠ »."""
    return FRENCH_RANKS.get(label[:-1], label[:-1]) + label[-1]


def in_french(params: dict) -> dict:
    """The engine's params as a French page shows them."""
    shown = dict(params)
    for name in ("seat", "other_seat"):
        if name in shown:
            shown[name] = FRENCH_SEATS[shown[name]]
    if "kind" in shown:
        shown["kind"] = FRENCH_KINDS[shown["kind"]]
    if "high" in shown:
        shown["high"] = FRENCH_RANKS.get(shown["high"], shown["high"])
    if "card" in shown:
        shown["card"] = french_card(shown["card"])
    if "cards" in shown:
        shown["cards"] = ", ".join(french_card(card) for card in shown["cards"].split(", "))
    return shown


def expected_errors(tournament, board_number, record):
    """What the engine says of the record, rendered in French with the French notation."""
    board = tournament.boards.get(number=board_number)
    hands = {Seat(seat): Hand.from_pbn(pbn) for seat, pbn in board.hands.items()}
    with pytest.raises(ResultValidationError) as error:
        parse_result(record, tournament.rule_settings(), hands)
    return [(e.field, e.code, gettext(e.message) % in_french(e.params)) for e in error.value.errors]


@pytest.mark.parametrize("preset", sorted({case[0] for case in CASES.values()}))
def test_each_engine_message_comes_back_from_the_json_entry(arbiter_client, arbiter, preset):
    """One tournament per rule set; every case of that rule set goes through the endpoint."""
    tournament = tournament_with(preset, arbiter)
    url = reverse("results:entry_row", args=[tournament.slug, 1])
    for code, (case_preset, board, record) in sorted(CASES.items()):
        if case_preset != preset:
            continue
        response = arbiter_client.post(
            url,
            json.dumps({"table": 1, "board": board, "record": record}),
            content_type="application/json",
        )
        assert response.status_code == 400, code
        errors = [(e["path"], e["code"], e["message"]) for e in response.json()["errors"]]
        assert code in [error[1] for error in errors], code
        assert errors == expected_errors(tournament, board, record), code
    assert not Result.objects.exists()


# Messages that name cards, seats and annonces: (record, French message, English message).
NOTATION_CASES = [
    (
        contract(annonces=[{**ANNONCE, "seat": "S"}]),
        "S ne peut pas montrer cette annonce (tierce) : il manque V♠, D♠, R♠.",
        "S cannot show this tierce: J♠, Q♠, K♠ missing.",
    ),
    (
        contract(strain="D", belote=["W"]),
        "O n'a pas le roi et la dame d'atout.",
        "W does not hold the king and queen of trump.",
    ),
    (
        contract(annonces=[{"seat": "W", "kind": "carre", "high": "J"}]),
        "O ne peut pas montrer cette annonce (carré) : il manque V♠, V♥, V♦, V♣.",
        "W cannot show this carré: J♠, J♥, J♦, J♣ missing.",
    ),
    (
        contract(strain="S", belote=["N"], annonces=[{**ANNONCE, "seat": "E"}]),
        "La carte D♠ ne peut pas être à la fois chez E et chez N.",
        "Q♠ cannot be held by both E and N.",
    ),
]


@pytest.mark.parametrize(("record", "french", "english"), NOTATION_CASES)
def test_engine_messages_speak_the_notation_of_the_language(
    arbiter_client, arbiter, settings, record, french, english
):
    tournament = tournament_with("ffb-coinche", arbiter)
    url = reverse("results:entry_row", args=[tournament.slug, 1])
    body = json.dumps({"table": 1, "board": 1, "record": record})

    response = arbiter_client.post(url, body, content_type="application/json")
    assert french in [error["message"] for error in response.json()["errors"]]

    arbiter_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = arbiter_client.post(url, body, content_type="application/json")
    assert english in [error["message"] for error in response.json()["errors"]]


# Errors a person makes on the score-sheet row: (fields, row field, engine code or message).
ROW_CASES = [
    ({"bid": "90", "strain": "H", "taker_points": "100"}, "taker", "required"),
    ({"taker": "N", "strain": "H", "taker_points": "100"}, "bid", "required"),
    ({"taker": "N", "bid": "90", "taker_points": "100"}, "strain", "required"),
    ({"taker": "N", "bid": "90", "strain": "H"}, "taker_points", "required"),
    (
        {"taker": "N", "bid": "90", "strain": "H", "taker_points": "161"},
        "taker_points",
        "impossible_points",
    ),
    (
        {"taker": "N", "bid": "90", "strain": "H", "taker_points": "170"},
        "taker_points",
        "points_out_of_range",
    ),
    (
        {"taker": "N", "bid": "90", "strain": "H", "taker_points": "100", "capot": "taker"},
        "taker_points",
        "capot_by_taker_points",
    ),
    (
        {"taker": "N", "bid": "90", "strain": "H", "taker_points": "10", "capot": "defence"},
        "taker_points",
        "capot_by_defence_points",
    ),
    ({"passed": True, "taker": "N", "bid": "90", "strain": "H"}, "taker", "passed_with_contract"),
    (
        {"taker": "N", "bid": "90", "strain": "H", "taker_points": "100", "annonces": "N tierce R"},
        "annonces",
        "suit_required",
    ),
    (
        {
            "taker": "N",
            "bid": "90",
            "strain": "H",
            "taker_points": "100",
            "annonces": "N tierce 8 coeur",
        },
        "annonces",
        "sequence_too_low",
    ),
    (
        {
            "taker": "N",
            "bid": "90",
            "strain": "H",
            "taker_points": "100",
            "annonces": "N carré V pique",
        },
        "annonces",
        "carre_with_suit",
    ),
    (
        {"taker": "N", "bid": "90", "strain": "H", "taker_points": "100", "annonces": "N carré 8"},
        "annonces",
        "carre_does_not_count",
    ),
    (
        {
            "taker": "N",
            "bid": "90",
            "strain": "H",
            "taker_points": "100",
            "annonces": "N tierce R pique, N cinquante A pique",
        },
        "annonces",
        "card_in_two_annonces",
    ),
]
MISSING = {
    "taker": "Choisissez le preneur.",
    "bid": "Choisissez l'enchère.",
    "strain": "Choisissez l'atout.",
    "taker_points": (
        "Indiquez les points faits par les preneurs (ou l'équipe qui a fait tous les plis)."
    ),
}
# Errors found before the engine (the form itself): (fields, row field, French message).
FORM_CASES = [
    (
        {"taker": "N", "bid": "90", "strain": "H", "taker_points": "cent"},
        "taker_points",
        "Les points des preneurs sont un nombre entier de 0 à 162.",
    ),
    (
        {"taker": "X", "bid": "90", "strain": "H", "taker_points": "100"},
        "taker",
        "Choisissez le preneur parmi les quatre joueurs.",
    ),
    (
        {"taker": "N", "bid": "90", "strain": "SA", "taker_points": "100"},
        "strain",
        "Choisissez l'atout parmi ceux du tournoi.",
    ),
    (
        {
            "taker": "N",
            "bid": "90",
            "strain": "H",
            "taker_points": "100",
            "annonces": "N quinte R coeur",
        },
        "annonces",
        "Annonce 1 (« N quinte R coeur ») : annonce inconnue « quinte » (tierce, cinquante, cent "
        "ou carré).",
    ),
    (
        {
            "taker": "N",
            "bid": "90",
            "strain": "H",
            "taker_points": "100",
            "annonces": "X tierce R coeur",
        },
        "annonces",
        "Annonce 1 (« X tierce R coeur ») : joueur inconnu « X » (N, E, S ou O).",
    ),
    (
        {
            "taker": "N",
            "bid": "90",
            "strain": "H",
            "taker_points": "100",
            "annonces": "N tierce Z coeur",
        },
        "annonces",
        "Annonce 1 (« N tierce Z coeur ») : carte inconnue « Z » (A, R, D, V, 10, 9, 8 ou 7).",
    ),
    (
        {
            "taker": "N",
            "bid": "90",
            "strain": "H",
            "taker_points": "100",
            "annonces": "N tierce R c",
        },
        "annonces",
        "Annonce 1 (« N tierce R c ») : couleur inconnue « c » (pique, cœur, carreau ou trèfle).",
    ),
    (
        {"taker": "N", "bid": "90", "strain": "H", "taker_points": "100", "annonces": "N tierce"},
        "annonces",
        "Annonce 1 (« N tierce ») : écrivez le joueur, l'annonce, la carte la plus haute et la "
        "couleur.",
    ),
]


def engine_message(code, **params):
    return gettext(MESSAGES[code]) % params if params else gettext(MESSAGES[code])


@pytest.fixture
def rich_tournament(arbiter, tournament, rich_board):
    return tournament


@pytest.mark.parametrize(("fields", "field", "code"), ROW_CASES)
def test_row_errors_come_back_on_their_field(arbiter_client, rich_tournament, fields, field, code):
    response = arbiter_client.post(
        reverse("results:entry_row", args=[rich_tournament.slug, 1]),
        json.dumps({"table": 1, "board": 1, "fields": {"coinche": "0", **fields}}),
        content_type="application/json",
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert (field, code) in [(error["field"], error["code"]) for error in errors]
    item = next(error for error in errors if error["code"] == code)
    if code == "required":
        # A missing part is named, not « Ce champ est obligatoire. » alone.
        assert item["message"] == MISSING[field]
    else:
        assert gettext(MESSAGES[code]).split("%")[0].strip() in item["message"]


@pytest.mark.parametrize(("fields", "field", "message"), FORM_CASES)
def test_form_errors_come_back_in_french(arbiter_client, rich_tournament, fields, field, message):
    response = arbiter_client.post(
        reverse("results:entry_row", args=[rich_tournament.slug, 1]),
        json.dumps({"table": 1, "board": 1, "fields": {"coinche": "0", **fields}}),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert {"field": field, "path": field, "code": "invalid", "message": message} in (
        response.json()["errors"]
    )
    assert not Result.objects.exists()


def test_a_belote_seat_typed_in_tout_atout_must_be_a_seat(arbiter_client, arbiter):
    tournament = tournament_with("ffb-coinche-sa-ta", arbiter, sees_hands=False)
    response = arbiter_client.post(
        reverse("results:entry_row", args=[tournament.slug, 1]),
        json.dumps(
            {
                "table": 1,
                "board": 1,
                "fields": {
                    "taker": "N",
                    "bid": "90",
                    "strain": "TA",
                    "taker_points": "100",
                    "belote": "N X",
                },
            }
        ),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["message"] == "Joueur inconnu « X » (N, E, S ou O)."


def test_engine_messages_show_on_the_plain_sheet(arbiter_client, rich_tournament):
    response = arbiter_client.post(
        reverse("results:entry_round", args=[rich_tournament.slug, 1]),
        {
            "t1b1-taker": "N",
            "t1b1-bid": "90",
            "t1b1-strain": "D",
            "t1b1-coinche": "0",
            "t1b1-taker_points": "161",
            "t1b1-belote": "N",
        },
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert escape(engine_message("impossible_points", value=161)) in page
    # This arbiter may not see the hands: nothing is said of them (it becomes a flag).
    assert escape(engine_message("belote_not_held", seat="N")) not in page
    assert "roi et la dame" not in page


def test_engine_messages_show_on_the_table_page(client, rich_tournament):
    table = rich_tournament.tables.get(number=1)
    url = reverse("results:table_entry", args=[table.token])
    code = table.assignments.get(round__number=1).ns_team.code
    client.post(url, {"action": "identify", "round": 1, "code": code})
    response = client.post(
        url,
        {
            "action": "enter",
            "round": 1,
            "board": 1,
            "b1-taker": "N",
            "b1-bid": "90",
            "b1-strain": "H",
            "b1-coinche": "0",
            "b1-taker_points": "100",
            "b1-annonces": "N tierce 8 coeur",
        },
    )
    assert response.status_code == 400
    message = engine_message("sequence_too_low", kind="tierce", length=3, high="8")
    assert escape(f"Annonce 1 : {message}") in response.content.decode()
    assert not Result.objects.exists()

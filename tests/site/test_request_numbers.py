"""Numbers read from a request go through one helper (tournaments/request_numbers.py): ASCII
digits only, no larger than PostgreSQL's integer. Each page below used ``isdigit()`` then
``int()``, and answered 500 to ``²`` (a digit for ``isdigit()``, not for ``int()``)."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.factories import small_tournament
from tests.support.organizer import csv_bytes, team_rows
from tournaments.request_numbers import LARGEST, whole_number
from tournaments.results import exchange
from tournaments.results.services import team_by_code
from tournaments.results.services.versions import ResultForbidden
from tournaments.setup.team_import import read_team_file

HOSTILE_NUMBERS = [
    "²",
    "١٢",
    "٣",
    "1_0",
    "+1",
    "-1",
    " ",
    "",
    "1.0",
    "1e3",
    str(10**30),
    "9" * 5000,
]


@pytest.mark.parametrize(
    ("value", "expected"),
    [("0", 0), ("7", 7), (" 12 ", 12), ("007", 7), (str(LARGEST), LARGEST), (3, 3)],
)
def test_ascii_digits_and_json_integers_are_numbers(value, expected):
    assert whole_number(value) == expected


@pytest.mark.parametrize(
    "value",
    [*HOSTILE_NUMBERS, str(LARGEST + 1), None, True, False, 10**30, -1, 1.0, ["1"], {"1": 1}],
)
def test_anything_else_is_no_number(value):
    assert whole_number(value) is None


def test_the_bounds_are_the_callers_within_the_database_integer():
    assert whole_number("0", minimum=1) is None
    assert whole_number("5", maximum=4) is None
    assert whole_number(str(LARGEST), maximum=10**40) == LARGEST
    assert whole_number(str(LARGEST + 1), maximum=10**40) is None


# --- The pages that read a number -----------------------------------------------------------


@pytest.fixture
def tournament(make_user):
    return small_tournament(
        organizer=make_user("organisatrice", "organizer"), arbiter=make_user("arbitre", "arbiter")
    )


def _staff_client(tournament, role: str) -> Client:
    staff = tournament.organizers if role == "organizer" else tournament.arbiters
    client = Client()
    client.force_login(staff.first())
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "١٢", str(10**30), "9" * 5000])
def test_the_table_page_shows_its_current_round_for_a_round_that_is_no_number(tournament, value):
    table = tournament.tables.get(number=1)
    url = reverse("results:table_entry", args=[table.token])

    response = Client().get(url, {"tour": value})

    assert response.status_code == 200
    current = Client().get(url).context["chosen"].round.number
    assert response.context["chosen"].round.number == current


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", str(10**30)])
def test_the_clock_and_the_ranking_ignore_a_round_that_is_no_number(tournament, value):
    url = reverse("results:clock", args=[tournament.slug])
    clock = Client().get(url, {"tour": value})
    ranking = Client().get(reverse("standings:ranking", args=[tournament.slug]), {"tour": value})

    assert clock.status_code == 200
    assert clock.json()["round"] == Client().get(url).json()["round"]
    assert ranking.status_code == 200


@pytest.mark.django_db
def test_typing_a_board_whose_number_is_no_number_starts_an_empty_form(tournament):
    client = _staff_client(tournament, "organizer")
    url = reverse("deals:type_board", args=[tournament.slug])

    assert client.get(url, {"etui": "²"}).status_code == 200
    assert client.get(url, {"etui": str(10**30)}).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "١٢", 10**30, -1, True, [1]])
def test_the_entry_sheet_refuses_a_table_or_board_that_is_no_number(tournament, value):
    client = _staff_client(tournament, "arbiter")
    url = reverse("results:entry_row", args=[tournament.slug, 1])

    for body in ({"table": value, "board": 1}, {"table": 1, "board": value}):
        response = client.post(url, json.dumps(body), content_type="application/json")
        assert response.status_code == 400, body
        assert response.json()["message"].startswith("Requête illisible")


@pytest.mark.django_db
def test_publishing_a_round_that_is_no_number_says_the_round_is_unknown(tournament):
    client = _staff_client(tournament, "organizer")

    response = client.post(
        reverse("tournaments:plan_publish", args=[tournament.slug]), {"round": "²"}, follow=True
    )

    assert response.status_code == 200
    assert "Tour inconnu." in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["²", "١٢٣٤", "é" * 10])
def test_a_team_code_with_non_ascii_characters_is_a_wrong_code(tournament, code):
    assignment = tournament.round_set.get(number=1).assignments.get(table__number=1)

    with pytest.raises(ResultForbidden):
        team_by_code(assignment=assignment, code=code)


@pytest.mark.parametrize("value", ["²", "١", str(10**30), "-1", "0"])
def test_an_imported_result_whose_round_is_no_number_is_a_line_error(value):
    entries, errors = exchange.read_jsonl(json.dumps({"round": value, "table": 1, "board": 1}))

    assert entries == []
    assert "« round » (tour) doit être un nombre entier positif." in str(errors[0])


@pytest.mark.parametrize("column", ["bid", "coinche", "taker_points"])
def test_an_imported_csv_number_in_unicode_digits_is_left_to_the_rules_not_a_crash(column):
    values = dict.fromkeys(exchange.CSV_COLUMNS, "")
    values.update(round="1", table="1", board="1", passed="0", bid="90", strain="H", taker="N")
    values[column] = "²"
    header = ";".join(exchange.CSV_COLUMNS)

    entries, errors = exchange.read_csv(f"{header}\n{';'.join(values.values())}\n")

    # Read, the « ² » kept as text for the rules to refuse (int() made it a 500).
    assert "'²'" in repr([entry.record for entry in entries]) or errors


@pytest.mark.parametrize("value", ["²", "١٢", str(10**30)])
def test_an_imported_team_whose_number_is_no_number_is_a_line_error(value):
    rows = team_rows(1)
    rows[0][0] = value

    parsed = read_team_file("equipes.csv", csv_bytes(rows))

    assert [error.message for error in parsed.errors] == [
        f"Ligne 2 : numéro d'équipe invalide « {value} »."
    ]

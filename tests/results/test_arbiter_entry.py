"""The arbiter's entry of a round's score sheets: JSON rows, the plain-form fallback, replace."""

import json

import pytest
from django.urls import reverse

from tournaments.results.models import Result, ResultEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter_client(client, arbiter):
    client.force_login(arbiter)
    return client


def row_url(tournament, round_number=1):
    return reverse("results:entry_row", args=[tournament.slug, round_number])


def save_row(client, tournament, table, board, fields, round_number=1):
    return client.post(
        row_url(tournament, round_number),
        json.dumps({"table": table, "board": board, "fields": fields}),
        content_type="application/json",
        REMOTE_ADDR="192.0.2.7",
    )


FILLED = {
    "taker": "N",
    "bid": "110",
    "strain": "H",
    "coinche": "0",
    "taker_points": "113",
    "capot": "",
    "belote": "",
    "annonces": "",
    "passed": False,
    "submission_key": "row-key-1",
}


def test_the_entry_menu_opens_the_first_round_not_complete(arbiter_client, tournament):
    response = arbiter_client.get(reverse("results:entry", args=[tournament.slug]))
    assert response["Location"] == reverse("results:entry_round", args=[tournament.slug, 1])


def test_the_round_page_lists_each_table_with_its_teams_and_boards(arbiter_client, tournament):
    page = arbiter_client.get(reverse("results:entry_round", args=[tournament.slug, 2])).content
    page = page.decode()
    # Round 2: table 1 plays boards 3-4 (teams 1 and 6), table 3 boards 1-2 (teams 3 and 5).
    for prefix in ("t1b3", "t1b4", "t2b5", "t2b6", "t3b1", "t3b2"):
        assert f'id="{prefix}"' in page
    assert 'id="t1b1"' not in page
    assert "6. Équipe 6" in page and "5. Équipe 5" in page
    # Every row carries a fresh submission key.
    assert page.count('name="t1b3-submission_key" value="') == 1


def test_a_row_saved_as_json_answers_the_computed_marks(arbiter_client, tournament, arbiter):
    response = save_row(arbiter_client, tournament, 1, 1, FILLED)
    assert response.status_code == 201
    data = response.json()
    assert data["ok"] and not data["replayed"]
    assert data["result"]["ns"] == 220 and data["result"]["ew"] == 50
    assert data["result"]["status"] == "confirmed" and data["result"]["version"] == 1
    assert data["result"]["summary"] == "110 ♥ par N — preneurs 113"
    assert data["submission_key"] != "row-key-1"
    result = Result.objects.get()
    assert (result.entered_by, result.confirmed_by, result.source) == (arbiter, arbiter, "arbiter")
    event = ResultEvent.objects.get()
    assert (event.action, event.actor, event.ip_address) == ("create", arbiter, "192.0.2.7")


def test_a_reloaded_row_with_the_same_key_creates_nothing(arbiter_client, tournament):
    first = save_row(arbiter_client, tournament, 1, 1, FILLED)
    again = save_row(arbiter_client, tournament, 1, 1, FILLED)
    assert first.status_code == 201 and again.status_code == 200
    assert again.json()["replayed"] is True
    assert again.json()["result"]["version"] == 1
    assert Result.objects.count() == 1 and ResultEvent.objects.count() == 1


def test_saving_a_stored_row_unchanged_does_nothing(arbiter_client, tournament):
    save_row(arbiter_client, tournament, 1, 1, FILLED)
    response = save_row(
        arbiter_client,
        tournament,
        1,
        1,
        {**FILLED, "submission_key": "other", "replace_version": 1},
    )
    assert response.status_code == 200 and response.json()["unchanged"] is True
    assert Result.objects.count() == 1


def test_changing_a_stored_row_needs_the_replace_box(arbiter_client, tournament):
    save_row(arbiter_client, tournament, 1, 1, FILLED)
    changed = {**FILLED, "taker_points": "80", "submission_key": "k2", "replace_version": "1"}
    response = save_row(arbiter_client, tournament, 1, 1, changed)
    assert response.status_code == 409
    assert response.json()["code"] == "conflict"
    # The row showed version 1, still the stored one: the way out is the box, not a reload.
    assert response.json()["message"] == (
        "Cet étui a déjà un résultat (version 1) : cochez « Remplacer » pour le modifier."
    )
    assert response.json()["replace_needed"] is True
    assert response.json()["current"]["version"] == 1
    response = save_row(arbiter_client, tournament, 1, 1, {**changed, "replace": True})
    assert response.status_code == 201
    assert response.json()["result"]["version"] == 2 and response.json()["result"]["ns"] == 0
    assert [r.is_current for r in Result.objects.order_by("version")] == [False, True]


def test_a_row_whose_result_changed_meanwhile_says_to_reload(arbiter_client, tournament):
    # Another arbiter stored version 1 while this sheet still showed the board empty...
    save_row(arbiter_client, tournament, 1, 1, FILLED)
    empty_row = {**FILLED, "taker_points": "80", "submission_key": "k2", "replace_version": ""}
    response = save_row(arbiter_client, tournament, 1, 1, empty_row)
    assert response.status_code == 409
    assert response.json()["message"] == (
        "Un résultat a déjà été saisi pour cet étui à cette table. "
        "Rechargez la page pour le voir avant de le modifier."
    )
    assert response.json()["replace_needed"] is False
    # ...or then replaced it with version 2 while this sheet showed version 1.
    save_row(
        arbiter_client,
        tournament,
        1,
        1,
        {
            **FILLED,
            "taker_points": "90",
            "submission_key": "k3",
            "replace": True,
            "replace_version": 1,
        },
    )
    response = save_row(
        arbiter_client,
        tournament,
        1,
        1,
        {**empty_row, "submission_key": "k4", "replace_version": 1},
    )
    assert response.status_code == 409
    assert response.json()["message"].startswith("Un résultat a déjà été saisi")
    assert response.json()["current"]["version"] == 2
    assert Result.objects.filter(board_number=1).count() == 2


def test_the_whole_sheet_says_to_tick_replace_for_a_changed_stored_row(arbiter_client, tournament):
    save_row(arbiter_client, tournament, 1, 1, FILLED)
    page_url = reverse("results:entry_round", args=[tournament.slug, 1])
    data = {
        "t1b1-taker": "N",
        "t1b1-bid": "110",
        "t1b1-strain": "H",
        "t1b1-coinche": "0",
        "t1b1-taker_points": "80",
        "t1b1-replace_version": "1",
        "t1b1-submission_key": "sheet-1",
    }
    response = arbiter_client.post(page_url, data)
    assert response.status_code == 400
    assert "cochez « Remplacer » pour le modifier" in response.content.decode()
    assert Result.objects.count() == 1


def test_replacing_a_version_someone_else_changed_is_refused(arbiter_client, tournament):
    save_row(arbiter_client, tournament, 1, 1, FILLED)
    save_row(
        arbiter_client,
        tournament,
        1,
        1,
        {
            **FILLED,
            "taker_points": "90",
            "submission_key": "a",
            "replace": True,
            "replace_version": 1,
        },
    )
    response = save_row(
        arbiter_client,
        tournament,
        1,
        1,
        {
            **FILLED,
            "taker_points": "70",
            "submission_key": "b",
            "replace": True,
            "replace_version": 1,
        },
    )
    assert response.status_code == 409
    assert "vous aviez la version 1, la version actuelle est la 2" in response.json()["message"]


def test_the_canonical_record_may_be_posted_as_json(arbiter_client, tournament):
    response = arbiter_client.post(
        row_url(tournament),
        json.dumps({"table": 1, "board": 2, "record": {"passed": True}, "submission_key": "x"}),
        content_type="application/json",
    )
    assert response.status_code == 201
    assert response.json()["result"]["summary"] == "Passe générale"


def test_a_board_not_played_at_that_table_is_refused(arbiter_client, tournament):
    response = save_row(arbiter_client, tournament, 1, 3, FILLED)
    assert response.status_code == 400
    assert response.json() == {
        "ok": False,
        "message": "L'étui 3 n'est pas joué à la table 1 au tour 1.",
        "code": "wrong_board",
    }
    response = save_row(arbiter_client, tournament, 9, 1, FILLED)
    assert response.status_code == 400
    assert response.json()["message"] == "La table 9 ne joue pas au tour 1."
    assert not Result.objects.exists()


def test_a_request_that_cannot_be_read_is_a_400(arbiter_client, tournament):
    response = arbiter_client.post(
        row_url(tournament), "{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["message"].startswith("Requête illisible")
    response = arbiter_client.post(
        row_url(tournament), json.dumps({"table": 1, "board": 1}), content_type="application/json"
    )
    assert response.status_code == 400
    response = arbiter_client.post(
        row_url(tournament, 7),
        json.dumps({"table": 1, "board": 1}),
        content_type="application/json",
    )
    assert response.status_code == 404


def test_a_body_nested_too_deeply_is_a_400_not_a_crash(arbiter_client, tournament):
    for body in ("[" * 100_000, '{"table": ' * 100_000):
        response = arbiter_client.post(row_url(tournament), body, content_type="application/json")

        assert response.status_code == 400
        assert response.json() == {
            "ok": False,
            "message": "Requête illisible : table, étui et résultat attendus.",
        }
    assert not Result.objects.exists()


def test_the_whole_sheet_can_be_posted_without_javascript(arbiter_client, tournament, arbiter):
    page_url = reverse("results:entry_round", args=[tournament.slug, 1])
    data = {
        "t1b1-taker": "E",
        "t1b1-bid": "80",
        "t1b1-strain": "S",
        "t1b1-coinche": "1",
        "t1b1-taker_points": "100",
        "t1b1-submission_key": "s1",
        "t1b2-passed": "on",
        "t1b2-coinche": "0",
        "t1b2-submission_key": "s2",
        # Table 2 left empty: nothing is stored for it.
        "t2b3-coinche": "0",
        "t2b3-submission_key": "s3",
    }
    response = arbiter_client.post(page_url, data, REMOTE_ADDR="192.0.2.9")
    assert response.status_code == 302 and response["Location"] == page_url
    stored = {r.board_number: r for r in Result.objects.filter(is_current=True)}
    assert set(stored) == {1, 2}
    # E coinched 80 with 100: (160 + 80) x 2 = 480 for EW.
    assert (stored[1].ns_marks, stored[1].ew_marks) == (0, 480)
    assert stored[2].record["passed"] is True
    page = arbiter_client.get(page_url).content.decode()
    assert "2 résultats enregistrés." in page
    # The stored rows come back filled in; posting the sheet again changes nothing.
    assert '<option value="E" selected>' in page
    again = arbiter_client.post(page_url, {**data, "t1b1-submission_key": "s4"})
    assert again.status_code == 302
    assert Result.objects.count() == 2


def test_sheet_errors_are_shown_in_french_next_to_their_row(arbiter_client, tournament):
    page_url = reverse("results:entry_round", args=[tournament.slug, 1])
    data = {
        "t1b1-taker": "N",
        "t1b1-bid": "90",
        "t1b1-strain": "H",
        "t1b1-coinche": "0",
        "t1b1-taker_points": "200",
        "t1b2-passed": "on",
        "t1b2-coinche": "0",
        "t2b3-taker": "N",
        "t2b3-coinche": "0",
        "t2b3-annonces": "N quinte R coeur",
    }
    response = arbiter_client.post(page_url, data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "2 lignes n&#x27;ont pas pu être enregistrées" in page
    assert "1 résultat enregistré." in page
    assert "annonce inconnue « quinte »" in page
    # The good row was stored; the bad ones keep what was typed.
    assert Result.objects.get().board_number == 2
    assert 'name="t1b1-taker_points" value="200"' in page


def test_hands_choices_are_offered_to_who_may_see_the_hands(
    client, tournament, organizer, arbiter, rich_board
):
    page_url = reverse("results:entry_round", args=[tournament.slug, 1])
    client.force_login(organizer)
    page = client.get(page_url).content.decode()
    row = page[page.index('id="t1b1"') : page.index('id="t1b1-errors"')]
    belote = row[row.index('data-field="belote"') : row.index('data-field="annonces"')]
    # Belote: only the seats holding K and Q of a suit (N in ♠ and ♥, E in ♦ and ♣).
    for value in ("N:S", "N:H", "E:D", "E:C"):
        assert f'value="{value}"' in belote
    assert 'value="S:' not in belote and 'value="W:' not in belote
    # Annonces: what each seat can declare.
    assert 'value="N:tierce:K:S"' in row and 'value="W:tierce:10:C"' in row
    # The plain arbiter of a tournament that hides the hands types them instead.
    client.force_login(arbiter)
    page = client.get(page_url).content.decode()
    row = page[page.index('id="t1b1"') : page.index('id="t1b1-errors"')]
    assert 'value="N:S"' not in row and 'name="t1b1-annonces" maxlength' in row
    tournament.arbiters_see_hands = True
    tournament.save()
    page = client.get(page_url).content.decode()
    assert 'value="N:tierce:K:S"' in page


def test_a_row_with_hands_choices_is_scored_with_its_belote_and_annonces(
    client, tournament, organizer, rich_board
):
    client.force_login(organizer)
    fields = {
        "taker": "N",
        "bid": "100",
        "strain": "S",
        "coinche": "0",
        "taker_points": "90",
        "belote": ["N:S"],
        "annonces": ["N:tierce:K:S"],
        "submission_key": "hands-1",
    }
    response = save_row(client, tournament, 1, 1, fields)
    assert response.status_code == 201, response.json()
    record = Result.objects.get().record
    assert record["belote"] == ["N"]
    assert record["annonces"] == [{"seat": "N", "kind": "tierce", "high": "K", "suit": "S"}]
    # 90 + 20 + 20 = 130 >= 100: made, 130 + 100 = 230.
    assert response.json()["result"]["ns"] == 230


def test_a_belote_not_held_is_stored_with_a_flag_for_an_arbiter_who_may_not_see_hands(
    arbiter_client, tournament, rich_board
):
    fields = {**FILLED, "strain": "D", "belote": "N", "submission_key": "b1"}
    response = save_row(arbiter_client, tournament, 1, 1, fields)
    assert response.status_code == 201
    assert "belote_not_held" not in response.content.decode()
    assert [flag["code"] for flag in Result.objects.get().flags] == ["belote_not_held"]

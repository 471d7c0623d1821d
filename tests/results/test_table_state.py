"""The table page's state (``results:table_state``), which the page polls to follow the table:
what changes on the other phone shows here, and nothing the page would not show."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.results import code_of, enter, phone

pytestmark = pytest.mark.django_db


@pytest.fixture
def url(tournament):
    return reverse("results:table_entry", args=[tournament.tables.get(number=1).token])


@pytest.fixture
def state_url(tournament):
    return reverse("results:table_state", args=[tournament.tables.get(number=1).token]) + "?tour=1"


def test_a_board_entered_on_the_other_phone_changes_this_phones_state(url, state_url):
    north_south, east_west = phone(url, "NS"), phone(url, "EW")
    before = east_west.get(state_url)
    assert before["Cache-Control"] == "no-store"
    assert before.json()["boards"] == [
        {"board": 1, "state": "missing", "version": None},
        {"board": 2, "state": "missing", "version": None},
    ]
    enter(north_south, url, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    after = east_west.get(state_url).json()
    assert after["key"] != before.json()["key"]
    assert after["boards"][0] == {"board": 1, "state": "entered", "version": 1}
    # The url's own key is the state's: the script compares like with like.
    assert f'data-follow-key="{after["key"]}"' in east_west.get(url + "?tour=1").text


def test_the_state_tells_a_phone_without_proof_nothing_of_hidden_boards(url, state_url):
    anonymous = Client()
    before = anonymous.get(state_url).json()
    assert {board["state"] for board in before["boards"]} == {None}
    north_south = phone(url, "NS")
    enter(north_south, url, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    assert anonymous.get(state_url).json() == before


def test_the_state_holds_no_card_and_needs_the_tables_link(url, state_url, tournament):
    north_south = phone(url, "NS")
    enter(north_south, url, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    state = north_south.get(state_url).json()
    assert set(state) == {"round", "boards", "key"}
    assert all(set(board) == {"board", "state", "version"} for board in state["boards"])
    assert Client().get(reverse("results:table_state", args=["nope"])).status_code == 404
    tournament.table_entry = False
    tournament.save(update_fields=["table_entry"])
    assert north_south.get(state_url).status_code == 404


def test_the_other_teams_proof_on_this_phone_changes_the_state(url, state_url):
    north_south = phone(url, "NS")
    enter(north_south, url, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    before = north_south.get(state_url).json()["key"]
    north_south.post(url, {"action": "identify_other", "round": 1, "code": code_of(url, "EW")})
    assert north_south.get(state_url).json()["key"] != before

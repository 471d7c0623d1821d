"""The game's JSON endpoints: only the game's player reaches them, every answer holds only
cards South has seen, a refusal is a 400 with its reason (docs/play.md)."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine.cards import Card
from tests.support.factories import make_tournament, small_tournament
from tests.support.play import board_with, cards_in, play_out, secret_game, south_choice
from tests.support.robots import random_hands
from tournaments.deals.services import release_hands
from tournaments.play import services
from tournaments.play.models import GameAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(make_user):
    return make_user("sud")


@pytest.fixture
def game(player):
    board = board_with(make_tournament(rules_preset="belote-l"), 1, random_hands(11), dealer="N")
    return secret_game(player, board)


def client_of(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def url(name: str, game_id: int) -> str:
    return reverse(f"play:{name}", args=[game_id])


def post(client: Client, name: str, game_id: int, body):
    return client.post(url(name, game_id), body, content_type="application/json")


def test_only_the_games_player_reaches_it_and_others_see_no_game(game, player, make_user):
    stranger = make_user("autre")
    answers = set()
    for client, game_id in (
        (client_of(), game.pk),
        (client_of(stranger), game.pk),
        (client_of(stranger), game.pk + 1000),
    ):
        for name in ("game_state",):
            response = client.get(url(name, game_id))
            answers.add((response.status_code, response.content))
        for name, body in (("game_call", {"call": "pass"}), ("game_card", {"card": "AS"})):
            response = post(client, name, game_id, body)
            answers.add((response.status_code, response.content))
    assert {status for status, _content in answers} == {404}
    assert GameAction.objects.filter(game=game, seat="S").count() == 0
    assert client_of(player).get(url("game_state", game.pk)).status_code == 200


def test_every_answer_of_a_whole_game_holds_only_cards_south_has_seen(
    game, player, django_capture_on_commit_callbacks
):
    client = client_of(player)
    own = {Card.parse(card) for card in client.get(url("game_state", game.pk)).json()["hand"]}
    state = client.get(url("game_state", game.pk)).json()
    for _ in range(40):
        played = {Card.parse(card["card"]) for trick in state["tricks"] for card in trick["cards"]}
        assert cards_in(state) <= own | played
        if state["status"] == "finished":
            break
        kind, value = south_choice(state)
        body = {**(value if kind == "call" else {"card": value}), "number": state["number"]}
        with django_capture_on_commit_callbacks(execute=True):
            response = post(client, f"game_{kind}", game.pk, body)
        assert response.status_code == 200, response.json()
        assert response["Cache-Control"] == "no-store"
        state = client.get(url("game_state", game.pk)).json()
    assert state["status"] == "finished"
    assert "hands" not in state


def test_a_refused_action_is_a_400_with_its_reason_and_changes_nothing(game, player):
    client = client_of(player)
    before = GameAction.objects.filter(game=game).count()
    answers = [
        post(client, "game_card", game.pk, {"card": "AS"}),
        post(client, "game_call", game.pk, {"call": "surcoinche"}),
        post(client, "game_call", game.pk, {"call": "bid", "bid": "x"}),
        post(client, "game_card", game.pk, "not json"),
        post(client, "game_call", game.pk, {"call": "pass", "number": 99}),
    ]
    assert [answer.status_code for answer in answers] == [400] * 5
    assert answers[0].json() == {"error": "Les enchères ne sont pas terminées."}
    assert all(json.loads(answer.content)["error"] for answer in answers)
    assert GameAction.objects.filter(game=game).count() == before


def test_the_state_is_read_only(game, player):
    response = client_of(player).post(url("game_state", game.pk))
    assert response.status_code == 405


# --- The card table page ------------------------------------------------------------------

# A card in the page: its code (data-card="TS") or its label (« V♠ », « 10♥ », « R♦ »).
CARD_CODE = re.compile(r'data-card="([AKQJT987][SHDC])"')
CARD_LABEL = re.compile(r"(10|[ARDV987])([♠♥♦♣])")
SUIT_OF_SYMBOL = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANK_OF_LETTER = {"A": "A", "R": "K", "D": "Q", "V": "J", "10": "T", "9": "9", "8": "8", "7": "7"}


def cards_in_page(html: str) -> set[Card]:
    """Every card the page names, by its code or by its French label."""
    cards = {Card.parse(code) for code in CARD_CODE.findall(html)}
    for rank, symbol in CARD_LABEL.findall(html):
        cards.add(Card.parse(RANK_OF_LETTER[rank] + SUIT_OF_SYMBOL[symbol]))
    return cards


def test_the_page_is_the_games_players_only_and_never_stored(game, player, make_user):
    stranger = make_user("autre")

    def page(client, game_id):
        address = url("table", game_id)
        response = client.get(address)
        # The page's address comes back in the header's links (« Connexion », the language),
        # and the logout form's token is masked anew on every answer.
        content = response.content.replace(address.encode(), b"ADDRESS")
        return response.status_code, re.sub(rb'csrfmiddlewaretoken" value="\w+"', b"", content)

    for client in (client_of(), client_of(stranger)):
        assert page(client, game.pk) == page(client, game.pk + 1000)
        assert page(client, game.pk)[0] == 404
    response = client_of(player).get(url("table", game.pk))
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    assert client_of(player).post(url("table", game.pk)).status_code == 405


def test_the_page_draws_souths_view_before_any_script(game, player):
    html = client_of(player).get(url("table", game.pk)).content.decode()
    state = client_of(player).get(url("game_state", game.pk)).json()
    hand = {Card.parse(card) for card in state["hand"]}
    # South's eight cards as buttons, the legal ones enabled.
    assert set(CARD_CODE.findall(html)) == set(state["hand"])
    assert cards_in_page(html) == hand
    for call in state["legal_calls"]:
        if call["call"] == "bid":
            assert f'data-bid="{call["bid"]}" data-strain="{call["strain"]}"' in html
    assert bool(state["legal_calls"]) == ('class="bidding-box" data-region="box">' in html)
    assert "Pas encore de contrat" in html
    # The same view for the script from the first moment (a tap before any answer is taken).
    block = re.search(r'<script id="card-table-state" type="application/json">(.*?)</script>', html)
    assert block is not None
    assert json.loads(block.group(1)) == state


def test_the_page_at_every_step_of_a_whole_game_names_only_cards_south_has_seen(
    game, player, django_capture_on_commit_callbacks
):
    client = client_of(player)
    state = client.get(url("game_state", game.pk)).json()
    own = {Card.parse(card) for card in state["hand"]}
    pages = 0
    for _ in range(40):
        html = client.get(url("table", game.pk)).content.decode()
        played = {Card.parse(card["card"]) for trick in state["tricks"] for card in trick["cards"]}
        assert cards_in_page(html) <= own | played
        for card in state["legal_cards"]:
            assert re.search(rf'data-card="{card}"(?! disabled)>', html)
        pages += 1
        if state["status"] == "finished":
            break
        kind, value = south_choice(state)
        body = {**(value if kind == "call" else {"card": value}), "number": state["number"]}
        with django_capture_on_commit_callbacks(execute=True):
            post(client, f"game_{kind}", game.pk, body)
        state = client.get(url("game_state", game.pk)).json()
    assert state["status"] == "finished"
    assert "Marque de la donne" in html
    assert pages > 8


def test_the_replay_and_its_review_only_once_the_hands_are_released(player, settings):
    settings.ANALYSIS_IN_PROCESS = "1"
    tournament = small_tournament()
    # Started before the release (``start`` would release the hands to open the replay).
    game = play_out(secret_game(player, tournament.boards.get(number=1)))
    client = client_of(player)
    html = client.get(url("table", game.pk)).content.decode()
    assert "Marque de la donne" in html
    assert 'class="replay-seat' not in html and 'class="review-list"' not in html
    release_hands(tournament=tournament)
    html = client.get(url("table", game.pk)).content.decode()
    assert "La donne rejouée, mains ouvertes" in html
    assert html.count('class="replay-seat') == 4
    game.refresh_from_db()
    items = re.findall(r'<li class="(best|costly)">', html)
    assert len(items) == len(game.review["cards"]) == 8
    assert items.count("costly") == sum(1 for item in game.review["cards"] if item["cost"])


def test_an_abandoned_game_says_so_and_shows_no_score(game, player):
    services.abandon_game(game=game, player=player)
    html = client_of(player).get(url("table", game.pk)).content.decode()
    assert "Partie abandonnée." in html
    assert 'class="marks"' not in html and 'data-region="result" hidden' in html
    assert 'data-status="abandoned"' in html

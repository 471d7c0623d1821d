"""Games played online through the services: a whole game against the robots, the refusals,
the robots' job run twice, the same seed giving the same cards (docs/play.md)."""

import pytest
from django.utils import translation

from scoring.analysis.solver import hands_from_pbn
from scoring.engine.cards import Card, Seat
from scoring.engine.deal_score import score_deal
from scoring.robots.auction import Auction, Call, CallKind
from scoring.robots.table import record_of
from tests.support.factories import make_tournament, small_tournament
from tests.support.play import (
    BELOTE_L,
    act_as_south,
    actions_of,
    board_with,
    open_for_replay,
    play_out,
    secret_game,
    south_choice,
    start,
)
from tests.support.robots import random_hands
from tournaments.deals.services import release_hands
from tournaments.play import selectors, services
from tournaments.play.models import Game, GameAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(make_user):
    return make_user("sud")


@pytest.fixture
def board():
    return board_with(make_tournament(rules_preset="belote-l"), 1, random_hands(11), dealer="N")


def test_a_whole_game_against_the_robots_ends_scored_by_the_engine(player, board):
    game = play_out(start(player, board))
    assert game.status == Game.Status.FINISHED
    actions = actions_of(game)
    calls = [Call.from_dict(call) for _seat, kind, call, _card in actions if kind == "call"]
    cards = [Card.parse(card) for _seat, kind, _call, card in actions if kind == "card"]
    assert len(cards) == 32
    contract = Auction.replay(BELOTE_L, Seat.NORTH, calls).contract()
    assert contract is not None and contract.to_dict() == game.contract
    record = record_of(BELOTE_L, hands_from_pbn(board.hands), Seat.NORTH, contract, cards)
    assert game.record == record.to_dict()
    assert game.score == score_deal(record, BELOTE_L).to_dict()
    assert selectors.south_view(game)["result"]["score"] == game.score


def test_the_robots_play_until_south_is_to_act(player, board):
    game = start(player, board)
    state = selectors.south_view(game)
    # The dealer is North: West speaks first, then South.
    assert [call["seat"] for call in state["calls"]] == ["W"]
    assert state["turn"] == "S"
    assert state["legal_calls"][0] == {"call": "pass"}


@pytest.mark.parametrize(
    ("call", "reason"),
    [
        ({"call": "bid", "bid": 85, "strain": "H"}, "Cette enchère n'est pas sur l'échelle"),
        ({"call": "surcoinche"}, "Seul le camp coinché surcoinche"),
    ],
)
def test_an_illegal_call_is_refused_and_changes_nothing(player, board, call, reason):
    game = start(player, board)
    before = actions_of(game)
    with translation.override("fr"), pytest.raises(services.PlayRefused) as refused:
        services.make_call(game=game, player=player, call=Call.from_dict(call))
    assert refused.value.message.startswith(reason)
    assert actions_of(game) == before


def test_a_bid_not_above_the_last_one_is_refused_naming_it():
    hands = random_hands(11)
    bid = Call.from_dict({"call": "bid", "bid": 100, "strain": "H"})
    position = selectors.Position(BELOTE_L, Seat.NORTH, hands, (bid,), ())
    lower = Call.from_dict({"call": "bid", "bid": 90, "strain": "S"})
    with translation.override("fr"):
        assert services.call_refusal(position=position, call=lower) == (
            "Une enchère doit dépasser la dernière (100 ♥)."
        )
        assert services.call_refusal(position=position, call=Call(CallKind.COINCHE)) is None


def test_a_card_not_following_suit_is_refused_with_the_reason(player, board):
    game = start(player, board)
    for _ in range(40):
        game.refresh_from_db()
        state = selectors.south_view(game)
        illegal = [card for card in state["hand"] if card not in state["legal_cards"]]
        if state["legal_cards"] and illegal:
            break
        act_as_south(game, south_choice(state))
    else:
        pytest.fail("South never had a card it could not play")
    led = Card.parse(state["tricks"][-1]["cards"][0]["card"]).suit
    before = actions_of(game)
    with translation.override("fr"), pytest.raises(services.PlayRefused) as refused:
        services.play_card(game=game, player=player, card=Card.parse(illegal[0]))
    assert refused.value.message.startswith("Sud ")
    assert led.symbol in refused.value.message or "couper" in refused.value.message
    assert actions_of(game) == before


def test_a_card_out_of_turn_or_not_held_is_refused(player, board):
    game = start(player, board)
    state = selectors.south_view(game)
    with translation.override("fr"), pytest.raises(services.PlayRefused) as refused:
        services.play_card(game=game, player=player, card=Card.parse(state["hand"][0]))
    assert refused.value.message == "Les enchères ne sont pas terminées."


def test_another_account_may_not_act_in_the_game(player, board, make_user):
    game = start(player, board)
    with pytest.raises(services.PlayForbidden):
        services.make_call(game=game, player=make_user("autre"), call=Call(CallKind.PASS))


def test_the_robots_job_run_twice_adds_nothing(player, board):
    game = start(player, board)
    act_as_south(game, ("call", {"call": "pass"}))
    count = GameAction.objects.filter(game=game).count()
    assert services.play_robots(game_id=game.pk, expected=count) == 0
    assert services.play_robots(game_id=game.pk, expected=2) == 0
    assert GameAction.objects.filter(game=game).count() == count


def test_the_same_seed_gives_the_same_robot_cards(player, board):
    first = play_out(start(player, board, seed=3))
    second = play_out(start(player, board, seed=3))
    assert actions_of(first) == actions_of(second)
    assert first.score == second.score


def test_a_finished_game_shows_the_hands_only_once_the_board_is_released(player):
    tournament = small_tournament()
    board = tournament.boards.get(number=1)
    game = play_out(secret_game(player, board))
    state = selectors.south_view(game)
    assert "hands" not in state
    assert state["result"]["score"] == game.score
    release_hands(tournament=tournament)
    assert selectors.south_view(game)["hands"] == board.hands


def test_a_game_under_way_never_shows_the_hands_even_when_released(player):
    tournament = small_tournament()
    release_hands(tournament=tournament)
    game = start(player, tournament.boards.get(number=1))
    state = selectors.south_view(game)
    assert "hands" not in state and "result" not in state
    assert len(state["hand"]) == 8


def test_an_abandoned_game_takes_no_more_actions(player, board):
    game = start(player, board)
    services.abandon_game(game=game, player=player)
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    with translation.override("fr"), pytest.raises(services.PlayRefused) as refused:
        services.make_call(game=game, player=player, call=Call(CallKind.PASS))
    assert refused.value.message == "Cette partie est terminée."
    assert services.play_robots(game_id=game.pk, expected=1) == 0


def test_a_game_whose_robots_job_was_lost_resumes_at_the_catch_up(player, board):
    # Started without its job (the callback after the commit never runs here): West to call.
    open_for_replay(board.tournament)
    game = services.start_game(player=player, board=board, rules=BELOTE_L, seed=7, worlds=2)
    assert selectors.south_view(game)["turn"] == "W"
    assert services.catch_up_robots() == []  # not stalled yet
    assert services.catch_up_robots(stalled_seconds=-1) == [game.pk]
    assert selectors.south_view(game)["turn"] == "S"
    assert services.catch_up_robots(stalled_seconds=-1) == []  # South's turn: nothing to do


def test_the_beat_schedule_catches_up_the_robots_every_thirty_seconds(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["robots-catch-up"]
    assert entry["task"] == "robots.catch_up"
    assert entry["schedule"] == 30.0

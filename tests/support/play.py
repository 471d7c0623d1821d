"""Games played online in the tests: a board of given hands, South's simple choices, a game
played through the services, actions replayed as rows (docs/play.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.test import TestCase

from scoring.engine.cards import Card, Hand, Seat
from scoring.engine.rules import PRESETS
from scoring.robots.auction import Call
from tournaments.deals.models import Board
from tournaments.deals.services import release_hands
from tournaments.play import selectors, services
from tournaments.play.models import Game, GameAction
from tournaments.setup.models import Round

BELOTE_L = PRESETS["belote-l"]
SMALL_WORLDS = 2
"""Robots thinking over two worlds: fast, and still the real robots."""


def pbn_hands(hands: Mapping[Seat, Hand]) -> dict[str, str]:
    return {seat.value: Hand(cards).pbn() for seat, cards in hands.items()}


def board_with(tournament, number: int, hands: Mapping[Seat, Hand], dealer: str = "N") -> Board:
    return Board.objects.create(
        tournament=tournament, number=number, dealer=dealer, hands=pbn_hands(hands)
    )


def south_choice(state: dict):
    """South's decision: the lowest bid at its first call, then passes; the first legal card."""
    if state["legal_calls"]:
        said = any(call["seat"] == "S" for call in state["calls"])
        bids = [call for call in state["legal_calls"] if call["call"] == "bid"]
        return ("call", bids[0] if bids and not said else state["legal_calls"][0])
    return ("card", state["legal_cards"][0])


def act_as_south(game: Game, choice) -> None:
    """South's call or card through the services, the robots' job run after the commit."""
    kind, value = choice
    with TestCase.captureOnCommitCallbacks(execute=True):
        if kind == "call":
            services.make_call(game=game, player=game.player, call=Call.from_dict(value))
        else:
            services.play_card(game=game, player=game.player, card=Card.parse(value))


def open_for_replay(tournament) -> None:
    """Every round's hands released (a round made when the tournament has none) and the replay
    open to every account: what lets any test account start a game of its boards."""
    if not Round.objects.filter(tournament=tournament).exists():
        Round.objects.create(tournament=tournament, number=1)
    if Round.objects.filter(tournament=tournament, hands_released=False).exists():
        release_hands(tournament=tournament)
    if not tournament.replay_open_to_all:
        tournament.replay_open_to_all = True
        tournament.save(update_fields=["replay_open_to_all"])


def start(player, board: Board, *, seed: int = 7, worlds: int = SMALL_WORLDS) -> Game:
    """A game of ``board`` started through the service, its tournament opened for the replay."""
    open_for_replay(board.tournament)
    with TestCase.captureOnCommitCallbacks(execute=True):
        return services.start_game(
            player=player, board=board, rules=BELOTE_L, seed=seed, worlds=worlds
        )


def secret_game(player, board: Board, *, seed: int = 7, worlds: int = SMALL_WORLDS) -> Game:
    """A game of a board whose hands are released to nobody, as an online tournament's deal
    is while it runs: the row made as ``start_game`` makes it (no replay policy applies), the
    robots' first turns run. For the tests of what South's view hides to the very end."""
    game = Game.objects.create(
        player=player,
        board=board,
        rules_preset=BELOTE_L.preset_name() or "",
        rules=BELOTE_L.to_dict(),
        dealer=board.dealer,
        hands=dict(board.hands),
        seed=seed,
        worlds=worlds,
    )
    services.play_robots(game_id=game.pk, expected=0)
    game.refresh_from_db()
    return game


def play_out(game: Game, *, views: list | None = None) -> Game:
    """Play the game to its end, South by ``south_choice``; ``views`` collects South's view
    before each of South's actions."""
    for _ in range(40):
        game.refresh_from_db()
        state = selectors.south_view(game)
        if game.is_over:
            return game
        assert state["turn"] == "S", state
        if views is not None:
            views.append(state)
        act_as_south(game, south_choice(state))
    raise AssertionError("the game did not end")


def actions_of(game: Game) -> list[tuple[str, str, dict | None, str]]:
    return list(
        GameAction.objects.filter(game=game)
        .order_by("number")
        .values_list("seat", "kind", "call", "card")
    )


def replay_rows(game: Game, actions: Sequence[tuple[str, str, dict | None, str]]) -> Game:
    """``actions`` stored as the game's rows (no robot asked), with the status they lead to."""
    for number, (seat, kind, call, card) in enumerate(actions):
        GameAction.objects.create(
            game=game, number=number, seat=seat, kind=kind, call=call, card=card
        )
    in_auction = selectors.position_of(game).south.in_auction
    game.status = Game.Status.AUCTION if in_auction else Game.Status.PLAY
    game.save()
    return game


def cards_in(value) -> set[Card]:
    """Every card written in a JSON answer (``"TS"``), wherever it is."""
    if isinstance(value, dict):
        return set().union(*(cards_in(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    if isinstance(value, str) and len(value) == 2:
        try:
            return {Card.parse(value)}
        except ValueError:
            return set()
    return set()

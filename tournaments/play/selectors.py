"""Reads of the games: the position rebuilt from the stored actions, and South's view of it.

South's view (``south_view``) is all a player is ever sent: South's cards not yet played, the
calls, the cards played trick by trick, the contract, the points of the tricks won, belote and
rebelote once said, whose turn it is, South's legal calls or cards. It is built from South's
``SeatView`` (the robots' own notion of what one seat knows) and never reads a robot's hand,
except for what the table hears by the rules: a robot playing the king or queen of trump says
« belote » when it holds the other. The four hands are added once the game is over, only if
the policy releases the board's hands to that account (``policy.can_see_board_hands``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.utils import timezone

from scoring.analysis.solver import hands_from_pbn
from scoring.engine.belote import belote_holdings, belote_suits
from scoring.engine.cards import DECK, Card, Hand, Rank, Seat
from scoring.engine.rules import RuleSettings
from scoring.robots.auction import Call
from scoring.robots.view import PLAYERS, SeatView
from tournaments.setup import policy

from .models import Game, GameAction

HUMAN = Seat.SOUTH
"""The seat of the account playing: always South (the Belote'L duplicate's « vous »)."""


@dataclass(frozen=True)
class Position:
    """A game's deal as the server knows it: the four hands, the calls and cards so far."""

    rules: RuleSettings
    dealer: Seat
    hands: dict[Seat, Hand]
    calls: tuple[Call, ...]
    play: tuple[Card, ...]

    @property
    def number(self) -> int:
        """The number the next action takes."""
        return len(self.calls) + len(self.play)

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` knows: its own hand, the calls and the cards played."""
        return SeatView(self.rules, self.dealer, seat, self.hands[seat], self.calls, self.play)

    @cached_property
    def south(self) -> SeatView:
        return self.view(HUMAN)

    @property
    def is_over(self) -> bool:
        """The deal is done: passed out, or the 32 cards played."""
        view = self.south
        return view.finished or (not view.in_auction and view.contract is None)

    def to_play(self) -> Seat | None:
        """Whose turn it is, None once the deal is over."""
        return None if self.is_over else self.south.to_play()

    def after(self, decision: Call | Card) -> Position:
        if isinstance(decision, Call):
            return Position(self.rules, self.dealer, self.hands, (*self.calls, decision), ())
        return Position(self.rules, self.dealer, self.hands, self.calls, (*self.play, decision))


def game_rules(game: Game) -> RuleSettings:
    return RuleSettings.from_dict(game.rules)


def position_of(game: Game, *, seen_at: datetime | None = None) -> Position:
    """The game's position from its stored actions, in their order; with ``seen_at``, only
    the actions South's view shows at that moment (``GameAction.visible_at``: a robot's
    action is held back until the pause after the one before it has passed)."""
    calls: list[Call] = []
    play: list[Card] = []
    for action in GameAction.objects.filter(game=game).order_by("number"):
        if seen_at is not None and action.visible_at > seen_at:
            break
        if action.kind == GameAction.Kind.CALL:
            calls.append(Call.from_dict(action.call))
        else:
            play.append(Card.parse(action.card))
    return Position(
        game_rules(game), Seat(game.dealer), hands_from_pbn(game.hands), tuple(calls), tuple(play)
    )


def seen_position(game: Game) -> Position:
    """The position as South's view shows it now (the robots' actions held back included)."""
    return position_of(game, seen_at=timezone.now())


def seen_over(game: Game, position: Position) -> bool:
    """The game is over for South: abandoned, or finished with its last action shown."""
    if game.status == Game.Status.ABANDONED:
        return True
    return game.is_over and position.is_over


def games_of(player) -> list[Game]:
    """The account's games, the latest first."""
    return list(Game.objects.filter(player=player).select_related("board__tournament"))


def may_see_hands(game: Game, who) -> bool:
    """The four hands of a game over, when its board's hands are released to ``who``."""
    board = game.board
    return policy.can_see_board_hands(who, board.tournament, board.number)


def south_view(game: Game, *, viewer=None) -> dict[str, Any]:
    """South's view of the game, as plain JSON values (docs/play.md). ``viewer`` (the game's
    player by default) decides whether the hands are shown once the game is over."""
    position = seen_position(game)
    view = position.south
    over = seen_over(game, position)
    turn = None if over else position.to_play()
    status = game.status if over else (Game.Status.AUCTION if view.in_auction else Game.Status.PLAY)
    data: dict[str, Any] = {
        "status": status,
        "number": position.number,
        "dealer": game.dealer,
        "seat": HUMAN.value,
        "turn": turn.value if turn is not None else None,
        "hand": [str(card) for card in _in_deck_order(view.remaining())],
        "calls": [{"seat": seat.value, **call.to_dict()} for seat, call in view.auction.by_seat()],
        "contract": view.contract.to_dict() if view.contract is not None else None,
        "tricks": _tricks(position) if view.play else [],
        "points": _points(view),
        "legal_calls": [],
        "legal_cards": [],
    }
    if turn is HUMAN:
        if view.in_auction:
            data["legal_calls"] = [call.to_dict() for call in view.auction.legal_calls()]
        else:
            data["legal_cards"] = [str(card) for card in view.legal()]
    if over:
        data["result"] = {"contract": game.contract, "record": game.record, "score": game.score}
        if may_see_hands(game, viewer if viewer is not None else game.player):
            data["hands"] = dict(game.hands)
            # The double-dummy review of South's cards (``play.review``), None while the job
            # runs: it tells of the other hands, so only beside them.
            data["review"] = game.review
    return data


def _in_deck_order(cards) -> list[Card]:
    return [card for card in DECK if card in cards]


def _points(view: SeatView) -> dict[str, int]:
    if view.in_auction or view.contract is None:
        return {"ns": 0, "ew": 0}
    won = view.points_won()
    return {"ns": won.ns, "ew": won.ew}


def _tricks(position: Position) -> list[dict[str, Any]]:
    """The cards played, trick by trick: who led, each card with its seat and what was said
    with it (belote, rebelote), who won."""
    view = position.south
    said = _belote_said(position)
    tricks: list[dict[str, Any]] = []
    for trick in range((len(view.play) + PLAYERS - 1) // PLAYERS):
        cards = [item for item in view.played if item.trick == trick]
        winner = view.trick_winners[trick] if trick < len(view.trick_winners) else None
        tricks.append(
            {
                "leader": cards[0].seat.value,
                "cards": [
                    {"seat": item.seat.value, "card": str(item.card), **said.get(item.card, {})}
                    for item in cards
                ],
                "winner": winner.value if winner is not None else None,
            }
        )
    return tricks


def _belote_said(position: Position) -> dict[Card, dict[str, str]]:
    """The king and queen of trump played by the seat holding both: « belote » with the first,
    « rebelote » with the second (said by every seat, as the rules' automatic belote)."""
    view = position.south
    strain = view.strain
    holdings = set(belote_holdings(position.hands, strain))
    said: dict[Card, dict[str, str]] = {}
    for suit in belote_suits(strain):
        honours = {Card(Rank.KING, suit), Card(Rank.QUEEN, suit)}
        played = [item for item in view.played if item.card in honours]
        if played and (played[0].seat, suit) in holdings:
            for index, item in enumerate(played):
                said[item.card] = {"said": "belote" if index == 0 else "rebelote"}
    return said


def game_of(player, game_id: int) -> Game | None:
    """The account's game of this number, None if there is none (or it is another's)."""
    return Game.objects.filter(pk=game_id, player=player).select_related("board").first()

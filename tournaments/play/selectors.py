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

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from scoring.analysis.solver import hands_from_pbn
from scoring.engine.belote import belote_holdings, belote_suits
from scoring.engine.cards import DECK, Card, Hand, Rank, Seat
from scoring.engine.rules import RuleSettings
from scoring.robots.auction import Call
from scoring.robots.view import PLAYERS, SeatView
from tournaments.setup import policy
from tournaments.setup.models import Tournament
from tournaments.standings import selectors as standings

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
    return game.is_over and policy.can_see_board_hands(who, board.tournament, board.number)


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


# --- The room's boards replayed (docs/play.md) ------------------------------------------------


@dataclass(frozen=True)
class RoomComparison:
    """A replayed deal beside the room's tables, matchpoint-style: the replayer's marks (NS,
    South's side) and the defence's (EW); the tables it beats and those it ties, compared as
    the room's matchpoints are, on the net score (marks minus the other side's) of whoever
    held the N-S cards, out of the tables that played the board (an adjusted or assigned score
    is not a deal played: it is left out)."""

    marks: int
    opponents: int
    beaten: int
    tied: int
    tables: int

    @property
    def percentage(self) -> float | None:
        """The matchpoints it would have scored over those tables, in percent (a tie half)."""
        if not self.tables:
            return None
        return 100 * (self.beaten + self.tied / 2) / self.tables

    @property
    def sentence(self) -> str:
        """« Votre marque : 110 (adversaires 52), elle aurait battu 7 tables sur 12. »"""
        text = gettext("Votre marque : %(marks)s (adversaires %(opponents)s)") % {
            "marks": self.marks,
            "opponents": self.opponents,
        }
        if not self.tables:
            return text + gettext(" ; aucune table de la salle n'a joué cet étui.")
        text += ngettext(
            ", elle aurait battu %(beaten)s table sur %(tables)s",
            ", elle aurait battu %(beaten)s tables sur %(tables)s",
            self.beaten,
        ) % {"beaten": self.beaten, "tables": self.tables}
        if self.tied:
            text += ngettext(" et égalé %(tied)s", " et égalé %(tied)s", self.tied) % {
                "tied": self.tied
            }
        return text + gettext(" (%(percentage)s %%).") % {
            # number_format cuts the digits off: rounded first, 66.67 reads 66,7.
            "percentage": number_format(round(self.percentage or 0, 1), 1)
        }


def compare_with_room(marks: int, opponents: int, room: list[int]) -> RoomComparison:
    """The replayer's ``marks`` and ``opponents`` (NS and EW: the replayer sits South) against
    ``room``, the net scores on the N-S cards of the room's tables."""
    net = marks - opponents
    return RoomComparison(
        marks=marks,
        opponents=opponents,
        beaten=sum(1 for other in room if net > other),
        tied=sum(1 for other in room if net == other),
        tables=len(room),
    )


def room_nets(tournament, board_number: int) -> list[int]:
    """The net score on the N-S cards of every table that played the board (not an adjusted
    or assigned score), from its traveller: NS marks minus EW marks, turned round where the
    NS team held the E-W cards (an arrow-switched round)."""
    traveller = standings.board_traveller(tournament, board_number)
    nets = []
    for line in traveller.lines:
        if line.ns_marks is None or line.ew_marks is None or line.adjusted or line.assigned:
            continue
        net = line.ns_marks - line.ew_marks
        nets.append(-net if line.arrow_switched else net)
    return nets


@dataclass(frozen=True)
class Replay:
    """One of the account's games of a room's board: its marks from NS's side once over, and
    the comparison with the room where the account may see the room's results."""

    game: Game
    marks: int | None
    opponents: int | None
    comparison: RoomComparison | None


def replays_of_board(user, tournament, board_number: int) -> list[Replay]:
    """The account's games of this board, the latest first, each compared with the room when
    its results are visible to the account (the traveller's rule)."""
    if not user.is_authenticated:
        return []
    games = list(
        Game.objects.filter(
            player=user, board__tournament=tournament, board__number=board_number
        ).exclude(status=Game.Status.ABANDONED)
    )
    if not games:
        return []
    room: list[int] | None = None
    finished = standings.board_finished(tournament, board_number)
    if policy.can_see_board_results(user, tournament, finished_everywhere=finished):
        room = room_nets(tournament, board_number)
    return [_replay(game, room) for game in games]


def _replay(game: Game, room: list[int] | None) -> Replay:
    if game.status != Game.Status.FINISHED or not game.score:
        return Replay(game, None, None, None)
    marks, opponents = int(game.score["ns"]), int(game.score["ew"])
    comparison = compare_with_room(marks, opponents, room) if room is not None else None
    return Replay(game, marks, opponents, comparison)


@dataclass(frozen=True)
class Section:
    """One part of « Mes parties », per source of games: ``key`` (its anchor), its title, the
    template that draws its ``items``."""

    key: str
    title: str
    template: str
    items: list


_more_sections: dict[str, Callable[[Any], Section]] = {}


def register_games_section(key: str, section: Callable[[Any], Section]) -> None:
    """Add (or replace) a section of « Mes parties » owned by an app above play (the online
    tournaments' entries), called from its ``AppConfig.ready()``; ``section(user)`` builds it."""
    _more_sections[key] = section


def my_games_sections(user) -> list[Section]:
    """« Mes parties »: a section per source of the account's games. The room's boards
    replayed against the robots (each with its marks and the room's comparison), then the
    sections of the apps above (``register_games_section``)."""
    return [_replays_section(user)] + [section(user) for section in _more_sections.values()]


def _replays_section(user) -> Section:
    # A replay is a game of a club's tournament: the draft tournaments that hold other apps'
    # deals (an online tournament's container) are theirs to list.
    games = (
        Game.objects.filter(player=user)
        .exclude(board__tournament__status=Tournament.Status.DRAFT)
        .select_related("board__tournament")
    )
    replays = []
    for game in games:
        tournament = game.board.tournament
        room = None
        if game.status == Game.Status.FINISHED:
            number = game.board.number
            finished = standings.board_finished(tournament, number)
            if policy.can_see_board_results(user, tournament, finished_everywhere=finished):
                room = room_nets(tournament, number)
        replays.append(_replay(game, room))
    return Section(
        key="donnes-rejouees",
        title=gettext("Donnes du club rejouées contre les robots"),
        template="play/_replays.html",
        items=replays,
    )

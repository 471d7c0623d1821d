"""Writes of the games: start one, South's call or card, the robots' turns (docs/play.md).

Every action is checked by the core (the auction's legal calls, the play's legal cards) and
stored as the next numbered ``GameAction`` under a lock on the game's row; the number is unique
per game, so a request posted twice cannot add two actions. After South's action the robots'
turns are handed to a job (``enqueue_robots``: the ``robots`` Celery queue, or a thread of the
web process without a broker), never run in the request. A refusal says why from South's cards
and the table alone: never from a card South has not seen.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine.cards import Card, Seat
from scoring.engine.deal_score import score_deal
from scoring.engine.play import IllegalCard, check_card
from scoring.engine.result_record import CAPOT, ResultRecord, bids
from scoring.engine.rules import RuleSettings
from scoring.robots.auction import Auction, Call, CallKind, strains
from scoring.robots.robot import DEFAULT_WORLDS
from scoring.robots.table import record_of
from scoring.robots.view import play_rules
from tournaments import background
from tournaments.accounts.roles import Account
from tournaments.deals.models import Board
from tournaments.jobs import BrokerUnavailable, after_commit, publish
from tournaments.setup import policy
from tournaments.vocabulary import STRAIN_SYMBOLS, card_label, seat_name

from . import decisions, review
from .models import Game, GameAction
from .selectors import HUMAN, Position, position_of, seen_over, seen_position
from .tasks import play_robots_task

logger = logging.getLogger(__name__)

# ``settings.ROBOTS_IN_PROCESS``: where the robots play without a broker (jobs in-process).
IN_BACKGROUND = "background"  # a thread of the web process (``tournaments.background``)
IN_REQUEST = "1"  # after the commit of the request that made South's action (tests, scripts)


class PlayRefused(Exception):
    """An action refused, with the reason to show the player (in the active language)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class PlayForbidden(PlayRefused):
    """The account is not this game's player."""


def start_game(
    *,
    player: Account,
    board: Board,
    rules: RuleSettings | None = None,
    seed: int | None = None,
    worlds: int = DEFAULT_WORLDS,
) -> Game:
    """A new game of ``board`` for ``player`` at South, under ``rules`` (the tournament's by
    default), the robots' ``seed`` the board's by default (``decisions.robots_seed``: every
    player of the board meets the same robots); the robots start if the first call is theirs.
    Only where the access policy lets the account play the board (``policy.can_start_game``: a
    board of the room replayed after its release, or staff who see its hands):
    ``PlayForbidden`` otherwise."""
    if not policy.can_start_game(player, board):
        raise PlayForbidden(_("Vous ne pouvez pas jouer cet étui."))
    if not board.has_hands:
        raise PlayRefused(_("Cet étui n'a pas de donne enregistrée."))
    rules = rules if rules is not None else board.tournament.rule_settings()
    game = Game.objects.create(
        player=player,
        board=board,
        rules_preset=rules.preset_name() or "",
        rules=rules.to_dict(),
        dealer=board.dealer,
        hands=dict(board.hands),
        seed=seed if seed is not None else decisions.robots_seed(board.pk),
        worlds=worlds,
    )
    after_commit(enqueue_robots, game_id=game.pk, expected=0)
    return game


def make_call(*, game: Game, player: Account, call: Call, number: int | None = None) -> Game:
    """South's call; ``PlayRefused`` when it is not South's turn or the call not legal."""
    return _human_action(game=game, player=player, decision=call, number=number)


def play_card(*, game: Game, player: Account, card: Card, number: int | None = None) -> Game:
    """South's card; ``PlayRefused`` when it is not South's turn or the card not legal."""
    return _human_action(game=game, player=player, decision=card, number=number)


def abandon_game(*, game: Game, player: Account) -> Game:
    """The player leaves the game: it stays as it is, abandoned."""
    with transaction.atomic():
        locked = _locked(game, player)
        if not locked.is_over:
            locked.status = Game.Status.ABANDONED
            locked.finished_at = timezone.now()
            locked.save(update_fields=["status", "finished_at", "updated_at"])
    return locked


def _locked(game: Game, player) -> Game:
    locked = Game.objects.select_for_update().get(pk=game.pk)
    if locked.player_id != player.pk:
        raise PlayForbidden(_("Cette partie n'est pas la vôtre."))
    return locked


def _human_action(
    *, game: Game, player: Account, decision: Call | Card, number: int | None
) -> Game:
    with transaction.atomic():
        locked = _locked(game, player)
        # What South's view shows, never more: a robot's action still held back (the pause)
        # is not yet played for South, whether or not the robot has decided.
        position = seen_position(locked)
        if seen_over(locked, position):
            raise PlayRefused(_("Cette partie est terminée."))
        if number is not None and number != position.number:
            raise PlayRefused(_("Le jeu a avancé depuis : votre action n'a pas été prise."))
        if position.to_play() is not HUMAN:
            raise PlayRefused(_("Ce n'est pas à vous de jouer."))
        refusal = (
            call_refusal(position=position, call=decision)
            if isinstance(decision, Call)
            else card_refusal(position=position, card=decision)
        )
        if refusal is not None:
            raise PlayRefused(refusal)
        _append(locked, position, HUMAN, decision)
        after_commit(enqueue_robots, game_id=locked.pk, expected=position.number + 1)
    return locked


def call_refusal(*, position: Position, call: Call) -> str | None:
    """Why South may not make ``call`` now (None if it may), from the auction alone."""
    view = position.south
    if not view.in_auction:
        return _("Les enchères sont terminées.")
    auction: Auction = view.auction
    if auction.is_legal(call):
        return None
    rules = position.rules
    if call.kind is CallKind.BID:
        if call.strain not in strains(rules):
            return _("Ces règles n'admettent pas cette couleur d'atout.")
        if call.bid != CAPOT and call.bid not in bids(rules):
            return _("Cette enchère n'est pas sur l'échelle de ces règles.")
        if auction.coinche_level() and rules.coinche_ends_bidding:
            return _("Après une coinche, on ne peut plus enchérir.")
        last = auction.last_bid()
        shown = "" if last is None else _bid_label(last[1])
        return _("Une enchère doit dépasser la dernière (%(last)s).") % {"last": shown}
    if call.kind is CallKind.COINCHE:
        return _("On ne coinche qu'une fois, l'enchère des adversaires.")
    return _("Seul le camp coinché surcoinche, après la coinche.")


def _bid_label(call: Call) -> str:
    bid = _("capot") if call.bid == CAPOT else str(call.bid)
    return f"{bid} {STRAIN_SYMBOLS[call.strain.value]}" if call.strain is not None else bid


def card_refusal(*, position: Position, card: Card) -> str | None:
    """Why South may not play ``card`` now (None if it may): from South's cards not yet played
    and the trick on the table only (the engine's ``check_card``)."""
    view = position.south
    if view.in_auction:
        return _("Les enchères ne sont pas terminées.")
    _leader, trick = view.current_trick()
    try:
        check_card(
            view.remaining(),
            trick,
            view.strain,
            seat=HUMAN,
            card=card,
            **play_rules(position.rules),
        )
    except IllegalCard as illegal:
        params = dict(illegal.params)
        params["seat"] = seat_name(HUMAN.value)
        params["card"] = card_label(card)
        if "winning" in params:
            params["winning"] = card_label(params["winning"])
        return _(illegal.message) % params
    return None


def _append(game: Game, position: Position, seat: Seat, decision: Call | Card) -> Position:
    """Store ``decision`` as the game's next action and the status it leads to."""
    GameAction.objects.create(
        game=game,
        number=position.number,
        seat=seat.value,
        kind=GameAction.Kind.CALL if isinstance(decision, Call) else GameAction.Kind.CARD,
        call=decision.to_dict() if isinstance(decision, Call) else None,
        card=str(decision) if isinstance(decision, Card) else "",
        visible_at=_visible_at(game, seat),
    )
    after = position.after(decision)
    if after.is_over:
        _finish(game, after)
    elif not after.south.in_auction:
        game.status = Game.Status.PLAY
    game.save()
    return after


def _visible_at(game: Game, seat: Seat) -> datetime:
    """When South's view shows the action: South's own at once; a robot's no sooner than
    ``PLAY_ROBOT_PAUSE`` after the action before it was shown (the game's start for the
    first), so that the moment a robot's card appears does not tell how long it thought
    (one legal card answers at once). A decision longer than the pause shows when made."""
    now = timezone.now()
    if seat is HUMAN:
        return now
    before = (
        GameAction.objects.filter(game=game)
        .order_by("-number")
        .values_list("visible_at", flat=True)
        .first()
    )
    pause = timedelta(seconds=settings.PLAY_ROBOT_PAUSE)
    return max(now, (before or game.created_at) + pause)


def _finish(game: Game, position: Position) -> None:
    """The deal's result record and its score under the game's rules."""
    contract = position.south.contract
    if contract is None:
        record = ResultRecord(passed=True)
    else:
        record = record_of(position.rules, position.hands, position.dealer, contract, position.play)
    game.contract = contract.to_dict() if contract is not None else None
    game.record = record.to_dict()
    game.score = score_deal(record, position.rules).to_dict()
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    # The review (none to make after a passe générale: stored empty at once by the job).
    after_commit(review.enqueue_review, game.pk)


def play_robots(*, game_id: int, expected: int) -> int:
    """The robots' turns from action ``expected`` on, until South's turn or the end; returns
    the number of actions added. Idempotent: it acts only while the game's next action is the
    one expected and a robot's, so a job run twice (or late) adds nothing."""
    added = 0
    while True:
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.is_over:
            return added
        position = position_of(game)
        seat = position.to_play()
        if position.number != expected or seat is None or seat is HUMAN:
            return added
        decision = decisions.decide(view=position.view(seat), worlds=game.worlds, seed=game.seed)
        with transaction.atomic():
            locked = Game.objects.select_for_update().get(pk=game_id)
            if locked.is_over or GameAction.objects.filter(game=locked).count() != expected:
                return added
            _append(locked, position, seat, decision)
        added += 1
        expected += 1


def enqueue_robots(*, game_id: int, expected: int) -> None:
    """Hand the robots' turns to a job; never raises. With a broker, the ``robots`` queue (the
    broker away: a thread of this process instead, so the game does not stall); without one, a
    thread of the web process (``ROBOTS_IN_PROCESS`` ``background``, the default) or here
    (``1``)."""
    if play_robots_task.app.conf.task_always_eager:
        if settings.ROBOTS_IN_PROCESS == IN_REQUEST:
            play_robots(game_id=game_id, expected=expected)
        elif settings.ROBOTS_IN_PROCESS == IN_BACKGROUND:
            _in_background(game_id, expected)
        return
    try:
        publish(play_robots_task, (game_id, expected))
    except BrokerUnavailable as error:
        logger.warning("game %s: broker unreachable (%s); robots in a thread", game_id, error)
        _in_background(game_id, expected)


STALLED_SECONDS = 20
"""A game whose robot has not played for this long is presumed to have lost its job."""


def catch_up_robots(*, stalled_seconds: float = STALLED_SECONDS) -> list[int]:
    """Queue again the robots' turns of every game left waiting for a robot for
    ``stalled_seconds`` (a worker lost with its job, the broker away, a process stopped with
    its thread's work), and the review of games finished long ago without one; returns the
    games whose robots were queued. Safe at any time: the job is idempotent."""
    since = timezone.now() - timedelta(seconds=stalled_seconds)
    waiting = Game.objects.filter(
        status__in=[Game.Status.AUCTION, Game.Status.PLAY], updated_at__lt=since
    )
    queued = []
    for game_id in review.late_reviews():
        review.enqueue_review(game_id)
    for game in waiting:
        position = position_of(game)
        seat = position.to_play()
        if seat is not None and seat is not HUMAN:
            enqueue_robots(game_id=game.pk, expected=position.number)
            queued.append(game.pk)
    return queued


def on_request_started(*, sender=None, **kwargs) -> None:
    """Receiver of ``request_started``: without a broker, the first request of the process
    queues the catch-up of the games a stopped process left waiting (``background``)."""
    if play_robots_task.app.conf.task_always_eager and (
        settings.ROBOTS_IN_PROCESS == IN_BACKGROUND
    ):
        background.robots.catch_up_once(_catch_up_at_start)


def _catch_up_at_start() -> None:
    catch_up_robots(stalled_seconds=0)


def _in_background(game_id: int, expected: int) -> None:
    background.robots.submit((game_id, expected), _play_robots_in_thread, game_id, expected)


def _play_robots_in_thread(game_id: int, expected: int) -> None:
    play_robots(game_id=game_id, expected=expected)

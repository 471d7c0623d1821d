"""The demo of an online tournament (``manage.py demo_online_tournament``): a tournament on
fresh fixed deals, and accounts that play every deal, a robot at South standing in for each
human (docs/online.md)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.test.utils import override_settings
from django.utils import timezone

from scoring.engine.cards import Card
from scoring.robots.auction import Call
from scoring.robots.robot import DEFAULT_WORLDS, Robot
from tournaments.play import selectors as play_selectors
from tournaments.play import services as play_services
from tournaments.play.models import Game

from . import services
from .models import OnlineTournament

DEMO_STAFF = "site-en-ligne"
DEMO_PLAYER = "joueur-en-ligne-{number}"
MOST_ACTIONS = 40
"""A deal has at most 36 actions (the calls and 32 cards): a game still going after this many
turns is a bug, not a long deal."""


def demo_accounts(count: int) -> list:
    """The demo's player accounts (made when missing, with no usable password)."""
    users = get_user_model()
    accounts = []
    for number in range(1, count + 1):
        user, created = users.objects.get_or_create(username=DEMO_PLAYER.format(number=number))
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        accounts.append(user)
    return accounts


def site_staff():
    user, created = get_user_model().objects.get_or_create(
        username=DEMO_STAFF, defaults={"is_staff": True}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def build_demo_online_tournament(
    *, players: int = 6, deals: int = 4, instances: int = 1, worlds: int = DEFAULT_WORLDS
) -> OnlineTournament:
    """A tournament of the site, open for a day from now, whose ``players`` accounts each play
    every deal (a robot of ``worlds`` worlds at South, the robots' turns played here)."""
    now = timezone.now()
    tournament = services.create_online_tournament(
        by=site_staff(),
        name=f"Tournoi du jour {timezone.localtime(now):%d/%m/%Y %H:%M}",
        opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=1),
        deal_count=deals,
        instances=instances,
    )
    for index, player in enumerate(demo_accounts(players)):
        services.enter(tournament=tournament, player=player)
        for deal in range(1, deals + 1):
            game = services.play_deal(
                tournament=tournament, player=player, deal=deal, worlds=worlds
            )
            play_as_robot(game, worlds=worlds, south_seed=1000 * index + deal)
    return tournament


def play_as_robot(
    game: Game, *, worlds: int = DEFAULT_WORLDS, south_seed: int | None = None
) -> Game:
    """Play ``game`` to its end here: South decided by a robot (``worlds`` worlds, its own
    ``south_seed``: the robots' seed plus one by default), the other robots' turns played in
    this process (never handed to a thread)."""
    with override_settings(ROBOTS_IN_PROCESS="0"):
        for _ in range(MOST_ACTIONS):
            game.refresh_from_db()
            if game.is_over:
                return game
            position = play_selectors.position_of(game)
            if position.to_play() is not play_selectors.HUMAN:
                play_services.play_robots(game_id=game.pk, expected=position.number)
                continue
            rules = position.rules
            south = Robot(
                rules,
                play_selectors.HUMAN,
                worlds=worlds,
                seed=game.seed + 1 if south_seed is None else south_seed,
            )
            decision = south.decide(position.view(play_selectors.HUMAN))
            if isinstance(decision, Call):
                play_services.make_call(game=game, player=game.player, call=decision)
            elif isinstance(decision, Card):
                play_services.play_card(game=game, player=game.player, card=decision)
    game.refresh_from_db()
    if not game.is_over:
        raise RuntimeError(f"game {game.pk} did not end")
    return game

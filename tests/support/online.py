"""Online tournaments in the tests: the ranking computed here from the games alone, to check
the site's (docs/online.md)."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

from django.utils import timezone

from tournaments.online.services import create_online_tournament
from tournaments.play.models import Game

SMALL_WORLDS = 2
"""Robots thinking over two worlds: fast, and still the real robots."""


def open_tournament(by, club=None, **fields):
    now = timezone.now()
    defaults = {
        "name": "Tournoi du jour",
        "opens_at": now - timedelta(hours=1),
        "closes_at": now + timedelta(hours=23),
    }
    defaults.update(fields)
    return create_online_tournament(by=by, club=club, **defaults)


def close(tournament):
    """Move the window into the past: the tournament is closed."""
    now = timezone.now()
    tournament.opens_at = now - timedelta(days=2)
    tournament.closes_at = now - timedelta(minutes=1)
    tournament.save(update_fields=["opens_at", "closes_at"])


def independent_ranking(tournament):
    """{player: (percentage, {deal: (matchpoints, difference)})} from the games' rows."""
    games = list(
        Game.objects.filter(online_play__entry__tournament=tournament)
        .select_related("online_play__entry", "player")
        .order_by("finished_at", "pk")
    )
    by_board: dict[int, list[Game]] = {}
    for game in games:
        if game.is_over:
            by_board.setdefault(game.board_id, []).append(game)

    def net(game):
        if game.status == Game.Status.ABANDONED:
            return None
        return game.score["ns"] - game.score["ew"]

    most = max(len(board_games) for board_games in by_board.values())
    top = 2 * (most - 1)
    points: dict[str, dict[int, tuple[Fraction, int | None]]] = {}
    for board_games in by_board.values():
        count = len(board_games)
        previous = None
        for game in board_games:
            mine = net(game)
            raw = 0
            for other in board_games:
                if other is game:
                    continue
                theirs = net(other)
                if mine is None:
                    raw += 1 if theirs is None else 0
                elif theirs is None or mine > theirs:
                    raw += 2
                elif mine == theirs:
                    raw += 1
            scaled = Fraction(raw) if count == most else Fraction((raw + 1) * most, count) - 1
            difference = None
            if mine is not None:
                if previous is not None:
                    difference = mine - previous
                previous = mine
            points.setdefault(game.player.username, {})[game.online_play.deal] = (
                scaled,
                difference,
            )
    # Every board played once: a top of 0, and everyone at half of it.
    return {
        player: (
            Fraction(50)
            if top == 0
            else 100 * sum(mp for mp, _ in deals.values()) / (top * len(deals)),
            deals,
        )
        for player, deals in points.items()
    }

"""The robots' decisions, each computed once (docs/play.md, « One decision, computed once »).

A robot decides from what its seat knows (``SeatView``: the rules, the dealer, its eight cards,
the calls and the cards played), its number of worlds and its seed, and from nothing else: the
same inputs give the same call or card (scoring/robots). The games of one board share their
robots' seed (``robots_seed``), so every player who reaches the same position meets the same
answer, and the answer is kept in the cache (Redis in production, shared by every worker; the
process's memory without one) under a digest of those inputs and of the robots' code. The
costly decisions are the first ones (the auction and the first trick: four fifths of a robot
deal's CPU), the ones most players of a tournament share.

A kept answer is used only if it is still a legal call or card of the view; anything else (a
damaged or foreign entry) is ignored and the robot decides again. The key is a digest: it
names no card, and the cache is the server's own.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.cache import cache as django_cache

from scoring.engine.cards import Card
from scoring.robots.auction import Call
from scoring.robots.robot import Robot
from scoring.robots.view import SeatView

KEPT_SECONDS = 3 * 24 * 3600
"""How long a decision is kept: an online tournament's window is a day or two."""

SEED_BITS = 62


def robots_seed(board_pk: int) -> int:
    """The robots' seed of every game of a board: derived from the board and the site's secret
    (not guessable from the outside, the same for every player of the board)."""
    digest = hmac.new(
        settings.SECRET_KEY.encode(), f"robots-seed:{board_pk}".encode(), hashlib.sha256
    ).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def decide(*, view: SeatView, worlds: int, seed: int) -> Call | Card:
    """The robot's decision at ``view.seat``: the kept one, else computed and kept."""
    key = decision_key(view=view, worlds=worlds, seed=seed)
    kept = _legal(view, django_cache.get(key))
    if kept is not None:
        return kept
    threads = settings.PLAY_ROBOT_THREADS
    robot = Robot(view.rules, view.seat, worlds=worlds, seed=seed, threads=threads)
    decision = robot.decide(view)
    django_cache.set(key, _stored(decision), KEPT_SECONDS)
    return decision


def decision_key(*, view: SeatView, worlds: int, seed: int) -> str:
    """The cache's key of a decision: a digest of every input of the robot, and of its code."""
    inputs = {
        "code": robots_code_version(),
        "rules": view.rules.to_dict(),
        "dealer": view.dealer.value,
        "seat": view.seat.value,
        "hand": sorted(str(card) for card in view.hand),
        "calls": [call.to_dict() for call in view.calls],
        "play": [str(card) for card in view.play],
        "worlds": worlds,
        "seed": seed,
    }
    text = json.dumps(inputs, sort_keys=True, separators=(",", ":"))
    return "robot-decision:" + hashlib.sha256(text.encode()).hexdigest()


@cache
def robots_code_version() -> str:
    """A digest of the robots' code and of what it runs (the rules, the solver): a new version
    of any of it decides anew rather than reading answers of the old one."""
    scoring = Path(__file__).resolve().parents[2] / "scoring"
    digest = hashlib.sha256()
    for package in ("robots", "analysis", "engine"):
        for source in sorted((scoring / package).glob("*.py")):
            digest.update(source.name.encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def _stored(decision: Call | Card) -> dict[str, object]:
    if isinstance(decision, Call):
        return {"call": decision.to_dict()}
    return {"card": str(decision)}


def _legal(view: SeatView, stored: object) -> Call | Card | None:
    """The kept decision if it is one and legal in ``view``; None otherwise."""
    if not isinstance(stored, dict):
        return None
    try:
        if view.in_auction and "call" in stored:
            call = Call.from_dict(stored["call"])
            return call if view.auction.is_legal(call) else None
        if not view.in_auction and isinstance(stored.get("card"), str):
            card = Card.parse(stored["card"])
            return card if card in view.legal() else None
    except (TypeError, ValueError):
        return None
    return None

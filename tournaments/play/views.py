"""The card table page and its JSON endpoints: South's view, South's call, South's card
(docs/play.md). Only the game's player reaches them: anyone else, signed in or not, gets the
same 404 as for a game that does not exist."""

from __future__ import annotations

import json

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring.engine.cards import Card
from scoring.robots.auction import Call
from tournaments.request_numbers import whole_number

from . import selectors, services, table
from .models import Game

MAX_BODY = 2_000
"""A call or a card is a few dozen bytes: a larger body is refused unread."""


def _game_of(request: HttpRequest, game: int) -> Game:
    if not request.user.is_authenticated:
        raise Http404
    found = selectors.game_of(request.user, game)
    if found is None:
        raise Http404
    return found


def _state(game: Game, status: int = 200, **extra) -> JsonResponse:
    game.refresh_from_db()
    answer = JsonResponse({**selectors.south_view(game), **extra}, status=status)
    answer["Cache-Control"] = "no-store"
    return answer


def _refused(message: str) -> JsonResponse:
    answer = JsonResponse({"error": message}, status=400)
    answer["Cache-Control"] = "no-store"
    return answer


def _body(request: HttpRequest) -> dict | None:
    if len(request.body) > MAX_BODY:
        return None
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


@require_GET
def game_state(request: HttpRequest, game: int) -> JsonResponse:
    """South's view of the game (``selectors.south_view``)."""
    return _state(_game_of(request, game))


@require_POST
def game_call(request: HttpRequest, game: int) -> JsonResponse:
    """South's call: ``{"call": "bid", "bid": 90, "strain": "H", "number": 3}``."""
    found = _game_of(request, game)
    data = _body(request)
    try:
        call = Call.from_dict(data) if data is not None else None
    except ValueError:
        call = None
    if call is None:
        return _refused(_("Enchère illisible."))
    return _act(request, found, data, call=call)


@require_POST
def game_card(request: HttpRequest, game: int) -> JsonResponse:
    """South's card: ``{"card": "TS", "number": 12}``."""
    found = _game_of(request, game)
    data = _body(request)
    try:
        card = Card.parse(str(data.get("card", ""))) if data is not None else None
    except ValueError:
        card = None
    if card is None:
        return _refused(_("Carte illisible."))
    return _act(request, found, data, card=card)


def _act(request, game: Game, data: dict, *, call=None, card=None) -> JsonResponse:
    number = None
    if data.get("number") is not None:
        number = whole_number(data["number"])
        if number is None:
            return _refused(_("Numéro d'action illisible."))
    try:
        if call is not None:
            services.make_call(game=game, player=request.user, call=call, number=number)
        else:
            services.play_card(game=game, player=request.user, card=card, number=number)
    except services.PlayForbidden:
        raise Http404 from None
    except services.PlayRefused as refused:
        return _refused(refused.message)
    return _state(game)


@require_GET
def game_table(request: HttpRequest, game: int) -> HttpResponse:
    """The card table page: South's view drawn by the server (a real page before the script),
    then kept up to date by its script (``play/card-table.js``) from the JSON endpoints."""
    found = _game_of(request, game)
    view = selectors.south_view(found)
    answer = render(
        request,
        "play/table.html",
        {
            "game": found,
            "board": found.board,
            "view": view,
            "table": table.table_of(view),
            "words": table.script_words(),
            "step_ms": round(settings.PLAY_SHOW_STEP * 1000),
        },
    )
    answer["Cache-Control"] = "no-store"
    return answer

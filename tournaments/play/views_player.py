"""A player's pages of games: « Mes parties » (a section per source of games), « Rejouer cette
donne contre les robots » (a POST that starts the game and goes to its table), and the panel
under a room's board on its hand record and traveller (``board_panel``, registered with
``tournaments.board_panels``). docs/play.md."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments.deals.models import Board
from tournaments.setup import policy
from tournaments.setup.guards import public_tournament
from tournaments.setup.models import Tournament

from . import selectors, services


def my_games(request: HttpRequest) -> HttpResponse:
    """« Mes parties »: the account's games, a section per source (``my_games_sections``)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    return render(
        request,
        "play/my_games.html",
        {"sections": selectors.my_games_sections(request.user)},
    )


@require_POST
@public_tournament
def replay_board(request: HttpRequest, tournament: Tournament, board: int) -> HttpResponse:
    """« Rejouer cette donne contre les robots »: a new game of the board at South, then its
    table. Where the policy says no (``policy.can_start_game``) the answer is the same 404 as
    for a board that does not exist: a board not yet released tells nobody anything."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("deals:board", args=[tournament.slug, board]))
    found = Board.objects.filter(tournament=tournament, number=board).first()
    if found is None or not policy.can_start_game(request.user, found):
        raise Http404
    try:
        game = services.start_game(player=request.user, board=found)
    except services.PlayForbidden:
        raise Http404 from None
    except services.PlayRefused as refused:
        messages.error(request, refused.message)
        return redirect("deals:board", tournament.slug, board)
    return redirect(reverse("play:table", kwargs={"game": game.pk}))


def board_panel(request: HttpRequest, tournament: Tournament, board: int) -> str | None:
    """Under a board on its hand record and its traveller: the replay button where the account
    may replay it, the account's own games of it beside the room's results, or how to get the
    right to replay it. Nothing before the board's release (but for staff who see its hands),
    nor for a board without recorded hands."""
    user = request.user
    staff = user.is_authenticated and policy.can_see_all_hands(user, tournament)
    if not staff and not policy.boards_with_visible_hands(policy.PUBLIC, tournament, [board]):
        return None
    if not Board.objects.filter(tournament=tournament, number=board).exclude(hands={}).exists():
        return None
    may_replay = user.is_authenticated and policy.can_start_game(
        user, Board(tournament=tournament, number=board)
    )
    context = {
        "tournament": tournament,
        "board": board,
        "may_replay": may_replay,
        "replays": selectors.replays_of_board(user, tournament, board),
        "club": tournament.organizing_club,
    }
    return render_to_string("play/_board_panel.html", context, request=request)

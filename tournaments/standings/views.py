"""Public standings pages: the live ranking, the travellers and the team scorecards.

They only read what the recomputation job stored, and cache their rendered parts per snapshot
version (``page_cache``): a new snapshot shows up at the next refresh, with no invalidation.
"""

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import board_panels, vocabulary
from tournaments.deals import selectors as deals
from tournaments.request_numbers import whole_number
from tournaments.setup import policy
from tournaments.setup.guards import arbiter_required, public_tournament
from tournaments.setup.models import Team, Tournament

from . import selectors, services
from .page_cache import cached, page_key

REFRESH_SECONDS = 10


def _ranking_layout(tournament: Tournament, version: int) -> dict:
    """What the ranking page offers at this snapshot version: the rounds a ranking "after
    round N" exists for, and whether there are two rankings (NS and EW). Cached per version."""

    def build() -> dict:
        overall = selectors.current_ranking(tournament, version=version)
        return {
            "rounds": selectors.ranked_rounds(tournament, version),
            "two_rankings": overall is not None and not overall.single,
        }

    return cached(page_key(tournament.pk, version, "layout"), build)


def _ranking_options(request, layout: dict) -> dict:
    """The ranking asked for in the query string: ``tour`` (after that round) and ``sens``."""
    up_to_round = whole_number(request.GET.get("tour"))
    if up_to_round not in layout["rounds"]:
        up_to_round = None
    direction = request.GET.get("sens")
    if direction not in selectors.DIRECTIONS or not layout["two_rankings"]:
        direction = None
    return {"up_to_round": up_to_round, "direction": direction}


def _ranking_fragment(tournament: Tournament, freshness, up_to_round, direction) -> str:
    """The live part of the ranking page: its freshness, then the cached ranking tables."""

    def render_tables() -> str:
        ranking = selectors.current_ranking(
            tournament, up_to_round, direction, version=freshness.version
        )
        return render_to_string(
            "standings/_ranking_tables.html", {"tournament": tournament, "ranking": ranking}
        )

    key = page_key(tournament.pk, freshness.version, "ranking", up_to_round, direction)
    tables = cached(key, render_tables)
    header = render_to_string(
        "standings/_freshness.html", {"freshness": freshness, "tournament": tournament}
    )
    return header + tables


@public_tournament
def ranking(request, tournament: Tournament):
    """The live ranking (classement), overall or after a round, refreshing itself."""
    freshness = selectors.freshness(tournament)
    layout = _ranking_layout(tournament, freshness.version)
    options = _ranking_options(request, layout)
    fragment = _ranking_fragment(
        tournament, freshness, options["up_to_round"], options["direction"]
    )
    query = request.GET.urlencode()
    refresh_url = reverse("standings:ranking_fragment", args=[tournament.slug])
    return render(
        request,
        "standings/ranking.html",
        {
            "tournament": tournament,
            "fragment": fragment,
            "freshness": freshness,
            "refresh_url": f"{refresh_url}?{query}" if query else refresh_url,
            "refresh_seconds": REFRESH_SECONDS,
            "is_staff": policy.is_arbiter(request.user, tournament),
            "hand_records_url": _hand_records_url(request.user, tournament),
            "directions": vocabulary.SIDE_CHOICES,
            **layout,
            **options,
        },
    )


@public_tournament
def ranking_fragment(request, tournament: Tournament):
    """The ranking's HTML fragment, fetched every few seconds by the open page."""
    freshness = selectors.freshness(tournament)
    options = _ranking_options(request, _ranking_layout(tournament, freshness.version))
    html = _ranking_fragment(tournament, freshness, options["up_to_round"], options["direction"])
    response = HttpResponse(html)
    response["Cache-Control"] = "no-cache"
    return response


def _hand_records_url(user, tournament: Tournament) -> str | None:
    """The hand records page (deals app), once some round's hands are released (staff who
    may see the hands before that get it at once). That page shows only what may be seen."""
    if not tournament.hands_recorded:
        return None
    released = tournament.round_set.filter(hands_released=True).exists()
    if not released and not deals.sees_all_hands(user, tournament):
        return None
    try:
        return reverse("deals:records", args=[tournament.slug])
    except NoReverseMatch:
        return None


@public_tournament
def travellers(request, tournament: Tournament):
    """Every board with its state: finished everywhere (traveller open) or still in play."""
    freshness = selectors.freshness(tournament)
    is_staff = policy.is_arbiter(request.user, tournament)

    def render_list() -> str:
        return render_to_string(
            "standings/_travellers_list.html",
            {
                "tournament": tournament,
                "statuses": selectors.board_statuses(tournament),
                "is_staff": is_staff,
            },
        )

    key = page_key(tournament.pk, freshness.version, "travellers", "staff" if is_staff else "")
    return render(
        request,
        "standings/travellers.html",
        {
            "tournament": tournament,
            "freshness": freshness,
            "listing": cached(key, render_list),
        },
    )


@public_tournament
def traveller(request, tournament: Tournament, board: int):
    """The traveller (feuille ambulante) of a board: players see it once it is finished at
    every table that plays it; the arbiters and organizers at any time."""
    freshness = selectors.freshness(tournament)
    expected = selectors.plays_per_board(tournament)
    if board not in expected:
        raise Http404
    finished = selectors.board_finished(tournament, board)
    visible = policy.can_see_board_results(request.user, tournament, finished_everywhere=finished)
    lines = ""
    # The double-dummy analysis, exactly where the hands may be seen (docs/analysis.md).
    analysis = None
    if tournament.hands_recorded:
        analysis = deals.visible_analyses(request.user, tournament, [board]).get(board)
    if visible:

        def render_lines() -> str:
            return render_to_string(
                "standings/_traveller_table.html",
                {
                    "tournament": tournament,
                    "traveller": selectors.board_traveller(tournament, board),
                    "analysis": analysis,
                },
            )

        # Whoever may see the analysis gets the lines with it (the same for all of them).
        variant = f"dd{analysis.computed_at}" if analysis is not None else ""
        key = page_key(tournament.pk, freshness.version, "traveller", board, variant)
        lines = cached(key, render_lines)
    boards = sorted(expected)
    position = boards.index(board)
    return render(
        request,
        "standings/traveller.html",
        {
            "tournament": tournament,
            "board": board,
            "freshness": freshness,
            "finished": finished,
            "visible": visible,
            "lines": lines,
            "analysis": analysis,
            "previous_board": boards[position - 1] if position > 0 else None,
            "next_board": boards[position + 1] if position + 1 < len(boards) else None,
            "board_url": _board_url(request.user, tournament, board),
            "panels": board_panels.panels_for(request, tournament, board),
        },
    )


def _board_url(user, tournament: Tournament, board: int) -> str | None:
    """The board's hands (deals app), when this user may see them."""
    if not tournament.hands_recorded:
        return None
    if not deals.can_see_board(user, tournament, board):
        return None
    try:
        return reverse("deals:board", args=[tournament.slug, board])
    except NoReverseMatch:
        return None


@public_tournament
def scorecard(request, tournament: Tournament, number: int):
    """A team's scorecard (carte de score): its boards, opponents, contracts, scores and
    running total. Players see the boards finished at every table; staff see every board."""
    team = get_object_or_404(
        Team.objects.select_related("player_one", "player_two"),
        tournament=tournament,
        number=number,
    )
    freshness = selectors.freshness(tournament)
    is_staff = policy.is_arbiter(request.user, tournament)

    def render_card() -> str:
        card = selectors.team_scorecard(tournament, team, finished_only=not is_staff)
        return render_to_string(
            "standings/_scorecard_table.html",
            {"tournament": tournament, "card": card, "is_staff": is_staff},
        )

    key = page_key(tournament.pk, freshness.version, "scorecard", number, is_staff)
    overall = selectors.current_ranking(tournament, version=freshness.version)
    entry = overall.entry_of(number) if overall is not None else None
    return render(
        request,
        "standings/scorecard.html",
        {
            "tournament": tournament,
            "team": team,
            "entry": entry,
            "freshness": freshness,
            "card_html": cached(key, render_card),
        },
    )


@require_POST
@arbiter_required
def request_recomputation(request, tournament):
    """Arbiters and organizers: recompute now (after a team was renamed, or an error fixed)."""
    services.request_recomputation(tournament=tournament)
    messages.success(request, _("Le recalcul du classement est demandé."))
    return redirect("standings:ranking", slug=tournament.slug)


# --- The room display (affichage en salle) ---------------------------------------------------

ROOM_THEMES = {"sombre": "dark", "clair": "light"}


def _room_parts(tournament: Tournament, freshness) -> tuple[str, str]:
    """The room display's live parts: the round's news (next movement, late tables), and the
    ranking, rendered once per snapshot version."""

    def render_ranking() -> str:
        ranking = selectors.current_ranking(tournament, version=freshness.version)
        return render_to_string(
            "standings/_room_ranking.html", {"tournament": tournament, "ranking": ranking}
        )

    ranking = cached(page_key(tournament.pk, freshness.version, "room"), render_ranking)
    news = render_to_string(
        "standings/_room_news.html",
        {"tournament": tournament, "room": selectors.room_display(tournament)},
    )
    return news, ranking


@public_tournament
def room(request, tournament: Tournament):
    """The room display for a TV or a projector: the round and its clock, the next movement,
    the late tables and the live ranking, updating itself (``room.js``). ``?theme=sombre`` or
    ``clair``; without it, the screen's preference, dark by default."""
    state = selectors.room_state(tournament)
    news, ranking = _room_parts(tournament, selectors.freshness(tournament))
    return render(
        request,
        "standings/room.html",
        {
            "tournament": tournament,
            "theme": ROOM_THEMES.get(request.GET.get("theme", ""), "auto"),
            "state": state,
            "news": news,
            "ranking": ranking,
        },
    )


@public_tournament
def room_state(request, tournament: Tournament):
    """What the room display polls every second: a key that changes when the ranking or the
    rounds do (then it fetches ``room_fragment``)."""
    response = JsonResponse(selectors.room_state(tournament).as_json())
    response["Cache-Control"] = "no-store"
    return response


@public_tournament
def room_fragment(request, tournament: Tournament):
    """The room display's live part, fetched when the state's key changed (and now and then,
    for the late tables)."""
    news, ranking = _room_parts(tournament, selectors.freshness(tournament))
    response = HttpResponse(news + ranking)
    response["Cache-Control"] = "no-store"
    return response

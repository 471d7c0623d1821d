"""Reads of the online tournaments: the tournaments to show, an entry's deals, the plays as the
core scores them, the ranking (cached per state of the plays) and a deal's results."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Count, Max, Q
from django.utils import timezone
from django.utils.translation import gettext

from scoring.duplicate import online as scoring
from tournaments.deals.models import DealSet
from tournaments.play.models import Game
from tournaments.play.selectors import Section

from . import policy
from .models import OnlineEntry, OnlinePlay, OnlineTournament
from .policy import OVER

logger = logging.getLogger(__name__)

CACHE_SECONDS = 3600


def tournament_by_slug(slug: str) -> OnlineTournament | None:
    return OnlineTournament.objects.select_related("club", "container").filter(slug=slug).first()


def listed(*, now=None) -> dict[str, list[OnlineTournament]]:
    """The tournaments open now, to come, and closed (the latest 20)."""
    now = now or timezone.now()
    everything = OnlineTournament.objects.select_related("club").annotate(
        entry_count=Count("entries")
    )
    return {
        "open": list(everything.filter(opens_at__lte=now, closes_at__gt=now).order_by("closes_at")),
        "coming": list(everything.filter(opens_at__gt=now).order_by("opens_at")[:20]),
        "closed": list(everything.filter(closes_at__lte=now).order_by("-closes_at")[:20]),
    }


def deal_set_of(tournament: OnlineTournament) -> DealSet | None:
    """The seed's commitment of the tournament's deals (the seed itself once revealed)."""
    return DealSet.objects.filter(tournament=tournament.container).first()


@dataclass(frozen=True)
class DealLine:
    """One deal of an entry: not started, under way (``game``), or over with its marks."""

    deal: int
    game: Game | None

    @property
    def state(self) -> str:
        if self.game is None:
            return "todo"
        if self.game.status == Game.Status.ABANDONED:
            return "abandoned"
        return "over" if self.game.is_over else "playing"

    @property
    def marks(self) -> tuple[int, int] | None:
        if self.game is None or self.game.status != Game.Status.FINISHED or not self.game.score:
            return None
        return self.game.score["ns"], self.game.score["ew"]


def deal_lines(tournament: OnlineTournament, entry: OnlineEntry | None) -> list[DealLine]:
    games = {}
    if entry is not None:
        games = {
            play.deal: play.game for play in entry.plays.select_related("game").order_by("deal")
        }
    return [DealLine(deal, games.get(deal)) for deal in range(1, tournament.deal_count + 1)]


def play_of_game(game: Game) -> OnlinePlay | None:
    return OnlinePlay.objects.select_related("entry__tournament").filter(game=game).first()


def player_name(user) -> str:
    return user.get_full_name() or user.get_username()


def core_plays(tournament: OnlineTournament, *, now=None) -> list[scoring.OnlinePlay]:
    """The plays as the core scores them, keyed by entry number: the finished games with their
    marks, the abandoned ones; once the window is closed, a game not finished and a deal not
    started count as abandoned too (the lowest score of the deal)."""
    closed = tournament.is_closed(now)
    rows = (
        OnlinePlay.objects.filter(entry__tournament=tournament)
        .select_related("game", "entry")
        .order_by("game__finished_at", "game_id")
    )
    plays = []
    started: set[tuple[int, int]] = set()
    for order, row in enumerate(rows):
        started.add((row.entry.number, row.deal))
        game = row.game
        if game.status == Game.Status.FINISHED and game.score:
            marks = (game.score["ns"], game.score["ew"])
        elif game.status == Game.Status.ABANDONED or closed:
            marks = (None, None)
        else:
            continue
        plays.append(
            scoring.OnlinePlay(str(row.entry.number), row.deal, row.instance, order, *marks)
        )
    if closed:
        late = len(plays)
        for number in tournament.entries.values_list("number", flat=True):
            for deal in range(1, tournament.deal_count + 1):
                if (number, deal) not in started:
                    instance = scoring.pool_instance(deal, number, tournament.instances)
                    plays.append(scoring.OnlinePlay(str(number), deal, instance, late, None, None))
                    late += 1
    return plays


def _fingerprint(tournament: OnlineTournament) -> str:
    """What the ranking depends on: the plays over, the last change of a game, the entries,
    and whether the window is closed."""
    state = OnlinePlay.objects.filter(entry__tournament=tournament).aggregate(
        over=Count("pk", filter=Q(game__status__in=OVER)),
        changed=Max("game__updated_at"),
    )
    entries = tournament.entries.count()
    closed = int(tournament.is_closed())
    changed = state["changed"].isoformat() if state["changed"] else "-"
    return f"{state['over']}:{changed}:{entries}:{closed}"


def ranking(tournament: OnlineTournament) -> list[dict]:
    """The ranking as plain values, best first (``rank``, ``tied``, ``player``, ``percentage``
    rounded to two decimals, ``difference`` and the ``deals``): computed once per state of the
    plays and cached (the cache unreachable, computed each time)."""
    key = f"online:ranking:{tournament.pk}:{_fingerprint(tournament)}"
    try:
        found = cache.get(key)
    except Exception as error:  # noqa: BLE001 - a cache away must not take the page down
        logger.warning("online ranking cache unavailable (%s)", error)
        return compute_ranking(tournament)
    if found is None:
        found = compute_ranking(tournament)
        try:
            cache.set(key, found, CACHE_SECONDS)
        except Exception as error:  # noqa: BLE001
            logger.warning("online ranking cache unavailable (%s)", error)
    return found


def compute_ranking(tournament: OnlineTournament) -> list[dict]:
    names = {
        str(entry.number): player_name(entry.player)
        for entry in tournament.entries.select_related("player")
    }
    return [
        {
            "rank": line.rank,
            "tied": line.tied,
            "player": names.get(line.player, line.player),
            "entry": int(line.player),
            "percentage": _two_decimals(line.percentage),
            "matchpoints": _two_decimals(line.matchpoints),
            "top": line.top,
            "difference": line.difference,
            "deals": [_deal_value(score, names) for score in line.deals],
        }
        for line in scoring.rank_online(core_plays(tournament))
    ]


def _deal_value(score: scoring.DealScore, names: dict[str, str]) -> dict:
    return {
        "deal": score.play.deal,
        "instance": score.play.instance,
        "ns": score.play.ns,
        "ew": score.play.ew,
        "abandoned": score.play.abandoned,
        "matchpoints": _two_decimals(score.matchpoints),
        "top": score.top,
        "difference": score.difference,
        "against": names.get(score.against or ""),
    }


def _two_decimals(value: Fraction) -> float:
    return round(float(value), 2)


def deal_results(tournament: OnlineTournament, deal: int) -> list[dict]:
    """Every result of ``deal`` (each instance apart), in the order finished, with the player's
    name, matchpoints and Belote'L difference (against whom)."""
    names = {
        str(entry.number): player_name(entry.player)
        for entry in tournament.entries.select_related("player")
    }
    scores = [
        score for score in scoring.score_plays(core_plays(tournament)) if score.play.deal == deal
    ]
    scores.sort(key=lambda score: (score.play.instance, score.play.order))
    return [
        {
            **_deal_value(score, names),
            "player": names.get(score.play.player, score.play.player),
        }
        for score in scores
    ]


@dataclass(frozen=True)
class MyEntry:
    """One line of the account's online tournaments in « Mes parties »: the deals finished,
    and its place in the ranking once the account may see it (``policy.can_see_ranking``)."""

    tournament: OnlineTournament
    finished: int
    line: dict | None


def my_tournaments_section(user) -> Section:
    """« Mes parties »: the account's online tournaments, the latest first."""
    entries = user.online_entries.select_related("tournament").order_by("-tournament__opens_at")
    items = []
    for entry in entries:
        tournament = entry.tournament
        line = None
        if policy.can_see_ranking(user, tournament):
            line = next((row for row in ranking(tournament) if row["entry"] == entry.number), None)
        items.append(MyEntry(tournament, len(policy.deals_over(entry)), line))
    return Section(
        key="tournois-en-ligne",
        title=gettext("Tournois en ligne"),
        template="online/_my_tournaments.html",
        items=items,
    )

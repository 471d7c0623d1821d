"""Reads of the seasons: a club's seasons, the inputs of a season's computation, the ranking as
the pages show it, a player's tournaments and season standings."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from django.db.models import F, Q, QuerySet

from scoring.duplicate.season import SeasonMethod, SeasonSettings
from tournaments.clubs.models import Club, ClubPlayer
from tournaments.clubs.selectors import public_name
from tournaments.setup.models import Team, Tournament
from tournaments.standings.models import RankingSnapshot

from .models import Season, SeasonStanding


def seasons_of(club: Club) -> QuerySet[Season]:
    return club.seasons.all()


def season_settings(season: Season) -> SeasonSettings:
    """The core's settings of a season."""
    return SeasonSettings(
        method=SeasonMethod(season.method),
        best=season.best_of or None,
        minimum=season.minimum_played,
        scale=tuple(season.points_scale),
        reference_field=season.reference_field or None,
    )


def counted_tournaments(season: Season) -> QuerySet[Tournament]:
    """The season's tournaments that count: finished ones, in date order."""
    return season.tournaments.filter(status=Tournament.Status.FINISHED).order_by("date", "slug")


def final_ranking(tournament: Tournament) -> RankingSnapshot | None:
    """The tournament's latest overall ranking."""
    return (
        RankingSnapshot.objects.filter(tournament=tournament, up_to_round__isnull=True)
        .order_by("-version")
        .first()
    )


def players_by_team(tournament: Tournament, club_id: int) -> dict[int, list[int]]:
    """Each team number's players as records of the club's registry (players of another club's
    registry or typed without one have no season identity)."""
    found: dict[int, list[int]] = {}
    teams = Team.objects.filter(tournament=tournament).select_related(
        "player_one__club_player", "player_two__club_player"
    )
    for team in teams:
        found[team.number] = [
            player.club_player_id
            for player in (team.player_one, team.player_two)
            if player.club_player_id and player.club_player.club_id == club_id
        ]
    return found


def stale_seasons() -> list[int]:
    """Seasons whose stored ranking does not include their latest change."""
    return list(
        Season.objects.filter(requested_at__isnull=False)
        .filter(
            Q(standing__isnull=True)
            | Q(standing__covers_until__isnull=True)
            | Q(standing__covers_until__lt=F("requested_at"))
        )
        .values_list("pk", flat=True)
    )


# --- The ranking as shown -------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonRow:
    """One line of the season's ranking for a page or a file."""

    rank: int | None
    tied: bool
    player: ClubPlayer
    name: str
    score: float
    played: int
    counted: int
    results: list[dict]

    @property
    def rank_label(self) -> str:
        if self.rank is None:
            return "–"
        return f"{self.rank}=" if self.tied else str(self.rank)

    @property
    def public(self) -> bool:
        return self.player.is_public


@dataclass(frozen=True)
class SeasonTable:
    season: Season
    rows: list[SeasonRow]
    tournaments: list[dict]
    computed_at: datetime | None
    pending: bool
    settings: SeasonSettings = field(repr=False)

    @property
    def ranked(self) -> list[SeasonRow]:
        return [row for row in self.rows if row.rank is not None]

    @property
    def unranked(self) -> list[SeasonRow]:
        return [row for row in self.rows if row.rank is None]


def _dated(entry: dict) -> dict:
    """A counted tournament as stored (``"date"`` in ISO) with its date as a ``date``, for the
    pages to write it in the reader's language."""
    return {**entry, "date": date.fromisoformat(entry["date"])}


def season_table(season: Season, *, full_names: bool = False) -> SeasonTable:
    """The stored ranking with the players' names as the caller may read them: the public name
    (consent, anonymisation) unless ``full_names`` (the club's organizers)."""
    standing = SeasonStanding.objects.filter(season=season).first()
    lines = standing.lines if standing else []
    players = ClubPlayer.objects.in_bulk([line["player"] for line in lines])
    rows = []
    for line in lines:
        player = players.get(line["player"])
        if player is None:  # merged away since the computation: the next run drops it
            continue
        rows.append(
            SeasonRow(
                rank=line["rank"],
                tied=line["tied"],
                player=player,
                name=player.full_name if full_names else public_name(player),
                score=line["score"],
                played=line["played"],
                counted=line["counted"],
                results=line["results"],
            )
        )
    pending = season.requested_at is not None and (
        standing is None
        or standing.covers_until is None
        or standing.covers_until < season.requested_at
    )
    return SeasonTable(
        season=season,
        rows=rows,
        tournaments=[_dated(entry) for entry in standing.tournaments] if standing else [],
        computed_at=standing.computed_at if standing else None,
        pending=pending,
        settings=season_settings(season),
    )


def public_seasons() -> QuerySet[Season]:
    return Season.objects.select_related("club").order_by("-created_at")


# --- A player's history ---------------------------------------------------------------------


@dataclass(frozen=True)
class Appearance:
    """One tournament a player played: the team, the partner, the rank and percentage."""

    tournament: Tournament
    team: Team
    partner_name: str
    rank: int | None
    tied: bool
    field: int
    percentage: float | None
    direction: str | None

    @property
    def date(self) -> date:
        return self.tournament.date


def appearances(player: ClubPlayer, *, full_names: bool = False) -> list[Appearance]:
    """Every tournament the player played (not drafts), oldest first, with the final ranking's
    line of the team when there is one."""
    teams = (
        Team.objects.filter(Q(player_one__club_player=player) | Q(player_two__club_player=player))
        .exclude(tournament__status=Tournament.Status.DRAFT)
        .select_related("tournament", "player_one__club_player", "player_two__club_player")
        .order_by("tournament__date", "tournament__slug")
    )
    found = []
    for team in teams:
        one, two = team.player_one, team.player_two
        partner = two if one.club_player_id == player.pk else one
        if partner.club_player is not None:
            partner_name = (
                partner.club_player.full_name if full_names else public_name(partner.club_player)
            )
        else:
            partner_name = str(partner)
        snapshot = final_ranking(team.tournament)
        entries = snapshot.entries if snapshot else []
        entry = next((e for e in entries if e.get("team") == team.number), None)
        group = [e for e in entries if entry and e.get("direction") == entry.get("direction")]
        found.append(
            Appearance(
                tournament=team.tournament,
                team=team,
                partner_name=partner_name,
                rank=entry.get("rank") if entry else None,
                tied=bool(entry and entry.get("tied")),
                field=len(group),
                percentage=entry.get("percentage") if entry else None,
                direction=entry.get("direction") if entry else None,
            )
        )
    return found


@dataclass(frozen=True)
class SeasonStandingOfPlayer:
    season: Season
    row: SeasonRow
    size: int


def standings_of(player: ClubPlayer, *, full_names: bool = False) -> list[SeasonStandingOfPlayer]:
    """The player's line in each season of the club that ranks them."""
    found = []
    for season in player.club.seasons.all():
        table = season_table(season, full_names=full_names)
        for row in table.rows:
            if row.player.pk == player.pk:
                found.append(SeasonStandingOfPlayer(season, row, len(table.ranked)))
    return found

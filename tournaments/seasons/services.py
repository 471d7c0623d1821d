"""Writes of the seasons: a season and its settings, and its ranking, computed by a Celery job
whenever one of its tournaments is finished or its results corrected (a new final ranking), a
player record is merged, or the settings change."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.duplicate.season import placings_from_ranking, season_ranking
from tournaments.clubs.models import Club
from tournaments.jobs import BrokerUnavailable, publish
from tournaments.service_errors import ServiceError
from tournaments.setup.models import Tournament
from tournaments.slugs import unique_slug

from . import selectors
from .models import Season, SeasonStanding
from .tasks import recompute_season_task

logger = logging.getLogger(__name__)

SEASON_FIELDS = ("name", "method", "best_of", "minimum_played", "points_scale", "reference_field")


class SeasonError(ServiceError):
    """A season's settings refused, with the message the page shows."""


def _check(values: dict, club: Club, tournaments: Iterable[Tournament]) -> list[Tournament]:
    if not str(values.get("name", "")).strip():
        raise SeasonError(gettext("Le nom de la saison manque."))
    scale = values.get("points_scale")
    if scale is not None and (
        not scale or any(not isinstance(p, int | float) or p < 0 for p in scale)
    ):
        raise SeasonError(gettext("Le barème est une liste de points positifs ou nuls."))
    if values.get("best_of") == 0:
        raise SeasonError(gettext("Le nombre de meilleurs tournois retenus est au moins 1."))
    tournaments = list(tournaments)
    if any(t.organizing_club_id != club.pk for t in tournaments):
        raise SeasonError(gettext("Une saison ne compte que des tournois du club."))
    return tournaments


def create_season(*, club: Club, values: dict, tournaments: Iterable[Tournament] = ()) -> Season:
    """A new season of the club; its ranking is computed after the commit."""
    with transaction.atomic():
        tournaments = _check(values, club, tournaments)
        fields = {key: values[key] for key in SEASON_FIELDS if key in values}
        fields["name"] = fields["name"].strip()
        season = Season.objects.create(
            club=club,
            slug=unique_slug(Season, fields["name"], fallback="saison"),
            **fields,
        )
        season.tournaments.set(tournaments)
        request_recomputation(season_ids=[season.pk])
        return season


def update_season(
    *, season: Season, values: dict, tournaments: Iterable[Tournament] | None = None
) -> Season:
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if tournaments is not None:
            tournaments = _check({"name": season.name, **values}, season.club, tournaments)
            season.tournaments.set(tournaments)
        else:
            _check({"name": season.name, **values}, season.club, [])
        for key in SEASON_FIELDS:
            if key in values:
                setattr(season, key, values[key].strip() if key == "name" else values[key])
        season.save()
        request_recomputation(season_ids=[season.pk])
        return season


# --- The ranking's computation --------------------------------------------------------------


def request_recomputation(*, season_ids: Iterable[int]) -> None:
    """Mark the seasons' rankings stale now and, once the transaction commits, publish their
    jobs (the broker away: the periodic catch-up computes them later)."""
    ids = sorted(set(season_ids))
    if not ids:
        return
    Season.objects.filter(pk__in=ids).update(requested_at=timezone.now())
    transaction.on_commit(lambda: _publish(ids))


def _publish(ids: list[int]) -> None:
    for season_id in ids:
        try:
            publish(recompute_season_task, (season_id,))
        except BrokerUnavailable:
            logger.warning("season %s: broker unavailable, left to the catch-up", season_id)


def recompute_season(*, season_id: int) -> SeasonStanding | None:
    """Compute the season's ranking from the final rankings of its finished tournaments and
    store it (None: the season no longer exists)."""
    started = time.perf_counter()
    season = Season.objects.filter(pk=season_id).select_related("club").first()
    if season is None:
        return None
    covers_until = season.requested_at or timezone.now()
    placings, counted = [], []
    for tournament in selectors.counted_tournaments(season):
        snapshot = selectors.final_ranking(tournament)
        if snapshot is None:
            continue
        counted.append(
            {"slug": tournament.slug, "name": tournament.name, "date": tournament.date.isoformat()}
        )
        placings += placings_from_ranking(
            (tournament.date.isoformat(), tournament.slug),
            snapshot.entries,
            selectors.players_by_team(tournament, season.club_id),
        )
    lines = season_ranking(placings, selectors.season_settings(season))
    stored = [
        {
            "rank": line.rank,
            "tied": line.tied,
            "player": line.player,
            "score": line.score,
            "played": line.played,
            "counted": line.counted,
            "results": [
                {
                    "tournament": result.tournament[1],
                    "figure": result.figure,
                    "counted": result.counted,
                }
                for result in line.results
            ],
        }
        for line in lines
    ]
    with transaction.atomic():
        # An older run never overwrites a newer one.
        current = SeasonStanding.objects.select_for_update().filter(season=season).first()
        if current is not None and current.covers_until and current.covers_until > covers_until:
            return current
        standing, _ = SeasonStanding.objects.update_or_create(
            season=season,
            defaults={
                "lines": stored,
                "tournaments": counted,
                "computed_at": timezone.now(),
                "covers_until": covers_until,
                "duration_ms": int((time.perf_counter() - started) * 1000),
            },
        )
    return standing


def catch_up() -> list[int]:
    """Compute every stale season here and now (the periodic job)."""
    done = []
    for season_id in selectors.stale_seasons():
        recompute_season(season_id=season_id)
        done.append(season_id)
    return done


# --- What makes a season stale (signal receivers) -------------------------------------------


def on_snapshot_saved(*, sender, instance, created, **kwargs) -> None:
    """A new final ranking of a finished tournament: a correction after the end."""
    if not created or instance.up_to_round is not None:
        return
    finished = Tournament.objects.filter(
        pk=instance.tournament_id, status=Tournament.Status.FINISHED
    ).exists()
    if finished:
        request_recomputation(
            season_ids=Season.objects.filter(tournaments=instance.tournament_id).values_list(
                "pk", flat=True
            )
        )


def on_tournament_saved(*, sender, instance, created, **kwargs) -> None:
    """A tournament saved (finished, reopened, renamed, moved to another date)."""
    if not created:
        request_recomputation(season_ids=instance.seasons.values_list("pk", flat=True))


def on_players_merged(*, sender, kept, removed, **kwargs) -> None:
    request_recomputation(
        season_ids=Season.objects.filter(club=kept.club_id).values_list("pk", flat=True)
    )

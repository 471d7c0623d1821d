"""The current ranking of a tournament, from the latest snapshot the recomputation stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from tournaments import vocabulary
from tournaments.setup.models import Tournament

from ..models import RankingSnapshot
from .scoring_state import freshness

DIRECTIONS = vocabulary.SIDE_VALUES


@dataclass(frozen=True)
class CurrentRanking:
    """A ranking as stored in a snapshot: overall (``up_to_round`` None) or after a round.

    ``entries`` are dicts with ``rank``, ``tied``, ``display_rank`` ("3="), ``team`` (number),
    ``name``, ``direction`` ("NS", "EW" or None), ``score`` (matchpoints, difference or
    points; int when whole, else a float to two decimals), ``percentage`` (matchpoints, else
    None), ``boards`` (scored) and ``boards_won``. A two-ranking Mitchell lists the NS ranking
    then the EW one, each ranked on its own; ``direction`` keeps only one of them.
    """

    version: int
    method: str
    up_to_round: int | None
    single: bool
    direction: str | None
    entries: list[dict]
    results_counted: int
    includes_changes_until: datetime
    computed_at: datetime

    @property
    def directions(self) -> tuple[str | None, ...]:
        """(None,) for a single ranking, else the directions listed in ``entries``."""
        if self.single:
            return (None,)
        return tuple(d for d in DIRECTIONS if any(e["direction"] == d for e in self.entries))

    def by_direction(self) -> list[tuple[str | None, list[dict]]]:
        """The entries grouped per ranking: [(None, all)] or [("NS", ...), ("EW", ...)]."""
        return [
            (direction, [e for e in self.entries if e["direction"] == direction])
            for direction in self.directions
        ]

    def entry_of(self, team: int) -> dict | None:
        """The entry of team number ``team`` (None: not in this ranking)."""
        return self._by_team.get(team)

    @cached_property
    def _by_team(self) -> dict[int, dict]:
        return {entry["team"]: entry for entry in self.entries}


def current_ranking(
    tournament: Tournament,
    up_to_round: int | None = None,
    direction: str | None = None,
    *,
    version: int | None = None,
) -> CurrentRanking | None:
    """The latest ranking: overall, or after round ``up_to_round``; None when none is stored
    (nothing computed yet, or no result of that round or before).

    ``direction`` ("NS"/"EW") keeps one ranking of a two-ranking Mitchell; asking a direction
    of a single ranking raises ValueError. ``version`` reads that snapshot version instead of
    the latest (the pages pass the version their cache key was built from).
    """
    if direction is not None and direction not in DIRECTIONS:
        raise ValueError(f"direction must be NS or EW, not {direction!r}")
    if version is None:
        version = freshness(tournament).version
    if not version:
        return None
    snapshot = RankingSnapshot.objects.filter(
        tournament=tournament, version=version, up_to_round=up_to_round
    ).first()
    if snapshot is None:
        return None
    single = snapshot.single_ranking
    entries = list(snapshot.entries)
    if direction is not None:
        if single:
            raise ValueError("this tournament has a single ranking: ask with no direction")
        entries = [entry for entry in entries if entry["direction"] == direction]
    return CurrentRanking(
        version=snapshot.version,
        method=snapshot.method,
        up_to_round=snapshot.up_to_round,
        single=single,
        direction=direction,
        entries=entries,
        results_counted=snapshot.results_counted,
        includes_changes_until=snapshot.includes_changes_until,
        computed_at=snapshot.computed_at,
    )


def ranked_rounds(tournament: Tournament, version: int | None = None) -> list[int]:
    """The rounds a ranking "after round N" is stored for (1..the last round with a result)."""
    if version is None:
        version = freshness(tournament).version
    return list(
        RankingSnapshot.objects.filter(
            tournament=tournament, version=version, up_to_round__isnull=False
        )
        .order_by("up_to_round")
        .values_list("up_to_round", flat=True)
    )

"""A season's ranking of players (classement de la saison, « challenge ») from their placings in
the season's tournaments. Plain Python: the site gives it plain values.

A pair changes from week to week, so the season ranks *players*: each of a team's two players
gets the team's placing in its ranking group (one direction of a Mitchell, or the whole field).

Two methods, chosen per season:

- ``AVERAGE``: the mean of the player's percentages over the tournaments counted;
- ``POINTS``: the sum of the points of the player's places, from a scale (20, 17, 15, ... for
  the 1st, 2nd, 3rd of a ranking group, 0 past the scale's end). Players sharing a place share
  the points of the places they cover (two tied 2nd: (17 + 15) / 2 each). With a reference
  field size, a group's points are multiplied by (its teams / the reference): winning among 20
  teams weighs more than among 6.

The tournaments counted are the player's best ``best`` ones (all of them without ``best``); a
player who played fewer than ``minimum`` tournaments is listed after the ranked players,
without a rank.

Ties between ranked players are broken, in order, by:

1. the score (exact: percentages are taken as the decimals given, means as fractions);
2. more tournaments counted;
3. the better single result counted (percentage or points);
4. still equal: a shared rank.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any, NamedTuple, Protocol

DEFAULT_SCALE: tuple[int, ...] = (20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
"""The points of the 1st, 2nd, ... place of a ranking group; places past the end score 0."""


class SeasonMethod(StrEnum):
    AVERAGE = "average"
    POINTS = "points"


@dataclass(frozen=True)
class SeasonSettings:
    method: SeasonMethod = SeasonMethod.AVERAGE
    best: int | None = None
    minimum: int = 1
    scale: tuple[float, ...] = DEFAULT_SCALE
    reference_field: int | None = None

    def __post_init__(self) -> None:
        if self.best is not None and self.best < 1:
            raise ValueError("best must be at least 1")
        if self.minimum < 0:
            raise ValueError("minimum must not be negative")
        if any(points < 0 for points in self.scale):
            raise ValueError("the scale's points must not be negative")
        if self.reference_field is not None and self.reference_field < 1:
            raise ValueError("the reference field must be at least 1 team")


class TournamentKey(Protocol):
    """A tournament's key: hashable, and sorting in the season's order (the site gives
    (date, slug))."""

    def __hash__(self) -> int: ...
    def __lt__(self, other: Any, /) -> bool: ...


@dataclass(frozen=True)
class Placing:
    """One player's result in one tournament: the team's ``rank`` in its ranking group of
    ``field`` teams, shared by ``tied`` teams (1: nobody else), and its ``percentage`` (None:
    the tournament's method gives none, e.g. total points)."""

    player: Hashable
    tournament: TournamentKey
    rank: int
    field: int
    tied: int = 1
    percentage: float | None = None


@dataclass(frozen=True)
class Counted:
    """A tournament of the player's, its figure (percentage or points) and whether it counts."""

    tournament: TournamentKey
    figure: float
    counted: bool


@dataclass(frozen=True)
class SeasonLine:
    player: Hashable
    rank: int | None
    """None: fewer tournaments played than the minimum (listed after the ranked players)."""
    tied: bool
    score: float
    """The season's figure: average percentage or points, rounded to 2 decimals."""
    played: int
    counted: int
    results: tuple[Counted, ...]
    exact: Fraction

    @property
    def ranked(self) -> bool:
        return self.rank is not None


def _exact(value: float) -> Fraction:
    return Fraction(str(value))


def place_points(rank: int, tied: int, field: int, settings: SeasonSettings) -> Fraction:
    """The points of ``tied`` teams sharing ``rank`` in a group of ``field`` teams, each."""
    scale = settings.scale
    places = range(rank, rank + max(tied, 1))
    total = sum(
        (_exact(scale[p - 1]) if p <= len(scale) else Fraction(0) for p in places), Fraction(0)
    )
    points = total / len(places)
    if settings.reference_field:
        points = points * field / settings.reference_field
    return points


def _figure(placing: Placing, settings: SeasonSettings) -> Fraction | None:
    if settings.method is SeasonMethod.POINTS:
        return place_points(placing.rank, placing.tied, placing.field, settings)
    if placing.percentage is None:
        return None
    return _exact(placing.percentage)


def season_ranking(placings: Iterable[Placing], settings: SeasonSettings) -> list[SeasonLine]:
    """The season's lines, ranked players first (rank, then the players' keys as strings among
    tied players), then the players below the minimum (most played first). Tournament keys
    must sort in the season's order."""
    by_player: dict[Hashable, dict[TournamentKey, Fraction]] = defaultdict(dict)
    for placing in placings:
        figure = _figure(placing, settings)
        if figure is None:
            by_player.setdefault(placing.player, {})
            continue
        known = by_player[placing.player].get(placing.tournament)
        # One result per tournament (two records merged that both played it: the better one).
        if known is None or figure > known:
            by_player[placing.player][placing.tournament] = figure

    # The tournaments' keys sort in the season's order (the site gives (date, slug)): among equal
    # figures the earlier tournament counts, and each line lists its results in that order.
    order = {t: i for i, t in enumerate(sorted({p for f in by_player.values() for p in f}))}
    lines: list[_Line] = []
    for player, figures in by_player.items():
        chosen = sorted(figures.items(), key=lambda item: (-item[1], order[item[0]]))
        if settings.best is not None:
            chosen = chosen[: settings.best]
        kept = {tournament for tournament, _ in chosen}
        values = [figure for _, figure in chosen]
        if not values:
            exact = Fraction(0)
        elif settings.method is SeasonMethod.POINTS:
            exact = sum(values, Fraction(0))
        else:
            exact = sum(values, Fraction(0)) / len(values)
        results = tuple(
            Counted(tournament, round(float(figure), 2), tournament in kept)
            for tournament, figure in sorted(figures.items(), key=lambda item: order[item[0]])
        )
        lines.append(
            _Line(
                player, exact, len(values), max(values, default=Fraction(0)), len(figures), results
            )
        )

    def key(line: _Line) -> tuple[Fraction, int, Fraction]:
        return (-line.exact, -line.counted, -line.best_single)

    ranked = sorted(
        (line for line in lines if line.played >= settings.minimum and line.played > 0),
        key=lambda line: (*key(line), str(line.player)),
    )
    unranked = sorted(
        (line for line in lines if not (line.played >= settings.minimum and line.played > 0)),
        key=lambda line: (-line.played, -line.exact, str(line.player)),
    )
    out: list[SeasonLine] = []
    keys = [key(line) for line in ranked]
    sharing = Counter(keys)
    rank = 0
    for index, line in enumerate(ranked):
        if not index or keys[index] != keys[index - 1]:
            rank = index + 1
        tied = sharing[keys[index]] > 1
        out.append(_season_line(line, rank, tied))
    out.extend(_season_line(line, None, False) for line in unranked)
    return out


class _Line(NamedTuple):
    """A player's figures, before ranking."""

    player: Hashable
    exact: Fraction
    counted: int
    best_single: Fraction
    played: int
    results: tuple[Counted, ...]


def _season_line(line: _Line, rank: int | None, tied: bool) -> SeasonLine:
    return SeasonLine(
        player=line.player,
        rank=rank,
        tied=tied,
        score=round(float(line.exact), 2),
        played=line.played,
        counted=line.counted,
        results=line.results,
        exact=line.exact,
    )


def placings_from_ranking(
    tournament: TournamentKey,
    entries: Sequence[Mapping[str, Any]],
    players_of: Mapping[int, Sequence[Hashable]],
) -> list[Placing]:
    """The placings of a tournament's players from its ranking's entries (``rank``, ``team``,
    ``direction``, ``percentage``; a team without a rank is skipped) and each team's players
    (``players_of[team number]``, players without a season identity left out)."""
    groups: dict[object, list[Mapping[str, Any]]] = defaultdict(list)
    for entry in entries:
        if entry.get("rank") is not None:
            groups[entry.get("direction")].append(entry)
    placings = []
    for group in groups.values():
        shared: dict[int, int] = defaultdict(int)
        for entry in group:
            shared[entry["rank"]] += 1
        for entry in group:
            for player in players_of.get(entry["team"], ()):
                placings.append(
                    Placing(
                        player=player,
                        tournament=tournament,
                        rank=entry["rank"],
                        field=len(group),
                        tied=shared[entry["rank"]],
                        percentage=entry.get("percentage"),
                    )
                )
    return placings

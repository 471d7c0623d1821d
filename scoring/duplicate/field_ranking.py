"""The rankings of a simultaneous event: national, per region, per club, per field size.

Every ranking is made from the same across-the-field figures (a team's matchpoints on the
field's common top, or its total difference with the field's datums); a regional, club or
field-size ranking only lists fewer teams and numbers them again. Equal main scores share
their rank: across the field teams of different clubs never met, so there is no head-to-head,
and the figures are exact fractions, so equal means equal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.duplicate.field import (
    FieldRanking,
    FieldRankingEntry,
    FieldSession,
    FieldTeam,
    Scope,
    SessionKey,
)
from scoring.duplicate.ranking import RankingEntry
from scoring.duplicate.table_score import Method
from scoring.engine.cards import Side

DIRECTIONS: tuple[Side | None, ...] = (Side.NS, Side.EW, None)
"""The order of a scope's rankings: NS, EW (sessions ranked by direction), then one field."""


@dataclass(frozen=True, slots=True)
class FieldTally:
    """A team's across-the-field total: its score (matchpoints or difference) and the number
    of boards it has a score on."""

    score: Fraction
    boards: int


@dataclass(frozen=True, slots=True)
class FieldTeams:
    """What the rankings know of the teams: each one's tally, direction (None: one field) and
    local ranking line, and each session (its region) and number of tables."""

    tallies: Mapping[FieldTeam, FieldTally]
    directions: Mapping[FieldTeam, Side | None]
    local: Mapping[FieldTeam, RankingEntry]
    sessions: Mapping[SessionKey, FieldSession]
    tables: Mapping[SessionKey, int]


def field_size_groups(bounds: Sequence[int]) -> tuple[tuple[int, int | None], ...]:
    """The field-size groups cut at ``bounds``: ``(5,)`` gives clubs of 1 to 4 tables and
    clubs of 5 or more, ``((1, 5), (5, None))``. Raises ValueError unless the bounds are
    increasing integers above 1."""
    previous = 1
    groups: list[tuple[int, int | None]] = []
    for bound in bounds:
        if type(bound) is not int or bound <= previous:
            raise ValueError(f"field-size bounds are increasing integers above 1: {bounds}")
        groups.append((previous, bound))
        previous = bound
    if groups:
        groups.append((previous, None))
    return tuple(groups)


def field_rankings(
    method: Method,
    common_top: int | None,
    teams: FieldTeams,
    table_groups: Sequence[int] = (),
) -> tuple[FieldRanking, ...]:
    """Every ranking of the event: national (per direction), then each region's (regions in
    order), each club's (clubs in order), then each field-size group's (``table_groups``: the
    bounds, see ``field_size_groups``). A scope lists its directions NS, EW, one field, each
    only when it has teams."""
    percentages = {
        team: _percentage(method, common_top, tally) for team, tally in teams.tallies.items()
    }
    keys = {
        team: _key(_main(method, teams.tallies[team], percentages[team])) for team in teams.tallies
    }
    # The teams in rank order once (each scope keeps that order, so none is sorted again): by
    # team, then by main score, best first (a stable sort keeps equal scores by team); the
    # float first, the exact fraction only between equal floats (rounding never reverses an
    # order), as ``ranking`` does.
    scored = {team: key for team, key in keys.items() if key is not None}
    ordered = sorted(sorted(scored), key=scored.__getitem__, reverse=True)
    ordered += sorted(team for team, key in keys.items() if key is None)
    ranked = _Ranked(method, teams, percentages, keys)
    rankings = ranked.scope(Scope.NATIONAL, ordered)
    # Each team's region, club and field-size group, gathered in one pass in rank order.
    by_region: dict[str, list[FieldTeam]] = {}
    by_club: dict[str, list[FieldTeam]] = {}
    groups = field_size_groups(table_groups)
    by_group: dict[tuple[int, int | None], list[FieldTeam]] = {group: [] for group in groups}
    for team in ordered:
        key = (team.club, team.session)
        region = teams.sessions[key].region
        if region is not None:
            by_region.setdefault(region, []).append(team)
        by_club.setdefault(team.club, []).append(team)
        tables = teams.tables[key]
        for low, high in groups:
            if low <= tables and (high is None or tables < high):
                by_group[(low, high)].append(team)
    for region in sorted(by_region):
        rankings += ranked.scope(Scope.REGION, by_region[region], name=region)
    for club in sorted(by_club):
        rankings += ranked.scope(Scope.CLUB, by_club[club], name=club)
    for group, members in by_group.items():
        rankings += ranked.scope(Scope.FIELD_SIZE, members, tables=group)
    return tuple(rankings)


def _main(method: Method, tally: FieldTally, percentage: Fraction | None) -> Fraction | None:
    """What a team is ranked on (None: nothing to compare, ranked last)."""
    if not tally.boards:
        return None
    return percentage if method is Method.MATCHPOINTS else tally.score


def _key(main: Fraction | None) -> tuple[float, Fraction] | None:
    """The main score as it is compared: its float, then (when floats are equal) itself."""
    return None if main is None else (float(main), main)


@dataclass(frozen=True, slots=True)
class _Ranked:
    """The teams' figures, from which each scope's rankings are made."""

    method: Method
    teams: FieldTeams
    percentages: Mapping[FieldTeam, Fraction | None]
    keys: Mapping[FieldTeam, tuple[float, Fraction] | None]

    def scope(
        self,
        scope: Scope,
        members: Iterable[FieldTeam],
        name: str | None = None,
        tables: tuple[int, int | None] | None = None,
    ) -> list[FieldRanking]:
        """The scope's rankings, one per direction present; ``members`` in rank order."""
        by_direction: dict[Side | None, list[FieldTeam]] = {}
        for team in members:
            by_direction.setdefault(self.teams.directions[team], []).append(team)
        return [
            FieldRanking(
                scope=scope,
                direction=direction,
                entries=self.entries(direction, by_direction[direction]),
                name=name,
                tables=tables,
            )
            for direction in DIRECTIONS
            if direction in by_direction
        ]

    def entries(
        self, direction: Side | None, members: Sequence[FieldTeam]
    ) -> tuple[FieldRankingEntry, ...]:
        """The members (in rank order) numbered: equal main scores share the rank, teams
        without a comparable score share the last one."""
        groups: list[list[FieldTeam]] = []
        previous: FieldTeam | None = None
        for team in members:
            if previous is not None and self._equal(previous, team):
                groups[-1].append(team)
            else:
                groups.append([team])
            previous = team
        entries: list[FieldRankingEntry] = []
        for group in groups:
            position, tied = len(entries) + 1, len(group) > 1
            entries.extend(
                FieldRankingEntry(
                    rank=position,
                    team=team,
                    direction=direction,
                    score=self.teams.tallies[team].score,
                    percentage=self.percentages[team],
                    boards=self.teams.tallies[team].boards,
                    tied=tied,
                    local=self.teams.local.get(team),
                )
                for team in group
            )
        return tuple(entries)

    def _equal(self, first: FieldTeam, second: FieldTeam) -> bool:
        return self.keys[first] == self.keys[second]


def _percentage(method: Method, common_top: int | None, tally: FieldTally) -> Fraction | None:
    if method is not Method.MATCHPOINTS or not common_top or not tally.boards:
        return None
    return 100 * tally.score / (common_top * tally.boards)

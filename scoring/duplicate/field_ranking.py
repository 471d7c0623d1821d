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
    everyone = sorted(teams.tallies)
    rankings = list(_scope(method, Scope.NATIONAL, everyone, teams, percentages))
    regions = sorted(
        {session.region for session in teams.sessions.values() if session.region is not None}
    )
    for region in regions:
        members = [t for t in everyone if teams.sessions[(t.club, t.session)].region == region]
        rankings.extend(_scope(method, Scope.REGION, members, teams, percentages, name=region))
    for club in sorted({team.club for team in everyone}):
        members = [team for team in everyone if team.club == club]
        rankings.extend(_scope(method, Scope.CLUB, members, teams, percentages, name=club))
    for low, high in field_size_groups(table_groups):
        members = [
            team
            for team in everyone
            if low <= teams.tables[(team.club, team.session)]
            and (high is None or teams.tables[(team.club, team.session)] < high)
        ]
        rankings.extend(
            _scope(method, Scope.FIELD_SIZE, members, teams, percentages, tables=(low, high))
        )
    return tuple(rankings)


def _scope(
    method: Method,
    scope: Scope,
    members: Iterable[FieldTeam],
    teams: FieldTeams,
    percentages: Mapping[FieldTeam, Fraction | None],
    name: str | None = None,
    tables: tuple[int, int | None] | None = None,
) -> list[FieldRanking]:
    by_direction: dict[Side | None, list[FieldTeam]] = {}
    for team in members:
        by_direction.setdefault(teams.directions[team], []).append(team)
    return [
        FieldRanking(
            scope=scope,
            direction=direction,
            entries=_entries(method, direction, by_direction[direction], teams, percentages),
            name=name,
            tables=tables,
        )
        for direction in DIRECTIONS
        if direction in by_direction
    ]


def _entries(
    method: Method,
    direction: Side | None,
    members: Sequence[FieldTeam],
    teams: FieldTeams,
    percentages: Mapping[FieldTeam, Fraction | None],
) -> tuple[FieldRankingEntry, ...]:
    """The members ranked by their main score, best first; equal scores share the rank (listed
    by club, session and team), teams without a comparable score last, sharing theirs."""

    def main(team: FieldTeam) -> Fraction | None:
        if not teams.tallies[team].boards:
            return None
        return percentages[team] if method is Method.MATCHPOINTS else teams.tallies[team].score

    keys = {team: main(team) for team in members}
    scored = sorted(
        (team for team in members if keys[team] is not None),
        key=lambda team: (-_known(keys[team]), team),
    )
    groups: list[list[FieldTeam]] = []
    for team in scored:
        if groups and keys[groups[-1][0]] == keys[team]:
            groups[-1].append(team)
        else:
            groups.append([team])
    unranked = sorted(team for team in members if keys[team] is None)
    if unranked:
        groups.append(unranked)
    entries: list[FieldRankingEntry] = []
    for group in groups:
        position, tied = len(entries) + 1, len(group) > 1
        entries.extend(
            FieldRankingEntry(
                rank=position,
                team=team,
                direction=direction,
                score=teams.tallies[team].score,
                percentage=percentages[team],
                boards=teams.tallies[team].boards,
                tied=tied,
                local=teams.local.get(team),
            )
            for team in group
        )
    return tuple(entries)


def _known(value: Fraction | None) -> Fraction:
    assert value is not None  # only the scored teams are sorted
    return value


def _percentage(method: Method, common_top: int | None, tally: FieldTally) -> Fraction | None:
    if method is not Method.MATCHPOINTS or not common_top or not tally.boards:
        return None
    return 100 * tally.score / (common_top * tally.boards)

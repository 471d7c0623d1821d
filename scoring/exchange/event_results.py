"""An event's results as the exchange formats carry them: each club's session with its teams
(players and licence numbers), its movement's plays, and its traveller lines (the deal's
record: contract, taker, coinche, points made, belote, annonces; and the marks or an adjusted
score). ``field_input`` turns them into what ``score_field`` reads, so that an event read back
from a file is ranked exactly as the one written.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    FieldComputation,
    FieldKey,
    FieldResult,
    FieldSession,
    Method,
)
from scoring.duplicate.display import display_decimal
from scoring.engine.cards import Side
from scoring.engine.result_record import Capot, ResultRecord

# The words the files write for the core's values (the same in XML and PBN).
RANKING_NAMES = {False: "TWO_DIRECTIONS", True: "ONE_FIELD"}
ADJUSTMENT_NAMES = {
    Adjustment.AVERAGE_MINUS: "AVERAGE_MINUS",
    Adjustment.AVERAGE: "AVERAGE",
    Adjustment.AVERAGE_PLUS: "AVERAGE_PLUS",
}
CAPOT_NAMES = {Capot.TAKER: "TAKER", Capot.DEFENCE: "DEFENCE"}


@dataclass(frozen=True, slots=True)
class Player:
    """A player of a team: name and licence number (numéro de licence; None if unknown)."""

    name: str
    licence: str | None = None


@dataclass(frozen=True, slots=True)
class Team:
    """A team (équipe) of a club's session: its number in the session, its name, its line in
    a Mitchell (None in a one-field session) and its players."""

    number: int
    name: str
    direction: Side | None = None
    players: tuple[Player, ...] = ()


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """A line of a board's traveller (feuille ambulante): the result the duplicate scoring
    reads (teams, marks or adjusted scores) and, when known, the deal's record it was scored
    from (None for an adjusted score, or when the club sent the marks alone)."""

    result: BoardResult
    record: ResultRecord | None = None


@dataclass(frozen=True, slots=True)
class ClubResults:
    """One club's session of the event: ``club`` is its identifier (stable across events),
    ``name`` its name; ``region`` its league; ``single_ranking``: its teams changed direction
    (Howell); ``expected_plays``: each board's plays in its movement; ``tables`` its tables."""

    club: str
    name: str
    session: int = 1
    region: str | None = None
    tables: int | None = None
    single_ranking: bool = False
    # Left out of the hash (a dict is not hashable), kept in the comparison.
    expected_plays: Mapping[int, int] = field(default_factory=dict, hash=False)
    teams: tuple[Team, ...] = ()
    lines: tuple[TravellerLine, ...] = ()

    def team_name(self, number: int | None) -> str:
        """The name of team ``number`` in this session (its number when it has none listed;
        ``""`` for the phantom)."""
        if number is None:
            return ""
        for team in self.teams:
            if team.number == number:
                return team.name
        return str(number)


@dataclass(frozen=True, slots=True)
class EventResults:
    """A simultaneous event's results: its identifier, name, date, scoring method and every
    club's session, in the order written."""

    event: str
    name: str
    method: Method
    date: datetime.date | None = None
    clubs: tuple[ClubResults, ...] = ()


def field_input(event: EventResults) -> tuple[list[FieldSession], list[FieldResult]]:
    """The sessions and results ``score_field`` ranks the event from."""
    sessions = [
        FieldSession(
            club.club,
            club.session,
            region=club.region,
            tables=club.tables,
            single_ranking=club.single_ranking,
            expected_plays=dict(club.expected_plays),
        )
        for club in event.clubs
    ]
    results = [
        FieldResult(club.club, club.session, line.result)
        for club in event.clubs
        for line in club.lines
    ]
    return sessions, results


def field_figures(
    computation: FieldComputation | None,
) -> dict[FieldKey, tuple[str | None, str | None]]:
    """Each result's NS and EW figures across the field, with two decimals (exact rounding),
    as the files write them for their readers; empty without a computation."""
    if computation is None:
        return {}

    def shown(value: Fraction | None) -> str | None:
        return None if value is None else display_decimal(value, places=2)

    return {
        score.key: (shown(score.score.ns_score), shown(score.score.ew_score))
        for score in computation.scores()
    }

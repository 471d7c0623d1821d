"""Across the field (simultané): the values of an event whose deals are played in many clubs.

Every club's session is an ordinary tournament (its own teams, movement and ``BoardResult``
lines); the event compares every result of a board with the results of every club, and ranks
the teams of all clubs together. These are the plain values it reads and gives; the scoring is
``field_scoring`` (``score_field``, ``FieldScoring``), the rankings ``field_ranking``.
docs/scoring.md, « Across the field », has the rules and worked examples.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import NamedTuple

from scoring.duplicate.board_result import BoardResult
from scoring.duplicate.display import display_rank
from scoring.duplicate.ranking import RankingEntry
from scoring.duplicate.table_score import TableScore
from scoring.engine.cards import Side

SessionKey = tuple[str, int]
"""``(club, session)``: one club's session of the event (a tournament of that club)."""

FieldKey = tuple[str, int, int, int, int]
"""``(club, session, board, round, table)``: identifies a result across the field."""


class FieldTeam(NamedTuple):
    """A team across the field: its club, the club's session and its number in that session.

    Team numbers are the session's own (every club numbers its teams from 1), so a team is
    known across the field by the three together. A named tuple: the rankings hash and sort
    teams by the hundred thousand, and a tuple does it in C.
    """

    club: str
    session: int
    team: int


@dataclass(frozen=True, slots=True)
class FieldSession:
    """One club's session of the event (séance d'un club), as the field needs to know it.

    ``club`` is the club's identifier (any stable text: a slug, a federation number) and
    ``session`` tells apart the club's sessions of the same event (1 when it holds one).
    ``region`` (ligue, comité) gives the regional rankings; None: the club is in none.
    ``tables``: how many tables the club had, for the ranking groups by field size (None:
    counted from its results, the distinct table numbers). ``single_ranking``: the session's
    teams changed direction (Howell, arrow-switched Mitchell), so they are ranked in one field
    rather than NS and EW apart. ``expected_plays``: each board's plays in the club's movement
    (the Neuberg E of its local ranking; empty: each board's tables in its results; 0 for a
    board that only reaches the phantom's table in a curtailed movement).
    """

    club: str
    session: int = 1
    region: str | None = None
    tables: int | None = None
    single_ranking: bool = False
    # Left out of the hash (a dict is not hashable), kept in the comparison.
    expected_plays: Mapping[int, int] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.club, str) or not self.club:
            raise ValueError(f"a club is named by a non-empty text, not {self.club!r}")
        if type(self.session) is not int or self.session < 1:
            raise ValueError(f"a session is a positive integer, not {self.session!r}")
        if self.tables is not None and (type(self.tables) is not int or self.tables < 1):
            raise ValueError(f"a session has at least one table, not {self.tables!r}")
        for board, plays in self.expected_plays.items():
            if type(board) is not int or type(plays) is not int or board < 1 or plays < 0:
                raise ValueError(f"expected plays are integers >= 0: board {board}: {plays}")

    @property
    def key(self) -> SessionKey:
        return (self.club, self.session)


@dataclass(frozen=True, slots=True)
class FieldResult:
    """A line of the field's traveller: one club's session's ``BoardResult`` (marks, or an
    adjusted score, with its own round, table and team numbers)."""

    club: str
    session: int
    result: BoardResult

    @property
    def key(self) -> FieldKey:
        return (self.club, self.session, *self.result.key)

    @property
    def session_key(self) -> SessionKey:
        return (self.club, self.session)

    @property
    def board(self) -> int:
        return self.result.board

    @property
    def ns_team(self) -> FieldTeam | None:
        """The NS-line team across the field (None for the phantom)."""
        team = self.result.ns_team
        return None if team is None else FieldTeam(self.club, self.session, team)

    @property
    def ew_team(self) -> FieldTeam | None:
        """The EW-line team across the field (None for the phantom)."""
        team = self.result.ew_team
        return None if team is None else FieldTeam(self.club, self.session, team)


@dataclass(frozen=True, slots=True)
class FieldScore:
    """A result compared across the field: the club's session and the table's score, whose
    ``ns_score``/``ew_score`` are the matchpoints on the field's common top (or the difference
    with the field's datum)."""

    club: str
    session: int
    score: TableScore

    @property
    def key(self) -> FieldKey:
        return (self.club, self.session, *self.score.result.key)


class Scope(Enum):
    """What a field ranking covers (classement national, régional, du club, par taille)."""

    NATIONAL = "national"
    REGION = "region"
    CLUB = "club"
    FIELD_SIZE = "field_size"


@dataclass(frozen=True, slots=True)
class FieldRankingEntry:
    """One team's line in a field ranking.

    ``score``: its matchpoints on the field's common top (or its total difference with the
    field's datums); ``percentage``: the score over the common top times its boards (matchpoints
    only, None when the common top is 0); ``boards``: the boards with a score (adjusted ones
    included); ``tied``: the rank is shared. ``local``: the team's line in its own session's
    ranking (its local percentage and rank: compared with its own room only).
    """

    rank: int
    team: FieldTeam
    direction: Side | None
    score: Fraction
    percentage: Fraction | None
    boards: int
    tied: bool
    local: RankingEntry | None = None

    @property
    def display_rank(self) -> str:
        """``"3"``, or ``"3="`` when the rank is shared."""
        return display_rank(self.rank, self.tied)


@dataclass(frozen=True, slots=True)
class FieldRanking:
    """A ranking of the field: the national one, a region's, a club's, or a field-size group's.

    ``direction``: NS or EW for the teams of sessions ranked by direction (Mitchell), None for
    the teams of one-field sessions (Howell) or for every team when the directions are merged.
    ``name``: the region or the club (None for the national and field-size rankings);
    ``tables``: the field-size group, ``(at least, below)`` tables (below None: no bound).
    """

    scope: Scope
    direction: Side | None
    entries: tuple[FieldRankingEntry, ...]
    name: str | None = None
    tables: tuple[int, int | None] | None = None

    def entry(self, team: FieldTeam) -> FieldRankingEntry:
        for entry in self.entries:
            if entry.team == team:
                return entry
        raise KeyError(f"team {team} is not in this ranking")

    def __iter__(self) -> Iterator[FieldRankingEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

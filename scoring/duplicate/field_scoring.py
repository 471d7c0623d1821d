"""Scoring across the field (simultané): every result of a board in every club compared with
each other, and the teams of every club ranked together.

``score_field`` scores an event at once; ``FieldScoring`` keeps the field between uploads, so
that a club's results are put in (or replaced, or taken out) and the field ranked again
without regrouping everyone's results. Both give a ``FieldComputation`` (``field_boards``).

The comparison is the one a single tournament makes (``score_matchpoints``/``score_datum``),
over the results of every club:

- **matchpoints**: on each board, each net on the board's N-S cards against every other net on
  those cards in the whole field, 2 per net beaten and 1 per net tied (the E-W side at the same
  table gets the top minus that: comparing NS with NS and EW with EW is one comparison). The
  field's E is the most plays of any board across the field (each board's plays from each
  club's movement, added up over the sessions), and every board is Neuberg-scaled from its A
  played results to the common top 2(E - 1). An adjusted side gets 40/50/60 % of the common top
  and its table is left out of the others' comparison.
- **datum**: a board's datum is the mean of every played net on its N-S cards across the
  field (rounded to 10, extremes dropped as the options say); the holder of the N-S cards
  scores its net minus the datum, the other side the opposite; adjusted sides score the
  options' fixed points.

Total points compare nothing and have no across-the-field form: ``Method.TOTAL`` is refused.

Each session is also scored on its own (``compute``: its local ranking), which checks its
results as any tournament's are (a team at two tables in a round, two results for a table...).

Cost (docs/performance.md): a board's comparison is a table from each distinct net to its
score (belote nets are multiples of ten: a few hundred values at most), rebuilt only for the
boards whose results changed (all of them when the field's E changes, in matchpoints); ranking
then reads every result once through those tables. Putting a club in costs its own results
and local ranking plus the distinct nets of its boards; ranking costs the field's results.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from scoring.duplicate.board_result import BoardResult
from scoring.duplicate.computation import ScoringOptions, compute
from scoring.duplicate.field import FieldResult, FieldSession, FieldTeam, SessionKey
from scoring.duplicate.field_boards import (
    BoardScale,
    FieldComputation,
    adjusted_share,
    datum_scale,
    matchpoint_scale,
)
from scoring.duplicate.field_ranking import FieldTally, FieldTeams, field_rankings
from scoring.duplicate.matchpoints import top
from scoring.duplicate.ranking import RankingEntry
from scoring.duplicate.table_score import Method
from scoring.engine.cards import Side


def score_field(
    method: Method | str,
    results: Iterable[FieldResult],
    sessions: Iterable[FieldSession] = (),
    *,
    options: ScoringOptions | None = None,
    common_plays: int | None = None,
    merge_directions: bool = False,
    table_groups: Sequence[int] = (),
) -> FieldComputation:
    """Score every result across the field and rank every team.

    ``sessions`` describe the clubs' sessions (region, tables, one field or two directions,
    their movement's expected plays); a session with results but not listed is taken as
    ``FieldSession(club, session)``. ``common_plays``: the field's E (default: the most plays of
    any board across the field). ``merge_directions``: one national ranking of every team,
    whatever its direction (percentages across the field are comparable); by default NS and EW
    are ranked apart and the teams of one-field sessions (Howell) in a third ranking.
    ``table_groups``: bounds of the field-size groups (``(5,)``: clubs under 5 tables ranked
    apart from the others, on the same across-the-field figures).

    Raises ValueError on TOTAL, on a session's inconsistent results (as ``compute``), or on
    ``common_plays`` below the plays of a board.
    """
    field = FieldScoring(method, options=options, common_plays=common_plays)
    described = {session.key: session for session in sessions}
    grouped: dict[SessionKey, list[BoardResult]] = {key: [] for key in described}
    for line in results:
        grouped.setdefault(line.session_key, []).append(line.result)
    for key, session_results in grouped.items():
        field.put_session(described.get(key) or FieldSession(*key), session_results)
    return field.computation(merge_directions=merge_directions, table_groups=table_groups)


class FieldScoring:
    """The field of an event between uploads: each session's results, each board's count of
    nets across the field, each session's local ranking; ``computation()`` scores and ranks.

    ``put_session`` (an upload, a correction: the session's results replaced as a whole, so
    putting the same results twice changes nothing) and ``remove_session`` touch only that
    session's boards; the boards' comparisons are rebuilt at the next ``computation()``.
    """

    def __init__(
        self,
        method: Method | str,
        *,
        options: ScoringOptions | None = None,
        common_plays: int | None = None,
    ) -> None:
        self.method = Method(method)
        if self.method is Method.TOTAL:
            raise ValueError(
                "total points compare nothing across the field: "
                "score a simultaneous event in matchpoints or datum"
            )
        if common_plays is not None and (type(common_plays) is not int or common_plays < 1):
            raise ValueError(f"the field's E is a positive integer, not {common_plays!r}")
        self.options = options or ScoringOptions()
        self.common_plays = common_plays
        self._sessions: dict[SessionKey, FieldSession] = {}
        self._results: dict[SessionKey, tuple[BoardResult, ...]] = {}
        self._expected: dict[SessionKey, dict[int, int]] = {}
        self._local: dict[SessionKey, dict[int, RankingEntry]] = {}
        self._lines: dict[SessionKey, dict[int, Side | None]] = {}
        self._tables: dict[SessionKey, int] = {}
        self._boards: dict[SessionKey, set[int]] = {}
        self._nets: dict[int, Counter[int]] = {}
        self._field_expected: Counter[int] = Counter()
        self._scales: dict[int, BoardScale] = {}
        self._scaled_for: int | None = None  # the E the kept matchpoint scales were built on

    @property
    def sessions(self) -> tuple[FieldSession, ...]:
        """The sessions in the field, by club and session."""
        return tuple(self._sessions[key] for key in sorted(self._sessions))

    def put_session(self, session: FieldSession, results: Iterable[BoardResult]) -> set[int]:
        """Put ``session``'s results in the field, replacing what it had (an upload or a
        correction); returns the boards whose comparison changes. The session is scored on
        its own first: inconsistent results raise ValueError and leave the field unchanged."""
        results = tuple(sorted(results, key=lambda result: result.key))
        for result in results:
            if not isinstance(result, BoardResult):
                raise ValueError(f"a session's results are BoardResult lines, not {result!r}")
        expected = dict(session.expected_plays) or _tables_per_board(results)
        boards = set(expected) | {result.board for result in results}
        local = compute(
            self.method, results, expected, session.single_ranking, options=self.options
        )
        # Each team's line is its local ranking's direction (``compute`` ranks every team of
        # ``team_lines(results, single_ranking)``, each in its line's ranking): not read twice.
        lines = {entry.team: ranking.direction for ranking in local.rankings for entry in ranking}
        entries = {entry.team: entry for ranking in local.rankings for entry in ranking}
        touched = self._take_out(session.key)
        self._sessions[session.key] = session
        self._results[session.key] = results
        self._expected[session.key] = expected
        self._local[session.key] = entries
        self._lines[session.key] = lines
        self._boards[session.key] = boards
        self._tables[session.key] = session.tables or len({result.table for result in results})
        self._field_expected.update(expected)
        for result in results:
            net = result.net_on_ns_cards
            if net is not None:
                self._nets.setdefault(result.board, Counter())[net] += 1
                touched.add(result.board)
        for board in touched:
            self._scales.pop(board, None)
        return touched

    def remove_session(self, club: str, session: int = 1) -> set[int]:
        """Take a session out of the field (a club withdrawn); returns the boards whose
        comparison changes. Raises KeyError when the session is not in the field."""
        key = (club, session)
        if key not in self._sessions:
            raise KeyError(f"session {session} of club {club} is not in the field")
        touched = self._take_out(key)
        del self._sessions[key]
        for board in touched:
            self._scales.pop(board, None)
        return touched

    def _take_out(self, key: SessionKey) -> set[int]:
        touched: set[int] = set()
        for result in self._results.pop(key, ()):
            net = result.net_on_ns_cards
            if net is not None:
                nets = self._nets[result.board]
                nets[net] -= 1
                if not nets[net]:
                    del nets[net]
                touched.add(result.board)
        self._field_expected.subtract(self._expected.pop(key, {}))
        self._field_expected = +self._field_expected  # boards no session plays any more
        self._local.pop(key, None)
        self._lines.pop(key, None)
        self._tables.pop(key, None)
        self._boards.pop(key, None)
        return touched

    def field_plays(self) -> int | None:
        """The field's E: ``common_plays`` if given, else the most plays of a board across the
        field (None before any result). Raises ValueError when ``common_plays`` is below it."""
        most = max(self._field_expected.values(), default=None)
        if self.common_plays is None:
            return most
        if most is not None and self.common_plays < most:
            raise ValueError(
                f"the field's E ({self.common_plays}) cannot be below the plays of a board "
                f"across the field ({most})"
            )
        return self.common_plays

    def computation(
        self, *, merge_directions: bool = False, table_groups: Sequence[int] = ()
    ) -> FieldComputation:
        """The field scored and ranked now (see ``score_field`` for the options)."""
        plays = self.field_plays()
        common_top = top(plays) if self.method is Method.MATCHPOINTS and plays else None
        scales = self._board_scales(plays)
        tallies = self._tallies(scales, common_top or 0)
        directions: dict[FieldTeam, Side | None] = {}
        local: dict[FieldTeam, RankingEntry] = {}
        for key, lines in self._lines.items():
            club, session = key
            for team, line in lines.items():
                field_team = FieldTeam(club, session, team)
                directions[field_team] = None if merge_directions else line
                local[field_team] = self._local[key][team]
        teams = FieldTeams(tallies, directions, local, dict(self._sessions), dict(self._tables))
        return FieldComputation(
            method=self.method,
            common_plays=plays,
            common_top=common_top,
            rankings=field_rankings(self.method, common_top, teams, table_groups),
            boards=dict(scales),
            results=dict(self._results),
            adjustment_points=self.options.datum_adjustment_points,
        )

    def _board_scales(self, plays: int | None) -> dict[int, BoardScale]:
        """Each board's comparison, the kept ones reused (every one rebuilt when the field's
        E changed, in matchpoints)."""
        if self.method is Method.MATCHPOINTS and plays != self._scaled_for:
            self._scales.clear()
            self._scaled_for = plays
        boards = set().union(*self._boards.values())
        for board in boards:
            if board not in self._scales:
                nets = self._nets.get(board, Counter())
                if self.method is Method.MATCHPOINTS:
                    assert plays is not None  # a board with results has expected plays
                    self._scales[board] = matchpoint_scale(nets, plays)
                else:
                    self._scales[board] = datum_scale(nets, self.options)
        return {board: self._scales[board] for board in boards}

    def _tallies(
        self, scales: Mapping[int, BoardScale], board_top: int
    ) -> dict[FieldTeam, FieldTally]:
        """Every team's total across the field, summed as integers over each denominator and
        made a fraction once per team (a hundred thousand results)."""
        points = self.options.datum_adjustment_points
        tallies: dict[FieldTeam, FieldTally] = {}
        for (club, session), results in self._results.items():
            sums: dict[int, dict[int, int]] = {team: {} for team in self._lines[(club, session)]}
            boards: Counter[int] = Counter()
            for result in results:
                for team, numerator, denominator in _sides(
                    self.method, result, scales[result.board], board_top, points
                ):
                    of_team = sums[team]
                    of_team[denominator] = of_team.get(denominator, 0) + numerator
                    boards[team] += 1
            for team, of_team in sums.items():
                # One fraction over the least common denominator (the boards' A values), not
                # one addition of fractions per denominator: a tenth of the time.
                denominator = math.lcm(*of_team) if of_team else 1
                numerator = sum(n * (denominator // d) for d, n in of_team.items())
                tallies[FieldTeam(club, session, team)] = FieldTally(
                    Fraction(numerator, denominator), boards[team]
                )
        return tallies


def _sides(
    method: Method, result: BoardResult, scale: BoardScale, board_top: int, points: int
) -> list[tuple[int, int, int]]:
    """Each real team's score at the table as (team, numerator, denominator)."""
    net = result.net_on_ns_cards
    if net is not None:
        on_ns_cards = scale.on_ns_cards[net]
        on_ew_cards = scale.total - on_ns_cards
        if result.arrow_switched:
            on_ns_cards, on_ew_cards = on_ew_cards, on_ns_cards
        assert result.ns_team is not None and result.ew_team is not None  # a played table
        return [
            (result.ns_team, on_ns_cards, scale.denominator),
            (result.ew_team, on_ew_cards, scale.denominator),
        ]
    sides = []
    for team, adjustment in (
        (result.ns_team, result.ns_adjusted),
        (result.ew_team, result.ew_adjusted),
    ):
        if team is not None and adjustment is not None:
            sides.append((team, *adjusted_share(method, adjustment, board_top, points)))
    return sides


def _tables_per_board(results: Iterable[BoardResult]) -> dict[int, int]:
    """Each board's tables with two real teams in ``results``: its plays when the session
    does not say (at least 1, so that a board only adjusted still has a top)."""
    plays: Counter[int] = Counter()
    for result in results:
        plays[result.board] += 0 if None in (result.ns_team, result.ew_team) else 1
    return {board: max(count, 1) for board, count in plays.items()}

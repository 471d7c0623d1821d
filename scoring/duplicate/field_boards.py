"""One board compared across the field (``BoardScale``), and what a field's scoring gives
(``FieldComputation``): its rankings, and every result's score across the field on demand.
``field_scoring`` builds them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from scoring.duplicate.board_result import Adjustment, BoardResult
from scoring.duplicate.computation import ScoringOptions
from scoring.duplicate.datum import adjusted_difference, datum
from scoring.duplicate.field import FieldRanking, FieldScore, Scope, SessionKey
from scoring.duplicate.matchpoints import top
from scoring.duplicate.table_score import Method, TableScore
from scoring.engine.cards import Side


@dataclass(frozen=True, slots=True)
class BoardScale:
    """One board compared across the field: each distinct net on its N-S cards and what the
    holder of those cards scores with it, as a numerator over ``denominator`` (the E-W side at
    the same table scores ``total - numerator``: the common top for matchpoints, 0 for datum).
    ``plays``: the played results compared (A); ``datum``: the board's datum (datum only)."""

    denominator: int
    on_ns_cards: Mapping[int, int]
    total: int
    plays: int
    datum: int | None = None

    def score(self, net: int) -> tuple[Fraction, Fraction]:
        """What the N-S cards holder with ``net`` and the E-W cards holder at its table score."""
        numerator = self.on_ns_cards[net]
        return (
            Fraction(numerator, self.denominator),
            Fraction(self.total - numerator, self.denominator),
        )


def matchpoint_scale(nets: Mapping[int, int], common_plays: int) -> BoardScale:
    """A board's matchpoints across the field, from the count of each net on its N-S cards:
    2 per net beaten, 1 per net tied, Neuberg-scaled from the A nets to ``common_plays``."""
    plays = sum(nets.values())
    if plays > common_plays:
        raise ValueError(f"a board has {plays} results but the field's E is {common_plays}")
    board_top = top(common_plays)
    # Scaled M' = (M + 1) E / A - 1 = ((M + 1) E - A) / A, every net over the same A.
    scaled = 0 < plays != common_plays
    denominator = plays if scaled else 1
    on_ns: dict[int, int] = {}
    below = 0
    for net in sorted(nets):
        count = nets[net]
        points = 2 * below + count - 1
        on_ns[net] = (points + 1) * common_plays - plays if scaled else points
        below += count
    return BoardScale(denominator, on_ns, board_top * denominator, plays)


def datum_scale(nets: Mapping[int, int], options: ScoringOptions) -> BoardScale:
    """A board's datum across the field, from the count of each net on its N-S cards."""
    plays = sum(nets.values())
    if not plays:
        return BoardScale(1, {}, 0, 0)
    board_datum = datum(
        list(Counter(nets).elements()),
        drop_extremes=options.datum_drop_extremes,
        drop_extremes_from=options.datum_drop_extremes_from,
    )
    on_ns = {net: net - board_datum for net in nets}
    return BoardScale(1, on_ns, 0, plays, board_datum)


@dataclass(frozen=True)
class FieldComputation:
    """Everything computed across the field at one moment (figures are provisional while
    clubs may still upload: the caller knows the deadline).

    ``common_plays``: the field's E; ``common_top``: 2(E - 1), matchpoints only. ``rankings``:
    national, then regions, clubs and field-size groups (``field_ranking.field_rankings``).
    ``boards``: each board's comparison (``BoardScale``). A result's score is built when asked
    for (``traveller``, ``scores``): an event has a hundred thousand of them.
    """

    method: Method
    common_plays: int | None
    common_top: int | None
    rankings: tuple[FieldRanking, ...]
    boards: Mapping[int, BoardScale]
    results: Mapping[SessionKey, tuple[BoardResult, ...]]
    adjustment_points: int

    def ranking(
        self,
        scope: Scope = Scope.NATIONAL,
        direction: Side | str | None = None,
        name: str | None = None,
        tables: tuple[int, int | None] | None = None,
    ) -> FieldRanking:
        """The ranking of ``scope`` (a region or club by ``name``, a field-size group by
        ``tables``) for ``direction`` (NS, EW, or None: the one-field teams or every team when
        the directions are merged). Raises KeyError when the event has no such ranking."""
        wanted = None if direction is None else Side(direction)
        for ranking in self.rankings:
            if (ranking.scope, ranking.direction, ranking.name, ranking.tables) == (
                scope,
                wanted,
                name,
                tables,
            ):
                return ranking
        raise KeyError(f"no {scope.value} ranking {name or tables or ''} for {direction}")

    def national(self, direction: Side | str | None = None) -> FieldRanking:
        return self.ranking(Scope.NATIONAL, direction)

    def scopes(self, scope: Scope) -> tuple[FieldRanking, ...]:
        """Every ranking of ``scope`` (each region's, each club's...), in order."""
        return tuple(ranking for ranking in self.rankings if ranking.scope is scope)

    def traveller(self, board: int) -> tuple[FieldScore, ...]:
        """Every result of ``board`` across the field with its score, by club, session,
        round and table (the field's feuille ambulante)."""
        return tuple(
            self._score(club, session, result)
            for club, session, result in self._by_board.get(board, ())
        )

    @cached_property
    def _by_board(self) -> dict[int, list[tuple[str, int, BoardResult]]]:
        """The results by board, each board's in traveller order: built once, on the first
        traveller asked for (a page shows one board of a hundred thousand results)."""
        by_board: dict[int, list[tuple[str, int, BoardResult]]] = {}
        for (club, session), results in sorted(self.results.items()):
            for result in results:  # sorted by key when put in the field
                by_board.setdefault(result.board, []).append((club, session, result))
        for lines in by_board.values():
            lines.sort(key=lambda line: (line[0], line[1], line[2].round, line[2].table))
        return by_board

    def scores(self) -> Iterator[FieldScore]:
        """Every result's score across the field, by club, session, board, round, table."""
        for (club, session), results in sorted(self.results.items()):
            for result in sorted(results, key=lambda r: r.key):
                yield self._score(club, session, result)

    def _score(self, club: str, session: int, result: BoardResult) -> FieldScore:
        scale = self.boards[result.board]
        ns_score: Fraction | None
        ew_score: Fraction | None
        net = result.net_on_ns_cards
        if net is not None:
            on_ns_cards, on_ew_cards = scale.score(net)
            if result.arrow_switched:
                ns_score, ew_score = on_ew_cards, on_ns_cards
            else:
                ns_score, ew_score = on_ns_cards, on_ew_cards
        else:
            ns_score = self._adjusted(result.ns_team, result.ns_adjusted)
            ew_score = self._adjusted(result.ew_team, result.ew_adjusted)
        if self.method is Method.MATCHPOINTS:
            table_score = TableScore(result, ns_score, ew_score, top=self.common_top)
        else:
            table_score = TableScore(result, ns_score, ew_score, datum=scale.datum)
        return FieldScore(club, session, table_score)

    def _adjusted(self, team: int | None, adjustment: Adjustment | None) -> Fraction | None:
        if team is None or adjustment is None:
            return None
        numerator, denominator = adjusted_share(
            self.method, adjustment, self.common_top or 0, self.adjustment_points
        )
        return Fraction(numerator, denominator)


def adjusted_share(
    method: Method, adjustment: Adjustment, board_top: int, points: int
) -> tuple[int, int]:
    """An adjusted side's score as (numerator, denominator): a share of the common top in
    matchpoints, a fixed difference in datum."""
    if method is Method.MATCHPOINTS:
        return (adjustment.percentage * board_top, 100)
    return (adjusted_difference(adjustment, points), 1)

"""Rankings (classements): from per-board scores to ranked teams, with stated tie-breaks.

One ranking per direction when teams keep their line (plain Mitchell), a single ranking when
they do not (Howell, arrow-switched Mitchell). Ties are broken, in order, by:

1. the main score: percentage for matchpoints, total difference for datum, total points;
2. boards won: boards on which the team beat the average (more than half the top, a positive
   difference, more points than its opponents at the table);
3. head-to-head: on the boards the tied teams played against each other (only when every pair
   of them met), matchpoint percentage, or difference / points scored;
4. still equal: a shared rank, displayed "3=".

Procedural penalties (``penalties``: each team's deduction) are taken off the main score after
the comparison; boards won and head-to-head are on the compared scores.

Teams without a single board are listed last, sharing their rank.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from scoring.duplicate.board_result import BoardResult
from scoring.duplicate.display import display_rank
from scoring.duplicate.table_score import Method, TableScore
from scoring.engine.cards import Side

TeamLines = Mapping[int, Side | None]
"""Each team's direction in a two-ranking Mitchell; None for every team in a single ranking."""


@dataclass(frozen=True, slots=True)
class RankingEntry:
    """One team's line in a ranking.

    ``score`` is the total: matchpoints (Neuberg-scaled, adjusted scores included), difference
    or points. ``percentage`` is the share of the tops of the boards the team has a score on
    (matchpoints only, else None). ``boards`` counts the boards with a score, adjusted ones
    included; ``tied`` says the rank is shared. ``penalty`` is what procedural penalties took
    off ``score`` (and so off ``percentage``).
    """

    rank: int
    team: int
    direction: Side | None
    score: Fraction
    percentage: Fraction | None
    boards: int
    tied: bool
    boards_won: int = 0
    penalty: Fraction = Fraction(0)

    @property
    def display_rank(self) -> str:
        """``"3"``, or ``"3="`` when the rank is shared."""
        return display_rank(self.rank, self.tied)


@dataclass(frozen=True, slots=True)
class Ranking:
    """A ranking of one direction (``NS``/``EW``) or of the whole field (direction None),
    after ``up_to_round`` rounds (None: every result)."""

    method: Method
    direction: Side | None
    up_to_round: int | None
    entries: tuple[RankingEntry, ...]

    def entry(self, team: int) -> RankingEntry:
        for entry in self.entries:
            if entry.team == team:
                return entry
        raise KeyError(f"team {team} is not in this ranking")

    def __iter__(self) -> Iterator[RankingEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)


def team_lines(
    results: Iterable[BoardResult],
    single_ranking: bool,
    teams: Mapping[int, Side | None] | Iterable[int] | None = None,
) -> dict[int, Side | None]:
    """Every team to rank and its direction (None everywhere for a single ranking).

    Teams come from ``results`` and from ``teams`` (registered teams that may not have played
    yet; a mapping gives their direction, needed for two rankings). Raises ValueError when two
    rankings are asked for but a team sat in both lines, a board was arrow-switched, or a team's
    direction is unknown.
    """
    lines: dict[int, Side | None] = {}
    if isinstance(teams, Mapping):
        for team, line in teams.items():
            lines[team] = None if single_ranking else line
    elif teams is not None:
        for team in teams:
            lines[team] = None
    for result in results:
        for team in result.teams():
            if single_ranking:
                lines.setdefault(team, None)
                continue
            if result.arrow_switched:
                raise ValueError(
                    f"board {result.board} was arrow-switched at table {result.table}: "
                    "an arrow-switched movement needs a single ranking"
                )
            line = result.line_of(team)
            known = lines.get(team)
            if known is None:
                lines[team] = line
            elif known is not line:
                raise ValueError(
                    f"team {team} sat both NS and EW (round {result.round}): "
                    "such a movement needs a single ranking"
                )
    if not single_ranking:
        unknown = sorted(team for team, line in lines.items() if line is None)
        if unknown:
            raise ValueError(f"the direction of teams {unknown} is unknown")
    return lines


@dataclass
class Tally:
    """What a ranking needs to know about one team, gathered over its scores (before
    penalties): kept as running totals by the incremental recomputation, which adds and takes
    off a board's scores (``add_scores``) instead of summing every board again."""

    score: Fraction = Fraction(0)
    top: int = 0
    boards: int = 0
    won: int = 0
    penalty: Fraction = Fraction(0)
    # opponent -> [(own score, top)] on each board they played against each other
    meetings: dict[int, list[tuple[Fraction, int]]] = field(default_factory=dict)


Meetings = Callable[[Sequence[int]], Mapping[int, Mapping[int, list[tuple[Fraction, int]]]]]
"""For a tied group of teams, each one's meetings with the others (``Tally.meetings``): asked
only when the tallies were kept without them."""


def add_scores(
    method: Method,
    tallies: dict[int, Tally],
    scores: Iterable[TableScore],
    *,
    sign: int = 1,
    meetings: bool = True,
) -> None:
    """Add the table scores to the teams' tallies (``sign=-1``: take them off again, exactly:
    the totals are fractions). Teams not in ``tallies`` raise KeyError; ``meetings=False``
    leaves the head-to-head lists out (running totals)."""
    # The scores are summed as integers over each denominator, and each sum added to the
    # team's fraction once: exact, without a fraction built per board (thousands of them).
    sums: dict[int, dict[int, int]] = {}
    matchpoints = method is Method.MATCHPOINTS
    for table_score in scores:
        result = table_score.result
        ns_team, ew_team = result.ns_team, result.ew_team
        ns_score, ew_score = table_score.ns_score, table_score.ew_score
        board_top = table_score.top or 0
        for team, own, opponent, against in (
            (ns_team, ns_score, ew_team, ew_score),
            (ew_team, ew_score, ns_team, ns_score),
        ):
            if team is None or own is None:
                continue
            tally = tallies[team]
            of_team = sums.get(team)
            if of_team is None:
                of_team = sums[team] = {}
            numerator, denominator = own.numerator, own.denominator
            of_team[denominator] = of_team.get(denominator, 0) + sign * numerator
            tally.top += sign * board_top
            tally.boards += sign
            # ``_won`` in matchpoints, on the numerator already read (thousands of boards).
            if (
                2 * numerator > board_top * denominator
                if matchpoints
                else _won(method, own, board_top, against)
            ):
                tally.won += sign
            if meetings and opponent is not None:
                tally.meetings.setdefault(opponent, []).append((own, board_top))
    for team, of_team in sums.items():
        tally = tallies[team]
        for denominator, numerator in of_team.items():
            tally.score += Fraction(numerator, denominator)


def rank(
    method: Method,
    scores: Iterable[TableScore],
    lines: TeamLines,
    single_ranking: bool,
    up_to_round: int | None = None,
    penalties: Mapping[int, Fraction] | None = None,
) -> tuple[Ranking, ...]:
    """The rankings: ``(ranking,)`` for a single ranking, else ``(NS ranking, EW ranking)``.

    ``lines`` lists every team to rank (see ``team_lines``); a team in ``scores`` but not in
    ``lines`` raises KeyError. ``penalties``: each penalized team's deduction, in the method's
    unit (``penalties.deductions``), taken off its score; a team not in ``lines`` is ignored.
    """
    tallies = {team: Tally() for team in lines}
    add_scores(method, tallies, scores)
    return rank_tallies(method, tallies, lines, single_ranking, up_to_round, penalties)


def rank_tallies(
    method: Method,
    tallies: Mapping[int, Tally],
    lines: TeamLines,
    single_ranking: bool,
    up_to_round: int | None = None,
    penalties: Mapping[int, Fraction] | None = None,
    meetings: Meetings | None = None,
) -> tuple[Ranking, ...]:
    """``rank`` from the teams' tallies (every team of ``lines`` must have one; they are not
    changed). ``meetings``: where the head-to-head of a tied group comes from when the tallies
    were kept without it (None: ``Tally.meetings``)."""
    own = {
        team: Tally(tally.score, tally.top, tally.boards, tally.won, tally.penalty, tally.meetings)
        for team, tally in tallies.items()
        if team in lines
    }
    for team, deduction in (penalties or {}).items():
        if team in own:
            own[team].penalty += deduction
            own[team].score -= deduction

    directions: tuple[Side | None, ...] = (None,) if single_ranking else (Side.NS, Side.EW)
    return tuple(
        _ranking(
            method,
            direction,
            up_to_round,
            {team: own[team] for team, line in lines.items() if line is direction},
            meetings,
        )
        for direction in directions
    )


def _won(method: Method, own: Fraction, board_top: int, against: Fraction | None) -> bool:
    if method is Method.MATCHPOINTS:
        # 2·own > top, on the numerator (the same comparison, without a Fraction product).
        return 2 * own.numerator > board_top * own.denominator
    if method is Method.DATUM:
        return own > 0
    return against is not None and own > against


def _percentage(method: Method, tally: Tally) -> Fraction | None:
    if method is not Method.MATCHPOINTS or not tally.top:
        return None
    score = tally.score
    return Fraction(100 * score.numerator, score.denominator * tally.top)


def _ranking(
    method: Method,
    direction: Side | None,
    up_to_round: int | None,
    tallies: dict[int, Tally],
    meetings: Meetings | None = None,
) -> Ranking:
    # Each team's percentage, once (the sort and the entry both need it).
    percentages = {team: _percentage(method, tally) for team, tally in tallies.items()}

    def main_score(team: int) -> Fraction:
        if method is Method.MATCHPOINTS:
            # A team whose boards all had a top of 0 (played once) has nothing to compare.
            percentage = percentages[team]
            return Fraction(-1) if percentage is None else percentage
        return tallies[team].score

    played = [team for team, tally in tallies.items() if tally.boards]
    # The nearest float first: rounding keeps the order of unequal fractions or makes them
    # equal, never reverses it, so comparing the fractions only when the floats are equal
    # gives the exact order (and equality), for a fraction of the cost of comparing fractions
    # throughout.
    keys = {}
    for team in played:
        score = main_score(team)
        keys[team] = (float(score), score, tallies[team].won)
    ordered = sorted(played, key=lambda team: (*keys[team], -team), reverse=True)

    groups: list[list[int]] = []
    for team in ordered:
        if groups and keys[groups[-1][0]] == keys[team]:
            groups[-1].append(team)
        else:
            groups.append([team])
    resolved: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            resolved.append(group)
            continue
        if meetings is not None:
            met = meetings(group)
            for team in group:
                tallies[team].meetings = {
                    opponent: list(boards) for opponent, boards in met.get(team, {}).items()
                }
        resolved.extend(_head_to_head(method, group, tallies))
    never_played = sorted(team for team, tally in tallies.items() if not tally.boards)
    if never_played:
        resolved.append(never_played)

    entries: list[RankingEntry] = []
    for group in resolved:
        position = len(entries) + 1
        for team in sorted(group):
            tally = tallies[team]
            entries.append(
                RankingEntry(
                    rank=position,
                    team=team,
                    direction=direction,
                    score=tally.score,
                    percentage=percentages[team],
                    boards=tally.boards,
                    tied=len(group) > 1,
                    boards_won=tally.won,
                    penalty=tally.penalty,
                )
            )
    return Ranking(method, direction, up_to_round, tuple(entries))


def _head_to_head(
    method: Method, group: Sequence[int], tallies: dict[int, Tally]
) -> list[list[int]]:
    """Split a tied group by the boards its teams played against each other, best first.

    Applies only when every pair in the group met; teams still equal are split again among
    themselves, and a group that cannot be split stays together (shared rank).
    """
    for first, second in combinations(group, 2):
        if second not in tallies[first].meetings:
            return [sorted(group)]

    values: dict[int, Fraction] = {}
    for team in group:
        boards = [
            board
            for opponent in group
            if opponent != team
            for board in tallies[team].meetings[opponent]
        ]
        own = sum((score for score, _ in boards), Fraction(0))
        if method is Method.MATCHPOINTS:
            tops = sum(top for _, top in boards)
            values[team] = own / tops if tops else Fraction(0)
        else:
            values[team] = own
    ordered = sorted(group, key=lambda team: (-values[team], team))
    subgroups: list[list[int]] = []
    for team in ordered:
        if subgroups and values[subgroups[-1][0]] == values[team]:
            subgroups[-1].append(team)
        else:
            subgroups.append([team])
    if len(subgroups) == 1:
        return subgroups
    resolved: list[list[int]] = []
    for subgroup in subgroups:
        resolved.extend(
            _head_to_head(method, subgroup, tallies) if len(subgroup) > 1 else [subgroup]
        )
    return resolved

"""A team's scorecard (feuille de marque): its boards, scores and penalties, from the stored
board scores."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from scoring.engine.cards import Side
from tournaments.setup.models import Team, Tournament

from ..models import BoardScore
from .boards import BoardStatus, plays_per_board, scored_per_board
from .penalties import PenaltyLine, penalty_lines
from .travellers import team_names


@dataclass(frozen=True)
class ScorecardLine:
    """One board of a team's scorecard (carte de score de l'équipe).

    ``direction`` is the line the team sat in ("NS"/"EW"); ``marks``/``opponent_marks`` are
    None on an adjusted board, where ``adjustment`` ("A-", "A", "A+") says what the team got.
    ``finished``: the board has a counted result at every table that plays it.
    """

    round: int
    board: int
    table: int
    direction: str
    arrow_switched: bool
    opponent: int | None
    opponent_name: str
    record: dict | None
    made: bool | None
    marks: int | None
    opponent_marks: int | None
    adjustment: str
    score: float
    percentage: float | None
    top: float | None
    running_score: float
    running_percentage: float | None
    finished: bool
    assigned: bool = False


@dataclass(frozen=True)
class Scorecard:
    """A team's scorecard: its scored boards by round, with running totals.

    ``hidden``: boards left out because they are not finished everywhere (``finished_only``).
    ``penalties``: the team's procedural penalties in force; ``total`` and ``percentage`` are
    after them (the lines' running totals are the compared scores, before them).
    """

    team: int
    name: str
    method: str
    lines: tuple[ScorecardLine, ...]
    hidden: int = 0
    penalties: tuple[PenaltyLine, ...] = ()
    tops: float = 0.0

    @property
    def penalty_total(self) -> float:
        return sum(penalty.deduction for penalty in self.penalties)

    @property
    def total(self) -> float:
        running = self.lines[-1].running_score if self.lines else 0
        return running - self.penalty_total

    @property
    def percentage(self) -> float | None:
        if not self.lines or self.lines[-1].running_percentage is None or not self.tops:
            return None
        return self.lines[-1].running_percentage - 100 * self.penalty_total / self.tops


def team_scorecard(
    tournament: Tournament, team: Team | int, *, finished_only: bool = False
) -> Scorecard:
    """The scorecard of ``team`` (a Team, or its number) from the latest scores, ordered by
    round then board. Raises ``Team.DoesNotExist`` for an unknown number.

    ``finished_only``: leave out boards not yet finished at every table (what players may see:
    another team's contract on a board still to be played is not public); the running totals
    then add up the boards shown.
    """
    if not isinstance(team, Team):
        team = Team.objects.select_related("player_one", "player_two").get(
            tournament=tournament, number=team
        )
    names = team_names(tournament)
    rows = (
        BoardScore.objects.filter(tournament=tournament)
        .filter(Q(ns_team=team) | Q(ew_team=team))
        .select_related("result")
        .order_by("round_number", "board_number", "table_number")
    )
    rows = list(rows)
    statuses = {}
    if rows:
        expected = plays_per_board(tournament)
        scored = scored_per_board(tournament)
        statuses = {
            board: BoardStatus(board, expected.get(board, 0), scored.get(board, 0)).finished
            for board in {row.board_number for row in rows}
        }
    lines: list[ScorecardLine] = []
    hidden = 0
    running, running_top = 0.0, 0.0
    for row in rows:
        finished = statuses[row.board_number]
        if finished_only and not finished:
            hidden += 1
            continue
        is_ns = row.ns_team_id == team.pk
        opponent_id = row.ew_team_id if is_ns else row.ns_team_id
        opponent, opponent_name = names.get(opponent_id, (None, ""))
        score = (row.ns_score if is_ns else row.ew_score) or 0.0
        percentage = row.ns_percentage if is_ns else row.ew_percentage
        running += score
        running_top += row.top or 0
        result = row.result
        lines.append(
            ScorecardLine(
                round=row.round_number,
                board=row.board_number,
                table=row.table_number,
                direction=(Side.NS if is_ns else Side.EW).value,
                arrow_switched=row.arrow_switched,
                opponent=opponent,
                opponent_name=opponent_name,
                record=result.record if result is not None and not row.adjusted else None,
                made=result.made if result is not None and not row.adjusted else None,
                marks=row.ns_marks if is_ns else row.ew_marks,
                opponent_marks=row.ew_marks if is_ns else row.ns_marks,
                adjustment=row.ns_adjustment if is_ns else row.ew_adjustment,
                score=score,
                percentage=percentage,
                top=row.top,
                running_score=running,
                running_percentage=100 * running / running_top if running_top else None,
                finished=finished,
                assigned=row.assigned,
            )
        )
    return Scorecard(
        team=team.number,
        name=team.display_name,
        method=tournament.scoring_method,
        lines=tuple(lines),
        hidden=hidden,
        penalties=tuple(penalty_lines(tournament, team=team)),
        tops=running_top,
    )

"""Duplicate comparisons and rankings: matchpoints (with Neuberg), datum difference, total points.

Plain values in (``BoardResult``), plain values out (``Computation``); ``compute`` is the entry
point. The methods and their conventions are described in docs/scoring.md.
"""

from scoring.duplicate.assigned import AssignedMarksProblem, assigned_marks_problem
from scoring.duplicate.board_result import Adjustment, BoardResult, ResultKey
from scoring.duplicate.computation import (
    Computation,
    ScoringOptions,
    check_consistency,
    common_top,
    compute,
    compute_rankings,
    score_boards,
)
from scoring.duplicate.datum import adjusted_difference, datum, score_datum
from scoring.duplicate.display import display_decimal, display_rank
from scoring.duplicate.field import (
    FieldKey,
    FieldRanking,
    FieldRankingEntry,
    FieldResult,
    FieldScore,
    FieldSession,
    FieldTeam,
    Scope,
    SessionKey,
)
from scoring.duplicate.field_boards import BoardScale, FieldComputation
from scoring.duplicate.field_ranking import field_size_groups
from scoring.duplicate.field_scoring import FieldScoring, score_field
from scoring.duplicate.matchpoints import (
    matchpoints,
    most_plays,
    neuberg,
    score_matchpoints,
    top,
)
from scoring.duplicate.penalties import Penalty, PenaltyUnit, deductions, penalty_unit
from scoring.duplicate.ranking import (
    Ranking,
    RankingEntry,
    Tally,
    add_scores,
    rank,
    rank_tallies,
    team_lines,
)
from scoring.duplicate.rounding import round_to_ten
from scoring.duplicate.scorecard import ScorecardLine, scorecard
from scoring.duplicate.table_score import Method, TableScore
from scoring.duplicate.totals import adjusted_marks, field_average, score_totals

__all__ = [
    "Adjustment",
    "AssignedMarksProblem",
    "BoardResult",
    "BoardScale",
    "Computation",
    "FieldComputation",
    "FieldKey",
    "FieldRanking",
    "FieldRankingEntry",
    "FieldResult",
    "FieldScore",
    "FieldScoring",
    "FieldSession",
    "FieldTeam",
    "Method",
    "Penalty",
    "PenaltyUnit",
    "Ranking",
    "RankingEntry",
    "ResultKey",
    "Scope",
    "ScorecardLine",
    "ScoringOptions",
    "SessionKey",
    "TableScore",
    "Tally",
    "add_scores",
    "adjusted_difference",
    "adjusted_marks",
    "assigned_marks_problem",
    "check_consistency",
    "common_top",
    "compute",
    "compute_rankings",
    "datum",
    "deductions",
    "display_decimal",
    "display_rank",
    "field_average",
    "field_size_groups",
    "matchpoints",
    "most_plays",
    "neuberg",
    "penalty_unit",
    "rank",
    "rank_tallies",
    "round_to_ten",
    "score_boards",
    "score_datum",
    "score_field",
    "score_matchpoints",
    "score_totals",
    "scorecard",
    "team_lines",
    "top",
]

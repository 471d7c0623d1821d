"""Reads on standings, for the pages, the printing and API apps and the jobs.

Everything here reads the precomputed rows (ScoringState, BoardScore, RankingSnapshot) written
by the recomputation job; nothing is computed from the results at request time (the room
display's round, clock and late tables are the results app's reads). Other apps
import ``current_ranking``, ``board_traveller``, ``team_scorecard`` and ``freshness``: their
names and the fields of what they return are documented in docs/standings.md and stay stable.

By concept: ``scoring_state`` (freshness, the catch-up), ``rankings``, ``boards`` (each board's
progress), ``travellers``, ``penalties``, ``scorecards``, ``room`` (the room display).
"""

from .boards import BoardStatus, board_finished, board_statuses, plays_per_board, scored_per_board
from .penalties import PenaltyLine, penalty_lines
from .rankings import DIRECTIONS, CurrentRanking, current_ranking, ranked_rounds
from .room import RoomDisplay, RoomState, movement_text, room_display, room_state
from .scorecards import Scorecard, ScorecardLine, team_scorecard
from .scoring_state import (
    RUN_STALE_SECONDS,
    SCHEDULED_STALE_SECONDS,
    Freshness,
    freshness,
    tournaments_to_catch_up,
)
from .travellers import Traveller, TravellerLine, board_traveller, can_see_traveller, team_names

__all__ = [
    "BoardStatus",
    "CurrentRanking",
    "DIRECTIONS",
    "Freshness",
    "PenaltyLine",
    "RUN_STALE_SECONDS",
    "RoomDisplay",
    "RoomState",
    "SCHEDULED_STALE_SECONDS",
    "Scorecard",
    "ScorecardLine",
    "Traveller",
    "TravellerLine",
    "board_finished",
    "board_statuses",
    "board_traveller",
    "can_see_traveller",
    "current_ranking",
    "freshness",
    "movement_text",
    "penalty_lines",
    "plays_per_board",
    "ranked_rounds",
    "room_display",
    "room_state",
    "scored_per_board",
    "team_names",
    "team_scorecard",
    "tournaments_to_catch_up",
]

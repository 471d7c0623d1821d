"""Reads on results, by concept: ``states`` (where a board stands at a table: missing,
entered, confirmed, disputed or adjusted; the current versions), ``hands`` (the recorded
hands), ``assignments`` (the table plan row an entry names), ``choices`` (what the entry form
offers from the hands), ``sheets`` (a round's score sheets), ``dashboard`` (the arbiter's
grid), ``clock`` (the round clock), ``history`` (a result's versions and events), ``tables``
(the table's page and its links), ``steps`` (the organizer's checklist), ``penalties``.
"""

from ..models import (
    ADJUSTED,
    CONFIRMED,
    DISPUTED,
    ENTERED,
    MISSING,
    SITOUT,
    STATES,
)
from .assignments import assignment_at, entry_assignment
from .choices import (
    Choice,
    annonce_choice_value,
    annonce_choices,
    annonce_from_choice,
    belote_choices,
    played_strains,
)
from .clock import CLOCK_WARNING_SECONDS, RoundClock, current_round, round_clock
from .dashboard import (
    BoardCell,
    Dashboard,
    GridCell,
    GridRound,
    dashboard,
    disputed_results,
    flagged_results,
    late_tables,
)
from .hands import board_hands, hands_by_board, hands_from_pbn
from .history import History, result_history
from .penalties import board_penalties, penalties_of, penalty_events
from .sheets import SheetRow, TableSheet, first_unfinished_round, round_sheets
from .states import (
    board_state,
    counting_results,
    current_result,
    current_results,
)
from .steps import results_step, rounds_step
from .tables import TableLink, TableRound, table_by_token, table_links, table_rounds

__all__ = [
    "ADJUSTED",
    "CONFIRMED",
    "DISPUTED",
    "ENTERED",
    "MISSING",
    "SITOUT",
    "STATES",
    "board_state",
    "counting_results",
    "current_result",
    "current_results",
    "board_hands",
    "hands_by_board",
    "hands_from_pbn",
    "assignment_at",
    "entry_assignment",
    "Choice",
    "annonce_choice_value",
    "annonce_choices",
    "annonce_from_choice",
    "belote_choices",
    "played_strains",
    "SheetRow",
    "TableSheet",
    "first_unfinished_round",
    "round_sheets",
    "BoardCell",
    "Dashboard",
    "GridCell",
    "GridRound",
    "dashboard",
    "disputed_results",
    "flagged_results",
    "late_tables",
    "CLOCK_WARNING_SECONDS",
    "RoundClock",
    "current_round",
    "round_clock",
    "History",
    "result_history",
    "TableLink",
    "TableRound",
    "table_by_token",
    "table_links",
    "table_rounds",
    "results_step",
    "rounds_step",
    "board_penalties",
    "penalties_of",
    "penalty_events",
]

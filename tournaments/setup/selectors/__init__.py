"""Reads on tournaments, teams and the table plan, for pages, commands and the API.

By concept: ``tournaments`` (which a user may see, lists), ``teams`` (teams, players and their
numbers), ``plan`` (the table plan: its rows, grid and rounds), ``schedules`` (a team's route
through the rounds, the results still missing), ``steps`` (set-up's steps of the organizer's
checklist), ``session`` (how long the session lasts).
"""

from .plan import (
    PlanGrid,
    PlanRound,
    plan_assignments,
    plan_grid,
    round_numbers,
    rounds_of,
    stored_plan_rows,
    visible_plan,
    visible_plan_rows,
    visible_rounds,
)
from .schedules import ScheduleEntry, missing_results_count, next_entry, team_routes, team_schedule
from .session import SessionEstimate, session_estimate
from .steps import (
    checkin_step,
    finish_step,
    manage_url,
    organizer_checklist,
    plan_step,
    publication_step,
    settings_step,
    teams_step,
)
from .teams import (
    TeamCounts,
    players_of,
    team_by_number,
    team_counts,
    team_number_by_player,
    team_numbers,
    teams_of,
)
from .tournaments import (
    is_club_player_of,
    listed_tournaments,
    tournaments_managed_by,
    tournaments_organized_by,
    visible_tournament,
)

__all__ = [
    "is_club_player_of",
    "listed_tournaments",
    "tournaments_managed_by",
    "tournaments_organized_by",
    "visible_tournament",
    "TeamCounts",
    "players_of",
    "team_by_number",
    "team_counts",
    "team_number_by_player",
    "team_numbers",
    "teams_of",
    "PlanGrid",
    "PlanRound",
    "plan_assignments",
    "plan_grid",
    "round_numbers",
    "rounds_of",
    "stored_plan_rows",
    "visible_plan",
    "visible_plan_rows",
    "visible_rounds",
    "ScheduleEntry",
    "missing_results_count",
    "next_entry",
    "team_routes",
    "team_schedule",
    "checkin_step",
    "finish_step",
    "manage_url",
    "organizer_checklist",
    "plan_step",
    "publication_step",
    "settings_step",
    "teams_step",
    "SessionEstimate",
    "session_estimate",
]

"""Writes of the organizer's side: a tournament's set-up, its teams, its table plan, the demo.

One module per concept; the functions most callers need are re-exported here.
"""

from .copying import copy_tournament
from .errors import OrganizerError
from .plan import PlanOutcome, generate_plan, publish_rounds
from .teams import (
    PlayerData,
    TeamData,
    check_in_all,
    delete_team,
    next_team_number,
    register_team,
    register_teams,
    set_checked_in,
    set_team_flags,
    set_withdrawn,
    update_team,
)
from .tournament import (
    KEEP,
    allowed_transitions,
    change_status,
    chosen_rules,
    create_tournament,
    has_plan,
    has_results,
    update_tournament,
)

__all__ = [
    "KEEP",
    "OrganizerError",
    "PlanOutcome",
    "PlayerData",
    "TeamData",
    "allowed_transitions",
    "change_status",
    "check_in_all",
    "chosen_rules",
    "copy_tournament",
    "create_tournament",
    "delete_team",
    "generate_plan",
    "has_plan",
    "has_results",
    "next_team_number",
    "publish_rounds",
    "register_team",
    "register_teams",
    "set_checked_in",
    "set_team_flags",
    "set_withdrawn",
    "update_team",
    "update_tournament",
]

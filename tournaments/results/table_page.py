"""What the table page (``views_table``) shows of a round, board by board, as one phone may see
it: shared by the page and by its state endpoint (``views_table.state``), which tells the page
when a board changed on the other phone, so that the two never show more than each other."""

from __future__ import annotations

import hashlib
import json

from tournaments.setup import policy

from . import proofs, selectors
from .models import Result


def results_shown(tournament, chosen, team, *, staff: bool) -> set[int]:
    """The boards of the chosen round whose results (or whether one was entered) this phone
    may see: all of them for a team proved for this meeting and for the tournament's arbiters;
    for anyone else only boards whose hands are released (their travellers are public then).
    A table's link lies on the table: it must not show a team the boards it plays later."""
    if chosen is None:
        return set()
    boards = [row.board for row in chosen.rows]
    if team is not None or staff:
        return set(boards)
    return policy.boards_with_visible_hands(policy.PUBLIC, tournament, boards)


def finished_rounds_shown(request, rounds, *, staff: bool) -> set[int]:
    proven = proofs.proven_meetings(request)
    return {
        item.round.number
        for item in rounds
        if item.finished and (staff or item.assignment.pk in proven)
    }


def row_view(row, assignment, team, judge, form, dispute) -> dict:
    """What the page offers for one board, from the point of view of ``team`` (None: the phone
    has not said which team it is) and of ``judge``: the team that confirms or contests on this
    phone (the other team, proved once on it for the meeting, else ``team`` itself)."""
    state = row.state
    result = row.result
    waiting = state == selectors.ENTERED
    entered_by_us = (
        result is not None
        and team is not None
        and result.was_entered_by(team, assignment.side_of(team))
    )
    judged_by_other = (
        waiting
        and judge is not None
        and not result.was_entered_by(judge, assignment.side_of(judge))
    )
    return {
        "board": row.board,
        "state": state,
        "result": result if state != selectors.MISSING else None,
        "form": form,
        "dispute_form": dispute,
        "can_enter": team is not None and state == selectors.MISSING,
        # Not while the other team holds the phone to accept or contest it.
        "can_correct": team is not None
        and not judged_by_other
        and ((waiting and entered_by_us) or state == selectors.DISPUTED),
        # « Accepter » / « Contester » in one tap: by the other team, from its own proved phone
        # or proved once on this one.
        "can_confirm": judged_by_other,
        "waiting": waiting and entered_by_us and not judged_by_other,
        "locked": state in Result.COUNTING_STATUSES,
        "hidden": False,
    }


def hidden_row_view(view: dict) -> dict:
    """A board as a phone that did not prove itself for the meeting sees it: its number."""
    return {
        **view,
        "state": None,
        "result": None,
        "can_enter": False,
        "can_correct": False,
        "can_confirm": False,
        "waiting": False,
        "locked": False,
        "hidden": True,
    }


def live_state(request, chosen, rounds, team, judge, *, staff: bool, closed) -> dict:
    """What the page's script polls (``views_table.state``) to follow the table: for each
    board of the chosen round its state and version where this phone may see them (None
    elsewhere), and a key that changes when any of it does. Built from what the page itself
    shows, so that it tells a phone nothing the page would not: the key of a phone without
    proof does not change when a hidden board is entered."""
    if chosen is None:
        return {"round": None, "boards": [], "key": ""}
    tournament = chosen.round.tournament
    shown = results_shown(tournament, chosen, team, staff=staff)
    boards = []
    for row in chosen.rows:
        visible = row.board in shown
        boards.append(
            {
                "board": row.board,
                "state": row.state if visible else None,
                "version": row.result.version if visible and row.result is not None else None,
            }
        )
    facts = [
        chosen.round.number,
        boards,
        # Sides, not keys: the page of two tournaments alike must be alike byte for byte.
        chosen.assignment.side_of(team) if team is not None else None,
        chosen.assignment.side_of(judge) if judge is not None else None,
        sorted(finished_rounds_shown(request, rounds, staff=staff)),
        str(closed or ""),
    ]
    key = hashlib.sha256(json.dumps(facts, default=str).encode()).hexdigest()[:16]
    return {"round": chosen.round.number, "boards": boards, "key": key}

"""Public reads of the results app: the round clock as JSON, for every page that shows it
(the table page, the arbiter's dashboard, the room display). Same visibility as the
tournament's public pages."""

from __future__ import annotations

from django.http import JsonResponse
from django.views.decorators.http import require_GET

from tournaments.request_numbers import whole_number
from tournaments.setup.guards import public_tournament
from tournaments.setup.models import Tournament

from . import selectors

# The clock's state once the tournament is over (the running states are RoundClock's).
FINISHED = "finished"


@require_GET
@public_tournament
def clock(request, tournament):
    """The clock of the current round, or of ``?tour=N``: the server's now (the page sets its
    own clock by it), the round, its start and its end; once the tournament is finished, only
    ``{"state": "finished"}``: the pages' clocks stop and disappear. Never cached."""
    if tournament.status == Tournament.Status.FINISHED:
        response = JsonResponse({"state": FINISHED})
        response["Cache-Control"] = "no-store"
        return response
    round_number = whole_number(request.GET.get("tour"))
    response = JsonResponse(selectors.round_clock(tournament, round_number).as_json())
    response["Cache-Control"] = "no-store"
    return response

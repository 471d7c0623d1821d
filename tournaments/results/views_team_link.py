"""A team's own link (« lien d'équipe », the QR code of its route card): the phone that opens
it is proved to be that team for the meeting it plays now (``results.proofs``), and the page
shows the team's route round by round with a link to enter at its table."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import ensure_csrf_cookie

from tournaments.setup.models import Team
from tournaments.setup.selectors import next_entry, team_schedule

from . import proofs
from .offline import TEAM_SCOPE, offline_config


# The phone's first page (the route card's QR code) sets the CSRF cookie: the table's page it
# leads to, and the copy the service worker fetches beside it, then share one secret (two
# pages rendered without a cookie would each set their own, and the forms of one would be
# refused with the other's).
@ensure_csrf_cookie
def team_link(request, token: str):
    """A team's own link (QR code of its route card): the phone becomes that team, and the page
    shows its route — table and direction round by round — with a link to enter at its table."""
    team = (
        Team.objects.select_related("tournament", "player_one", "player_two")
        .filter(token=token)
        .first()
    )
    if team is None or not team.tournament.table_entry:
        raise Http404
    tournament = team.tournament
    schedule = team_schedule(team)
    upcoming = next_entry(schedule)
    if upcoming is not None and upcoming.assignment_id is not None:
        # The link proves the team for the meeting it plays now, and only that one: opened
        # again at the next round, it proves the next one.
        proofs.prove(request, upcoming.assignment_id, team)
    return render(
        request,
        "results/team_link.html",
        {
            "tournament": tournament,
            "team": team,
            "schedule": schedule,
            "next": upcoming,
            # Where next, once the team's last round is over: the same table and direction?
            "stays": _stays(schedule, upcoming),
            "offline_config": offline_config(scope=TEAM_SCOPE, keep=_next_table_link(upcoming)),
        },
    )


def _stays(schedule, upcoming) -> bool | None:
    """True when the team keeps its table and direction from its finished round to the next,
    False when it moves, None before its first round is over."""
    if upcoming is None or upcoming.sits_out:
        return None
    before = [entry for entry in schedule if entry.round_number < upcoming.round_number]
    if not before or not before[-1].finished or before[-1].sits_out:
        return None
    last = before[-1]
    return last.table == upcoming.table and last.direction == upcoming.direction


def _next_table_link(upcoming) -> list[str]:
    """The table page of the team's next round, kept by the service worker with the team's
    link: opened once, the route card leads to a page that opens offline too."""
    if upcoming is None or upcoming.sits_out:
        return []
    url = reverse("results:table_entry", args=[upcoming.table_token])
    return [f"{url}?tour={upcoming.round_number}"]

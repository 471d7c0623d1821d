"""Public pages: the list of tournaments, each tournament's page and each team's page.

A draft tournament exists only for its organizers; players see the table plan round by round as
the organizer publishes it (staff see every round at once).
"""

from django.shortcuts import render

from tournaments.setup import policy
from tournaments.setup.guards import public_tournament

from . import selectors
from .rules_display import rules_summary


def home(request):
    return render(
        request,
        "tournaments/home.html",
        {
            "tournaments": selectors.listed_tournaments(),
            "managed": selectors.tournaments_managed_by(request.user),
            "can_create": policy.can_create_tournament(request.user),
        },
    )


@public_tournament
def tournament_page(request, tournament):
    return render(
        request,
        "tournaments/public.html",
        {
            "tournament": tournament,
            "teams": selectors.teams_of(tournament, include_withdrawn=False),
            "grid": selectors.visible_plan(request.user, tournament),
            "is_staff": policy.is_arbiter(request.user, tournament),
            "rules": rules_summary(tournament.rule_settings(), tournament.rules_preset),
        },
    )


@public_tournament
def team_page(request, tournament, number: int):
    team = selectors.team_by_number(tournament, number)
    is_staff = policy.is_arbiter(request.user, tournament)
    schedule = selectors.team_schedule(team, include_unpublished=is_staff)
    return render(
        request,
        "tournaments/team.html",
        {
            "tournament": tournament,
            "team": team,
            "schedule": schedule,
            "next": selectors.next_entry(schedule),
            "is_staff": is_staff,
            "unpublished_rounds": tournament.round_set.filter(published=False).count(),
        },
    )

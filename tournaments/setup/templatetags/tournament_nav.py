"""``{% tournament_nav tournament %}``: the tournament's menu for the current user."""

from django import template

from tournaments.setup.navigation import entries_for
from tournaments.setup.policy import can_create_tournament

register = template.Library()


@register.inclusion_tag("tournaments/_nav.html", takes_context=True)
def tournament_nav(context, tournament):
    request = context["request"]
    return {
        "tournament": tournament,
        "items": entries_for(request.user, tournament),
        "current": request.path,
    }


@register.filter
def may_organize(user) -> bool:
    """Does the header show « Mes tournois » (the organizer's desk) to this user?"""
    return can_create_tournament(user) or (
        user.is_authenticated and user.organized_tournaments.exists()
    )

"""``{% tournament_nav tournament %}``: the tournament's menu for the current user."""

from django import template

from tournaments.navigation import entries_for

register = template.Library()


@register.inclusion_tag("tournaments/_nav.html", takes_context=True)
def tournament_nav(context, tournament):
    request = context["request"]
    return {
        "tournament": tournament,
        "items": entries_for(request.user, tournament),
        "current": request.path,
    }

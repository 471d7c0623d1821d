"""The seasons on the site's pages: the list on the home page, a tournament's seasons."""

from django import template

from tournaments.seasons.selectors import public_seasons

register = template.Library()

HOME_SEASONS = 6


@register.inclusion_tag("seasons/_home_seasons.html")
def home_seasons():
    """The latest seasons, for the home page."""
    return {"seasons": list(public_seasons()[:HOME_SEASONS])}


@register.inclusion_tag("seasons/_tournament_seasons.html")
def tournament_seasons(tournament):
    """The seasons a tournament counts in, for its public page."""
    return {"seasons": list(tournament.seasons.order_by("name"))}

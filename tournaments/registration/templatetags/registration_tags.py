"""The registration's box on the tournament's public page: « Inscriptions ouvertes »."""

from django import template

from tournaments.registration import services

register = template.Library()


@register.inclusion_tag("registration/_box.html")
def registration_box(tournament):
    open_now = services.is_open(tournament=tournament)
    return {
        "tournament": tournament,
        "open": open_now,
        "places_left": services.places_left(tournament=tournament) if open_now else None,
    }

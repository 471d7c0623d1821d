"""Punctuation that differs between the site's languages, for the templates of every app.

``{% translate "Score ajusté" %}{% colon %} …`` reads « Score ajusté : … » in French and
« Adjusted score: … » in English (``tournaments.vocabulary.colon``)."""

from django import template

from tournaments import vocabulary

register = template.Library()


@register.simple_tag
def colon() -> str:
    return vocabulary.colon()

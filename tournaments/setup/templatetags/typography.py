"""Punctuation that differs between the site's languages, for the templates of every app.

``{% translate "Score ajusté" %}{% colon %} …`` reads « Score ajusté : … » in French and
« Adjusted score: … » in English (``tournaments.vocabulary.colon``);
``{{ reason|quoted }}`` reads « … » in French and “…” in English;
``{{ moment|time_with_seconds }}`` reads « 14:32:05 » in French and « 2:32:05 p.m. » in English;
``{{ direction|side_name }}`` and ``{{ direction|side_letters }}`` read a side ("NS", "EW") as
« Nord-Sud » / « NS » (« North-South » / « NS » in English), from ``tournaments.vocabulary``."""

from django import template

from tournaments import vocabulary

register = template.Library()


@register.simple_tag
def colon() -> str:
    return vocabulary.colon()


@register.filter
def quoted(text) -> str:
    return vocabulary.quoted(text)


@register.filter
def side_name(side) -> str:
    return vocabulary.side_name(side) if side else ""


@register.filter
def side_letters(side) -> str:
    return vocabulary.side_letters(side) if side else ""


@register.filter(expects_localtime=True)
def time_with_seconds(moment) -> str:
    return vocabulary.time_with_seconds(moment) if moment else ""

"""Template filters of the standings pages: scores per method, percentages, contracts, freshness.

Other apps' pages show the ranking through these tags (the tournament's and the team's pages):
``{% latest_ranking tournament as ranking %}``, ``{{ ranking|entry_of:team.number }}``,
``{% live_ranking tournament ranking %}`` and ``{{ entry|rank_label }}`` / ``{{ entry|standing }}``.
"""

from django import template
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _

from tournaments import vocabulary
from tournaments.results import display
from tournaments.standings import selectors

register = template.Library()

# The tournament's page refreshes its ranking like the ranking page does.
LIVE_RANKING_SECONDS = 10


@register.filter
def score(value, method: str) -> str:
    """A score as the method shows it: matchpoints to two decimals, a difference signed,
    points as a whole number; "—" when there is none."""
    if value is None or value == "":
        return "—"
    if method == "matchpoints":
        return floatformat(value, "-2")
    number = round(float(value))
    if method == "datum" and number > 0:
        return f"+{number}"
    if number < 0:
        return f"−{-number}"
    return str(number)


@register.filter
def percent(value) -> str:
    """``49,58 %`` (two decimals, localized, a no-break space); "—" when there is none."""
    if value is None or value == "":
        return "—"
    text = _("%(value)s %%") % {"value": floatformat(value, 2)}
    # A no-break space: the sign never wraps away from its number.
    return text.replace(" %", "\u00a0%")


@register.filter
def direction_label(direction) -> str:
    return vocabulary.side_name(direction) if direction else ""


@register.filter
def adjustment_label(code: str) -> str:
    """What an adjusted score is worth: « Moy+ (60 %) »."""
    return str(vocabulary.ADJUSTMENT_SHORT_NAMES.get(code, code))


@register.filter
def adjustment_name(code: str) -> str:
    """The adjusted score's full name: « Moyenne plus (60 %) »."""
    return vocabulary.adjustment_name(code)


@register.filter
def penalty_amount(penalty) -> str:
    """« 25 % du top » / « 50 points »."""
    return display.penalty_amount(penalty.amount, penalty.unit)


@register.filter
def contract(record) -> str:
    """« 90 ♥ par O, coinché », « Passe générale »; empty for an adjusted score."""
    return display.contract_label(record)


@register.filter
def play(record) -> str:
    """« preneurs 97 · belote N »: what happened in the play."""
    return display.play_label(record)


@register.filter
def made_label(made) -> str:
    if made is None:
        return ""
    return _("réussi") if made else _("chuté")


@register.simple_tag
def freshness_text(freshness) -> str:
    """« mis à jour à 14:32:05 » (« updated at 2:32:05 p.m. »), « calcul en attente », « pas
    encore de classement ».

    The time of day, not an age (« il y a 12 s »): the same words whenever the page is read, so
    that a page kept whole in the cache (tournaments/public_pages.py) stays true and keeps its
    ETag from one rendering to the next."""
    if freshness.computed_at is None:
        return _("calcul en attente") if freshness.pending else _("pas encore de classement")
    at = vocabulary.time_with_seconds(freshness.computed_at)
    if freshness.pending:
        return _("calcul en attente (dernière mise à jour à %(time)s)") % {"time": at}
    return _("mis à jour à %(time)s") % {"time": at}


@register.simple_tag
def latest_ranking(tournament):
    """The latest overall ranking (``selectors.CurrentRanking``), None before any score."""
    return selectors.current_ranking(tournament)


@register.filter
def entry_of(ranking, team_number):
    """A team's entry in ``ranking`` (None: no ranking, or the team is not in it)."""
    if ranking is None or team_number in (None, ""):
        return None
    return ranking.entry_of(int(team_number))


@register.filter
def rank_label(entry) -> str:
    """The rank in words, where there is room: « 2 ex æquo » for a shared rank, « 2 »; the
    ranking tables write « 2= » (``display_rank``)."""
    if not entry:
        return ""
    if entry.get("tied"):
        return _("%(rank)s ex æquo") % {"rank": entry["rank"]}
    return str(entry["rank"])


@register.filter
def standing(entry, method: str) -> str:
    """A team's rank and score in one short line: « 2= · 55,20 % » (matchpoints: the
    percentage), « 1 · +340 » (difference or points)."""
    if not entry:
        return ""
    if method == "matchpoints" and entry.get("percentage") is not None:
        value = percent(entry["percentage"])
    else:
        value = score(entry.get("score"), method)
    return f"{entry['display_rank']} · {value}"


@register.inclusion_tag("standings/_live_ranking.html")
def live_ranking(tournament, ranking):
    """The tournament's ranking as its page leads with it: final once the tournament is
    finished, refreshing itself while it runs, a sentence while there is none."""
    return {
        "tournament": tournament,
        "ranking": ranking,
        "freshness": selectors.freshness(tournament),
        "refresh_seconds": LIVE_RANKING_SECONDS,
    }


@register.filter
def dd_compare(analysis, record) -> str:
    """A traveller line's contract against the board's double-dummy analysis
    (``deals.selectors.AnalysisTable.compare``): « NS pouvaient le faire : 97 points,
    jusqu'à 120 »."""
    if analysis is None:
        return ""
    return analysis.compare(record)

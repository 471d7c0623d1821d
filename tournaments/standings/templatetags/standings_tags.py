"""Template filters of the standings pages: scores per method, percentages, contracts, freshness."""

from django import template
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.results import display
from tournaments.results.models import Adjustment

register = template.Library()

DIRECTION_LABELS = {"NS": gettext_lazy("Nord-Sud"), "EW": gettext_lazy("Est-Ouest")}
ADJUSTMENT_SHORT = {
    "A-": gettext_lazy("Moy− (40 %)"),
    "A": gettext_lazy("Moy (50 %)"),
    "A+": gettext_lazy("Moy+ (60 %)"),
}


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
    return str(DIRECTION_LABELS.get(direction, "")) if direction else ""


@register.filter
def adjustment_label(code: str) -> str:
    """What an adjusted score is worth: « Moy+ (60 %) »."""
    return str(ADJUSTMENT_SHORT.get(code, code))


@register.filter
def adjustment_name(code: str) -> str:
    """The adjusted score's full name: « Moyenne plus (60 %) »."""
    try:
        return str(Adjustment(code).label)
    except ValueError:
        return code


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
def freshness_text(freshness, now=None) -> str:
    """« mis à jour il y a 12 s », « calcul en attente », « pas encore de classement »."""
    age = freshness.age_seconds(now)
    if freshness.pending:
        if age is None:
            return _("calcul en attente")
        return _("calcul en attente (dernière mise à jour il y a %(age)s)") % {"age": _age(age)}
    if age is None:
        return _("pas encore de classement")
    return _("mis à jour il y a %(age)s") % {"age": _age(age)}


def _age(seconds: int) -> str:
    if seconds < 60:
        return _("%(n)s s") % {"n": seconds}
    if seconds < 3600:
        return _("%(n)s min") % {"n": seconds // 60}
    return _("%(n)s h") % {"n": seconds // 3600}

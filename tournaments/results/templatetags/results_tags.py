"""Template filters of the results pages: contracts, seats, states and audit snapshots."""

import json

from django import template
from django.utils.translation import gettext_lazy as _

from tournaments import vocabulary
from tournaments.results import display, selectors
from tournaments.results import models as results_models

register = template.Library()

STATE_LABELS = results_models.STATE_LABELS
STATE_BADGES = {
    "missing": "error",
    "entered": "warn",
    "confirmed": "",
    "disputed": "error",
    "adjusted": "",
    "deleted": "error",
    "sitout": "",
}
ADJUSTMENT_LABELS = vocabulary.ADJUSTMENT_NAMES


@register.filter
def penalty_amount(penalty):
    """« 25 % du top » / « 50 points » of a penalty (a row or a line with amount and unit)."""
    return display.penalty_amount(penalty.amount, penalty.unit)


@register.filter
def contract_label(record):
    return display.contract_label(record)


@register.filter
def play_label(record):
    return display.play_label(record)


@register.filter
def record_summary(record):
    return display.record_summary(record)


@register.filter
def seat(value):
    return vocabulary.seat_letter(value)


@register.filter
def side(value):
    return vocabulary.side_name(value)


@register.filter
def state_label(state):
    return STATE_LABELS.get(state, state)


@register.filter
def state_badge(state):
    return STATE_BADGES.get(state, "")


@register.filter
def adjustment_label(value):
    return ADJUSTMENT_LABELS.get(value, value)


@register.filter
def snapshot_summary(snapshot):
    """One line for a version kept in the audit trail (an event's before or after)."""
    if not snapshot:
        return "—"
    if "amount" in snapshot:  # a penalty
        parts = [
            _("Équipe %(team)s") % {"team": snapshot.get("team")},
            display.penalty_amount(snapshot["amount"], snapshot.get("unit", "")),
            vocabulary.quoted(snapshot.get("reason", "")),
        ]
        if snapshot.get("removed"):
            parts.append(_("retirée"))
        return " · ".join(str(part) for part in parts)
    ns_label, ew_label = (vocabulary.side_letters(side) for side in vocabulary.SIDE_VALUES)
    parts = [str(STATE_LABELS.get(snapshot.get("status"), snapshot.get("status")))]
    if snapshot.get("status") == "adjusted" and snapshot.get("ns_marks") is not None:
        parts = [_("Score assigné")]
    if snapshot.get("record"):
        parts.append(display.record_summary(snapshot["record"]))
    if snapshot.get("ns_marks") is not None:
        parts.append(f"{ns_label} {snapshot['ns_marks']} / {ew_label} {snapshot['ew_marks']}")
    if snapshot.get("ns_adjustment"):
        parts.append(
            f"{ns_label} {ADJUSTMENT_LABELS.get(snapshot['ns_adjustment'])} / "
            f"{ew_label} {ADJUSTMENT_LABELS.get(snapshot['ew_adjustment'])}"
        )
    if snapshot.get("dispute_reason"):
        parts.append(vocabulary.quoted(snapshot["dispute_reason"]))
    return " · ".join(str(part) for part in parts)


@register.filter
def pretty_json(value):
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=False)


@register.filter
def belote_suit(value):
    """The suit symbol of a belote option value ``N:H``, for the script that filters them."""
    return value.split(":")[1] if ":" in str(value) else ""


@register.inclusion_tag("results/_round_clock.html")
def round_clock(tournament, round_number=None, size=""):
    """The live round clock (results/round_clock.js): the current round's, or ``round_number``'s;
    ``size`` "large" on the room display. None once the tournament is finished: no clock runs
    after the last round."""
    if tournament.status == tournament.Status.FINISHED:
        return {"clock": None}
    return {
        "tournament": tournament,
        "clock": selectors.round_clock(tournament, round_number),
        "round_number": round_number,
        "size": size,
    }


@register.filter
def clock_time(seconds):
    """« 12:05 » (minutes:seconds), « 1:02:05 » past an hour."""
    seconds = int(seconds or 0)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes:02d}:{seconds:02d}"

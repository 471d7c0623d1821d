"""Template tags of the deals app.

``{% deal_commitment tournament %}``: the public commitment of generated deals (SHA-256 of the
seed and generator version; once revealed, the seed and a link to the verification page).
``{% deals_verification_link tournament %}``: a discreet link to that page, for generated deals.
``{% hand_diagram_of diagram %}``: a ``selectors.HandDiagram`` in the compass layout, N on top;
``{% analysis_table_of table %}``: a ``selectors.AnalysisTable`` (points and bids per strain,
the par); with ``pending`` and no table, a line saying it is being computed.
``{{ number|deal_number }}``: a deal number grouped by three digits.
"""

from django import template

from tournaments.deals import selectors

register = template.Library()


@register.inclusion_tag("deals/_commitment.html")
def deal_commitment(tournament):
    return {"tournament": tournament, "deal_set": selectors.deal_set_for(tournament)}


@register.inclusion_tag("deals/_verification_link.html")
def deals_verification_link(tournament):
    return {"tournament": tournament, "deal_set": selectors.deal_set_for(tournament)}


@register.inclusion_tag("deals/_diagram.html")
def hand_diagram_of(diagram):
    return {"diagram": diagram}


@register.inclusion_tag("deals/_analysis.html")
def analysis_table_of(table, pending=False):
    return {"table": table, "pending": pending}


@register.filter
def deal_number(value) -> str:
    """A deal number in groups of three digits (narrow no-break spaces); empty for None."""
    if value is None or value == "":
        return ""
    return f"{int(value):,}".replace(",", "\u202f")

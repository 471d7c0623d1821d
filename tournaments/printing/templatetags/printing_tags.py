"""Template tags of the printing app.

``{{ text|suits }}``: suit symbols in a text, hearts and diamonds in red (print and screen).
``{{ text|css_string }}``: a quoted CSS string, for page margin boxes.
``{{ penalty|penalty_amount }}``: « 25 % du top » / « 50 points ».
``{% printed_document tournament "rankings" %}``: a "PDF" link to a printed document for the
pages of the other apps (rankings, hand records, travellers), shown only to whoever may download
it; public documents are made on first download.
"""

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from tournaments.printing import pdf, selectors
from tournaments.results import display

register = template.Library()

_RED = {"♥", "♦"}


@register.filter
def penalty_amount(penalty) -> str:
    return display.penalty_amount(penalty.amount, penalty.unit)


@register.filter
def suits(text) -> str:
    """Escape ``text`` and show ♥ ♦ in red."""
    escaped = str(conditional_escape("" if text is None else text))
    out = []
    for char in escaped:
        # Only red suits get a span: every inline box costs layout time in a 200-page packet.
        out.append(f'<span class="red">{char}</span>' if char in _RED else char)
    return mark_safe("".join(out))  # noqa: S308 - built from escaped text


@register.filter
def css_string(text) -> str:
    return pdf.css_string(str(text))


@register.inclusion_tag("printing/_document_link.html", takes_context=True)
def printed_document(context, tournament, kind: str, label=None):
    """A link to the PDF of ``kind`` that the current user may open: the staff version for the
    staff, else the public one (nothing when there is none or nothing to print yet)."""
    user = context["request"].user
    link = None
    for scope in (selectors.Scope.STAFF, selectors.Scope.PUBLIC):
        if not selectors.is_valid(kind, scope):
            continue
        if not selectors.scope_allowed(user, tournament, kind, scope):
            continue
        if selectors.unavailable_reason(tournament, kind, scope) is not None:
            continue
        link = reverse("printing:download", args=[tournament.slug, kind, scope])
        break
    return {
        "url": link,
        "label": label or selectors.Kind(kind).label,
    }

"""The rules sheet (« Règlement de la marque »): one A4 page that states the tournament's rule
preset and every setting in plain French, with two deals scored by the engine (a coinche, a
capot), so that players know before the first deal how their marks are made.

It prints the rules only, never a hand or a result: it is public, and the first part of the
organizer's packet.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.setup.models import Tournament
from tournaments.setup.rules_display import rules_summary

from .. import pdf
from .common import Kind, Scope, common_context


def rules_sheet(tournament: Tournament, scope: str = Scope.PUBLIC) -> pdf.Printout:
    summary = rules_summary(tournament.rule_settings(), tournament.rules_preset)
    return pdf.Printout(
        kind=Kind.RULES_SHEET,
        scope=scope,
        title=_("Règlement de la marque"),
        template="printing/rules_sheet.html",
        context={**common_context(tournament, _("Règlement de la marque")), "rules": summary},
        sections=[{}],
    )

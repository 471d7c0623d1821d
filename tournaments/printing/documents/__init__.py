"""The printed documents, one function per kind: read through the other apps' selectors, build the
template context of each section, and leave the layout to the templates in ``printing/``.

``build(tournament, kind, scope)`` returns a ``pdf.Printout``; ``pdf.render`` turns it into the
PDF. The Celery job and ``manage.py build_documents`` both go through ``make_pdf`` below, which
also makes the combined packet (every part of the packet in one PDF, behind a contents page).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.setup.models import Team, Tournament

from .. import pdf
from ..selectors import PACKET, Facts, unavailable_for
from .cards import route_cards, route_layout, table_cards
from .common import Kind, NothingToPrint, Scope, boards_text
from .poster import seating_poster
from .results import ResultsSummary, hand_records, rankings, results_summary, scorecards
from .rules_sheet import rules_sheet
from .sheets import score_sheets, travellers

__all__ = [
    "BUILDERS",
    "NothingToPrint",
    "ResultsSummary",
    "boards_text",
    "build",
    "hand_records",
    "make_combined_pdf",
    "make_pdf",
    "rankings",
    "results_summary",
    "route_card_pdf",
    "route_cards",
    "route_layout",
    "rules_sheet",
    "score_sheets",
    "scorecards",
    "seating_poster",
    "table_cards",
    "travellers",
]


# ---------------------------------------------------------------------------------------------
# Entry points

BUILDERS: dict[str, Callable[[Tournament, str], pdf.Printout]] = {
    Kind.SEATING_POSTER: seating_poster,
    Kind.TABLE_CARDS: table_cards,
    Kind.ROUTE_CARDS: route_cards,
    Kind.SCORE_SHEETS: score_sheets,
    Kind.TRAVELLERS: travellers,
    Kind.HAND_RECORDS: hand_records,
    Kind.RANKINGS: rankings,
    Kind.SCORECARDS: scorecards,
    Kind.RULES_SHEET: rules_sheet,
}


def build(tournament: Tournament, kind: str, scope: str) -> pdf.Printout:
    """The printout of one document, in the site's default language; raises ``NothingToPrint``
    when there is nothing to print yet. (The combined packet is several printouts: see
    ``make_combined_pdf``.)"""
    with translation.override(settings.LANGUAGE_CODE):
        reason = unavailable_for(Facts(tournament), kind, scope)
        if reason is not None:
            raise NothingToPrint(reason)
        printout = BUILDERS[kind](tournament, scope)
        if not printout.sections:
            raise NothingToPrint(_("Il n'y a rien à imprimer."))
        return printout


def make_pdf(
    tournament: Tournament, kind: str, scope: str, progress: pdf.ProgressCallback | None = None
) -> pdf.RenderedDocument:
    """Build and render one document: the code path of the jobs and of ``build_documents``."""
    if kind == Kind.COMBINED_PACKET:
        return make_combined_pdf(tournament, progress)
    printout = build(tournament, kind, scope)
    with translation.override(settings.LANGUAGE_CODE):
        return pdf.render(printout, progress)


def route_card_pdf(tournament: Tournament, team: Team) -> pdf.RenderedDocument:
    """One team's route card, rendered at once for the check-in desk (a team arriving late);
    made even before the plan, for its code."""
    with translation.override(settings.LANGUAGE_CODE):
        return pdf.render(route_cards(tournament, teams=[team]))


def make_combined_pdf(
    tournament: Tournament, progress: pdf.ProgressCallback | None = None
) -> pdf.RenderedDocument:
    """The packet in one PDF: a contents page, then every part of ``selectors.PACKET`` that can
    be made now, in printing order (each part as it is printed alone: same pages, same
    secrecy). The parts that cannot be made yet are listed on the contents page with the
    reason."""
    with translation.override(settings.LANGUAGE_CODE):
        facts = Facts(tournament)
        reason = unavailable_for(facts, Kind.COMBINED_PACKET, Scope.STAFF)
        if reason is not None:
            raise NothingToPrint(reason)
        printouts, left_out = [], []
        for kind, scope in PACKET:
            try:
                printouts.append(build(tournament, kind, scope))
            except NothingToPrint as nothing:
                left_out.append({"label": Kind(kind).label, "reason": nothing.reason})
        if not printouts:
            raise NothingToPrint(_("Il n'y a rien à imprimer."))
        title = _("Dossier complet")
        printed_at = timezone.localtime()

        def front_page(parts: list[pdf.Part]) -> str:
            kinds = {part.printout.kind for part in parts}
            return render_to_string(
                "printing/combined_packet.html",
                {
                    "tournament": tournament,
                    "title": title,
                    "printed_at": printed_at,
                    "first_page": 1,
                    "parts": [
                        {
                            "number": index,
                            "title": part.printout.title,
                            "scope": Scope(part.printout.scope).label,
                            "first": part.first_page,
                            "last": part.last_page,
                            "pages": part.pages,
                        }
                        for index, part in enumerate(parts, start=1)
                    ],
                    "left_out": left_out,
                    "has_codes": Kind.ROUTE_CARDS in kinds and tournament.table_entry,
                    "has_hands": Kind.HAND_RECORDS in kinds,
                },
            )

        return pdf.render_combined(printouts, front_page, progress)

"""The printed documents, one function per kind: read through the other apps' selectors, build the
template context of each section, and leave the layout to the templates in ``printing/``.

``build(tournament, kind, scope)`` returns a ``pdf.Printout``; ``pdf.render`` turns it into the
PDF. The Celery job and ``manage.py build_documents`` both go through ``make_pdf`` below.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.setup.models import Team, Tournament

from .. import pdf
from ..selectors import Facts, unavailable_for
from .cards import route_cards, route_layout, table_cards
from .common import Kind, NothingToPrint, boards_text
from .results import ResultsSummary, hand_records, rankings, results_summary, scorecards
from .sheets import score_sheets, travellers

__all__ = [
    "BUILDERS",
    "NothingToPrint",
    "ResultsSummary",
    "boards_text",
    "build",
    "hand_records",
    "make_pdf",
    "rankings",
    "results_summary",
    "route_card_pdf",
    "route_cards",
    "route_layout",
    "score_sheets",
    "scorecards",
    "table_cards",
    "travellers",
]


# ---------------------------------------------------------------------------------------------
# Entry points

BUILDERS: dict[str, Callable[[Tournament, str], pdf.Printout]] = {
    Kind.TABLE_CARDS: table_cards,
    Kind.ROUTE_CARDS: route_cards,
    Kind.SCORE_SHEETS: score_sheets,
    Kind.TRAVELLERS: travellers,
    Kind.HAND_RECORDS: hand_records,
    Kind.RANKINGS: rankings,
    Kind.SCORECARDS: scorecards,
}


def build(tournament: Tournament, kind: str, scope: str) -> pdf.Printout:
    """The printout of one document, in the site's default language; raises ``NothingToPrint``
    when there is nothing to print yet."""
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
    printout = build(tournament, kind, scope)
    with translation.override(settings.LANGUAGE_CODE):
        return pdf.render(printout, progress)


def route_card_pdf(tournament: Tournament, team: Team) -> pdf.RenderedDocument:
    """One team's route card, rendered at once for the check-in desk (a team arriving late);
    made even before the plan, for its code."""
    with translation.override(settings.LANGUAGE_CODE):
        return pdf.render(route_cards(tournament, teams=[team]))

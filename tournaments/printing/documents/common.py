"""What every printed document shares: sizes, the tournament header, team and side labels,
the stored plan."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.duplicate.table_score import Method
from scoring.movements import Movement
from tournaments.setup.models import Team, Tournament
from tournaments.setup.stored_plan import stored_plan

from ..models import Document

Kind = Document.Kind
Scope = Document.Scope

TABLE_CARDS_PER_SECTION = 6
ROUTE_CARDS_PER_SECTION = 16  # four pages of quarter-page cards
QUARTER_CARD_MAX_ROUNDS = 12
HALF_CARD_MAX_ROUNDS = 20
"""Route cards are a quarter of the printable area (94 x 134 mm, four a sheet) up to this many
rounds, then half of it (two a sheet, the route beside the code), then a whole page."""
SHEETS_PER_SECTION = 12  # even: two half-page sheets per page
HALF_PAGE_SHEET_MAX_BOARDS = 6
TRAVELLERS_PER_SECTION = 12
HAND_RECORDS_PER_SECTION = 12  # six boards a page
SCORECARDS_PER_SECTION = 8
FULL_PAGE_ROWS = 16
"""A traveller or scorecard longer than this starts a page of its own: laying it out where it
would not fit, to move it to the next page, costs WeasyPrint as much again."""


class NothingToPrint(Exception):
    """The document cannot be made yet (no plan, no result, nothing released...)."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


# ---------------------------------------------------------------------------------------------
# Shared pieces


def chunks(items: list, size: int) -> list[list]:
    return [items[start : start + size] for start in range(0, len(items), size)]


def balanced_chunks(items: list, size: int) -> list[list]:
    """``items`` over as few pages of at most ``size`` as ``chunks`` uses, shared evenly: 10
    teams at 8 a page are 5 + 5, not 8 + 2 (the longer pages first: 17 → 6 + 6 + 5)."""
    if not items:
        return []
    pages = -(-len(items) // size)
    base, extra = divmod(len(items), pages)
    result, start = [], 0
    for page in range(pages):
        end = start + base + (1 if page < extra else 0)
        result.append(items[start:end])
        start = end
    return result


def team_context(team: Team | None) -> dict | None:
    if team is None:
        return None
    return {
        "number": team.number,
        "name": team.display_name,
        "players": f"{team.player_one} – {team.player_two}",
    }


def boards_text(boards: Iterable[int]) -> str:
    """``1–3`` for consecutive boards, else ``1, 4, 7``."""
    boards = list(boards)
    if not boards:
        return ""
    if len(boards) > 2 and boards == list(range(boards[0], boards[0] + len(boards))):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(board) for board in boards)


def unique_qr(svg: str, suffix: str) -> str:
    """Every QR code's SVG names its path "qr-path": keep the anchors of a PDF unique."""
    return svg.replace('id="qr-path"', f'id="qr-path-{suffix}"')


def common_context(tournament: Tournament, title: str) -> dict:
    return {
        "tournament": tournament,
        "title": title,
        "printed_at": timezone.localtime(),
        "method": tournament.scoring_method,
    }


def stored_movement(tournament: Tournament) -> Movement | None:
    """The stored plan as the core's Movement value (for where everyone goes next)."""
    return stored_plan(tournament).movement


def score_labels(method: str) -> dict:
    if method == Method.MATCHPOINTS.value:
        return {"score": _("PdM"), "percentage": True}
    if method == Method.DATUM.value:
        return {"score": _("Diff."), "percentage": False}
    return {"score": _("Points"), "percentage": False}

"""Who may see, request and download printed documents: the secrecy of deals and results asked
of the deals and standings selectors, against what a stored file reveals."""

from __future__ import annotations

from tournaments.deals import selectors as deals
from tournaments.setup import policy
from tournaments.setup.models import Tournament
from tournaments.standings import selectors as standings

from ..models import Document
from .catalogue import PACKET, Kind, Scope


def _hands_visible(user, tournament: Tournament, boards) -> bool:
    boards = set(boards or ())
    if not boards:
        return True
    return boards <= deals.visible_board_numbers(user, tournament)


def _results_visible(user, tournament: Tournament, boards) -> bool:
    """Travellers' rule (``standings.can_see_traveller``) for many boards in two queries:
    staff always, players once each board is finished at every table."""
    boards = set(boards or ())
    if not boards or policy.can_see_board_results(user, tournament, finished_everywhere=False):
        return True
    finished = {status.board for status in standings.board_statuses(tournament) if status.finished}
    return boards <= finished


def may_see_tournament(user, tournament: Tournament) -> bool:
    """A draft tournament exists only for its staff."""
    return policy.can_see_tournament(user, tournament)


def may_request(user, tournament: Tournament) -> bool:
    """Organizers ask for documents to be made (the packet, a rebuild)."""
    return policy.can_order_documents(user, tournament)


def may_open_documents_page(user, tournament: Tournament) -> bool:
    """The staff "Documents" page: organizers and arbiters."""
    return policy.can_see_staff_pages(user, tournament)


def scope_allowed(user, tournament: Tournament, kind: str, scope: str) -> bool:
    """May ``user`` download this kind in this scope at all (before looking at its contents)?

    Staff documents: organizers and arbiters (staff hand records only for those who may see
    every hand; route cards for those who may see every team's code). Public documents:
    whoever may see the tournament.
    """
    if not may_see_tournament(user, tournament):
        return False
    if scope == Scope.STAFF:
        if not policy.is_arbiter(user, tournament):
            return False
        if kind == Kind.HAND_RECORDS:
            return deals.sees_all_hands(user, tournament)
        if kind == Kind.ROUTE_CARDS:
            return policy.can_see_team_secrets(user, tournament)
        if kind == Kind.COMBINED_PACKET:
            # Every part in one file: for whoever may have each of them (route cards' codes,
            # the staff hand records).
            return all(
                scope_allowed(user, tournament, part_kind, part_scope)
                for part_kind, part_scope in PACKET
            )
        return True
    return True


def can_download(user, document: Document) -> bool:
    """May ``user`` download this stored file now? The scope's rule, then what the file reveals
    (hands of boards, results of boards) checked against what ``user`` may see now."""
    tournament = document.tournament
    if not document.has_file:
        return False
    if not scope_allowed(user, tournament, document.kind, document.scope):
        return False
    contents = document.contents or {}
    return _hands_visible(user, tournament, contents.get("hands")) and _results_visible(
        user, tournament, contents.get("results")
    )

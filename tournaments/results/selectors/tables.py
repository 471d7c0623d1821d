"""The table's page (by its token, its rounds and their boards) and the tables' entry links."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from tournaments.setup.models import Round, Table, TableAssignment, Tournament
from tournaments.setup.selectors import plan_assignments

from ..models import Result
from ..table_links import table_entry_qr_svg, table_entry_url
from .sheets import SheetRow
from .states import board_state


def table_by_token(token: str) -> Table | None:
    return Table.objects.select_related("tournament").filter(token=token).first()


@dataclass
class TableRound:
    assignment: TableAssignment
    rows: list[SheetRow]

    @property
    def round(self) -> Round:
        return self.assignment.round

    @property
    def finished(self) -> bool:
        return all(row.state in Result.COUNTING_STATUSES for row in self.rows)


def table_rounds(table: Table) -> list[TableRound]:
    """The published rounds of a table where it has two teams, with each board's state."""
    tournament = table.tournament
    assignments = (
        plan_assignments(tournament)
        .filter(table=table, round__published=True)
        .order_by("round__number")
        .prefetch_related(
            Prefetch(
                "results",
                queryset=Result.objects.filter(is_current=True),
                to_attr="current_results",
            )
        )
    )
    rounds = []
    for assignment in assignments:
        if assignment.has_phantom:
            continue
        # Already read: a write from this table's page reads neither again.
        assignment.round.tournament = tournament
        assignment.table = table
        by_board = {result.board_number: result for result in assignment.current_results}
        rows = [
            SheetRow(board, by_board.get(board), board_state(by_board.get(board)), None)
            for board in assignment.boards
        ]
        rounds.append(TableRound(assignment, rows))
    return rounds


@dataclass(frozen=True)
class TableLink:
    """A table's entry link as the cards print it (from ``SITE_URL``) and its QR code."""

    number: int
    url: str
    qr_svg: str


def table_links(tournament: Tournament) -> list[TableLink]:
    """Every table's entry link, in table order, for the « Liens des tables » page."""
    links = []
    for table in Table.objects.filter(tournament=tournament).order_by("number"):
        svg = table_entry_qr_svg(table, box_size=6)
        # Each SVG names its path "qr-path": one id per table keeps the page's ids unique.
        svg = svg.replace('id="qr-path"', f'id="qr-path-{table.number}"')
        links.append(TableLink(table.number, table_entry_url(table), svg))
    return links

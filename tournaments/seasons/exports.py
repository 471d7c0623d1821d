"""The season's ranking as files: CSV, XLSX (openpyxl) and PDF (WeasyPrint), with the names the
public may read (consent, anonymisation), never a licence or an e-mail."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext

from tournaments import spreadsheets
from tournaments.printing.pdf import render_html

from .selectors import SeasonTable


def _header(table: SeasonTable) -> list[str]:
    score = gettext("Moyenne (%)") if table.season.method == "average" else gettext("Points")
    return [
        gettext("Rang"),
        gettext("Joueur"),
        score,
        gettext("Tournois retenus"),
        gettext("Tournois joués"),
    ]


def _rows(table: SeasonTable) -> list[list]:
    return [[row.rank_label, row.name, row.score, row.counted, row.played] for row in table.rows]


def season_csv(table: SeasonTable) -> bytes:
    return spreadsheets.csv_bytes([_header(table), *_rows(table)], lineterminator="\r\n")


def season_xlsx(table: SeasonTable) -> bytes:
    sheet = spreadsheets.Sheet(
        title=gettext("Classement"),
        rows=[[table.season.name], _header(table), *_rows(table)],
        bold_rows={1: 14, 2: None},
        widths={"B": 32},
    )
    return spreadsheets.xlsx_bytes([sheet])


def season_pdf(table: SeasonTable) -> bytes:
    season = table.season
    html = render_to_string(
        "seasons/season_pdf.html",
        {
            "table": table,
            "printed_at": timezone.localtime(),
            "first_page": 0,
            "title": gettext("Classement de la saison"),
            # What printing/base.html's running header reads of a tournament.
            "tournament": {"name": season.name, "club": season.club.name, "date": ""},
        },
    )
    return render_html(html).write_pdf()

"""The season's ranking as files: CSV, XLSX (openpyxl) and PDF (WeasyPrint), with the names the
public may read (consent, anonymisation), never a licence or an e-mail."""

from __future__ import annotations

import csv
import io

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext

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
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow(_header(table))
    writer.writerows(_rows(table))
    # A BOM: a spreadsheet opening the file reads it as UTF-8 (accents).
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def season_xlsx(table: SeasonTable) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    sheet = book.active
    sheet.title = gettext("Classement")[:31]
    sheet.append([table.season.name])
    sheet["A1"].font = Font(bold=True, size=14)
    sheet.append(_header(table))
    for cell in sheet[2]:
        cell.font = Font(bold=True)
    for row in _rows(table):
        sheet.append(row)
    sheet.column_dimensions["B"].width = 32
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


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

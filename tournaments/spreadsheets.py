"""Every CSV and XLSX file the site writes goes through here, so that no cell a spreadsheet
opens can be a live formula (CSV or formula injection, docs/security.md, "Exports").

OWASP's rule: a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return is written with a single quote in front (``'=HYPERLINK(...)``); a spreadsheet shows it as
text. Numbers (``int``, ``float``, ``Decimal``) are written as numbers, a score of -20 stays a
number (a numeric cell in XLSX). A caller therefore passes numbers as numbers, never as text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

Cell = str | int | float | Decimal | None

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
ESCAPE = "'"


def safe_cell(value: Cell) -> Cell:
    """The value as written: numbers as they are, ``None`` as an empty cell, text quoted when a
    spreadsheet would read it as a formula."""
    if value is None:
        return ""
    if isinstance(value, bool):
        # A flag is text in our files ("1"/"0" is the caller's choice); never True/False.
        return "1" if value else "0"
    if isinstance(value, int | float | Decimal):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS):
        return ESCAPE + text
    return text


def csv_text(
    rows: Iterable[Sequence[Cell]], *, delimiter: str = ";", lineterminator: str = "\r\n"
) -> str:
    """Rows as CSV text (no BOM), every cell through ``safe_cell``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator=lineterminator)
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
    return buffer.getvalue()


def csv_dict_text(
    columns: Sequence[str],
    rows: Iterable[Mapping[str, Cell]],
    *,
    delimiter: str = ";",
    lineterminator: str = "\r\n",
) -> str:
    """A header row of ``columns``, then one row per mapping (a missing key is an empty cell)."""
    lines: list[Sequence[Cell]] = [list(columns)]
    lines.extend([row.get(name) for name in columns] for row in rows)
    return csv_text(lines, delimiter=delimiter, lineterminator=lineterminator)


def csv_bytes(
    rows: Iterable[Sequence[Cell]], *, delimiter: str = ";", lineterminator: str = "\r\n"
) -> bytes:
    """Rows as a CSV file in UTF-8 with a BOM: a spreadsheet opening it reads the accents."""
    text = csv_text(rows, delimiter=delimiter, lineterminator=lineterminator)
    return ("\ufeff" + text).encode("utf-8")


@dataclass(frozen=True)
class Sheet:
    """One sheet of a workbook: its rows, and how it looks (rows in bold with a font size,
    column widths by letter, frozen panes)."""

    title: str
    rows: Sequence[Sequence[Cell]]
    bold_rows: Mapping[int, int | None] = field(default_factory=dict)  # 1-based row -> size
    widths: Mapping[str, float] = field(default_factory=dict)
    freeze: str | None = None


def _xml_text(value: Cell, illegal) -> Cell:
    return illegal.sub("", value) if isinstance(value, str) else value


def xlsx_bytes(sheets: Sequence[Sheet]) -> bytes:
    """A workbook of ``sheets``: text cells typed as text (quoted as in CSV), numbers as
    numbers; characters XML cannot carry (control characters) are left out rather than fail."""
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font

    book = Workbook()
    book.remove(book.active)
    for spec in sheets:
        sheet = book.create_sheet(spec.title[:31])
        for row in spec.rows:
            # Cleaned first, then quoted: "\x01=1" must not become a formula once cleaned.
            sheet.append([safe_cell(_xml_text(value, ILLEGAL_CHARACTERS_RE)) for value in row])
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str):
                    # Never a formula, whatever openpyxl guesses from the text.
                    cell.data_type = "s"
        for number, size in spec.bold_rows.items():
            for cell in sheet[number]:
                cell.font = Font(bold=True, size=size) if size else Font(bold=True)
        for letter, width in spec.widths.items():
            sheet.column_dimensions[letter].width = width
        if spec.freeze:
            sheet.freeze_panes = spec.freeze
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()

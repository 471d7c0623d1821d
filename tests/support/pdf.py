"""Reading the printed documents: each page's text, and layout checks on WeasyPrint's rendered
pages (text that runs out of its table cell or off the printable area would be cut or
overprinted on paper)."""

import io
import re

from pypdf import PdfReader
from weasyprint.formatting_structure import boxes

TOLERANCE = 0.5  # CSS pixels


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page, whitespace collapsed (en spaces included)."""
    reader = PdfReader(io.BytesIO(data))
    return [re.sub(r"\s+", " ", page.extract_text() or "") for page in reader.pages]


def texts_at_least(data: bytes, points: float) -> set[str]:
    """Every piece of text of the PDF printed at ``points`` or larger (what reads from afar)."""
    found = set()

    def visit(text, cm, tm, font, size):
        if text.strip() and size * cm[0] * tm[0] >= points:
            found.add(text.strip())

    for page in PdfReader(io.BytesIO(data)).pages:
        page.extract_text(visitor_text=visit)
    return found


def page_size_mm(data: bytes, page: int = 0) -> tuple[int, int]:
    """(width, height) of a page of the PDF, in millimetres."""
    box = PdfReader(io.BytesIO(data)).pages[page].mediabox
    return round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)


def overflows(document) -> list[str]:
    """Every piece of text of ``document`` that ends beyond its table cell or the page's
    content area, as "page N: 'text'" lines (empty when the layout is clean)."""
    found = []
    for number, page in enumerate(document.pages, start=1):
        page_box = page._page_box
        right = page_box.content_box_x() + page_box.width
        bottom = page_box.content_box_y() + page_box.height
        _walk(page_box, right, bottom, (page.width, page.height), number, found)
    return found


def _walk(box, right: float, bottom: float, sheet, page: int, found: list[str]) -> None:
    if isinstance(box, boxes.MarginBox):
        # Headers and footers live in the page margins: they only have to stay on the sheet.
        right, bottom = sheet
    if isinstance(box, boxes.TableCellBox):
        right = min(right, box.border_box_x() + box.border_width())
    if isinstance(box, boxes.TextBox) and box.text.strip():
        if box.position_x + box.width > right + TOLERANCE:
            excess = box.position_x + box.width - right
            found.append(f"page {page}: {box.text!r} runs {excess:.1f}px too far right")
        if box.position_y + box.height > bottom + TOLERANCE:
            found.append(f"page {page}: {box.text!r} runs below the page")
    for child in getattr(box, "children", ()):
        _walk(child, right, bottom, sheet, page, found)


def make_checked(tournament, kind: str, scope: str):
    """``documents.make_pdf``, with the layout of every section checked as it is made:
    (the rendered document, the overflows found)."""
    from tournaments.printing import documents, pdf

    render_html = pdf.render_html
    found: list[str] = []

    def checked(html: str):
        document = render_html(html)
        found.extend(overflows(document))
        return document

    pdf.render_html = checked
    try:
        return documents.make_pdf(tournament, kind, scope), found
    finally:
        pdf.render_html = render_html

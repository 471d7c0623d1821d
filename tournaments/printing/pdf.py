"""Turning a printout (a document's HTML sections) into one PDF with WeasyPrint.

Each section is laid out on its own, then the pages of every section are joined in one PDF:
the job reports its progress after each section, and page numbers carry on across sections.
Nothing is fetched while printing: only ``data:`` URLs are allowed (fonts are the system's).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

if TYPE_CHECKING:
    import weasyprint

# WeasyPrint logs every layout step at INFO ("Step 4 - Creating layout - Page 12"): a packet
# would flood the worker's log. Its warnings (unsupported CSS, missing resources) still show.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

ProgressCallback = Callable[[int, int, int], None]
"""Called after each section with (sections done, sections in all, pages so far)."""


@dataclass(frozen=True)
class Printout:
    """What a document shows, ready to render: a template and the context of each section.

    ``context`` is shared by every section; each entry of ``sections`` adds its own items
    (one section is laid out at a time). ``contents`` says what the document reveals, for the
    secrecy checks at download time (see ``models.Document.contents``).
    """

    kind: str
    scope: str
    title: str
    template: str
    context: dict
    sections: list[dict]
    contents: dict = field(default_factory=dict)


@dataclass(frozen=True)
class RenderedDocument:
    pdf: bytes
    pages: int
    contents: dict


# Every character that could end a CSS string or the <style> element around it: the C0 controls
# (newlines among them: an unescaped one makes a "bad string" that swallows the rest of the
# rule), DEL, both quotes, the backslash, and < > so that no "</style>" can appear. Each
# becomes a hex escape ending in the one space CSS consumes after it.
_CSS_STRING_ESCAPES = {code: f"\\{code:X} " for code in (*range(0x20), 0x7F, *map(ord, "\"'\\<>"))}


def css_string(text: str) -> SafeString:
    """``text`` as a quoted CSS string, safe inside a <style> element (for page margin boxes).

    Nothing in ``text`` can leave the string: a CSS parser reads back ``text`` itself (NUL
    reads as U+FFFD, as CSS reads a NUL anywhere).
    """
    escaped = str(text).translate(_CSS_STRING_ESCAPES)
    return mark_safe(f'"{escaped}"')  # noqa: S308 - every character that matters is escaped


def render_html(html: str) -> weasyprint.Document:
    """Lay out one HTML string (no network, no files: only ``data:`` URLs are fetched)."""
    # Imported here: loading WeasyPrint (and its fonts) is only worth it in a process that prints.
    import weasyprint
    from weasyprint.urls import URLFetcher

    fetcher = URLFetcher(allowed_protocols=("data",), fail_on_errors=False)
    return weasyprint.HTML(
        string=html, base_url=str(settings.BASE_DIR), url_fetcher=fetcher
    ).render()


def render(printout: Printout, progress: ProgressCallback | None = None) -> RenderedDocument:
    """Render every section of ``printout`` and join the pages in one PDF."""
    documents: list[weasyprint.Document] = []
    pages = 0
    total = len(printout.sections)
    for index, section in enumerate(printout.sections, start=1):
        context = {
            **printout.context,
            **section,
            "title": printout.title,
            "first_page": pages + 1,
        }
        document = render_html(render_to_string(printout.template, context))
        pages += len(document.pages)
        documents.append(document)
        if progress is not None:
            progress(index, total, pages)
    if not documents:
        raise ValueError("a printout needs at least one section")
    every_page = [page for document in documents for page in document.pages]
    pdf = documents[0].copy(every_page).write_pdf()
    return RenderedDocument(pdf=pdf, pages=pages, contents=printout.contents)

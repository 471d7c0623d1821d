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


@dataclass
class _Laid:
    """Laid-out pages waiting to be written, and the first WeasyPrint document (it writes them
    all: the pages of every section and part are joined in one file)."""

    first: weasyprint.Document | None = None
    pages: list = field(default_factory=list)

    def add(self, document: weasyprint.Document) -> None:
        if self.first is None:
            self.first = document
        self.pages.extend(document.pages)

    def write(self, front: weasyprint.Document | None = None) -> bytes:
        if self.first is None:
            raise ValueError("a printout needs at least one section")
        if front is None:
            return self.first.copy(self.pages).write_pdf()
        # The front page's document lends the file its metadata (title: the combined packet's).
        return front.copy([*front.pages, *self.pages]).write_pdf()


def _lay_out(printout: Printout, laid: _Laid, on_section: Callable[[int], None]) -> int:
    """Lay out every section of ``printout`` into ``laid``, its pages numbered from 1 across its
    sections; call ``on_section(its pages so far)`` after each one. Return its page count."""
    pages = 0
    for section in printout.sections:
        context = {**printout.context, **section, "title": printout.title, "first_page": pages + 1}
        document = render_html(render_to_string(printout.template, context))
        pages += len(document.pages)
        laid.add(document)
        on_section(pages)
    return pages


def render(printout: Printout, progress: ProgressCallback | None = None) -> RenderedDocument:
    """Render every section of ``printout`` and join the pages in one PDF."""
    laid = _Laid()
    total = len(printout.sections)
    done = 0

    def on_section(pages: int) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total, pages)

    pages = _lay_out(printout, laid, on_section)
    return RenderedDocument(pdf=laid.write(), pages=pages, contents=printout.contents)


@dataclass(frozen=True)
class Part:
    """One printout of a combined PDF and where its pages are in the file (from 1)."""

    printout: Printout
    first_page: int
    last_page: int

    @property
    def pages(self) -> int:
        return self.last_page - self.first_page + 1


def render_combined(
    printouts: list[Printout],
    front_html: Callable[[list[Part]], str],
    progress: ProgressCallback | None = None,
) -> RenderedDocument:
    """Several printouts in one PDF, in order, behind a front page (``front_html`` of the parts
    and their pages in the file: a table of contents). Each part keeps its own running title
    and page numbers (its page 1 is the page 1 of the same document printed alone)."""
    laid = _Laid()
    total = sum(len(printout.sections) for printout in printouts) + 1
    done = 0
    pages_so_far = 0

    def on_section(part_pages: int) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total, pages_so_far + part_pages)

    counts = []
    for printout in printouts:
        count = _lay_out(printout, laid, on_section)
        counts.append(count)
        pages_so_far += count
    # The front page comes first but is laid out last, when the parts' pages are known; it is
    # laid out again in the rare case it does not take the one page it was assumed to take.
    front_pages = 1
    while True:
        parts, start = [], front_pages + 1
        for printout, count in zip(printouts, counts, strict=True):
            parts.append(Part(printout, start, start + count - 1))
            start += count
        front = render_html(front_html(parts))
        if len(front.pages) == front_pages:
            break
        front_pages = len(front.pages)
    if progress is not None:
        progress(total, total, pages_so_far + front_pages)
    contents = combined_contents([printout.contents for printout in printouts])
    contents["parts"] = [[str(printout.kind), str(printout.scope)] for printout in printouts]
    return RenderedDocument(
        pdf=laid.write(front), pages=front_pages + pages_so_far, contents=contents
    )


def combined_contents(contents: list[dict]) -> dict:
    """What a combined file reveals: the union of what each part reveals (each list's items;
    counts and other values say nothing secret and are left out)."""
    union: dict[str, set] = {}
    for part in contents:
        for key, value in part.items():
            if isinstance(value, list):
                union.setdefault(key, set()).update(value)
    return {key: sorted(values) for key, values in union.items()}

"""Reading an XML file someone sent, safely: the standard library's expat parser with every
document type declaration refused (no DTD, so no entity to expand: neither the « billion
laughs » nor an external file), a size limit, and each element's line kept for the messages.

defusedxml is not among the pinned requirements; this is the part of it the exchange needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

from scoring.deals.problems import Problem, ProblemError
from scoring.translation import gettext_noop

MAX_XML_BYTES = 64 * 1024 * 1024
"""The largest file read: an event of 300 clubs' 100,000 traveller lines is about 40 MB."""


class ExchangeError(ProblemError):
    """An exchange file that cannot be read; ``problems`` says every reason found, located by
    line when known."""


@dataclass
class Node:
    """An element as read: its tag, attributes, text (stripped), children and line."""

    tag: str
    attributes: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""


def not_readable(reason: str, line: int | None = None) -> ExchangeError:
    """The error for a file that is not well-formed XML (or is refused as a whole)."""
    return ExchangeError(
        [
            Problem(
                "unreadable_xml",
                gettext_noop("The file is not readable XML: %(reason)s"),
                {"reason": reason},
                line=line,
            )
        ]
    )


def parse_xml(data: str | bytes) -> Node:
    """The document's root element. Raises ``ExchangeError`` on malformed XML, on a document
    type declaration (refused: entities could expand without bound or read local files), on
    a processing instruction other than the XML declaration, or on a file over
    ``MAX_XML_BYTES``."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_XML_BYTES:
        raise not_readable(f"larger than {MAX_XML_BYTES // (1024 * 1024)} MB")
    parser = expat.ParserCreate()
    stack: list[Node] = []
    roots: list[Node] = []
    texts: list[list[str]] = []

    def refuse_doctype(*_: object) -> None:
        raise not_readable(
            "a document type declaration (DOCTYPE) is refused", parser.CurrentLineNumber
        )

    def refuse_entity(*_: object) -> None:
        raise not_readable("an entity declaration is refused", parser.CurrentLineNumber)

    def refuse_external(*_: object) -> int:
        raise not_readable("an external entity is refused", parser.CurrentLineNumber)

    def start(tag: str, attributes: dict[str, str]) -> None:
        node = Node(tag, dict(attributes), parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(node)
        else:
            roots.append(node)
        stack.append(node)
        texts.append([])

    def end(_tag: str) -> None:
        node = stack.pop()
        node.text = "".join(texts.pop()).strip()

    def characters(text: str) -> None:
        if texts:
            texts[-1].append(text)

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_entity
    parser.UnparsedEntityDeclHandler = refuse_entity
    parser.ExternalEntityRefHandler = refuse_external
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    try:
        parser.Parse(raw, True)
    except expat.ExpatError as error:
        raise not_readable(expat.errors.messages[error.code], error.lineno) from None
    except LookupError as error:  # the XML declaration names an encoding Python lacks
        raise not_readable(str(error), 1) from None
    if len(roots) != 1:
        raise not_readable("no root element")
    return roots[0]

"""PBN 2.1 tables (ScoreTable, TotalScoreTable...): a tag naming the columns, then rows of
values, in the games of a PBN file.

A table tag's value lists its columns separated by ``;``, each ``Name``, optionally preceded by
a sort order (``+``/``-``) and followed by ``\\`` and a width and alignment (``Score_NS\\6R``).
The rows follow as section data: one value per column, separated by blanks, a value with a
blank in it between quotes, ``-`` for no value. ``pbn`` reads the boards and skips these rows;
this module reads and writes them, for the results of an event (``scoring.exchange``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from scoring.deals.problems import Problem, ProblemError
from scoring.translation import gettext_noop

NO_VALUE = "-"

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_COLUMN = re.compile(r"([+-]?)([A-Za-z0-9_]+)(?:\\(\d{1,3})([LR]?))?")


class PbnTableError(ProblemError):
    """A PBN file whose tables cannot be read; ``problems`` says where and why."""


@dataclass(frozen=True, slots=True)
class PbnColumn:
    """A column of a PBN table: its name, width and alignment (``L``/``R``) if given, and its
    sort order (``+`` ascending, ``-`` descending, ``""`` none)."""

    name: str
    width: int | None = None
    align: str = ""
    order: str = ""

    def spec(self) -> str:
        """The column as the table tag writes it: ``Score_NS\\6R``."""
        text = self.order + self.name
        if self.width is not None:
            text += f"\\{self.width}{self.align}"
        return text


@dataclass(frozen=True, slots=True)
class PbnTable:
    """A table of a PBN game: its tag name (``ScoreTable``), columns and rows; a value None is
    written ``-``."""

    tag: str
    columns: tuple[PbnColumn, ...]
    rows: tuple[tuple[str | None, ...], ...] = ()

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(
                    f"a row of {self.tag} has {len(row)} values, not {len(self.columns)}"
                )

    def index(self, name: str) -> int | None:
        """The position of column ``name``, or None when the table does not have it."""
        for position, column in enumerate(self.columns):
            if column.name == name:
                return position
        return None


@dataclass
class PbnGame:
    """A game of a PBN file as read: its tags (name to value, first one kept) and its tables,
    each with the line of its tag."""

    tags: dict[str, str] = field(default_factory=dict)
    tables: dict[str, PbnTable] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _value(value: str | None) -> str:
    """A row value as written: ``-`` for none, quoted when it has a blank, a quote or is empty
    (or could be taken for a comment, a tag or no value)."""
    if value is None:
        return NO_VALUE
    if "\n" in value or "\r" in value:
        raise ValueError(f"a table value is on one line: {value!r}")
    if not value or value == NO_VALUE or re.search(r'[\s"\\;{}\[\]%]', value):
        return f'"{_escape(value)}"'
    return value


def format_tag(name: str, value: str) -> str:
    """``[Name "value"]``, the value on one line with its quotes and backslashes escaped."""
    return f'[{name} "{_escape(" ".join(value.split()))}"]'


def format_table(table: PbnTable) -> list[str]:
    """The table's tag line then one line per row, each value padded to its column's width
    (aligned as the column says). Raises ValueError on a value with a line break."""
    lines = [f'[{table.tag} "{";".join(column.spec() for column in table.columns)}"]']
    for row in table.rows:
        cells = []
        for column, value in zip(table.columns, row, strict=True):
            text = _value(value)
            width = column.width or 0
            cells.append(text.rjust(width) if column.align == "R" else text.ljust(width))
        lines.append(" ".join(cells).rstrip())
    return lines


def parse_columns(spec: str) -> tuple[PbnColumn, ...]:
    """The columns of a table tag's value; raises ValueError on a column it cannot read."""
    columns = []
    for part in spec.split(";"):
        match = _COLUMN.fullmatch(part.strip())
        if match is None:
            raise ValueError(part)
        order, name, width, align = match.groups()
        columns.append(PbnColumn(name, int(width) if width else None, align or "", order))
    return tuple(columns)


def _tokens(line: str, number: int) -> Iterable[tuple[str, str | None, int]]:
    """The tags (``("tag", name, value)``) and row values (``("value", text)``) of a line,
    comments left out; each with the line number."""
    position = 0
    while position < len(line):
        char = line[position]
        if char.isspace():
            position += 1
        elif char == ";":
            return
        elif char == "{":
            raise _problem("comment", _COMMENT, number)
        elif char == "[":
            match = _TAG.match(line, position)
            if match is None:
                raise _problem("malformed_tag", _MALFORMED_TAG, number, text=line[position:][:60])
            # Raw: a table's columns carry a backslash (``Score_NS\\6R``) that is not an escape.
            yield ("tag:" + match.group(1), match.group(2), number)
            position = match.end()
        elif char == '"':
            end = position + 1
            while end < len(line) and line[end] != '"':
                end += 2 if line[end] == "\\" else 1
            if end >= len(line):
                raise _problem("open_string", _OPEN_STRING, number)
            yield ("value", _unescape(line[position + 1 : end]), number)
            position = end + 1
        else:
            end = position
            while end < len(line) and not line[end].isspace() and line[end] not in ';["{':
                end += 1
            text = line[position:end]
            yield ("value", None if text == NO_VALUE else text, number)
            position = end


_MALFORMED_TAG = gettext_noop('Cannot read this tag (a tag is written [Name "value"]): %(text)s')
_OPEN_STRING = gettext_noop("A quoted value is not closed on its line.")
_BAD_COLUMNS = gettext_noop("The columns of the %(tag)s table cannot be read: '%(text)s'.")
_SHORT_ROW = gettext_noop(
    "The last row of the %(tag)s table has %(count)s values, not %(columns)s."
)
_COMMENT = gettext_noop("A comment in braces { } is not supported in a results file.")


def _problem(code: str, message: str, line: int, **params: str | int) -> PbnTableError:
    return PbnTableError([Problem(code, message, params, line=line)])


def read_games(text: str) -> list[PbnGame]:
    """The games of a PBN file with their tags and tables. A game ends at a blank line; ``%``
    lines and ``;`` comments are skipped; the values after a tag whose name ends in ``Table``
    are its rows. Raises ``PbnTableError`` on a tag, a quoted value or a table it cannot read
    (``{}`` comments included: a results file has no commentary)."""
    games: list[PbnGame] = []
    current = PbnGame()
    table: tuple[str, tuple[PbnColumn, ...], list[str | None], int] | None = None

    def close_table() -> None:
        nonlocal table
        if table is None:
            return
        name, columns, values, line = table
        width = len(columns)
        if len(values) % width:
            raise _problem(
                "short_row", _SHORT_ROW, line, tag=name, count=len(values) % width, columns=width
            )
        rows = tuple(tuple(values[i : i + width]) for i in range(0, len(values), width))
        current.tables.setdefault(name, PbnTable(name, columns, rows))
        table = None

    def close_game() -> None:
        nonlocal current
        close_table()
        if current.tags or current.tables:
            games.append(current)
        current = PbnGame()

    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        if line.startswith("%"):
            continue
        if not line.strip():
            close_game()
            continue
        for kind, value, where in _tokens(line, number):
            if kind.startswith("tag:"):
                close_table()
                name = kind[4:]
                assert value is not None
                if name.endswith("Table"):
                    try:
                        columns = parse_columns(value)
                    except ValueError:
                        raise _problem(
                            "table_columns", _BAD_COLUMNS, where, tag=name, text=value[:60]
                        ) from None
                    table = (name, columns, [], where)
                else:
                    current.tags.setdefault(name, _unescape(value))
                current.lines.setdefault(name, where)
            elif table is not None:
                table[2].append(value)
    close_game()
    return games


def format_game(tags: Sequence[tuple[str, str]], tables: Iterable[PbnTable]) -> list[str]:
    """A game's lines: its tags in the order given, then its tables."""
    lines = [format_tag(name, value) for name, value in tags]
    for table in tables:
        lines += format_table(table)
    return lines

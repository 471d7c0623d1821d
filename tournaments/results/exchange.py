"""Results files: JSON lines and CSV, written from a tournament and read back for an import.

JSON lines: one result per line, the canonical record of docs/rules.md (« The result
record ») with ``round``, ``table`` and ``board`` added at its top level, followed by the
computed ``ns``, ``ew`` and ``made`` (ignored on import: the marks are always recomputed with
the tournament's rules). An adjusted score has no record:
``{"round": 1, "table": 2, "board": 3, "adjusted": {"ns": "A+", "ew": "A-"}}`` with ``A``
(average, 50 %), ``A+`` (60 %) or ``A-`` (40 %) per side. An assigned score in points has the
marks of each side instead: ``{..., "assigned": {"ns": 160, "ew": 0}}``.

A penalty in force follows the results: ``{"round": 2, "board": 5, "penalty": {"team": 4,
"amount": 2, "unit": "percent", "reason": "..."}}`` (``board`` null on the session); the import
passes over penalty lines (penalties are given on the site, by page or API).

CSV: one column per field (see ``CSV_COLUMNS`` and docs/results.md), ``;``-separated, UTF-8,
written by the site's one spreadsheet writer (``tournaments.spreadsheets``: a text cell that a
spreadsheet would read as a formula gets a leading quote); the reader also accepts ``,`` and
Windows-1252 files. XLSX (read only): the first sheet with the CSV's columns, read as the CSV
is.

A file read is imported through the entry adapter (``services.take_results``): checked with
what the one importing it may see (docs/security.md).
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from typing import Any

from django.utils.translation import gettext as _
from openpyxl import load_workbook

from tournaments import spreadsheets
from tournaments.request_numbers import whole_number
from tournaments.setup.models import Tournament
from tournaments.vocabulary import ADJUSTMENTS

from .annonce_text import AnnonceTextError, format_annonces_text, parse_annonces_text
from .exceptions import ImportRejected, LineError
from .models import Penalty, Result
from .selectors import counting_results, penalties_of
from .services import ImportEntry, take_results

FORMATS = ("jsonl", "csv")
IMPORT_FORMATS = (*FORMATS, "xlsx")
LOCATION_KEYS = ("round", "table", "board")
SCORE_KEYS = ("ns", "ew", "made", "detail")
CSV_COLUMNS = (
    "round",
    "table",
    "board",
    "passed",
    "bid",
    "strain",
    "taker",
    "coinche",
    "taker_points",
    "capot",
    "generale",
    "belote",
    "annonces",
    "ns_adjustment",
    "ew_adjustment",
    "ns",
    "ew",
    "made",
    "assigned",
    "penalty_team",
    "penalty_amount",
    "penalty_unit",
    "penalty_reason",
)
PENALTY_COLUMNS = CSV_COLUMNS[-4:]
_TRUE = {"1", "true", "oui", "yes", "o", "y", "x"}
_FALSE = {"", "0", "false", "non", "no", "n"}


# --- Writing ------------------------------------------------------------------------------


def result_line(result: Result) -> dict[str, Any]:
    """The exchange form of one counting result."""
    line: dict[str, Any] = {
        "round": result.round.number,
        "table": result.table.number,
        "board": result.board_number,
    }
    if result.is_assigned_score:
        line["assigned"] = {"ns": result.ns_marks, "ew": result.ew_marks}
        return line
    if result.status == Result.Status.ADJUSTED:
        line["adjusted"] = {"ns": result.ns_adjustment, "ew": result.ew_adjustment}
        return line
    line.update(result.record or {})
    line.update(ns=result.ns_marks, ew=result.ew_marks, made=result.made)
    return line


def penalty_line(penalty: Penalty) -> dict[str, Any]:
    """The exchange form of a penalty in force: the round it counts from, its board (None on
    the session) and the penalty itself (the amount in ``unit``: percent of a top, or points)."""
    return {
        "round": penalty.round_number,
        "board": penalty.board_number,
        "penalty": {
            "team": penalty.team.number,
            "amount": penalty.amount,
            "unit": penalty.unit,
            "reason": penalty.reason,
        },
    }


def export_lines(tournament: Tournament) -> list[dict[str, Any]]:
    """The counting results, then the penalties in force in the order they were given."""
    lines = [result_line(result) for result in counting_results(tournament)]
    lines.extend(
        penalty_line(penalty) for penalty in penalties_of(tournament) if penalty.removed_at is None
    )
    return lines


def export_jsonl(tournament: Tournament) -> str:
    """Every confirmed or adjusted result, one JSON object a line."""
    return "".join(
        json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"
        for line in export_lines(tournament)
    )


def _flag(value: bool | None) -> str:
    if value is None:
        return ""
    return "1" if value else "0"


def csv_row(line: dict[str, Any]) -> dict[str, spreadsheets.Cell]:
    """The CSV row of an exchange line: numbers stay numbers (the writer quotes text only)."""
    row: dict[str, spreadsheets.Cell] = dict.fromkeys(CSV_COLUMNS, "")
    row.update(round=line["round"], table=line.get("table", ""), board=line["board"])
    if "penalty" in line:
        penalty = line["penalty"]
        row.update(
            penalty_team=penalty["team"],
            penalty_amount=penalty["amount"],
            penalty_unit=penalty["unit"],
            penalty_reason=penalty["reason"],
        )
        return row
    if "adjusted" in line:
        row.update(ns_adjustment=line["adjusted"]["ns"], ew_adjustment=line["adjusted"]["ew"])
        return row
    if "assigned" in line:
        row.update(assigned="1", ns=line["assigned"]["ns"], ew=line["assigned"]["ew"])
        return row
    row["passed"] = _flag(line.get("passed"))
    contract = line.get("contract") or {}
    if contract:
        row.update(
            bid=contract["bid"],
            strain=contract["strain"],
            taker=contract["taker"],
            coinche=contract["coinche"],
        )
    if line.get("taker_points") is not None:
        row["taker_points"] = line["taker_points"]
    row["capot"] = line.get("capot") or ""
    row["generale"] = "1" if line.get("generale") else ""
    row["belote"] = " ".join(line.get("belote") or [])
    row["annonces"] = format_annonces_text(line.get("annonces") or [], canonical=True)
    row.update(ns=line["ns"], ew=line["ew"], made=_flag(line.get("made")))
    return row


def export_csv(tournament: Tournament) -> str:
    """Every counting result and penalty in force, one row each, through the site's one
    spreadsheet writer (a text cell never starts a formula: docs/security.md, "Exports")."""
    return spreadsheets.csv_dict_text(
        CSV_COLUMNS, (csv_row(line) for line in export_lines(tournament)), lineterminator="\n"
    )


def export(tournament: Tournament, fmt: str) -> str:
    if fmt == "csv":
        return export_csv(tournament)
    if fmt == "jsonl":
        return export_jsonl(tournament)
    raise ValueError(f"unknown format {fmt!r}")


# --- Reading ------------------------------------------------------------------------------


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), else Windows-1252 (spreadsheets saved on Windows)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def detect_format(filename: str, text: str) -> str:
    name = (filename or "").lower()
    if name.endswith(".xlsx"):
        return "xlsx"
    if name.endswith((".jsonl", ".json", ".ndjson")):
        return "jsonl"
    if name.endswith((".csv", ".txt")) and not text.lstrip().startswith("{"):
        return "csv"
    return "jsonl" if text.lstrip().startswith("{") else "csv"


def read_file(
    data: bytes, filename: str = "", fmt: str | None = None
) -> tuple[list[ImportEntry], list[LineError]]:
    """The entries of an uploaded or given file, and the lines that could not be read."""
    if fmt == "xlsx" or (fmt is None and data[:2] == b"PK"):
        return read_xlsx(data)
    text = decode(data)
    fmt = fmt or detect_format(filename, text)
    if fmt == "xlsx":
        return read_xlsx(data)
    return read_jsonl(text) if fmt == "jsonl" else read_csv(text)


def import_file(
    tournament: Tournament,
    data: bytes,
    *,
    filename: str = "",
    fmt: str | None = None,
    by=None,
    ip: str | None = None,
    replace: bool = False,
) -> list[Result]:
    """Read and import a results file: everything is saved, or nothing.

    Raises ``ImportRejected`` listing every bad line, whether it could not be read or does not
    fit the tournament (plan, rules, results already there; the hands only for ``by`` who may
    see them: ``None``, the system, may).
    """
    entries, errors = read_file(data, filename, fmt)
    if not entries and not errors:
        raise ImportRejected([LineError(1, _("le fichier ne contient aucun résultat."))])
    return take_results(
        tournament=tournament, entries=entries, by=by, ip=ip, replace=replace, known_errors=errors
    )


def _location(values: dict[str, Any], errors: list[str]) -> tuple[int, int, int] | None:
    numbers = []
    for key in LOCATION_KEYS:
        number = whole_number(values.get(key), minimum=1)
        if number is None:
            label = {"round": _("tour"), "table": _("table"), "board": _("étui")}[key]
            errors.append(
                _("« %(key)s » (%(label)s) doit être un nombre entier positif.")
                % {"key": key, "label": label}
            )
            continue
        numbers.append(number)
    return tuple(numbers) if len(numbers) == 3 else None


def _adjustment(raw: Any, errors: list[str]) -> tuple[str, str] | None:
    if not isinstance(raw, dict) or set(raw) != {"ns", "ew"}:
        errors.append(_("« adjusted » doit donner « ns » et « ew » (A, A+ ou A-)."))
        return None
    if raw["ns"] not in ADJUSTMENTS or raw["ew"] not in ADJUSTMENTS:
        errors.append(
            _("Score ajusté inconnu (NS « %(ns)s », EO « %(ew)s ») : A, A+ ou A-.")
            % {"ns": raw["ns"], "ew": raw["ew"]}
        )
        return None
    return raw["ns"], raw["ew"]


def _assigned(raw: Any, errors: list[str]) -> tuple[int, int] | None:
    """The marks of an assigned score (their range is checked with the tournament's rules)."""
    if (
        not isinstance(raw, dict)
        or set(raw) != {"ns", "ew"}
        or not all(isinstance(raw[side], int) and not isinstance(raw[side], bool) for side in raw)
    ):
        errors.append(_("« assigned » doit donner les marques « ns » et « ew » (nombres entiers)."))
        return None
    return raw["ns"], raw["ew"]


def _add_line(
    entries: list[ImportEntry],
    errors: list[LineError],
    number: int,
    problems: list[str],
    location: tuple[int, int, int] | None,
    record: dict[str, Any] | None,
    adjustment: tuple[str, str] | None,
    assigned: tuple[int, int] | None,
) -> None:
    """A line read: its entry, or its problems."""
    if problems or location is None:
        errors.extend(LineError(number, problem) for problem in problems)
    else:
        entries.append(
            ImportEntry(number, *location, record=record, adjustment=adjustment, assigned=assigned)
        )


def read_jsonl(text: str) -> tuple[list[ImportEntry], list[LineError]]:
    entries: list[ImportEntry] = []
    errors: list[LineError] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            values = json.loads(line)
        except json.JSONDecodeError as error:
            errors.append(
                LineError(number, _("JSON illisible (%(error)s).") % {"error": error.msg})
            )
            continue
        except RecursionError:
            errors.append(LineError(number, _("JSON imbriqué trop profondément.")))
            continue
        if not isinstance(values, dict):
            errors.append(LineError(number, _("chaque ligne doit être un objet JSON.")))
            continue
        if "penalty" in values:
            continue  # The export's penalties: given on the site (page or API), not imported.
        problems: list[str] = []
        location = _location(values, problems)
        adjustment = None
        record = None
        assigned = None
        if "assigned" in values:
            extra = set(values) - set(LOCATION_KEYS) - {"assigned"}
            if extra:
                problems.append(
                    _("un score assigné n'a pas de résultat de donne (%(keys)s en trop).")
                    % {"keys": ", ".join(sorted(extra))}
                )
            assigned = _assigned(values["assigned"], problems)
        elif "adjusted" in values:
            extra = set(values) - set(LOCATION_KEYS) - {"adjusted"}
            if extra:
                problems.append(
                    _("un score ajusté n'a pas de résultat de donne (%(keys)s en trop).")
                    % {"keys": ", ".join(sorted(extra))}
                )
            adjustment = _adjustment(values["adjusted"], problems)
        else:
            record = {
                key: value
                for key, value in values.items()
                if key not in LOCATION_KEYS and key not in SCORE_KEYS
            }
        _add_line(entries, errors, number, problems, location, record, adjustment, assigned)
    return entries, errors


def _csv_dialect(text: str) -> str:
    header = text.split("\n", 1)[0]
    return ";" if header.count(";") >= header.count(",") else ","


def _int_or_raw(value: str) -> Any:
    value = value.strip()
    number = whole_number(value.removeprefix("-"))
    if number is None:
        return value
    return -number if value.startswith("-") else number


def _csv_record(row: dict[str, str], problems: list[str]) -> dict[str, Any]:
    def cell(name: str) -> str:
        return (row.get(name) or "").strip()

    passed_text = cell("passed").lower()
    if passed_text not in _TRUE | _FALSE:
        problems.append(
            _("« passed » doit valoir 1 ou 0, pas « %(value)s ».") % {"value": cell("passed")}
        )
    passed = passed_text in _TRUE
    record: dict[str, Any] = {"passed": passed}
    has_contract = any(cell(name) for name in ("bid", "strain", "taker"))
    if has_contract or not passed:
        bid = cell("bid").lower()
        record["contract"] = {
            "bid": ("capot" if bid == "capot" else _int_or_raw(bid)) if bid else None,
            "strain": cell("strain").upper() or None,
            "taker": cell("taker").upper() or None,
            "coinche": _int_or_raw(cell("coinche")) if cell("coinche") else 0,
        }
    if cell("taker_points") or not passed:
        record["taker_points"] = _int_or_raw(cell("taker_points")) if cell("taker_points") else None
    if cell("capot") or not passed:
        record["capot"] = cell("capot").lower() or None
    generale = cell("generale").lower()
    if generale in _TRUE:
        record["generale"] = True
    elif generale not in _FALSE:
        problems.append(
            _("« generale » doit valoir 1 ou 0, pas « %(value)s ».") % {"value": cell("generale")}
        )
    belote = cell("belote").replace(",", " ").upper().split()
    if belote or not passed:
        record["belote"] = belote
    try:
        annonces = parse_annonces_text(cell("annonces"), canonical=True)
    except AnnonceTextError as error:
        problems.extend(error.messages)
        annonces = []
    if annonces or not passed:
        record["annonces"] = annonces
    return record


def read_csv(text: str) -> tuple[list[ImportEntry], list[LineError]]:
    return _read_table(csv.DictReader(io.StringIO(text), delimiter=_csv_dialect(text)))


def _read_table(reader) -> tuple[list[ImportEntry], list[LineError]]:
    """The rows of a CSV file or an XLSX sheet (``csv.DictReader`` or ``_SheetReader``)."""
    header = [name.strip() for name in reader.fieldnames or []]
    reader.fieldnames = header
    missing = [name for name in LOCATION_KEYS if name not in header]
    unknown = [name for name in header if name not in CSV_COLUMNS]
    if missing or unknown:
        problems = []
        if missing:
            problems.append(
                _("colonnes obligatoires absentes : %(names)s.") % {"names": ", ".join(missing)}
            )
        if unknown:
            problems.append(_("colonnes inconnues : %(names)s.") % {"names": ", ".join(unknown)})
        return [], [LineError(1, " ".join(problems))]
    entries: list[ImportEntry] = []
    errors: list[LineError] = []
    for row in reader:
        number = reader.line_num
        if not any((value or "").strip() for value in row.values() if isinstance(value, str)):
            continue
        if None in row:
            errors.append(LineError(number, _("plus de valeurs que de colonnes.")))
            continue
        if any((row.get(name) or "").strip() for name in PENALTY_COLUMNS):
            continue  # The export's penalties: given on the site (page or API), not imported.
        problems: list[str] = []
        location = _location(row, problems)
        ns_adjustment = (row.get("ns_adjustment") or "").strip()
        ew_adjustment = (row.get("ew_adjustment") or "").strip()
        adjustment = None
        record = None
        assigned = None
        if (row.get("assigned") or "").strip().lower() in _TRUE:
            filled = [
                name for name in CSV_COLUMNS[3:15] if (row.get(name) or "").strip() not in ("", "0")
            ]
            if filled:
                problems.append(
                    _("un score assigné n'a pas de résultat de donne (%(keys)s en trop).")
                    % {"keys": ", ".join(filled)}
                )
            marks = [(row.get(side) or "").strip() for side in ("ns", "ew")]
            numbers = [whole_number(mark) for mark in marks]
            if None not in numbers:
                assigned = (numbers[0], numbers[1])
            else:
                problems.append(_("un score assigné donne les marques dans les colonnes ns et ew."))
        elif ns_adjustment or ew_adjustment:
            filled = [
                name for name in CSV_COLUMNS[3:13] if (row.get(name) or "").strip() not in ("", "0")
            ]
            if filled:
                problems.append(
                    _("un score ajusté n'a pas de résultat de donne (%(keys)s en trop).")
                    % {"keys": ", ".join(filled)}
                )
            adjustment = _adjustment({"ns": ns_adjustment, "ew": ew_adjustment}, problems)
        else:
            record = _csv_record(row, problems)
        _add_line(entries, errors, number, problems, location, record, adjustment, assigned)
    return entries, errors


# An XLSX file is a zip: its parts may unpack to far more than the upload's 5 MB. Declared
# sizes are checked before openpyxl opens it, and no more rows are read than a file may hold.
MAX_XLSX_UNPACKED_BYTES = 50 * 1024 * 1024
MAX_XLSX_ROWS = 100_000


def read_xlsx(data: bytes) -> tuple[list[ImportEntry], list[LineError]]:
    """The first sheet of an XLSX file, with the CSV's columns (the header on line 1), read as
    a CSV file is: the same checks, the sheet's row numbers as line numbers."""
    unreadable = [LineError(1, _("Ce fichier .xlsx est illisible : enregistrez-le de nouveau."))]
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if sum(info.file_size for info in archive.infolist()) > MAX_XLSX_UNPACKED_BYTES:
                return [], unreadable
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError):
        return [], unreadable
    try:
        sheet = workbook.worksheets[0]
        rows = sheet.iter_rows(
            max_row=MAX_XLSX_ROWS, max_col=len(CSV_COLUMNS) + 5, values_only=True
        )
        table = [[_xlsx_cell(value) for value in values] for values in rows]
    finally:
        workbook.close()
    return _read_table(_SheetReader(table))


class _SheetReader:
    """A sheet's rows read as ``csv.DictReader`` reads a file's: the first row names the
    columns, values past them under the key None, missing ones None, ``line_num`` the row."""

    def __init__(self, table: list[list[str]]):
        header = table[0] if table else []
        while header and not header[-1]:
            header = header[:-1]
        self.fieldnames = header
        self._rows = table[1:]
        self.line_num = 1

    def __iter__(self):
        width = len(self.fieldnames)
        for number, cells in enumerate(self._rows, start=2):
            while cells and not cells[-1]:
                cells = cells[:-1]
            self.line_num = number
            row: dict[Any, Any] = dict(zip(self.fieldnames, cells, strict=False))
            row.update(dict.fromkeys(self.fieldnames[len(cells) :]))
            if len(cells) > width:
                row[None] = cells[width:]
            yield row


def _xlsx_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()

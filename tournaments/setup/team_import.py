"""Reading a list of teams from a CSV or XLSX file (import des équipes), and the template file.

The file is read completely and every row checked before anything is saved; the organizer sees
a preview, or the list of row-level errors in French. CSV files may be UTF-8 (with or without
BOM) or Windows-1252 (what Excel writes in France), separated by ``;`` or ``,``.
"""

import csv
import io
import unicodedata
import zipfile
from dataclasses import dataclass, field

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournaments import spreadsheets
from tournaments.request_numbers import whole_number

from .services.teams import PlayerData, TeamData, team_problems

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ROWS = 1000
# An XLSX file is a zip: 2 MB of it can unpack to gigabytes of XML. The parts' declared sizes
# are checked before openpyxl opens anything (a real workbook of 1,000 teams unpacks to well
# under 1 MB; this leaves room for other sheets, pictures and styles).
MAX_XLSX_UNPACKED_BYTES = 10 * MAX_FILE_BYTES
# The rows a sheet may span, blank ones included: the header and 1,000 teams with room for
# blank lines and notes. A sheet declaring more is refused before a row is read, and reading
# stops there whatever it declares (its dimension may be missing or wrong).
MAX_SHEET_ROWS = 2 * MAX_ROWS
# Columns read from each row: the template has 10; the others are ignored.
MAX_SHEET_COLUMNS = 50

#: The template's columns, in order: (key, header written in the template).
COLUMNS: list[tuple[str, str]] = [
    ("number", "Numéro"),
    ("name", "Nom de l'équipe"),
    ("first_name_1", "Prénom joueur 1"),
    ("last_name_1", "Nom joueur 1"),
    ("licence_1", "Licence joueur 1"),
    ("club_1", "Club joueur 1"),
    ("first_name_2", "Prénom joueur 2"),
    ("last_name_2", "Nom joueur 2"),
    ("licence_2", "Licence joueur 2"),
    ("club_2", "Club joueur 2"),
]
REQUIRED = ("first_name_1", "last_name_1", "first_name_2", "last_name_2")

# Headers are compared without accents, case, spaces or punctuation: "Prénom J1" = "prenomj1".
_ALIASES: dict[str, tuple[str, ...]] = {
    "number": ("numero", "num", "no", "n", "numeroequipe", "number", "team number"),
    "name": ("nomdelequipe", "nomequipe", "equipe", "team", "teamname", "name"),
    "first_name_1": ("prenomjoueur1", "prenom1", "prenomj1", "firstname1"),
    "last_name_1": ("nomjoueur1", "nom1", "nomj1", "lastname1"),
    "licence_1": ("licencejoueur1", "licence1", "licencej1", "license1"),
    "club_1": ("clubjoueur1", "club1", "clubj1"),
    "first_name_2": ("prenomjoueur2", "prenom2", "prenomj2", "firstname2"),
    "last_name_2": ("nomjoueur2", "nom2", "nomj2", "lastname2"),
    "licence_2": ("licencejoueur2", "licence2", "licencej2", "license2"),
    "club_2": ("clubjoueur2", "club2", "clubj2"),
}


def _normalize(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", str(text))
    return "".join(c for c in decomposed if c.isalnum()).casefold()


_HEADER_KEYS: dict[str, str] = {
    _normalize(alias): key for key, aliases in _ALIASES.items() for alias in aliases
}
_HEADER_KEYS.update({_normalize(header): key for key, header in COLUMNS})

_LABELS = {
    "name": _("nom de l'équipe"),
    "first_name_1": _("prénom du joueur 1"),
    "last_name_1": _("nom du joueur 1"),
    "licence_1": _("licence du joueur 1"),
    "club_1": _("club du joueur 1"),
    "first_name_2": _("prénom du joueur 2"),
    "last_name_2": _("nom du joueur 2"),
    "licence_2": _("licence du joueur 2"),
    "club_2": _("club du joueur 2"),
}
# Columns of words (a licence number there is suspect) and of licences (a name there is).
_WORD_COLUMNS = (
    "name",
    "first_name_1",
    "last_name_1",
    "club_1",
    "first_name_2",
    "last_name_2",
    "club_2",
)
_LICENCE_COLUMNS = ("licence_1", "licence_2")


@dataclass
class ImportedRow:
    """One team read from the file, with the file line it came from (for error messages), and
    the cells that look like another column's value (``suspects``: column key → warning in
    French), which the preview highlights."""

    line: int
    team: TeamData
    suspects: dict[str, str] = field(default_factory=dict)

    def players_shown(self) -> list[tuple[PlayerData, list[str]]]:
        """Each player with the warnings of its cells (the preview's player columns)."""
        return [
            (player, [text for key, text in self.suspects.items() if key.endswith(f"_{n}")])
            for n, player in enumerate(self.team.players, start=1)
        ]

    @property
    def name_suspect(self) -> str:
        return self.suspects.get("name", "")


@dataclass(frozen=True)
class RowError:
    """One problem of the file, in French; ``line`` is the file line (0: the whole file)."""

    line: int
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass
class ParsedFile:
    """What the file holds: teams in file order, and every problem found (empty when fine)."""

    rows: list[ImportedRow] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)

    @property
    def warnings(self) -> list[str]:
        """Every suspect cell, in file order: the preview's list above the table."""
        return [text for row in self.rows for text in row.suspects.values()]

    def add_error(self, line: int, message: str) -> None:
        self.errors.append(RowError(line, message))


class FileProblem(Exception):
    """The whole file cannot be read (type, encoding, size)."""


def read_team_file(filename: str, content: bytes) -> ParsedFile:
    """Read a CSV or XLSX team list; never raises on bad content, returns the errors instead."""
    try:
        table, strict = _read_table(filename, content)
        return _parse_table(table, strict)
    except FileProblem as problem:
        return ParsedFile(errors=[RowError(0, str(problem))])


def _read_table(filename: str, content: bytes) -> tuple[list[tuple[int, list[str]]], bool]:
    """The file's non-empty rows as (line number, cells), and whether row widths must match."""
    if len(content) > MAX_FILE_BYTES:
        raise FileProblem(
            gettext("Le fichier est trop gros (%(size)s Mo au plus).")
            % {"size": MAX_FILE_BYTES // (1024 * 1024)}
        )
    if not content.strip():
        raise FileProblem(gettext("Le fichier est vide."))
    extension = filename.rsplit(".", 1)[-1].casefold() if "." in filename else ""
    if extension in ("csv", "txt"):
        return _read_csv(content), True
    if extension == "xlsx":
        return _read_xlsx(content), False
    if extension in ("xls", "ods"):
        raise FileProblem(
            gettext(
                "Les fichiers .%(extension)s ne sont pas lus : enregistrez la feuille au format "
                ".xlsx ou CSV."
            )
            % {"extension": extension}
        )
    raise FileProblem(
        gettext("Type de fichier non pris en charge : envoyez un fichier .csv ou .xlsx.")
    )


def _decode(content: bytes) -> str:
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return content.decode("utf-16")
        except UnicodeDecodeError:
            pass
    elif b"\x00" not in content:
        try:
            return content.decode("utf-8-sig")
        except UnicodeDecodeError:
            try:
                return content.decode("cp1252")
            except UnicodeDecodeError:
                pass
    raise FileProblem(
        gettext(
            "Encodage du fichier non reconnu : enregistrez-le en CSV UTF-8 ou en CSV Windows "
            "(séparateur point-virgule)."
        )
    )


def _read_csv(content: bytes) -> list[tuple[int, list[str]]]:
    text = _decode(content)
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max((";", ",", "\t"), key=first_line.count)
    rows = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for cells in reader:
            if any(cell.strip() for cell in cells):
                rows.append((reader.line_num, [cell.strip() for cell in cells]))
    except csv.Error as error:
        raise FileProblem(
            gettext("Ligne %(line)s : CSV illisible (%(error)s).")
            % {"line": reader.line_num, "error": error}
        ) from error
    return rows


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _too_many_sheet_rows(declared: int | None = None) -> FileProblem:
    """The sheet spans more rows than a team list may (``declared``: what it says it spans)."""
    values = {"rows": declared, "max": MAX_SHEET_ROWS, "teams": MAX_ROWS}
    if declared is None:
        message = gettext(
            "La feuille s'étend sur plus de %(max)s lignes (%(teams)s équipes au plus) : "
            "supprimez les lignes en trop sous les équipes, ou envoyez un fichier CSV."
        )
    else:
        message = gettext(
            "La feuille s'étend sur %(rows)s lignes, %(max)s au plus (%(teams)s équipes au "
            "plus) : supprimez les lignes en trop sous les équipes, ou envoyez un fichier CSV."
        )
    return FileProblem(message % values)


def _check_unpacked_size(content: bytes) -> None:
    """Refuse a zip whose parts unpack to more than MAX_XLSX_UNPACKED_BYTES (a zip bomb).

    ``zipfile`` never unpacks more than a part declares, so the declared sizes are a bound.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError):
        return  # load_workbook reports the unreadable file
    if unpacked > MAX_XLSX_UNPACKED_BYTES:
        raise FileProblem(
            gettext(
                "Ce fichier .xlsx est trop gros une fois décompressé (%(size)s Mo au plus) : "
                "gardez seulement la feuille des équipes, ou envoyez un fichier CSV."
            )
            % {"size": MAX_XLSX_UNPACKED_BYTES // (1024 * 1024)}
        )


def _read_xlsx(content: bytes) -> list[tuple[int, list[str]]]:
    from openpyxl import load_workbook

    _check_unpacked_size(content)
    try:
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as error:
        raise FileProblem(
            gettext("Ce fichier .xlsx est illisible : enregistrez-le de nouveau depuis le tableur.")
        ) from error
    try:
        sheet = workbook.worksheets[0]
        # The dimension the sheet declares (<dimension ref="A1:J1048576"/>): refused at once.
        if sheet.max_row is not None and sheet.max_row > MAX_SHEET_ROWS:
            raise _too_many_sheet_rows(sheet.max_row)
        rows = []
        # Bounded whatever the sheet declares: openpyxl would otherwise fill in every blank row
        # up to the declared last one, and every column up to the declared last one.
        values_by_row = sheet.iter_rows(
            max_row=MAX_SHEET_ROWS + 1, max_col=MAX_SHEET_COLUMNS, values_only=True
        )
        for line, values in enumerate(values_by_row, start=1):
            cells = [_cell_text(value) for value in values]
            while cells and not cells[-1]:
                cells.pop()
            if cells:
                if line > MAX_SHEET_ROWS:
                    raise _too_many_sheet_rows()
                rows.append((line, cells))
        return rows
    finally:
        workbook.close()


def _header_mapping(cells: list[str]) -> dict[str, int] | None:
    """Column index of each known header, or None when the row is not a header row."""
    mapping: dict[str, int] = {}
    for index, cell in enumerate(cells):
        key = _HEADER_KEYS.get(_normalize(cell))
        if key is not None and key not in mapping:
            mapping[key] = index
    return mapping if len(mapping) >= 2 else None


def _parse_table(table: list[tuple[int, list[str]]], strict: bool) -> ParsedFile:
    parsed = ParsedFile()
    if not table:
        parsed.add_error(0, gettext("Le fichier ne contient aucune ligne."))
        return parsed
    header_line, first_cells = table[0]
    mapping = _header_mapping(first_cells)
    if mapping is None:
        # No header row: the template's column order.
        mapping = {key: index for index, (key, _header) in enumerate(COLUMNS)}
        data_rows = table
        expected = len(COLUMNS)
    else:
        missing = [str(_LABELS[key]) for key in REQUIRED if key not in mapping]
        if missing:
            parsed.add_error(
                header_line,
                gettext("Ligne %(line)s : colonnes manquantes dans l'en-tête : %(columns)s.")
                % {"line": header_line, "columns": ", ".join(missing)},
            )
            return parsed
        data_rows = table[1:]
        expected = len(first_cells)
    if not data_rows:
        parsed.add_error(0, gettext("Le fichier ne contient aucune équipe."))
        return parsed
    if len(data_rows) > MAX_ROWS:
        parsed.add_error(
            0,
            gettext("Le fichier contient trop de lignes (%(max)s équipes au plus).")
            % {"max": MAX_ROWS},
        )
        return parsed
    for line, cells in data_rows:
        error = _row_shape_problem(line, cells, expected, strict)
        if error:
            parsed.add_error(line, error)
            continue
        values = {key: cells[index] if index < len(cells) else "" for key, index in mapping.items()}
        number_text = values.get("number", "")
        number = None
        if number_text:
            number = whole_number(number_text)
            if number is None:
                parsed.add_error(
                    line,
                    gettext("Ligne %(line)s : numéro d'équipe invalide « %(value)s ».")
                    % {"line": line, "value": number_text},
                )
                continue
        team = TeamData(
            players=tuple(
                PlayerData(
                    first_name=values.get(f"first_name_{n}", ""),
                    last_name=values.get(f"last_name_{n}", ""),
                    licence=values.get(f"licence_{n}", ""),
                    club=values.get(f"club_{n}", ""),
                )
                for n in (1, 2)
            ),
            name=values.get("name", ""),
            number=number,
        )
        parsed.rows.append(ImportedRow(line, team, _suspects(line, values)))
    return parsed


def _looks_like_licence(text: str) -> bool:
    """Mostly digits, three at least: « 0712345 », « 12345A »; not « Lefèvre2 »."""
    digits = sum(c.isdigit() for c in text)
    letters = sum(c.isalpha() for c in text)
    return digits >= 3 and digits > letters


def _looks_like_name(text: str) -> bool:
    """Letters and no digit: « Fontaine » where a licence number is expected."""
    return not any(c.isdigit() for c in text) and sum(c.isalpha() for c in text) >= 2


def _suspects(line: int, values: dict[str, str]) -> dict[str, str]:
    """The cells of a row that look like another column's value: a licence number in a name
    or club, a name in a licence (a shifted column, a column mixed up), each with its warning."""
    found = {}
    for key in _WORD_COLUMNS:
        value = values.get(key, "")
        if value and _looks_like_licence(value):
            found[key] = gettext(
                "Ligne %(line)s : « %(value)s » en %(column)s ressemble à un numéro de licence."
            ) % {"line": line, "value": value, "column": _LABELS[key]}
    for key in _LICENCE_COLUMNS:
        value = values.get(key, "")
        if value and _looks_like_name(value):
            found[key] = gettext(
                "Ligne %(line)s : « %(value)s » en %(column)s ressemble à un nom, pas à un "
                "numéro de licence."
            ) % {"line": line, "value": value, "column": _LABELS[key]}
    return found


def _row_shape_problem(line: int, cells: list[str], expected: int, strict: bool) -> str | None:
    """A CSV line must have as many fields as the header (or the template): one more or one
    less shifts every column after it, even when the extra field is empty (« Club de
    Vincennes; Paris » unquoted made the second player « Paris Marc »). A spreadsheet drops
    empty trailing cells, and has no separator to add: only a non-empty cell beyond the
    header's is refused there. Quoted fields keep their « ; » or « , » (the csv module)."""
    count = len(cells)
    if (strict and count != expected) or (count > expected and any(cells[expected:])):
        return ngettext(
            "Ligne %(line)s : %(count)s champ au lieu de %(expected)s ; un nom "
            "contenant le séparateur (« ; » ou « , ») doit être entre guillemets.",
            "Ligne %(line)s : %(count)s champs au lieu de %(expected)s ; un nom "
            "contenant le séparateur (« ; » ou « , ») doit être entre guillemets.",
            count,
        ) % {"line": line, "count": count, "expected": expected}
    return None


def check_team_file(tournament, filename: str, content: bytes) -> ParsedFile:
    """Read the file and check every team against each other and the registered teams."""
    parsed = read_team_file(filename, content)
    if parsed.rows:
        for problem in team_problems(
            tournament=tournament, teams=[row.team for row in parsed.rows]
        ):
            line = parsed.rows[problem.index].line
            parsed.add_error(
                line,
                gettext("Ligne %(line)s : %(problem)s")
                % {"line": line, "problem": problem.message},
            )
    parsed.errors.sort(key=lambda error: error.line)
    return parsed


def template_csv() -> bytes:
    """The template as CSV: the header row, UTF-8 with a BOM so that Excel shows the accents."""
    return spreadsheets.csv_bytes([[header for _key, header in COLUMNS]])


def template_xlsx() -> bytes:
    """The template as an Excel workbook: a "Équipes" sheet to fill in and a "Aide" sheet."""
    teams = spreadsheets.Sheet(
        title="Équipes",
        rows=[[header for _key, header in COLUMNS]],
        bold_rows={1: None},
        widths={chr(ord("A") + index): 18 for index in range(len(COLUMNS))},
        freeze="A2",
    )
    help_lines = (
        gettext("Une ligne par équipe, sur la première feuille, sous la ligne d'en-tête."),
        gettext("Obligatoires : prénom et nom des deux joueurs."),
        gettext("Numéro vide : l'équipe prend le prochain numéro libre."),
        gettext("Une licence ne peut apparaître qu'une fois dans le tournoi."),
        gettext(
            "Exemple : 1 | Les As de Trèfle | Anne | Martin | 0123456 | Coinche Club | Bruno | "
            "Petit | 0123457 | Coinche Club"
        ),
    )
    return spreadsheets.xlsx_bytes(
        [teams, spreadsheets.Sheet(title="Aide", rows=[[line] for line in help_lines])]
    )

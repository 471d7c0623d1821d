"""Every CSV and XLSX file the site produces, downloaded or written by a command, with players, a
season and penalty reasons named like formulas: no cell starts a formula, numbers stay numbers.

The files are listed once, in ``EXPORTS``. The list is checked against the code: every function
that calls the one writer (``tournaments.spreadsheets``) is the writer of a listed file, nothing
else in ``tournaments/`` writes CSV or XLSX, every URL pattern whose view answers with a CSV or
XLSX content type is listed, and every management command that mentions CSV or XLSX is listed
or named in ``READERS``. A new export that is not listed fails here.
"""

from __future__ import annotations

import ast
import csv
import io
import types
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from openpyxl import load_workbook

from tests.support.factories import small_tournament
from tests.support.seasons import finished_tournament
from tournaments import spreadsheets
from tournaments.clubs.services import create_club, create_player
from tournaments.results.demo import record_demo_results
from tournaments.results.services import give_penalty
from tournaments.seasons.services import create_season, recompute_season

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2] / "tournaments"
FORMULAS = [
    '=HYPERLINK("http://x","y")',
    "+33 6 12 34 56 78",
    "-2+3",
    "@SUM(A1:A9)",
    "\t=1+1",
    "\r=1+1",
]
WRITER_FUNCTIONS = {"csv_text", "csv_dict_text", "csv_bytes", "xlsx_bytes"}


# --- The site's data -------------------------------------------------------------------------


@dataclass(frozen=True)
class World:
    season_slug: str
    tournament_slug: str
    organizer: object
    arbiter: object


@pytest.fixture
def world(make_user) -> World:
    organizer = make_user("organisatrice-exports", "organizer")
    arbiter = make_user("arbitre-exports", "arbiter")
    club = create_club(name="Club des formules", by=organizer)
    players = [
        create_player(club=club, first_name=name, last_name="Joueur", public_consent=True)
        for name in [*FORMULAS, "Anne", "Bruno"]
    ]
    pairs = list(zip(players[::2], players[1::2], strict=True))
    played = finished_tournament(
        club,
        1,
        [(one, two, rank, 70.0 - 5 * rank, None) for rank, (one, two) in enumerate(pairs, 1)],
    )
    season = create_season(
        club=club,
        values={"name": "=1+1 Challenge", "method": "average", "minimum_played": 1},
        tournaments=[played],
    )
    recompute_season(season_id=season.pk)
    tournament = small_tournament(organizer=organizer, arbiter=arbiter)
    record_demo_results(tournament)
    team = tournament.teams.get(number=1)
    for board, reason in zip([1, None, None], FORMULAS[:3], strict=True):
        give_penalty(
            tournament=tournament,
            team=team,
            amount=2,
            reason=reason,
            board_number=board,
            by=arbiter,
        )
    return World(season.slug, tournament.slug, organizer, arbiter)


def _logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _download(url_name: str, args: Callable[[World], list], user: str | None = None):
    def fetch(world: World) -> bytes:
        client = _logged_in(getattr(world, user)) if user else Client()
        response = client.get(reverse(url_name, args=args(world)))
        assert response.status_code == 200, response.status_code
        return response.content

    return fetch


def _command(name: str, *options: str):
    def fetch(world: World) -> bytes:
        out = io.StringIO()
        call_command(name, world.tournament_slug, *options, stdout=out)
        return out.getvalue().encode("utf-8")

    return fetch


@dataclass(frozen=True)
class Export:
    """One file the site writes: how to get it, the function that hands its rows to the
    writer, its header row (1-based) and the columns that are numbers on every data row."""

    name: str
    fmt: str
    fetch: Callable[[World], bytes]
    writer: str
    numeric: tuple[str, ...] = ()
    header_row: int = 1
    url_name: str | None = None
    command: str | None = None


SEASON_NUMBERS = ("Moyenne (%)", "Tournois retenus", "Tournois joués")
RESULT_NUMBERS = ("round", "table", "board", "ns", "ew")

EXPORTS = [
    Export(
        "season ranking CSV",
        "csv",
        _download("seasons:season_file", lambda w: [w.season_slug, "csv"]),
        "tournaments.seasons.exports.season_csv",
        SEASON_NUMBERS,
        url_name="seasons:season_file",
    ),
    Export(
        "season ranking XLSX",
        "xlsx",
        _download("seasons:season_file", lambda w: [w.season_slug, "xlsx"]),
        "tournaments.seasons.exports.season_xlsx",
        SEASON_NUMBERS,
        header_row=2,
        url_name="seasons:season_file",
    ),
    Export(
        "results CSV (arbiter's download)",
        "csv",
        _download("results:export", lambda w: [w.tournament_slug, "csv"], "arbiter"),
        "tournaments.results.exchange.export_csv",
        RESULT_NUMBERS,
        url_name="results:export",
    ),
    Export(
        "results CSV (export_results --format csv)",
        "csv",
        _command("export_results", "--format", "csv"),
        "tournaments.results.exchange.export_csv",
        RESULT_NUMBERS,
        command="export_results",
    ),
    Export(
        "team import template CSV",
        "csv",
        _download("tournaments:import_template_csv", lambda w: [w.tournament_slug], "organizer"),
        "tournaments.setup.team_import.template_csv",
        url_name="tournaments:import_template_csv",
    ),
    Export(
        "team import template XLSX",
        "xlsx",
        _download("tournaments:import_template_xlsx", lambda w: [w.tournament_slug], "organizer"),
        "tournaments.setup.team_import.template_xlsx",
        url_name="tournaments:import_template_xlsx",
    ),
]

# Commands that mention CSV or XLSX but write neither.
READERS = {"import_results": "reads a results file (JSON lines or CSV)"}


# --- Reading the files back ------------------------------------------------------------------


def _csv_rows(content: bytes) -> list[list[str]]:
    text = content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))


def _check_text(value: str, where: str) -> None:
    assert not value.startswith(spreadsheets.FORMULA_STARTS), f"{where}: {value!r}"


def _check_csv(export: Export, content: bytes) -> None:
    rows = _csv_rows(content)
    header = rows[export.header_row - 1]
    columns = [header.index(name) for name in export.numeric]
    for number, row in enumerate(rows, start=1):
        for cell in row:
            if cell.lstrip("-").replace(".", "", 1).isdigit():
                continue  # A number: "-20" is a negative number, not a formula.
            _check_text(cell, f"{export.name}, row {number}")
        if number > export.header_row:
            for index in columns:
                if row[index] != "":
                    float(row[index])


def _check_xlsx(export: Export, content: bytes) -> None:
    book = load_workbook(io.BytesIO(content))
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"{export.name}: {cell.coordinate} is a formula"
                if isinstance(cell.value, str):
                    _check_text(cell.value, f"{export.name}, {sheet.title}!{cell.coordinate}")
    sheet = book.worksheets[0]
    header = [cell.value for cell in sheet[export.header_row]]
    columns = [header.index(name) for name in export.numeric]
    for row in sheet.iter_rows(min_row=export.header_row + 1):
        for index in columns:
            assert isinstance(row[index].value, int | float | Decimal), row[index].value
            assert row[index].data_type == "n"


@pytest.mark.parametrize("export", EXPORTS, ids=[export.name for export in EXPORTS])
def test_no_cell_of_an_export_starts_a_formula_and_numbers_stay_numbers(world, export):
    content = export.fetch(world)
    if export.fmt == "csv":
        _check_csv(export, content)
    else:
        _check_xlsx(export, content)


def test_the_named_players_and_reasons_are_in_the_files_behind_a_quote(world):
    by_name = {export.name: export for export in EXPORTS}
    season = by_name["season ranking CSV"].fetch(world).decode("utf-8-sig")
    assert '\'=HYPERLINK(""http://x"",""y"") Joueur' in season
    assert "'-2+3 Joueur" in season and "'@SUM(A1:A9) Joueur" in season
    book = load_workbook(io.BytesIO(by_name["season ranking XLSX"].fetch(world)))
    names = [cell.value for cell in book.active["B"]]
    assert '\'=HYPERLINK("http://x","y") Joueur' in names
    assert book.active["A1"].value == "'=1+1 Challenge"
    results = by_name["results CSV (arbiter's download)"].fetch(world).decode("utf-8-sig")
    assert '\'=HYPERLINK(""http://x"",""y"")' in results and "'+33 6 12" in results


# --- The list is complete --------------------------------------------------------------------


def _modules():
    for path in sorted(ROOT.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        module = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        yield module, path, ast.parse(path.read_text(encoding="utf-8"))


def _functions(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def test_every_caller_of_the_writer_is_a_listed_export():
    callers = set()
    for module, _path, tree in _modules():
        if module == "tournaments.spreadsheets":
            continue
        for function in _functions(tree):
            for node in ast.walk(function):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr in WRITER_FUNCTIONS
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "spreadsheets"
                ):
                    callers.add(f"{module}.{function.name}")
    assert callers == {export.writer for export in EXPORTS}


def test_nothing_else_writes_csv_or_xlsx():
    writers = {"writer", "DictWriter", "Workbook"}
    found = []
    for module, _path, tree in _modules():
        if module == "tournaments.spreadsheets":
            continue
        for node in ast.walk(tree):
            name = node.attr if isinstance(node, ast.Attribute) else None
            if isinstance(node, ast.ImportFrom) and node.module and "openpyxl" in node.module:
                name = next((alias.name for alias in node.names if alias.name in writers), None)
            if name in writers:
                found.append(f"{module}:{node.lineno} {name}")
    assert found == []


def _patterns(resolver: URLResolver, prefix: str = ""):
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            namespace = f"{prefix}{entry.namespace}:" if entry.namespace else prefix
            yield from _patterns(entry, namespace)
        elif isinstance(entry, URLPattern) and entry.name:
            yield f"{prefix}{entry.name}", entry.callback


def _constants(code: types.CodeType):
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _constants(constant)
        else:
            yield constant


def _answers_a_spreadsheet(callback) -> bool:
    """Whether the view names a CSV or XLSX content type, itself or in a module-level value."""
    view_class = getattr(callback, "view_class", None)
    functions = (
        [value for value in vars(view_class).values() if isinstance(value, types.FunctionType)]
        if view_class is not None
        else [callback]
    )
    for function in functions:
        function = getattr(function, "__wrapped__", function)
        while hasattr(function, "__wrapped__"):
            function = function.__wrapped__
        code = function.__code__
        seen = [repr(value) for value in _constants(code)]
        seen += [repr(function.__globals__.get(name)) for name in code.co_names]
        if any("text/csv" in text or "spreadsheetml" in text for text in seen):
            return True
    return False


def test_every_view_answering_a_spreadsheet_is_a_listed_export():
    serving = {
        name for name, callback in _patterns(get_resolver()) if _answers_a_spreadsheet(callback)
    }
    assert serving == {export.url_name for export in EXPORTS if export.url_name}


def test_every_command_writing_a_spreadsheet_is_a_listed_export():
    mentioning = {
        path.stem
        for path in ROOT.glob("*/management/commands/*.py")
        if any(word in path.read_text(encoding="utf-8").lower() for word in ("csv", "xlsx"))
    }
    listed = {export.command for export in EXPORTS if export.command}
    assert mentioning == listed | set(READERS)


# --- The writer itself -----------------------------------------------------------------------


@pytest.mark.parametrize("text", FORMULAS)
def test_a_text_cell_starting_a_formula_is_quoted(text):
    assert spreadsheets.safe_cell(text) == "'" + text
    assert spreadsheets.csv_text([[text]]).startswith(("'", "\"'"))


@pytest.mark.parametrize("value", [-20, -2.5, Decimal("-0.5"), 0, 160])
def test_a_number_stays_a_number_in_csv_and_xlsx(value):
    assert spreadsheets.csv_text([[value]]) == f"{value}\r\n"
    content = spreadsheets.xlsx_bytes([spreadsheets.Sheet("Feuille", [[value, "-20"]])])
    cell, text = load_workbook(io.BytesIO(content)).active[1]
    assert (cell.value, cell.data_type) == (value, "n")
    assert (text.value, text.data_type) == ("'-20", "s")


def test_text_with_its_own_leading_quote_is_kept_as_it_is():
    assert spreadsheets.safe_cell("'t is") == "'t is"
    assert spreadsheets.safe_cell(None) == "" and spreadsheets.safe_cell("A-") == "A-"


def test_characters_xml_cannot_carry_are_left_out_before_the_quote_is_decided():
    content = spreadsheets.xlsx_bytes([spreadsheets.Sheet("Feuille", [["\x01=1+1", "a\x02b"]])])
    first, second = load_workbook(io.BytesIO(content)).active[1]
    assert (first.value, first.data_type, second.value) == ("'=1+1", "s", "ab")

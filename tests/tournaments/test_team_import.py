"""Importing teams from CSV and XLSX: a preview first, French row-level errors, all or nothing."""

import io
import re
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.support.factories import add_teams, make_tournament
from tests.support.organizer import HEADER, csv_bytes, row_counts, team_rows, xlsx_bytes
from tournaments.setup import team_import
from tournaments.setup.models import Tournament
from tournaments.setup.services import PlayerData, TeamData, register_team
from tournaments.setup.team_import import (
    check_team_file,
    read_team_file,
    template_csv,
    template_xlsx,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organizer):
    return make_tournament(organizer=organizer, status=Tournament.Status.REGISTRATION)


def upload(client, tournament, name, content):
    return client.post(
        reverse("tournaments:team_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile(name, content)},
    )


def confirm(client, tournament):
    return client.post(reverse("tournaments:team_import_confirm", args=[tournament.slug]))


def messages_of(parsed) -> list[str]:
    return [error.message for error in parsed.errors]


# --- Reading the file ----------------------------------------------------------------------


def test_a_windows_1252_csv_with_commas_keeps_its_accents():
    content = csv_bytes(team_rows(2), delimiter=",", encoding="cp1252")

    parsed = read_team_file("equipes.csv", content)

    assert parsed.errors == []
    assert [row.team.players[0].first_name for row in parsed.rows] == ["Élodie", "Élodie"]
    assert parsed.rows[1].team.players[1].last_name == "Gaël2"


def test_a_utf8_csv_with_a_bom_and_semicolons_is_read():
    parsed = read_team_file("equipes.csv", csv_bytes(team_rows(3), encoding="utf-8-sig"))

    assert parsed.errors == []
    assert [row.team.number for row in parsed.rows] == [1, 2, 3]
    assert [row.line for row in parsed.rows] == [2, 3, 4]


def test_a_file_without_header_follows_the_template_order():
    parsed = read_team_file("equipes.csv", csv_bytes(team_rows(2), header=False))

    assert parsed.errors == []
    assert parsed.rows[0].team.players[0].licence == "770001" + "1"


def test_headers_may_come_in_any_order_and_spelling():
    content = "NOM J2;Prenom J2;Nom J1;Prénom J1\nPetit;Bruno;Martin;Anne\n".encode()

    parsed = read_team_file("equipes.csv", content)

    assert parsed.errors == []
    team = parsed.rows[0].team
    assert (team.players[0].first_name, team.players[0].last_name) == ("Anne", "Martin")
    assert (team.players[1].first_name, team.players[1].last_name) == ("Bruno", "Petit")
    assert team.number is None


def test_an_xlsx_file_is_read_with_numbers_as_text():
    parsed = read_team_file("equipes.xlsx", xlsx_bytes(team_rows(4)))

    assert parsed.errors == []
    assert [row.team.number for row in parsed.rows] == [1, 2, 3, 4]
    assert parsed.rows[3].team.players[1].licence == "7700042"


def test_a_missing_name_is_reported_with_its_line(organizer):
    tournament = make_tournament(organizer=organizer)
    rows = team_rows(3)
    rows[1][7] = ""

    parsed = check_team_file(tournament, "equipes.csv", csv_bytes(rows))

    assert messages_of(parsed) == ["Ligne 3 : Joueur 2 : le nom manque."]


def test_duplicate_licences_and_numbers_are_reported(organizer):
    tournament = make_tournament(organizer=organizer)
    rows = team_rows(3)
    rows[2][4] = rows[0][8]  # the same licence twice in the file
    rows[2][0] = "1"  # the same team number twice

    errors = messages_of(check_team_file(tournament, "equipes.csv", csv_bytes(rows)))

    assert "Ligne 2 : Joueur 2 : la licence 7700012 apparaît plusieurs fois." in errors
    assert "Ligne 4 : Joueur 1 : la licence 7700012 apparaît plusieurs fois." in errors
    assert "Ligne 4 : Le numéro 1 apparaît plusieurs fois." in errors


def test_a_licence_or_number_already_registered_is_refused(organizer):
    tournament = make_tournament(organizer=organizer)
    add_teams(tournament, 2)
    taken = tournament.teams.get(number=2).player_one.licence
    rows = team_rows(2, start=2)
    rows[1][4] = taken

    errors = messages_of(check_team_file(tournament, "equipes.csv", csv_bytes(rows)))

    assert errors == [
        "Ligne 2 : Le numéro 2 est déjà pris par une autre équipe.",
        f"Ligne 3 : Joueur 1 : la licence {taken} est déjà inscrite dans ce tournoi.",
    ]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("equipes.pdf", b"%PDF-1.4", "Type de fichier non pris en charge"),
        ("equipes.xls", b"\xd0\xcf\x11\xe0", "ne sont pas lus"),
        ("equipes.xlsx", b"not a zip file at all", "Ce fichier .xlsx est illisible"),
        ("equipes.csv", b"", "Le fichier est vide."),
        ("equipes.csv", "Prénom;Nom\n".encode() + b"\x81\x8d\x8f\x90\x9d", "Encodage"),
        ("equipes.csv", b"\x00\x01binary\x00", "Encodage"),
    ],
)
def test_unreadable_files_are_refused_with_a_french_message(name, content, message):
    parsed = read_team_file(name, content)

    assert parsed.rows == []
    assert len(parsed.errors) == 1
    assert message in parsed.errors[0].message


# --- Limits: nothing huge is read ---------------------------------------------------------


@pytest.fixture
def cells_read(monkeypatch):
    """Counts the cells the XLSX reader looks at."""
    count = {"cells": 0}
    real = team_import._cell_text

    def counting(value):
        count["cells"] += 1
        return real(value)

    monkeypatch.setattr(team_import, "_cell_text", counting)
    return count


def _with_sheet_xml(content: bytes, change) -> bytes:
    """The workbook with its first sheet's XML passed through ``change``."""
    source = zipfile.ZipFile(io.BytesIO(content))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                data = change(data.decode()).encode()
            target.writestr(info, data)
    return buffer.getvalue()


def test_a_sheet_declaring_a_million_rows_is_refused_before_a_row_is_read(cells_read):
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    for row in [HEADER, *team_rows(2)]:
        sheet.append(row)
    sheet.cell(row=1_000_000, column=1, value="oublié tout en bas")
    buffer = io.BytesIO()
    workbook.save(buffer)

    parsed = read_team_file("equipes.xlsx", buffer.getvalue())

    assert messages_of(parsed) == [
        "La feuille s'étend sur 1000000 lignes, 2000 au plus (1000 équipes au plus) : "
        "supprimez les lignes en trop sous les équipes, ou envoyez un fichier CSV."
    ]
    assert parsed.rows == []
    assert cells_read["cells"] == 0


def test_a_sheet_hiding_its_size_is_read_no_further_than_the_limit(cells_read):
    content = xlsx_bytes(team_rows(team_import.MAX_SHEET_ROWS + 5))
    # A writer that declares a wrong dimension (or none): openpyxl trusts it, the limit holds.
    lying = _with_sheet_xml(
        content, lambda xml: re.sub(r'<dimension ref="[^"]*"', '<dimension ref="A1:J3"', xml)
    )

    parsed = read_team_file("equipes.xlsx", lying)

    assert messages_of(parsed) == [
        "La feuille s'étend sur plus de 2000 lignes (1000 équipes au plus) : supprimez les "
        "lignes en trop sous les équipes, ou envoyez un fichier CSV."
    ]
    assert cells_read["cells"] <= (team_import.MAX_SHEET_ROWS + 1) * team_import.MAX_SHEET_COLUMNS


def test_a_sheet_declaring_thousands_of_columns_is_read_on_its_first_fifty(cells_read):
    content = xlsx_bytes(team_rows(3))
    wide = _with_sheet_xml(
        content, lambda xml: re.sub(r'<dimension ref="[^"]*"', '<dimension ref="A1:XFD4"', xml)
    )

    parsed = read_team_file("equipes.xlsx", wide)

    assert parsed.errors == [] and len(parsed.rows) == 3
    assert cells_read["cells"] <= 4 * team_import.MAX_SHEET_COLUMNS


@pytest.mark.parametrize("name", ["equipes.csv", "equipes.xlsx"])
def test_more_teams_than_the_limit_are_refused(name):
    rows = team_rows(team_import.MAX_ROWS + 1)
    content = csv_bytes(rows) if name.endswith(".csv") else xlsx_bytes(rows)

    parsed = read_team_file(name, content)

    assert messages_of(parsed) == ["Le fichier contient trop de lignes (1000 équipes au plus)."]


def test_an_xlsx_that_unpacks_to_more_than_the_limit_is_refused():
    buffer = io.BytesIO(xlsx_bytes(team_rows(2)))
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED) as archive:
        # 21 MB of zeros: a few kilobytes once compressed.
        archive.writestr("xl/media/image1.bin", bytes(team_import.MAX_XLSX_UNPACKED_BYTES + 1))
    content = buffer.getvalue()
    assert len(content) < team_import.MAX_FILE_BYTES

    parsed = read_team_file("equipes.xlsx", content)

    assert messages_of(parsed) == [
        "Ce fichier .xlsx est trop gros une fois décompressé (20 Mo au plus) : gardez "
        "seulement la feuille des équipes, ou envoyez un fichier CSV."
    ]


def test_an_upload_over_2_mb_is_refused_unread(tournament, organizer, login):
    client = login(organizer)
    content = csv_bytes(team_rows(3)) + b" " * team_import.MAX_FILE_BYTES

    response = upload(client, tournament, "equipes.csv", content)

    assert "Le fichier est trop gros (2 Mo au plus)." in response.text
    assert not tournament.teams.exists()


def test_a_row_with_too_few_columns_is_reported():
    content = csv_bytes(team_rows(2)) + b"3;Trop court;Anne;Martin\r\n"

    errors = messages_of(read_team_file("equipes.csv", content))

    assert errors == [
        "Ligne 4 : 4 champs au lieu de 10 ; un nom contenant le séparateur (« ; » ou « , ») "
        "doit être entre guillemets."
    ]


def _shifted_line(club: str) -> bytes:
    """Team 3 whose first player's club holds a « ; », the second player without a club: the
    extra field is the empty last one, so the columns shift without any non-empty overflow."""
    return f"3;Les Vincennois;Anne;Martin;12345;{club};Marc;Fontaine;12346;\r\n".encode()


def test_an_unquoted_separator_in_a_club_name_is_an_error_naming_the_line():
    content = csv_bytes(team_rows(2)) + _shifted_line("Club de Vincennes; Paris")

    parsed = read_team_file("equipes.csv", content)

    assert messages_of(parsed) == [
        "Ligne 4 : 11 champs au lieu de 10 ; un nom contenant le séparateur (« ; » ou « , ») "
        "doit être entre guillemets."
    ]
    assert [row.line for row in parsed.rows] == [2, 3]


def test_a_quoted_separator_in_a_club_name_is_read_as_one_field():
    content = csv_bytes(team_rows(2)) + _shifted_line('"Club de Vincennes; Paris"')

    parsed = read_team_file("equipes.csv", content)

    assert parsed.errors == []
    first, second = parsed.rows[2].team.players
    assert first.club == "Club de Vincennes; Paris"
    assert (second.first_name, second.last_name, second.licence) == ("Marc", "Fontaine", "12346")
    assert parsed.warnings == []


def test_a_comma_separated_file_accepts_a_quoted_comma_and_refuses_a_bare_one():
    rows = team_rows(1)
    rows[0][5] = "Belote, Coinche et Cie"
    quoted = csv_bytes(rows, delimiter=",")
    assert read_team_file("equipes.csv", quoted).rows[0].team.players[0].club == rows[0][5]
    bare = quoted.replace(b'"Belote, Coinche et Cie"', b"Belote, Coinche et Cie")
    assert messages_of(read_team_file("equipes.csv", bare)) == [
        "Ligne 2 : 11 champs au lieu de 10 ; un nom contenant le séparateur (« ; » ou « , ») "
        "doit être entre guillemets."
    ]


def test_cells_that_look_like_another_column_are_warnings_not_errors():
    rows = team_rows(3)
    rows[0][3] = "0712345"  # a licence number as the first player's last name
    rows[1][8] = "Fontaine"  # a name as the second player's licence
    parsed = read_team_file("equipes.csv", csv_bytes(rows))

    assert parsed.errors == [] and len(parsed.rows) == 3
    assert parsed.warnings == [
        "Ligne 2 : « 0712345 » en nom du joueur 1 ressemble à un numéro de licence.",
        "Ligne 3 : « Fontaine » en licence du joueur 2 ressemble à un nom, pas à un numéro de "
        "licence.",
    ]
    # A name with a digit or two (« Lefèvre3 ») and a licence with letters are no suspects.
    assert parsed.rows[2].suspects == {}


def test_a_header_without_the_players_names_is_reported():
    errors = messages_of(read_team_file("equipes.csv", "Numéro;Équipe\n1;Les As\n".encode()))

    assert errors == [
        "Ligne 1 : colonnes manquantes dans l'en-tête : prénom du joueur 1, nom du joueur 1, "
        "prénom du joueur 2, nom du joueur 2."
    ]


def test_the_templates_are_read_back_as_empty_lists():
    assert messages_of(read_team_file("modele.csv", template_csv())) == [
        "Le fichier ne contient aucune équipe."
    ]
    assert messages_of(read_team_file("modele.xlsx", template_xlsx())) == [
        "Le fichier ne contient aucune équipe."
    ]


# --- Through the pages ---------------------------------------------------------------------


def test_a_bad_row_leaves_the_database_unchanged(tournament, organizer, login):
    add_teams(tournament, 2)
    client = login(organizer)
    rows = team_rows(30, start=3)
    rows[17][2] = ""  # one first name missing among 30 good rows
    before = row_counts()

    response = upload(client, tournament, "equipes.csv", csv_bytes(rows))

    assert response.status_code == 200
    assert "Rien n'a été enregistré" in response.text
    assert "Ligne 19 : Joueur 1 : le prénom manque." in response.text
    assert "Confirmer l'import" not in response.text
    # Even a forced confirmation finds nothing to import.
    response = confirm(client, tournament)
    assert response.status_code == 302
    assert row_counts() == before


def test_the_preview_highlights_a_licence_in_a_name_column(tournament, organizer, login):
    client = login(organizer)
    rows = team_rows(2)
    rows[1][7] = "7700022"  # the second player's last name: a licence number

    response = upload(client, tournament, "equipes.csv", csv_bytes(rows))

    page = response.text
    assert "Confirmer l'import" in page  # a warning, not an error: it may be confirmed
    assert "À vérifier avant de confirmer" in page
    warning = "Ligne 3 : « 7700022 » en nom du joueur 2 ressemble à un numéro de licence."
    assert page.count(warning) == 2  # in the list above the table, and in its cell
    (cell,) = re.findall(r'<td class="suspect">(.*?)</td>', page, re.DOTALL)
    assert "François 7700022" in cell and warning in cell


def test_a_conflict_found_at_confirmation_saves_nothing(tournament, organizer, login):
    client = login(organizer)
    upload(client, tournament, "equipes.csv", csv_bytes(team_rows(5)))
    # Meanwhile someone registers team 4 by hand.
    register_team(
        tournament=tournament,
        data=TeamData(players=(PlayerData("Lou", "Roux"), PlayerData("Max", "Blanc")), number=4),
    )
    before = row_counts()

    response = confirm(client, tournament)
    page = client.get(response["Location"])

    assert "Rien n&#x27;a été enregistré" in page.text
    assert "Le numéro 4 est déjà pris par une autre équipe." in page.text
    assert row_counts() == before


def test_an_xlsx_import_registers_every_team(tournament, organizer, login):
    client = login(organizer)

    response = upload(client, tournament, "Equipes.XLSX", xlsx_bytes(team_rows(12)))
    assert "12 équipes seront inscrites" in response.text
    confirm(client, tournament)

    assert tournament.teams.count() == 12
    assert tournament.players.count() == 24
    assert sorted(tournament.players.values_list("licence", flat=True))[:2] == [
        "7700011",
        "7700012",
    ]


def test_teams_without_number_take_the_next_free_numbers(tournament, organizer, login):
    add_teams(tournament, 3)
    rows = team_rows(3, start=10)
    for row in rows:
        row[0] = ""
    rows[1][0] = "5"
    client = login(organizer)

    upload(client, tournament, "equipes.csv", csv_bytes(rows))
    confirm(client, tournament)

    assert list(tournament.teams.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    assert tournament.teams.get(number=5).name == "Équipe 11"


def test_the_template_files_download(tournament, organizer, login):
    client = login(organizer)

    csv_file = client.get(reverse("tournaments:import_template_csv", args=[tournament.slug]))
    xlsx_file = client.get(reverse("tournaments:import_template_xlsx", args=[tournament.slug]))

    assert csv_file["Content-Type"] == "text/csv; charset=utf-8"
    assert csv_file.content.decode("utf-8-sig").startswith("Numéro;Nom de l'équipe;Prénom joueur 1")
    assert xlsx_file.content[:2] == b"PK"
    assert 'filename="equipes-modele.xlsx"' in xlsx_file["Content-Disposition"]

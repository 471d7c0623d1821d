"""Results import and export: JSON lines and CSV, from the pages and the commands."""

import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from openpyxl import Workbook

from tests.support.factories import small_tournament
from tests.support.results import PASSED, RICH_DEAL, assignment, contract
from tournaments.results import exchange, services
from tournaments.results.demo import record_demo_results
from tournaments.results.exceptions import ImportRejected
from tournaments.results.models import Result, ResultEvent

pytestmark = pytest.mark.django_db


def with_rich_board(tournament):
    board = tournament.boards.get(number=1)
    board.hands = dict(RICH_DEAL)
    board.save()
    return tournament


def finished_tournament(arbiter):
    """Every board of every table has a result: all kinds of deals, adjusted and assigned
    scores."""
    tournament = with_rich_board(small_tournament(arbiter=arbiter))
    services.record_result(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        data=contract(
            bid=100,
            strain="S",
            taker="N",
            coinche=1,
            points=90,
            belote=["N"],
            annonces=[
                {"seat": "N", "kind": "tierce", "high": "K", "suit": "S"},
                {"seat": "W", "kind": "tierce", "high": "10", "suit": "C"},
            ],
        ),
        by=arbiter,
    )
    services.record_result(
        assignment=assignment(tournament, 1, 1), board_number=2, data=PASSED, by=arbiter
    )
    services.record_result(
        assignment=assignment(tournament, 1, 2),
        board_number=3,
        data=contract(bid="capot", capot="taker", points=None),
        by=arbiter,
    )
    services.record_result(
        assignment=assignment(tournament, 1, 2),
        board_number=4,
        data=contract(coinche=2, points=50, taker="E"),
        by=arbiter,
    )
    services.adjust_result(
        assignment=assignment(tournament, 1, 3),
        board_number=5,
        ns_adjustment="A+",
        ew_adjustment="A-",
        by=arbiter,
    )
    services.assign_score(
        assignment=assignment(tournament, 1, 3),
        board_number=6,
        ns_marks=160,
        ew_marks=0,
        by=arbiter,
    )
    record_demo_results(tournament)
    tournament.status = tournament.Status.FINISHED
    tournament.save()
    return tournament


def stored(tournament):
    return {
        (r.round.number, r.table.number, r.board_number): (
            r.status,
            r.record,
            r.ns_marks,
            r.ew_marks,
            r.made,
            r.ns_adjustment,
            r.ew_adjustment,
        )
        for r in Result.objects.filter(tournament=tournament, is_current=True)
    }


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_export_then_import_round_trips_exactly(arbiter, fmt):
    source = finished_tournament(arbiter)
    text = exchange.export(source, fmt)
    copy = with_rich_board(small_tournament(arbiter=arbiter))
    imported = exchange.import_file(copy, text.encode(), fmt=fmt)
    assert len(imported) == 18
    assert exchange.export(copy, fmt) == text
    assert stored(copy) == stored(source)
    assert all(result.source == "import" for result in imported)
    assert set(ResultEvent.objects.filter(tournament=copy).values_list("action", flat=True)) == {
        "import"
    }


def test_an_assigned_score_is_written_with_its_marks(arbiter):
    tournament = finished_tournament(arbiter)
    lines = exchange.export_lines(tournament)
    assert {"round": 1, "table": 3, "board": 6, "assigned": {"ns": 160, "ew": 0}} in lines
    rows = [
        dict(zip(exchange.CSV_COLUMNS, text.split(";"), strict=True))
        for text in exchange.export(tournament, "csv").splitlines()[1:]
    ]
    row = next(row for row in rows if (row["round"], row["table"], row["board"]) == ("1", "3", "6"))
    assert (row["assigned"], row["ns"], row["ew"], row["bid"], row["ns_adjustment"]) == (
        "1",
        "160",
        "0",
        "",
        "",
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"round":1,"table":1,"board":1,"assigned":{"ns":155,"ew":0}}', "arrondies"),
        ('{"round":1,"table":1,"board":1,"assigned":{"ns":"160","ew":0}}', "nombres entiers"),
        ('{"round":1,"table":1,"board":1,"assigned":{"ns":160,"ew":0},"bid":80}', "en trop"),
    ],
)
def test_a_bad_assigned_score_is_a_bad_line(arbiter, line, message):
    tournament = small_tournament(arbiter=arbiter)
    with pytest.raises(ImportRejected) as error:
        exchange.import_file(tournament, line.encode(), fmt="jsonl")
    assert message in str(error.value.errors[0])
    assert not Result.objects.exists()


def test_a_json_line_is_the_canonical_record_with_its_place_and_marks(arbiter):
    source = finished_tournament(arbiter)
    lines = [json.loads(line) for line in exchange.export_jsonl(source).splitlines()]
    assert len(lines) == 18
    first = lines[0]
    assert list(first)[:3] == ["round", "table", "board"]
    assert first["contract"] == {"bid": 100, "strain": "S", "taker": "N", "coinche": 1}
    assert first["belote"] == ["N"] and len(first["annonces"]) == 2
    # Coinched and made: the defence scores nothing (it has no belote).
    assert first["made"] is True and first["ew"] == 0 and first["ns"] > 0
    adjusted = next(line for line in lines if "adjusted" in line)
    assert adjusted == {"round": 1, "table": 3, "board": 5, "adjusted": {"ns": "A+", "ew": "A-"}}


def test_the_csv_has_one_column_per_field(arbiter):
    source = finished_tournament(arbiter)
    text = exchange.export_csv(source)
    header, first = text.splitlines()[:2]
    assert header.split(";") == list(exchange.CSV_COLUMNS)
    values = dict(zip(exchange.CSV_COLUMNS, first.split(";"), strict=True))
    assert values["annonces"] == "N tierce K S, W tierce 10 C"
    assert (values["bid"], values["strain"], values["taker"], values["coinche"]) == (
        "100",
        "S",
        "N",
        "1",
    )


def test_an_import_with_bad_lines_saves_nothing_and_lists_them_all(arbiter):
    tournament = small_tournament(arbiter=arbiter)
    good = {"round": 1, "table": 1, "board": 1, **contract()}
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({"round": 1, "table": 1, "board": 3, **contract()}),
        json.dumps({"round": 1, "table": 2, "board": 3, **contract(bid=95)}),
        "",
        json.dumps({"round": 1, "table": 1, "board": 1, **PASSED}),
        json.dumps({"table": 1, "board": 2, **PASSED}),
        json.dumps({"round": 2, "table": 1, "board": 3, "adjusted": {"ns": "A", "ew": "B"}}),
        json.dumps([1, 2]),
        json.dumps({"round": 3, "table": 9, "board": 1, **PASSED}),
    ]
    with pytest.raises(ImportRejected) as error:
        exchange.import_file(tournament, "\n".join(lines).encode(), fmt="jsonl")
    messages = {item.line: item.message for item in error.value.errors}
    assert sorted(messages) == [2, 3, 4, 6, 7, 8, 9, 10]
    assert messages[2].startswith("JSON illisible")
    assert messages[3] == "L'étui 3 n'est pas joué à la table 1 au tour 1."
    assert messages[4].startswith("contract.bid : ")
    assert messages[6] == ("l'étui 1 de la table 1 au tour 1 figure déjà ligne 1.")
    assert messages[7] == "« round » (tour) doit être un nombre entier positif."
    assert "Score ajusté inconnu" in messages[8]
    assert messages[9] == "chaque ligne doit être un objet JSON."
    assert messages[10] == "la table 9 ne joue pas au tour 3."
    assert str(error.value.errors[0]).startswith("Ligne 2 : ")
    assert not Result.objects.exists() and not ResultEvent.objects.exists()


def test_a_json_line_nested_too_deeply_is_a_bad_line(arbiter):
    tournament = small_tournament(arbiter=arbiter)
    lines = [json.dumps({"round": 1, "table": 1, "board": 1, **PASSED}), "[" * 100_000]
    with pytest.raises(ImportRejected) as error:
        exchange.import_file(tournament, "\n".join(lines).encode(), fmt="jsonl")
    assert [(item.line, item.message) for item in error.value.errors] == [
        (2, "JSON imbriqué trop profondément.")
    ]
    assert not Result.objects.exists()


def test_results_already_there_are_refused_unless_replaced(arbiter):
    tournament = small_tournament(arbiter=arbiter)
    services.record_result(
        assignment=assignment(tournament, 1, 1), board_number=1, data=contract(), by=arbiter
    )
    line = json.dumps({"round": 1, "table": 1, "board": 1, **PASSED}).encode()
    with pytest.raises(ImportRejected) as error:
        exchange.import_file(tournament, line)
    assert error.value.errors[0].message.startswith(
        "Un résultat a déjà été saisi pour cet étui à cette table"
    )
    imported = exchange.import_file(tournament, line, replace=True)
    assert (imported[0].version, imported[0].record["passed"]) == (2, True)


def test_a_csv_file_from_a_spreadsheet_is_read(arbiter):
    tournament = small_tournament(arbiter=arbiter)
    text = (
        "round,table,board,passed,bid,strain,taker,coinche,taker_points,capot,belote,annonces\r\n"
        "1,1,1,0,90,H,N,0,100,,,\r\n"
        "1,1,2,1,,,,,,,,\r\n"
        "1,2,3,0,capot,S,E,0,,taker,,\r\n"
    )
    imported = exchange.import_file(tournament, text.encode("cp1252"), filename="résultats.csv")
    assert [result.board_number for result in imported] == [1, 2, 3]
    assert imported[2].record["capot"] == "taker"


def xlsx(rows) -> bytes:
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_an_xlsx_file_is_read_as_the_csv_is(arbiter):
    tournament = small_tournament(arbiter=arbiter)
    content = xlsx(
        [
            ["round", "table", "board", "passed", "bid", "strain", "taker", "taker_points"],
            [1, 1, 1, 0, 90, "H", "N", 100],
            [None, None, None],
            [1, 1, 2, 1],
            [1, 2, 3, 0, 95, "S", "E", 100],
        ]
    )
    with pytest.raises(ImportRejected) as error:
        exchange.import_file(tournament, content, filename="résultats.xlsx")
    assert [(item.line, item.message[:16]) for item in error.value.errors] == [
        (5, "contract.bid : L")
    ]
    fixed = xlsx([["round", "table", "board", "passed"], [1, 1, 2, 1]])
    imported = exchange.import_file(tournament, fixed, filename="r.xlsx")
    assert [(result.board_number, result.record["passed"]) for result in imported] == [(2, True)]


def test_an_unreadable_xlsx_file_is_one_clear_error(arbiter):
    tournament = small_tournament(arbiter=arbiter)
    with pytest.raises(ImportRejected) as error:
        exchange.import_file(tournament, b"PK\x03\x04 not a workbook", filename="r.xlsx")
    assert [str(item) for item in error.value.errors] == [
        "Ligne 1 : Ce fichier .xlsx est illisible : enregistrez-le de nouveau."
    ]


def test_an_import_by_an_arbiter_without_hand_rights_stores_the_claims_flagged(arbiter):
    """The arbiter may not see the hands (``arbiters_see_hands`` off): the record is checked
    against the rules alone and stored, its disagreements with the cards as flags; the same
    line from the system (a command) is refused with the cards' errors."""
    tournament = with_rich_board(small_tournament(arbiter=arbiter))
    claim = contract(annonces=[{"seat": "E", "kind": "carre", "high": "J", "suit": None}])
    line = json.dumps({"round": 1, "table": 1, "board": 1, **claim}).encode()
    with pytest.raises(ImportRejected) as error:
        exchange.import_file(tournament, line)
    assert "annonces.0" in error.value.errors[0].message
    imported = exchange.import_file(tournament, line, by=arbiter)
    assert [flag["code"] for flag in imported[0].flags] == ["annonce_not_held"]


def test_csv_errors_name_their_line(arbiter):
    tournament = small_tournament(arbiter=arbiter)
    text = (
        "round;table;board;passed;bid;strain;taker;taker_points;annonces;ns_adjustment;"
        "ew_adjustment\n"
        "1;1;1;peut-être;90;H;N;100;;;\n"
        "1;1;2;0;90;H;N;100;N quinte K S;;\n"
        "1;2;3;0;90;H;N;100;;A;A\n"
        "x;2;4;0;90;H;N;100;;;\n"
    )
    with pytest.raises(ImportRejected) as error:
        exchange.import_file(tournament, text.encode())
    lines = [(item.line, item.message) for item in error.value.errors]
    assert [line for line, _message in lines] == [2, 3, 4, 5]
    assert lines[0][1] == "« passed » doit valoir 1 ou 0, pas « peut-être »."
    assert "annonce inconnue « quinte »" in lines[1][1]
    assert lines[2][1].startswith("un score ajusté n'a pas de résultat de donne")
    assert lines[3][1] == "« round » (tour) doit être un nombre entier positif."
    bad_header = exchange.read_csv("tour;table\n1;1\n")[1]
    assert bad_header[0].message == (
        "colonnes obligatoires absentes : round, board. colonnes inconnues : tour."
    )
    assert not Result.objects.exists()


def test_an_empty_file_is_refused(arbiter):
    tournament = small_tournament(arbiter=arbiter)
    with pytest.raises(ImportRejected) as error:
        exchange.import_file(tournament, b"\n\n", fmt="jsonl")
    assert error.value.errors[0].message == "le fichier ne contient aucun résultat."


def test_the_arbiter_downloads_and_uploads_results(client, arbiter):
    source = finished_tournament(arbiter)
    client.force_login(arbiter)
    response = client.get(reverse("results:export", args=[source.slug, "jsonl"]))
    assert response["Content-Type"] == "application/x-ndjson; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="{source.slug}-resultats.jsonl"'
    )
    body = response.content
    csv_response = client.get(reverse("results:export", args=[source.slug, "csv"]))
    assert csv_response.content.startswith("\ufeffround;".encode())
    assert client.get(reverse("results:export", args=[source.slug, "xml"])).status_code == 404

    copy = with_rich_board(small_tournament(arbiter=arbiter))
    page = reverse("results:exchange", args=[copy.slug])
    response = client.post(
        page, {"file": SimpleUploadedFile("resultats.jsonl", body)}, REMOTE_ADDR="192.0.2.44"
    )
    assert response.status_code == 302
    assert "18 résultats importés." in client.get(page).content.decode()
    event = ResultEvent.objects.filter(tournament=copy).first()
    assert (event.actor, event.ip_address) == (arbiter, "192.0.2.44")


def test_a_bad_upload_lists_every_bad_line_on_the_page(client, arbiter):
    tournament = small_tournament(arbiter=arbiter)
    client.force_login(arbiter)
    content = b'{"round": 1, "table": 1, "board": 1, "passed": true}\n{oops\n[]\n'
    response = client.post(
        reverse("results:exchange", args=[tournament.slug]),
        {"file": SimpleUploadedFile("r.jsonl", content)},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "2 lignes refusées : rien n'a été importé." in html
    assert "Ligne 2 : JSON illisible" in html and "Ligne 3 : chaque ligne" in html
    assert not Result.objects.exists()


def test_the_export_command_prints_json_lines_by_default(arbiter):
    source = finished_tournament(arbiter)
    out = io.StringIO()
    call_command("export_results", source.slug, stdout=out)
    assert out.getvalue() == exchange.export_jsonl(source)
    out = io.StringIO()
    call_command("export_results", source.slug, "--format", "csv", stdout=out)
    assert out.getvalue() == exchange.export_csv(source)
    with pytest.raises(CommandError, match="no tournament"):
        call_command("export_results", "unknown")


def test_the_import_command_is_all_or_nothing(arbiter, tmp_path):
    source = finished_tournament(arbiter)
    path = tmp_path / "resultats.jsonl"
    path.write_text(exchange.export_jsonl(source), encoding="utf-8")
    copy = with_rich_board(small_tournament(arbiter=arbiter))
    out = io.StringIO()
    call_command("import_results", copy.slug, str(path), stdout=out)
    assert out.getvalue().strip() == f"results imported into {copy.slug}: 18"
    assert exchange.export_jsonl(copy) == path.read_text(encoding="utf-8")

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"round": 1, "table": 1, "board": 1, "passed": true}\nnope\n')
    fresh = small_tournament(arbiter=arbiter)
    err = io.StringIO()
    with pytest.raises(CommandError, match="bad lines: 1;"):
        call_command("import_results", fresh.slug, str(bad), stderr=err)
    assert err.getvalue().startswith("Ligne 2 : JSON illisible")
    assert not Result.objects.filter(tournament=fresh).exists()
    with pytest.raises(CommandError, match="no file"):
        call_command("import_results", fresh.slug, str(tmp_path / "missing.jsonl"))


def test_the_penalties_in_force_follow_the_results_and_the_import_passes_over_them(arbiter):
    source = finished_tournament(arbiter)
    team = source.teams.get(number=2)
    on_board = services.give_penalty(
        tournament=source, team=team, amount=3, reason="Retard", board_number=1, by=arbiter
    )
    formula = '=HYPERLINK("http://x","y")'
    on_session = services.give_penalty(
        tournament=source, team=team, amount=1, reason=formula, by=arbiter
    )
    removed = services.give_penalty(
        tournament=source, team=team, amount=5, reason="Erreur", by=arbiter
    )
    services.remove_penalty(penalty=removed, by=arbiter)
    lines = exchange.export_lines(source)
    assert lines[-2:] == [
        {
            "round": on_board.round_number,
            "board": 1,
            "penalty": {"team": 2, "amount": 3, "unit": "percent", "reason": "Retard"},
        },
        {
            "round": on_session.round_number,
            "board": None,
            "penalty": {"team": 2, "amount": 1, "unit": "percent", "reason": formula},
        },
    ]
    rows = list(csv.DictReader(io.StringIO(exchange.export_csv(source)), delimiter=";"))
    assert len(rows) == 20
    assert {name: rows[-1][name] for name in ("round", "table", "board", "ns", "bid")} == {
        "round": str(on_session.round_number),
        "table": "",
        "board": "",
        "ns": "",
        "bid": "",
    }
    assert [rows[-1][name] for name in exchange.PENALTY_COLUMNS] == [
        "2",
        "1",
        "percent",
        "'" + formula,
    ]
    for fmt in exchange.FORMATS:
        copy = with_rich_board(small_tournament(arbiter=arbiter))
        imported = exchange.import_file(copy, exchange.export(source, fmt).encode(), fmt=fmt)
        assert len(imported) == 18
        assert stored(copy) == stored(source)
        assert not copy.penalties.exists()

"""Every path that takes a result record, attacked with records that contradict hidden cards.

Two tournaments that differ ONLY in the cards of board 1 (``OTHER_HANDS``) receive the same
record on every entry path, from a caller who may not see the hands (a team on its phone, the
phone's outbox, a table device, an arbiter without hand rights, an organizer's API token scoped
as an arbiter): the answers must be byte-identical — status, body and the headers that matter —
and the record disagreeing with the hands is stored with flags. The same paths taken by someone
who may see the hands (an organizer, the site's owner running the command) get the precise
errors, which differ with the cards: the comparison can fail.

What necessarily differs between two tournaments is replaced before comparing, by substitution
(``normalise``): the slug, the table and team links' tokens, primary keys (``"id"``),
timestamps, CSRF tokens and the fresh random submission keys a form or answer carries. The
``Content-Length`` header is checked to be the length of the body, and the bodies are compared.

The table ``PATHS`` names, for each path, the functions of the site it goes through to reach
the entry adapter (``results.services.intake``); ``test_every_entry_path_is_in_the_table``
reads the site's code and fails when a function calls the adapter (or the import's file
reader) without a path of the table running it, or when anything but the adapter calls the
services that store a record (``record_result``, ``import_results``, ``store_entry``). A new
entry path joins the table, and so this test.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.messages import get_messages
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from openpyxl import Workbook
from rest_framework.test import APIClient

from scoring.engine.record_errors import HAND_CODES as ENGINE_HAND_CODES
from tests.support.api import bearer
from tests.support.factories import small_tournament
from tests.support.results import CLAIM_EVERYTHING, OTHER_HANDS, assignment
from tournaments.api.services import create_token
from tournaments.results.annonce_text import format_annonces_text
from tournaments.results.exchange import CSV_COLUMNS
from tournaments.results.models import Result

pytestmark = pytest.mark.django_db

# A record the hands contradict but the rules accept: stored, flagged for the staff who see hands.
ACCEPTED = CLAIM_EVERYTHING
# The same claims with a mistake of the rules alone: refused, and for whoever may see the hands
# the refusal also lists the claims the cards contradict.
REFUSED = {**CLAIM_EVERYTHING, "taker_points": 163}
RECORDS = {"accepted": ACCEPTED, "refused": REFUSED}
HAND_CODES = sorted(ENGINE_HAND_CODES)
SITE = Path(__file__).resolve().parents[2] / "tournaments"


@pytest.fixture
def pair(make_user):
    """Two tournaments that differ only in the cards of board 1, with the same staff: an
    organizer (who sees the hands) and an arbiter who does not (``arbiters_see_hands`` off)."""
    organizer = make_user("odile", role="organizer")
    arbiter = make_user("arnaud", "arbiter")
    first = small_tournament(organizer=organizer, arbiter=arbiter, name="Tournoi", slug="rouge-1")
    second = small_tournament(organizer=organizer, arbiter=arbiter, name="Tournoi", slug="rouge-2")
    board = second.boards.get(number=1)
    board.hands = dict(OTHER_HANDS)
    board.save()
    assert first.boards.get(number=1).hands != board.hands
    return first, second


# --- The answers, and what is compared of them -----------------------------------------------


@dataclass(frozen=True)
class Answer:
    status: int
    headers: tuple[tuple[str, str], ...]
    body: str
    messages: tuple[str, ...]


COMPARED_HEADERS = (
    "Content-Type",
    "Location",
    "Cache-Control",
    "Content-Disposition",
    "Idempotent-Replayed",
    "Allow",
)


def normalise(text: str, tournament) -> str:
    """What necessarily differs between the two tournaments, replaced by a placeholder."""
    text = text.replace(tournament.slug, "<slug>")
    for table in tournament.tables.all():
        text = text.replace(table.token, f"<table {table.number}>")
    for team in tournament.teams.all():
        text = text.replace(team.token, f"<team {team.number}>")
    text = re.sub(r'"id":\s*\d+', '"id": "<pk>"', text)
    text = re.sub(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?", "<time>", text)
    text = re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+', r"\1<csrf>", text)
    # The round clock's time left, as the page was rendered (a second may pass between two).
    text = re.sub(r'(role="timer">)[^<]*', r"\1<left>", text)
    text = re.sub(r'(submission_key" value=")[^"]+', r"\1<key>", text)
    return re.sub(r'("submission_key":\s*")[^"]+', r"\1<key>", text)


def answer(response, tournament) -> Answer:
    body = response.content.decode()
    assert int(response.get("Content-Length", len(response.content))) == len(response.content)
    headers = tuple(
        (name, normalise(response[name], tournament))
        for name in COMPARED_HEADERS
        if response.has_header(name)
    )
    messages = tuple(
        f"{message.level}:{normalise(str(message), tournament)}"
        for message in get_messages(response.wsgi_request)
    )
    return Answer(response.status_code, headers, normalise(body, tournament), messages)


# --- The entry paths ---------------------------------------------------------------------------


def phone_fields(record: dict, prefix: str) -> dict[str, str]:
    """The phone form's (and the sheet's) fields for ``record``, annonces typed as text."""
    contract = record["contract"]
    fields = {
        "taker": contract["taker"],
        "bid": str(contract["bid"]),
        "strain": contract["strain"],
        "coinche": str(contract["coinche"]),
        "taker_points": str(record["taker_points"]),
        "annonces": format_annonces_text(record["annonces"]),
    }
    return {f"{prefix}{name}": value for name, value in fields.items()}


def _identified_phone(tournament) -> Client:
    phone = Client()
    page = reverse("results:table_entry", args=[tournament.tables.get(number=1).token])
    code = assignment(tournament, 1, 1).ns_team.code
    phone.post(page, {"action": "identify", "round": 1, "code": code})
    return phone


def by_phone_form(tournament, record, _who) -> Answer:
    phone = _identified_phone(tournament)
    page = reverse("results:table_entry", args=[tournament.tables.get(number=1).token])
    data = {"action": "enter", "round": 1, "board": 1, **phone_fields(record, "b1-")}
    data["b1-submission_key"] = f"phone-{tournament.slug}"
    return answer(phone.post(page, data), tournament)


def by_outbox(tournament, record, _who) -> Answer:
    phone = _identified_phone(tournament)
    url = reverse("results:table_send", args=[tournament.tables.get(number=1).token])
    data = {"action": "enter", "round": 1, "board": 1, "outbox": "queued"}
    data.update(phone_fields(record, "b1-"), **{"b1-submission_key": f"outbox-{tournament.slug}"})
    return answer(phone.post(url, data), tournament)


def _staff(tournament, who: str) -> Client:
    client = Client()
    user = tournament.arbiters.get() if who == "arbiter" else tournament.organizers.get()
    client.force_login(user)
    return client


def by_sheet_fields(tournament, record, who) -> Answer:
    url = reverse("results:entry_row", args=[tournament.slug, 1])
    fields = {**phone_fields(record, ""), "submission_key": f"sheet-{tournament.slug}"}
    payload = {"table": 1, "board": 1, "fields": fields}
    response = _staff(tournament, who).post(url, payload, content_type="application/json")
    return answer(response, tournament)


def by_sheet_record(tournament, record, who) -> Answer:
    url = reverse("results:entry_row", args=[tournament.slug, 1])
    key = f"sheet-{tournament.slug}"
    payload = {"table": 1, "board": 1, "record": record, "submission_key": key}
    response = _staff(tournament, who).post(url, payload, content_type="application/json")
    return answer(response, tournament)


def by_whole_sheet(tournament, record, who) -> Answer:
    url = reverse("results:entry_round", args=[tournament.slug, 1])
    data = phone_fields(record, "t1b1-")
    data["t1b1-submission_key"] = f"sheet-{tournament.slug}"
    return answer(_staff(tournament, who).post(url, data), tournament)


def _api(tournament, who: str) -> APIClient:
    if who == "arbiter":
        client = APIClient()
        client.force_login(tournament.arbiters.get())
        return client
    scope = {"organizer": "organizer", "scoped": "arbiter"}[who]
    _token, key = create_token(
        tournament=tournament, by=tournament.organizers.get(), name=who, scope=scope
    )
    return bearer(key)


def _api_post(client, tournament, body) -> Answer:
    url = f"/api/v1/tournaments/{tournament.slug}/results/"
    response = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="api-1")
    return answer(response, tournament)


def by_api_staff(tournament, record, who) -> Answer:
    body = {"round": 1, "table": 1, "board": 1, "record": record}
    return _api_post(_api(tournament, who), tournament, body)


def by_api_scoped_token(tournament, record, _who) -> Answer:
    """An organizer's token scoped as an arbiter: no hand right (arbiters see none here)."""
    return by_api_staff(tournament, record, "scoped")


def by_table_device(tournament, record, _who) -> Answer:
    organizer = tournament.organizers.get()
    table = tournament.tables.get(number=1)
    _token, key = create_token(
        tournament=tournament, by=organizer, name="t1", scope="table", table=table
    )
    body = {"round": 1, "table": 1, "board": 1, "record": record}
    body["code"] = assignment(tournament, 1, 1).ns_team.code
    return _api_post(bearer(key), tournament, body)


def csv_file(record: dict) -> tuple[str, bytes]:
    row = dict.fromkeys(CSV_COLUMNS[:13], "")
    contract = record["contract"]
    row.update(round="1", table="1", board="1", passed="0", bid=str(contract["bid"]))
    row.update(strain=contract["strain"], taker=contract["taker"], coinche="0")
    row.update(taker_points=str(record["taker_points"]))
    row["annonces"] = format_annonces_text(record["annonces"], canonical=True)
    lines = [";".join(row), ";".join(row.values())]
    return "resultats.csv", ("\n".join(lines) + "\n").encode()


def jsonl_file(record: dict) -> tuple[str, bytes]:
    line = json.dumps({"round": 1, "table": 1, "board": 1, **record}, ensure_ascii=False)
    return "resultats.jsonl", (line + "\n").encode()


def xlsx_file(record: dict) -> tuple[str, bytes]:
    _name, content = csv_file(record)
    workbook = Workbook()
    sheet = workbook.active
    for line in content.decode().splitlines():
        sheet.append(line.split(";"))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return "resultats.xlsx", buffer.getvalue()


def _upload(make_file: Callable) -> Callable:
    def by_upload(tournament, record, who) -> Answer:
        name, content = make_file(record)
        upload = io.BytesIO(content)
        upload.name = name
        url = reverse("results:exchange", args=[tournament.slug])
        return answer(_staff(tournament, who).post(url, {"file": upload}), tournament)

    by_upload.__name__ = f"by_upload_{make_file.__name__}"
    return by_upload


def by_command(tournament, record, _who) -> Answer:
    """``manage.py import_results``: run by the site's owner, the system, who sees the hands."""
    _name, content = csv_file(record)
    err = io.StringIO()
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "resultats.csv"
        path.write_bytes(content)
        try:
            call_command("import_results", tournament.slug, str(path), stdout=out, stderr=err)
            status = 0
        except CommandError:
            status = 1
    return Answer(status, (), normalise(out.getvalue() + err.getvalue(), tournament), ())


@dataclass(frozen=True)
class EntryPath:
    """One way a record reaches the entry adapter: its name, how the test takes it (``run``),
    who takes it without seeing the hands (``blind``: None when nobody taking this path is
    blind) and with (``sighted``: None when nobody taking it may see them), and the functions of
    the site it goes through to the adapter (``via``, module.qualname)."""

    name: str
    run: Callable
    blind: str | None
    sighted: str | None
    via: tuple[str, ...]


# The phone's form (views_table.actions: an entry, a dispute with the exact result) and its
# outbox (views_table.send) take the record through one function.
TAKE_ENTRY = "tournaments.results.views_table.phone.take_entry"
VIEWS_ARBITER = "tournaments.results.views_arbiter.sheets"
IMPORT_FILE = "tournaments.results.exchange.import_file"
UPLOAD = "tournaments.results.views_exchange.exchange_page"
API = "tournaments.api.views.results.ResultViewSet._record"

PATHS = [
    EntryPath(
        "phone form",
        by_phone_form,
        "team",
        None,
        (TAKE_ENTRY,),
    ),
    EntryPath("phone outbox", by_outbox, "team", None, (TAKE_ENTRY,)),
    # Who sees the hands picks the belote and annonces among those the hands hold (checkboxes):
    # the sheet's fields cannot claim what the cards contradict, so only the blind run.
    EntryPath(
        "sheet row as fields", by_sheet_fields, "arbiter", None, (f"{VIEWS_ARBITER}.entry_row",)
    ),
    EntryPath(
        "sheet row as record",
        by_sheet_record,
        "arbiter",
        "organizer",
        (f"{VIEWS_ARBITER}.entry_row",),
    ),
    EntryPath(
        "whole sheet posted", by_whole_sheet, "arbiter", None, (f"{VIEWS_ARBITER}._save_row",)
    ),
    EntryPath("API, arbiter", by_api_staff, "arbiter", "organizer", (API,)),
    EntryPath("API, token scoped as arbiter", by_api_scoped_token, "scoped", None, (API,)),
    EntryPath("API, table device", by_table_device, "device", None, (API,)),
    EntryPath("import CSV", _upload(csv_file), "arbiter", "organizer", (IMPORT_FILE, UPLOAD)),
    EntryPath("import JSONL", _upload(jsonl_file), "arbiter", "organizer", (IMPORT_FILE, UPLOAD)),
    EntryPath("import XLSX", _upload(xlsx_file), "arbiter", "organizer", (IMPORT_FILE, UPLOAD)),
    EntryPath(
        "manage.py import_results",
        by_command,
        None,
        "system",
        (IMPORT_FILE, "tournaments.results.management.commands.import_results.Command.handle"),
    ),
]


def _ids(paths):
    return [path.name for path in paths]


BLIND = [path for path in PATHS if path.blind]
SIGHTED = [path for path in PATHS if path.sighted]


# --- 1. Whoever may not see the hands gets the same answer whatever the cards -----------------


@pytest.mark.parametrize("kind", RECORDS)
@pytest.mark.parametrize("path", BLIND, ids=_ids(BLIND))
def test_a_blind_caller_gets_the_same_answer_whatever_the_cards(pair, path, kind):
    answers = [path.run(tournament, RECORDS[kind], path.blind) for tournament in pair]

    assert answers[0] == answers[1]
    text = json.dumps(answers[0].__dict__, ensure_ascii=False)
    assert not any(code in text for code in HAND_CODES), text
    assert "manque" not in text and "ne peut pas montrer" not in text, text
    assert "n'a pas le roi" not in text and "n&#x27;a pas le roi" not in text, text
    stored = [Result.objects.filter(tournament=each, is_current=True).first() for each in pair]
    if kind == "refused":
        assert stored == [None, None], answers[0]
    else:
        # Stored in both, flagged where the hands contradict the claims (for the staff who see
        # hands), whatever the answer said.
        assert all(result is not None for result in stored), answers[0]
        assert {flag["code"] for flag in stored[0].flags} >= {"annonce_not_held"}


# --- 2. Whoever may see the hands gets the precise errors -------------------------------------


@pytest.mark.parametrize("path", SIGHTED, ids=_ids(SIGHTED))
def test_who_may_see_the_hands_gets_the_precise_errors(pair, path):
    answers = [path.run(tournament, ACCEPTED, path.sighted) for tournament in pair]

    text = answers[0].body + " ".join(answers[0].messages)
    assert answers[0].status in (400, 1), answers[0]
    assert "annonce_not_held" in text or "ne peut pas montrer" in text, text
    # The precise errors tell the cards: the two tournaments' answers differ.
    assert answers[0] != answers[1]
    assert not Result.objects.filter(tournament__in=pair).exists()


# --- 3. Every entry path is in the table ------------------------------------------------------

ADAPTER = {"take_result", "take_results"}
# The import's file reader: its callers are entry paths too.
WRAPPERS = {"import_file"}
STORING = {"record_result", "import_results", "store_entry"}
# Who may call the storing services: the adapter, the services themselves, and the demo's
# generated results (the system's own records, by=None: nobody to be told anything).
MAY_STORE = {
    "tournaments.results.services.intake.take_result",
    "tournaments.results.services.intake.take_results",
    "tournaments.results.services.entry.record_result",
    "tournaments.results.services.entry._store_locked",  # record_result's write
    "tournaments.results.services.imports._store_plan",
    "tournaments.results.demo.record_demo_results",
}


def _calls(tree: ast.Module, module: str):
    """(caller's module.qualname, called name) for every call in the module."""

    def walk(node, scope: list[str]):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                yield from walk(child, [*scope, child.name])
                continue
            if isinstance(child, ast.Call):
                func = child.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
                if name:
                    yield ".".join([module, *scope]), name
            yield from walk(child, scope)

    yield from walk(tree, [])


def _site_calls() -> list[tuple[str, str]]:
    calls = []
    for path in sorted(SITE.rglob("*.py")):
        module = ".".join(path.relative_to(SITE.parent).with_suffix("").parts)
        calls.extend(_calls(ast.parse(path.read_text()), module))
    return calls


def test_every_entry_path_is_in_the_table():
    calls = _site_calls()
    callers = {caller for caller, name in calls if name in ADAPTER | WRAPPERS}
    in_table = {function for path in PATHS for function in path.via}

    assert callers == in_table, (
        "An entry path is missing from PATHS (or one is gone): "
        f"not in the table {sorted(callers - in_table)}, "
        f"not in the code {sorted(in_table - callers)}"
    )
    storing = {caller for caller, name in calls if name in STORING}
    assert storing <= MAY_STORE, (
        f"Calls the storing services around the adapter: {storing - MAY_STORE}"
    )

"""A laptop club's results coming back: validated line by line against the rules alone, the same
file twice changes nothing, a correction during the window replaces them, nothing after it; the
package's import on the laptop, by command and by page, refuses a changed package or a wrong
key."""

import json
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from tests.support.events import make_event
from tournaments.events import recomputation, signing
from tournaments.events.models import EventUpload, LaptopEvent
from tournaments.events.services import EventError, accept_upload, export_package

pytestmark = pytest.mark.django_db

RECORD = {
    "passed": False,
    "contract": {"bid": 90, "strain": "H", "taker": "N", "coinche": 0},
    "taker_points": 100,
    "capot": None,
    "belote": [],
    "annonces": [],
}


@pytest.fixture
def offline(make_user):
    event, _organizer, entries = make_event(
        make_user, clubs=("Rennes", "Quimper"), laptop=("Quimper",), hours_before=4
    )
    return event, entries["Quimper"]


def signed(event, entry, lines, teams=None):
    payload = {
        "kind": signing.UPLOAD_KIND,
        "format": signing.FORMAT,
        "event": event.slug,
        "club": entry.club.slug,
        "commitment": event.commitment,
        "teams": teams or {"1": "Les Capots", "2": "Les Matheux", "3": "Sans Atout"},
        "lines": lines,
    }
    return json.dumps(signing.sign(payload, entry.key))


def line(board=1, record=RECORD, **fields):
    return {
        "board": board,
        "round": 1,
        "table": 1,
        "ns_team": 1,
        "ew_team": 2,
        "record": record,
        **fields,
    }


def test_every_bad_line_is_reported_and_nothing_is_kept(offline):
    event, entry = offline
    lines = [
        line(board=99),
        line(board=2, ns_team=1, ew_team=1),
        line(board=3, ew_team=7),
        line(board=4, record={**RECORD, "taker_points": 500}),
        line(board=5, round="²"),
        line(board=6),
    ]
    with pytest.raises(EventError) as refusal:
        accept_upload(event=event, data=signed(event, entry, lines))
    assert refusal.value.code == "invalid"
    assert [message.split(" :")[0] for message in refusal.value.messages] == [
        "Ligne 1",
        "Ligne 2",
        "Ligne 3",
        "Ligne 4",
        "Ligne 5",
    ]
    assert not EventUpload.objects.exists()


def test_the_same_file_twice_changes_nothing_and_a_correction_replaces_it(offline):
    event, entry = offline
    first = signed(event, entry, [line(board=1)])
    upload, changed = accept_upload(event=event, data=first)
    assert changed
    again, changed = accept_upload(event=event, data=first)
    assert (again.pk, changed) == (upload.pk, False)
    # After the deadline, within the correction window: a correction is taken.
    event.deadline = timezone.now() - timedelta(minutes=1)
    event.save()
    corrected, changed = accept_upload(
        event=event,
        data=signed(event, entry, [line(board=1, record={**RECORD, "taker_points": 60})]),
    )
    assert changed and corrected.is_current
    assert EventUpload.objects.filter(entry=entry, is_current=True).get() == corrected
    assert corrected.lines[0]["ew"] > corrected.lines[0]["ns"]  # 90 H failed
    # After the correction window: refused.
    event.corrections_until = timezone.now() - timedelta(seconds=1)
    event.save()
    with pytest.raises(EventError) as late:
        accept_upload(event=event, data=first)
    assert late.value.code == "window_closed"


def test_a_first_upload_after_the_deadline_is_refused(offline):
    event, entry = offline
    event.deadline = timezone.now() - timedelta(minutes=1)
    event.save()
    with pytest.raises(EventError) as late:
        accept_upload(event=event, data=signed(event, entry, [line()]))
    assert late.value.code == "window_closed"


def test_a_file_signed_with_another_clubs_key_is_refused(make_user):
    event, _organizer, entries = make_event(
        make_user, clubs=("Rennes", "Quimper", "Brest"), laptop=("Quimper", "Brest")
    )
    quimper, brest = entries["Quimper"], entries["Brest"]
    forged = json.loads(signed(event, quimper, [line()]))
    forged["signature"] = signing.signature(forged["payload"], brest.key)
    with pytest.raises(EventError) as refusal:
        accept_upload(event=event, data=json.dumps(forged))
    assert refusal.value.code == "bad_signature"


def test_the_upload_page_takes_the_file_and_says_why_it_refuses_one(client, offline):
    event, entry = offline
    client.force_login(entry.answered_by)
    url = reverse("events:upload", args=[event.slug, entry.club.slug])
    bad = SimpleUploadedFile("r.json", b'{"payload": {}, "signature": "00"}')
    page = client.post(url, {"file": bad})
    assert page.status_code == 200 and "aucun club participant" in page.content.decode()
    good = SimpleUploadedFile("r.json", signed(event, entry, [line()]).encode())
    assert client.post(url, {"file": good}).status_code == 302
    assert EventUpload.objects.filter(entry=entry).count() == 1
    # Another club's organizer may not open it.
    client.force_login(event.organizers.get())
    assert client.get(url).status_code == 403


def test_the_laptop_page_imports_a_package_once_and_refuses_a_changed_one(client, offline):
    event, entry = offline
    document = export_package(entry=entry)
    client.force_login(entry.answered_by)
    url = reverse("events:laptop_import")
    changed = json.loads(json.dumps(document))
    changed["payload"]["board_count"] = 3
    page = client.post(
        url, {"file": SimpleUploadedFile("p.json", json.dumps(changed).encode()), "key": entry.key}
    )
    assert page.status_code == 200 and "pas valide" in page.content.decode()
    assert not LaptopEvent.objects.exists()
    data = json.dumps(document).encode()
    for _time in range(2):
        answer = client.post(url, {"file": SimpleUploadedFile("p.json", data), "key": entry.key})
        assert answer.status_code == 302
    laptop = LaptopEvent.objects.get()
    assert laptop.tournament.boards.count() == event.board_count
    assert laptop.tournament.deal_set.commitment == event.commitment


def test_the_field_reads_the_current_upload_without_its_deal_records_on_either_database(
    offline,
):
    """``recomputation._current_uploads``, PostgreSQL's and SQLite's paths (the vendor branch):
    the club's newest upload, its lines in order, each as stored but for its deal record, which
    PostgreSQL leaves out (the ranking reads the marks only)."""
    event, entry = offline
    accept_upload(event=event, data=signed(event, entry, [line(board=1)]))
    newer = [line(board=2, ns=90), line(board=1, record={**RECORD, "taker_points": 60})]
    accept_upload(event=event, data=signed(event, entry, newer))
    stored = EventUpload.objects.get(entry=entry, is_current=True)
    teams, lines = recomputation._current_uploads([entry])[entry.pk]
    assert teams == stored.teams
    assert [board["board"] for board in lines] == [2, 1]
    assert [{key: value for key, value in board.items() if key != "record"} for board in lines] == [
        {key: value for key, value in board.items() if key != "record"} for board in stored.lines
    ]
    if connection.vendor == "postgresql":
        assert all("record" not in board for board in lines)
    else:
        assert lines == stored.lines

"""A simultaneous event from end to end, in three clubs at different times: two play on the site,
the third on its own laptop — a separate database (a SQLite file) driven through ``manage.py``
in a subprocess, as ``bin/run`` would, its package and results going through files.

The national ranking is checked against a second, simple across-the-field computation written
here (every net of a board on its N-S cards against every other in the whole field: 2 per net
beaten, 1 per tie; a team's percentage is its matchpoints over its boards' tops), and the
embargo against what the clubs' staff and players may see at each moment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import defaultdict
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.support.events import HOUR, make_event
from tests.support.paths import ROOT
from tournaments.deals.services import DealsError, release_hands
from tournaments.events.demo import play_session
from tournaments.events.models import EventRanking
from tournaments.events.selectors import ranking_of
from tournaments.events.services import EventError, accept_upload, export_package
from tournaments.results.models import Result
from tournaments.setup import policy

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

TABLES = 3  # a Mitchell of an odd number of tables: no arrow switch, every board at each table


def laptop(database: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """``manage.py`` on the club's laptop: its own SQLite database, no broker."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("CELERY_BROKER_URL", "TEST_BROKER_URL")
    }
    env.update(DATABASE_URL=f"sqlite:///{database}", EVENTS_IN_PROCESS="1")
    return subprocess.run(  # noqa: S603 - fixed arguments
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=check,
    )


# --- The independent computation ----------------------------------------------------------


def site_lines(entry) -> list[tuple]:
    """(club, board, ns team, ew team, ns marks, ew marks) of a club's session on the site."""
    return [
        (
            entry.club.slug,
            result.board_number,
            result.assignment.ns_team.number,
            result.assignment.ew_team.number,
            result.ns_marks,
            result.ew_marks,
        )
        for result in Result.objects.filter(
            tournament=entry.tournament, is_current=True, status__in=Result.COUNTING_STATUSES
        ).select_related("assignment__ns_team", "assignment__ew_team")
    ]


def upload_lines(club: str, document: dict) -> list[tuple]:
    """The same lines from a laptop's signed file (its records scored here by the engine)."""
    from scoring.engine.deal_score import score_deal
    from scoring.engine.result_record import parse_result
    from scoring.engine.rules import PRESETS

    rules = PRESETS["ffb-coinche"]
    lines = []
    for line in document["payload"]["lines"]:
        score = score_deal(parse_result(line["record"], rules), rules)
        lines.append((club, line["board"], line["ns_team"], line["ew_team"], score.ns, score.ew))
    return lines


def across_the_field(lines: list[tuple]) -> dict[tuple, float]:
    """{(club, team, direction): percentage}: each result's net on the board's N-S cards
    compared with every other result of that board in the whole field."""
    nets = defaultdict(list)
    for _club, board, _ns, _ew, ns, ew in lines:
        nets[board].append(ns - ew)
    plays = max(len(values) for values in nets.values())
    top = 2 * (plays - 1)
    points = defaultdict(float)
    tops = defaultdict(float)
    for club, board, ns_team, ew_team, ns, ew in lines:
        others = list(nets[board])
        others.remove(ns - ew)
        mine = sum(2 if other < ns - ew else 1 if other == ns - ew else 0 for other in others)
        assert len(others) + 1 == plays  # every board played as often: no Neuberg here
        points[(club, ns_team, "NS")] += mine
        points[(club, ew_team, "EW")] += top - mine
        tops[(club, ns_team, "NS")] += top
        tops[(club, ew_team, "EW")] += top
    return {team: round(100 * points[team] / tops[team], 2) for team in points}


def national(event) -> dict[tuple, float]:
    ranking = ranking_of(event)
    return {
        (row["club_slug"], row["number"], row["direction"]): row["percentage"]
        for group in ranking.groups
        if group["scope"] == "national"
        for row in group["rows"]
    }


def played(entry, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        play_session(entry.tournament, tables=TABLES, board_count=entry.event.board_count)


# --- The event ------------------------------------------------------------------------------


def test_three_clubs_two_on_the_site_one_on_its_laptop(
    make_user, tmp_path, django_capture_on_commit_callbacks
):
    now = timezone.now()
    event, _organizer, entries = make_event(
        make_user,
        clubs=("Rennes", "Quimper", "Brest"),
        laptop=("Quimper",),
        boards=2 * TABLES,
        starts=now - 2 * HOUR,  # Rennes: 2 h ago; Quimper: 1 h ago; Brest: now
    )
    rennes, quimper, brest = entries["Rennes"], entries["Quimper"], entries["Brest"]
    brest.session_starts_at = now + 5 * HOUR
    brest.save()

    # Brest's staff have not received the deals: its session is later, not opened.
    brest_organizer = brest.answered_by
    assert not policy.can_see_all_hands(brest_organizer, brest.tournament)
    staff = Client()
    staff.force_login(brest_organizer)
    export = staff.get(reverse("deals:export", args=[brest.tournament.slug]))
    assert export.status_code in (302, 403, 404)
    assert not export.content.startswith(b"% PBN")

    # Rennes plays first: the figures count its room alone, provisional.
    played(rennes, django_capture_on_commit_callbacks)
    field = site_lines(rennes)
    assert national(event) == across_the_field(field)
    assert ranking_of(event).provisional

    # Rennes's players see no hand record of the event, and its hands cannot be released.
    player = Client()
    assert player.get(reverse("events:board", args=[event.slug, 1])).status_code == 404
    with pytest.raises(DealsError):
        release_hands(tournament=rennes.tournament)
    records = player.get(reverse("deals:records", args=[rennes.tournament.slug]))
    assert records.status_code in (403, 404) or "hand-diagram" not in records.content.decode()

    # Quimper, offline: its package read on the laptop (a separate database), its session
    # played there, its results file made there.
    database = str(tmp_path / "laptop.sqlite3")
    laptop(database, "migrate", "-v0")
    laptop(
        database,
        "shell",
        "-c",
        "from tournaments.accounts.services import ensure_user; "
        "ensure_user(username='quimper', password='pas-sur-le-site-42', role='organizer')",
    )
    package = tmp_path / "paquet.json"
    package.write_text(json.dumps(export_package(entry=quimper)))
    tampered_package = json.loads(package.read_text())
    tampered_package["payload"]["pbn"] = tampered_package["payload"]["pbn"].replace("N", "S", 1)
    (tmp_path / "faux.json").write_text(json.dumps(tampered_package))
    refused = laptop(
        database,
        "import_event_package",
        str(tmp_path / "faux.json"),
        "--key",
        quimper.key,
        "--user",
        "quimper",
        check=False,
    )
    assert refused.returncode != 0 and "pas valide" in refused.stderr
    slug = laptop(
        database, "import_event_package", str(package), "--key", quimper.key, "--user", "quimper"
    ).stdout.strip()
    again = laptop(
        database, "import_event_package", str(package), "--key", quimper.key, "--user", "quimper"
    )
    assert again.stdout.strip() == slug
    laptop(
        database,
        "shell",
        "-c",
        "from tournaments.setup.models import Tournament; "
        "from tournaments.events.demo import play_session; "
        f"play_session(Tournament.objects.get(slug='{slug}'), tables={TABLES}, "
        f"board_count={event.board_count})",
    )
    upload = laptop(database, "event_results_file", slug).stdout

    # The late club's upload changes the ranking, to the field's figures.
    before = national(event)
    with django_capture_on_commit_callbacks(execute=True):
        _stored, changed = accept_upload(event=event, data=upload)
    assert changed
    field += upload_lines(quimper.club.slug, json.loads(upload))
    after = national(event)
    assert after != before
    assert after == across_the_field(field)

    # The same upload again changes nothing; a tampered one is refused.
    version = EventRanking.objects.get(event=event).version
    with django_capture_on_commit_callbacks(execute=True):
        _stored, changed = accept_upload(event=event, data=upload)
    assert not changed
    assert EventRanking.objects.get(event=event).version == version
    tampered = json.loads(upload)
    tampered["payload"]["lines"][0]["record"]["taker_points"] = 162
    with pytest.raises(EventError) as refusal:
        accept_upload(event=event, data=json.dumps(tampered))
    assert refusal.value.code == "bad_signature"

    # Brest plays last; then, and only then, the field's hand records are public.
    assert player.get(reverse("events:board", args=[event.slug, 1])).status_code == 404
    played(brest, django_capture_on_commit_callbacks)
    field += site_lines(brest)
    assert national(event) == across_the_field(field)
    board = player.get(reverse("events:board", args=[event.slug, 1]))
    assert board.status_code == 200 and "hand-diagram" in board.content.decode()

    # After the deadline, a correction window; after it, uploads are refused.
    event.deadline = now - timedelta(minutes=5)
    event.corrections_until = now - timedelta(minutes=1)
    event.save()
    with pytest.raises(EventError) as late:
        accept_upload(event=event, data=upload)
    assert late.value.code == "window_closed"

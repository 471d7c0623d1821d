"""Benchmark: a simultaneous event at full scale on the site — a club's upload rescored across
the field and the national ranking page fresh.

Creates its own PostgreSQL database (``coinche_bench_event``, dropped at the end), an event of
``--boards`` boards and ``--clubs`` clubs playing offline, and gives each club a signed upload
of ``--tables`` tables (each board played once at each table: ``tables × boards`` results a
club; 300 × 15 × 24 = 108,000 results by default) through ``events.services.accept_upload``,
the path of a laptop club's file or the API. Then times, with every club in:

- one more club's upload (a late club: validated line by line against the rules, scored, stored);
- the recomputation of the national figures that upload triggers
  (``events.services.recompute_event``: every club's results read, ``score_field``, every
  ranking group stored), which the Celery job runs;
- the ranking page, first rendered (its tables into the cache) and then from the cache.

The figures, per run, are wall seconds; the machine is shared, so they are read as orders of
magnitude (docs/performance.md, docs/deployment.md).

Run:
    .venv/bin/python -m benchmarks.event_field [--clubs 300] [--tables 15] [--boards 24]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from benchmarks import harness


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=300)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--database", default="coinche_bench_event")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    return parser.parse_args()


def _record(rng: random.Random) -> dict:
    made = rng.random() < 0.7
    return {
        "passed": False,
        "contract": {
            "bid": rng.choice((80, 90, 100, 110)),
            "strain": rng.choice("SHDC"),
            "taker": rng.choice("NESW"),
            "coinche": 0,
        },
        "taker_points": rng.choice((110, 120, 130, 140)) if made else rng.choice((40, 60, 70)),
        "capot": None,
        "belote": [],
        "annonces": [],
    }


def _upload(event, entry, tables: int, rng: random.Random) -> str:
    from tournaments.events import signing

    lines = [
        {
            "board": board,
            "round": board,
            "table": table,
            "ns_team": table,
            "ew_team": tables + table,
            "record": _record(rng),
        }
        for board in range(1, event.board_count + 1)
        for table in range(1, tables + 1)
    ]
    payload = {
        "kind": signing.UPLOAD_KIND,
        "format": signing.FORMAT,
        "event": event.slug,
        "club": entry.club.slug,
        "commitment": event.commitment,
        "teams": {str(number): f"Équipe {number}" for number in range(1, 2 * tables + 1)},
        "lines": lines,
    }
    return json.dumps(signing.sign(payload, entry.key))


def _build(args: argparse.Namespace):
    from datetime import timedelta

    from django.test.utils import override_settings
    from django.utils import timezone

    from tournaments.accounts.services import ensure_user
    from tournaments.clubs.models import Club
    from tournaments.events.models import EventClub, EventUpload
    from tournaments.events.services import create_event, open_event
    from tournaments.events.services.uploads import validated

    organizer = ensure_user(
        username="federation-bench", password="bench-password-42", role="organizer"
    )
    now = timezone.now()
    event = create_event(
        by=organizer,
        name="Simultané national",
        date=timezone.localdate(),
        board_count=args.boards,
        deadline=now + timedelta(days=1),
        corrections_until=now + timedelta(days=2),
    )
    event = open_event(event=event, by=organizer)
    rng = random.Random(2026)  # noqa: S311 - benchmark data
    entries = []
    for number in range(1, args.clubs + 2):
        club = Club.objects.create(slug=f"club-{number}", name=f"Club {number}")
        entries.append(
            EventClub.objects.create(
                event=event,
                club=club,
                session_starts_at=now,
                region=f"Région {number % 12}",
                laptop=True,
                answer=EventClub.Answer.ACCEPTED,
            )
        )
    started = time.perf_counter()
    with override_settings(EVENTS_IN_PROCESS="0"):
        for entry in entries[:-1]:
            document = json.loads(_upload(event, entry, args.tables, rng))
            teams, lines = validated(event=event, payload=document["payload"])
            EventUpload.objects.create(entry=entry, digest=str(entry.pk), teams=teams, lines=lines)
    print(f"{args.clubs} clubs loaded in {time.perf_counter() - started:.1f} s")
    return event, entries[-1], _upload(event, entries[-1], args.tables, rng)


def main() -> None:
    args = _arguments()
    with harness.BenchDatabase(args.database, keep=args.keep) as database:
        harness.setup_django(database.url)
        from django.test import Client
        from django.test.utils import override_settings
        from django.urls import reverse

        from tournaments.events.selectors import ranking_of
        from tournaments.events.services import accept_upload, recompute_event

        print(harness.describe_machine())
        event, late, upload = _build(args)
        started = time.perf_counter()
        recompute_event(event_id=event.pk)
        print(
            f"national figures from scratch: {time.perf_counter() - started:.2f} s "
            f"({ranking_of(event).results} results)"
        )
        with override_settings(EVENTS_IN_PROCESS="0"):
            started = time.perf_counter()
            _stored, changed = accept_upload(event=event, data=upload)
            accepted = time.perf_counter() - started
        assert changed
        started = time.perf_counter()
        recompute_event(event_id=event.pk)
        rescored = time.perf_counter() - started
        print(f"late club's upload accepted: {accepted:.2f} s ({args.tables * args.boards} lines)")
        print(f"national figures after it: {rescored:.2f} s ({ranking_of(event).results} results)")
        print(f"upload to fresh figures: {accepted + rescored:.2f} s")
        client = Client(HTTP_HOST="localhost")
        url = reverse("events:ranking", args=[event.slug])
        for label in ("ranking page, first (rendered)", "ranking page, from the cache"):
            started = time.perf_counter()
            answer = client.get(url)
            assert answer.status_code == 200
            print(f"{label}: {time.perf_counter() - started:.3f} s, {len(answer.content)} bytes")


if __name__ == "__main__":
    main()

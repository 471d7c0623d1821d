"""``manage.py demo_event [--clubs 3] [--tables 4]``: an event with that many clubs, each club's
session played with generated results (the last club through the laptop path: its package
exported, imported as on its laptop, played, its results uploaded signed); prints the event's
identifier last."""

from __future__ import annotations

import json
import secrets
from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.test.utils import override_settings
from django.utils import timezone

from tournaments.accounts.roles import ORGANIZER
from tournaments.accounts.services import ensure_user
from tournaments.clubs.services import create_club
from tournaments.events.demo import play_session
from tournaments.events.services import (
    accept_upload,
    answer_invitation,
    build_upload,
    create_event,
    export_package,
    import_package,
    invite_club,
    open_event,
    recompute_event,
)

TOWNS = ("Rennes", "Brest", "Vannes", "Quimper", "Lorient", "Saint-Malo", "Nantes", "Angers")
REGIONS = ("Bretagne", "Pays de la Loire")


def _organizer(username: str):
    """A demo organizer's account; a new one gets a random password (a superuser who wants to
    act as it sets one: the demo holds no documented password)."""
    return ensure_user(
        username=username, password=secrets.token_urlsafe(16), role=ORGANIZER, reset_password=False
    )


class Command(BaseCommand):
    help = "Crée un simultané de démonstration joué dans plusieurs clubs ; affiche son identifiant."

    def add_arguments(self, parser):
        parser.add_argument("--clubs", type=int, default=3)
        parser.add_argument("--tables", type=int, default=4)

    def handle(self, *args, clubs: int, tables: int, **options):
        if not 1 <= clubs <= 300 or not 2 <= tables <= 30:
            raise CommandError("--clubs de 1 à 300, --tables de 2 à 30.")
        with override_settings(EVENTS_IN_PROCESS="1"):
            slug = self._build(clubs, tables)
        self.stdout.write(slug)

    def _build(self, clubs: int, tables: int) -> str:
        federation = _organizer("federation")
        now = timezone.now()
        event = create_event(
            by=federation,
            name=f"Simultané de démonstration du {timezone.localdate():%d/%m/%Y}",
            date=timezone.localdate(),
            board_count=tables * 2,
            deadline=now + timedelta(days=1),
            corrections_until=now + timedelta(days=2),
        )
        entries = []
        for index in range(clubs):
            town = TOWNS[index % len(TOWNS)] + ("" if index < len(TOWNS) else f" {index}")
            organizer = _organizer(f"club-{index + 1}")
            club = create_club(name=f"Coinche club de {town}", town=town, by=organizer)
            entry = invite_club(
                event=event,
                club=club,
                session_starts_at=now - timedelta(hours=clubs - index),
                region=REGIONS[index % len(REGIONS)],
                laptop=clubs > 1 and index == clubs - 1,
                by=federation,
            )
            entries.append(answer_invitation(entry=entry, accept=True, by=organizer))
        event = open_event(event=event, by=federation)
        for entry in entries:
            entry.refresh_from_db()
            if entry.laptop:
                self._laptop_club(entry, tables)
            else:
                play_session(entry.tournament, tables=tables, board_count=event.board_count)
                self.stdout.write(f"{entry.club.name} : séance jouée sur le site")
        recompute_event(event_id=event.pk)
        return event.slug

    def _laptop_club(self, entry, tables: int) -> None:
        """The laptop's path, in this database: the package read as on the laptop, the session
        played there, its results sent back signed."""
        package = json.dumps(export_package(entry=entry))
        organizer = entry.answered_by
        laptop, _created = import_package(data=package, key=entry.key, by=organizer)
        play_session(laptop.tournament, tables=tables, board_count=entry.event.board_count)
        upload = json.dumps(build_upload(laptop=laptop))
        accept_upload(event=entry.event, data=upload, by=organizer)
        self.stdout.write(f"{entry.club.name} : séance jouée hors ligne, résultats envoyés")

"""An event with its clubs, for the events tests: organizers, clubs, invitations, answers."""

from __future__ import annotations

import datetime
import json

from django.utils import timezone

from tournaments.clubs.services import create_club
from tournaments.events.demo import play_session
from tournaments.events.models import EventClub
from tournaments.events.services import (
    accept_upload,
    answer_invitation,
    build_upload,
    create_event,
    export_package,
    import_package,
    invite_club,
    open_event,
)

HOUR = datetime.timedelta(hours=1)


def make_event(
    make_user,
    *,
    clubs=("Rennes", "Brest"),
    laptop=(),
    boards=8,
    hours_before=0,
    starts=None,
    deadline=None,
    **fields,
):
    """An open event of ``boards`` boards with these clubs (the ``laptop`` ones offline), each
    accepted by its own organizer (``<club>-orga``); the event's organizer is ``federation``.
    Returns (event, organizer, {club name: EventClub})."""
    organizer = make_user("federation", "organizer")
    now = timezone.now()
    starts = starts or now + 2 * HOUR
    deadline = deadline or now + 48 * HOUR
    event = create_event(
        by=organizer,
        name=fields.pop("name", "Simultané d'hiver"),
        date=timezone.localdate(),
        board_count=boards,
        deadline=deadline,
        corrections_until=fields.pop("corrections_until", deadline + 24 * HOUR),
        hours_before=hours_before,
        **fields,
    )
    entries = {}
    for index, name in enumerate(clubs):
        club_organizer = make_user(f"{name.lower()}-orga", "organizer")
        club = create_club(name=f"Club de {name}", town=name, by=club_organizer)
        entry = invite_club(
            event=event,
            club=club,
            session_starts_at=starts + index * HOUR,
            region="Bretagne" if index % 2 == 0 else "Ouest",
            laptop=name in laptop,
            by=organizer,
        )
        entries[name] = answer_invitation(entry=entry, accept=True, by=club_organizer)
    event = open_event(event=event, by=organizer)
    return event, organizer, {name: EventClub.objects.get(pk=e.pk) for name, e in entries.items()}


def world_event(organizer, club) -> tuple[str, str]:
    """For the site's page walks: an open event of 6 boards organized by ``organizer``, with
    ``club`` (which ``organizer`` organizes) playing offline, its deals already reached, its
    package imported as on its laptop (in the same database) and its results uploaded.
    Returns (the event's slug, the laptop tournament's slug)."""
    now = timezone.now()
    event = create_event(
        by=organizer,
        name="Simultané du pays",
        date=timezone.localdate(),
        board_count=6,
        deadline=now + 48 * HOUR,
        corrections_until=now + 72 * HOUR,
    )
    entry = invite_club(
        event=event,
        club=club,
        session_starts_at=now - HOUR,
        region="Bretagne",
        laptop=True,
        by=organizer,
    )
    entry = answer_invitation(entry=entry, accept=True, by=organizer)
    event = open_event(event=event, by=organizer)
    entry.refresh_from_db()
    laptop, _created = import_package(
        data=json.dumps(export_package(entry=entry)), key=entry.key, by=organizer
    )
    play_session(laptop.tournament, tables=3, board_count=6)
    accept_upload(event=event, data=json.dumps(build_upload(laptop=laptop)), by=organizer)
    return event.slug, laptop.tournament.slug

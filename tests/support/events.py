"""An event with its clubs, for the events tests: organizers, clubs, invitations, answers."""

from __future__ import annotations

import datetime

from django.utils import timezone

from tournaments.clubs.services import create_club
from tournaments.events.models import EventClub
from tournaments.events.services import (
    answer_invitation,
    create_event,
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

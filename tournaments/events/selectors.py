"""Reads of the events: an event's clubs and sessions, where it stands on its timeline, what it
holds back from a session (``embargo_for``, the policy's source), and who may see what."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import QuerySet
from django.utils import timezone

from tournaments.setup import policy
from tournaments.setup.models import Tournament

from .models import Event, EventClub, EventRanking, EventUpload, LaptopEvent

# --- Who ------------------------------------------------------------------------------------


def is_event_organizer(user, event: Event) -> bool:
    """The event's organizers (superusers everywhere)."""
    if user is None or not user.is_authenticated:
        return False
    return user.is_superuser or event.organizers.filter(pk=user.pk).exists()


def is_club_organizer(user, entry: EventClub) -> bool:
    """The organizers of an invited club (they answer, fetch the package, upload)."""
    return policy.can_manage_club(user, entry.club)


def can_see_event(user, event: Event) -> bool:
    """An event in preparation exists for its organizers and the invited clubs' organizers."""
    if event.status != Event.Status.DRAFT or is_event_organizer(user, event):
        return True
    if user is None or not user.is_authenticated:
        return False
    return event.clubs.filter(club__organizers=user).exists()


# --- Reads ----------------------------------------------------------------------------------


def visible_events(user) -> QuerySet[Event]:
    """The events a user may see: open and closed ones, and their own in preparation."""
    events = Event.objects.exclude(status=Event.Status.DRAFT)
    if user is not None and user.is_authenticated:
        events = events | Event.objects.filter(organizers=user)
        events = events | Event.objects.filter(clubs__club__organizers=user)
    return events.distinct().order_by("-date", "name")


def entries_of(event: Event) -> QuerySet[EventClub]:
    return event.clubs.select_related("club", "tournament").order_by("club__name")


def accepted_entries(event: Event) -> QuerySet[EventClub]:
    return entries_of(event).filter(answer=EventClub.Answer.ACCEPTED)


def entry_of(event: Event, club_slug: str) -> EventClub | None:
    return entries_of(event).filter(club__slug=club_slug).first()


def current_upload(entry: EventClub) -> EventUpload | None:
    return entry.uploads.filter(is_current=True).first()


def ranking_of(event: Event) -> EventRanking | None:
    return EventRanking.objects.filter(event=event).first()


def session_over(entry: EventClub) -> bool:
    """A club's session is over: its tournament finished, or (a laptop club) its results
    uploaded."""
    if entry.laptop:
        return entry.uploads.filter(is_current=True).exists()
    return entry.tournament is not None and entry.tournament.status == Tournament.Status.FINISHED


def field_over(event: Event, now=None) -> bool:
    """The last session of the event is over: every accepted club's session is, or the
    deadline passed, or the event is closed. Hand records and travellers across the field wait
    for it."""
    now = now or timezone.now()
    if event.status == Event.Status.CLOSED or now >= event.deadline:
        return True
    if event.status != Event.Status.OPEN:
        return False
    entries = list(accepted_entries(event))
    return bool(entries) and all(session_over(entry) for entry in entries)


def deals_reached_club(entry: EventClub, now=None) -> bool:
    """The deals reached the club's staff: the event is open and the session opened, or the
    hours before its start the event allows have come."""
    if entry.event.status == Event.Status.DRAFT:
        return False
    now = now or timezone.now()
    if now >= entry.session_starts_at - timedelta(hours=entry.event.hours_before):
        return True
    tournament = entry.tournament
    return tournament is not None and tournament.status in (
        Tournament.Status.RUNNING,
        Tournament.Status.FINISHED,
    )


def upload_window(entry: EventClub, now=None) -> str:
    """Where a laptop club's upload stands: ``first`` (results may be sent), ``correction``
    (sent once, may be corrected), ``closed`` (refused)."""
    now = now or timezone.now()
    event = entry.event
    if event.status != Event.Status.OPEN:
        return "closed"
    sent = entry.uploads.exists()
    if not sent and now < event.deadline:
        return "first"
    if now < event.corrections_until:
        return "correction"
    return "closed"


def provisional(event: Event, now=None) -> bool:
    """The national figures may still change: until the correction window ends and the event
    is closed."""
    now = now or timezone.now()
    return event.status != Event.Status.CLOSED and now < event.corrections_until


# --- The policy's source ----------------------------------------------------------------------

_LAPTOP_EMBARGO = policy.Embargo(
    deals_fixed=True, staff_see_hands=True, hands_public=False, travellers_public=True
)


def embargo_for(tournament: Tournament) -> policy.Embargo | None:
    """What the event holds back in this tournament now (``policy.Embargo``), or None for a
    tournament of its own. A laptop's copy of an event keeps its deals fixed and its hand records
    unpublished (the site publishes them at the end of the event); its staff see the deals
    (they came in the package, once they reached the club)."""
    link = (
        Tournament.objects.filter(pk=tournament.pk)
        .values_list("event_session__id", "laptop_event__id")
        .first()
    )
    if link is None or link == (None, None):
        return None
    session_id, _laptop_id = link
    if session_id is None:
        return _LAPTOP_EMBARGO
    entry = EventClub.objects.select_related("event", "tournament").get(pk=session_id)
    over = field_over(entry.event)
    own = entry.event.own_travellers and entry.tournament.status == Tournament.Status.FINISHED
    return policy.Embargo(
        deals_fixed=True,
        staff_see_hands=deals_reached_club(entry),
        hands_public=over,
        travellers_public=over or own,
    )


def laptop_event_of(tournament: Tournament) -> LaptopEvent | None:
    return LaptopEvent.objects.filter(tournament=tournament).first()

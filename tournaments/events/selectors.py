"""Reads of the events: an event's clubs and sessions, where it stands on its timeline, what it
holds back from a session (``embargo_for``, the policy's source), and who may see what."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import F, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from tournaments import checklist
from tournaments.results.models import Result
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
    """Where a laptop club's upload stands: ``first`` (results may be sent, until the
    deadline), ``correction`` (sent, may be corrected until the end of the correction window),
    ``closed`` (refused)."""
    now = now or timezone.now()
    event = entry.event
    if event.status != Event.Status.OPEN:
        return "closed"
    if not entry.uploads.exists():
        return "first" if now < event.deadline else "closed"
    return "correction" if now < event.corrections_until else "closed"


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
    (they came in the package, once they reached the club). A tournament of its own
    (``in_event`` unset) is answered without a query."""
    if not tournament.in_event:
        return None
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


def board_lines(event: Event, number: int) -> list[dict]:
    """Every club's results of one board (the traveller across the field): club, round,
    table, the two teams' numbers and their marks (or adjusted scores)."""
    lines = []
    for entry in accepted_entries(event):
        if entry.laptop:
            upload = current_upload(entry)
            for line in upload.lines if upload else ():
                if line["board"] == number:
                    lines.append({"club": entry.club.name, **line})
            continue
        if entry.tournament is None:
            continue
        rows = (
            Result.objects.filter(
                tournament=entry.tournament,
                board_number=number,
                is_current=True,
                status__in=Result.COUNTING_STATUSES,
            )
            .order_by("assignment__round__number", "assignment__table__number")
            .values(
                "ns_marks",
                "ew_marks",
                "ns_adjustment",
                "ew_adjustment",
                round_number=F("assignment__round__number"),
                table_number=F("assignment__table__number"),
                ns_team=F("assignment__ns_team__number"),
                ew_team=F("assignment__ew_team__number"),
            )
        )
        for row in rows:
            lines.append(
                {
                    "club": entry.club.name,
                    "round": row["round_number"],
                    "table": row["table_number"],
                    "ns_team": row["ns_team"],
                    "ew_team": row["ew_team"],
                    "ns": row["ns_marks"],
                    "ew": row["ew_marks"],
                    "ns_adjusted": row["ns_adjustment"],
                    "ew_adjusted": row["ew_adjustment"],
                }
            )
    return lines


def event_step(tournament: Tournament) -> checklist.Step | None:
    """The organizer's checklist: a club's session of an event (its deals are the event's,
    its results count across the field); on a laptop, the results to send back."""
    laptop = laptop_event_of(tournament)
    if laptop is not None:
        return checklist.Step(
            "event",
            gettext("Résultats du simultané à envoyer"),
            checklist.DONE if tournament.status == Tournament.Status.FINISHED else checklist.TODO,
            gettext(
                "Téléchargez le fichier signé des résultats et envoyez-le sur le site du "
                "simultané « %(event)s »"
            )
            % {"event": laptop.event_name},
            reverse("events:laptop_results", args=[tournament.slug]),
            can_wait=tournament.status != Tournament.Status.FINISHED,
        )
    entry = EventClub.objects.select_related("event").filter(tournament=tournament).first()
    if entry is None:
        return None
    return checklist.Step(
        "event",
        gettext("Simultané"),
        checklist.DONE,
        gettext("Séance du simultané « %(event)s » : ses donnes sont celles de l'événement")
        % {"event": entry.event.name},
        entry.event.get_absolute_url(),
    )

"""An event's life: created, clubs invited and answering, opened (its deals made once and dealt
to every session), closed (the seed revealed, the hand records published)."""

from __future__ import annotations

import logging
from datetime import date, datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.deals.generator import GENERATOR_VERSION, new_seed, seed_commitment
from scoring.duplicate.table_score import Method
from tournaments import slugs
from tournaments.accounts.roles import Account
from tournaments.clubs.models import Club
from tournaments.deals.services import DealsError, install_event_deals, release_hands
from tournaments.setup.models import Tournament
from tournaments.setup.services import OrganizerError, chosen_rules, create_tournament

from .. import selectors
from ..models import Event, EventClub, EventRanking
from .errors import EventError
from .ranking import mark_event_changed

logger = logging.getLogger(__name__)


def _refuse_unless_organizer(event: Event, by) -> None:
    if by is not None and not selectors.is_event_organizer(by, event):
        raise EventError(
            "forbidden", [gettext("Seuls les organisateurs du simultané peuvent faire cela.")]
        )


def create_event(
    *,
    by: Account,
    name: str,
    date: date,
    board_count: int,
    deadline: datetime,
    corrections_until: datetime,
    rules_preset: str = "ffb-coinche",
    scoring_method: str = Method.MATCHPOINTS.value,
    hours_before: int = 0,
    own_travellers: bool = True,
    small_clubs_below: int | None = None,
) -> Event:
    """A new event in preparation; its creator organizes it."""
    if corrections_until < deadline:
        raise EventError(
            "bad_dates",
            [gettext("La fin des corrections ne peut précéder la date limite d'envoi.")],
        )
    if scoring_method not in (Method.MATCHPOINTS.value, Method.DATUM.value):
        raise EventError(
            "bad_method",
            [gettext("Un simultané se classe en points de match ou à la donne moyenne (datum).")],
        )
    try:
        rules = chosen_rules(preset=rules_preset)
    except ValueError as error:
        raise EventError("bad_rules", [str(error)]) from error
    event = Event(
        slug=slugs.unique_slug(Event, name, fallback="simultane"),
        name=name,
        date=date,
        board_count=board_count,
        deadline=deadline,
        corrections_until=corrections_until,
        rules_preset=rules_preset,
        rules=rules,
        scoring_method=scoring_method,
        hours_before=hours_before,
        own_travellers=own_travellers,
        small_clubs_below=small_clubs_below,
    )
    event.full_clean(exclude=["slug"])
    with transaction.atomic():
        event.save()
        event.organizers.add(by)
        EventRanking.objects.create(event=event)
    logger.info("event created: %s by=%s", event.slug, by)
    return event


def invite_club(
    *,
    event: Event,
    club: Club,
    session_starts_at: datetime,
    by: Account,
    region: str = "",
    laptop: bool = False,
) -> EventClub:
    """Invite a club (again: its session's time, region and laptop choice change)."""
    _refuse_unless_organizer(event, by)
    if event.status == Event.Status.CLOSED:
        raise EventError("closed", [gettext("Le simultané est clos.")])
    entry, created = EventClub.objects.get_or_create(
        event=event,
        club=club,
        defaults={"session_starts_at": session_starts_at, "region": region, "laptop": laptop},
    )
    if not created:
        if entry.tournament_id is not None and entry.laptop != laptop:
            raise EventError(
                "session_exists",
                [gettext("La séance de ce club existe déjà : son mode ne peut plus changer.")],
            )
        entry.session_starts_at = session_starts_at
        entry.region = region
        entry.laptop = laptop
        entry.save(update_fields=["session_starts_at", "region", "laptop"])
    return entry


def _session_fields(event: Event, club: Club, when: datetime) -> dict:
    return {
        "name": f"{event.name} – {club.name}",
        "date": timezone.localdate(when),
        "club": club.name,
        "rules_preset": event.rules_preset,
        "scoring_method": event.scoring_method,
        "deals_mode": Tournament.DealsMode.GENERATED,
    }


def _deal_session(event: Event, tournament: Tournament) -> None:
    try:
        install_event_deals(
            tournament=tournament,
            seed_hex=event.seed_hex,
            count=event.board_count,
            commitment=event.commitment,
        )
    except DealsError as error:
        raise EventError(error.code, error.messages) from error


@transaction.atomic
def answer_invitation(*, entry: EventClub, accept: bool, by: Account) -> EventClub:
    """A club organizer's answer. Accepting gives a club playing on the site its session: a
    tournament of the club, organized by whoever accepted, on the event's rules (and deals once
    the event is open). A club may not decline once its session has results."""
    entry = EventClub.objects.select_for_update().select_related("event", "club").get(pk=entry.pk)
    if not selectors.is_club_organizer(by, entry):
        raise EventError(
            "forbidden", [gettext("Seuls les organisateurs du club répondent à l'invitation.")]
        )
    event = entry.event
    if event.status == Event.Status.CLOSED:
        raise EventError("closed", [gettext("Le simultané est clos.")])
    if not accept:
        if entry.tournament_id is not None and entry.tournament.results.exists():
            raise EventError("played", [gettext("La séance du club a déjà des résultats.")])
        entry.answer = EventClub.Answer.DECLINED
    else:
        entry.answer = EventClub.Answer.ACCEPTED
        if not entry.laptop and entry.tournament_id is None:
            try:
                entry.tournament = create_tournament(
                    by=by,
                    fields=_session_fields(event, entry.club, entry.session_starts_at),
                    rules=event.rules,
                    organizing_club=entry.club,
                )
            except OrganizerError as error:
                raise EventError("session", [error.message]) from error
            entry.tournament.in_event = True
            entry.tournament.save(update_fields=["in_event"])
            if event.status == Event.Status.OPEN:
                _deal_session(event, entry.tournament)
    entry.answered_by = by
    entry.answered_at = timezone.now()
    entry.save()
    return entry


@transaction.atomic
def open_event(*, event: Event, by: Account) -> Event:
    """Open the event: its deals made once from a new secret seed, the commitment published,
    every accepted session on the site dealt the same boards. Only once."""
    _refuse_unless_organizer(event, by)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.DRAFT:
        raise EventError("not_draft", [gettext("Le simultané est déjà ouvert.")])
    seed = new_seed()
    event.seed_hex = seed.hex()
    event.commitment = seed_commitment(seed)
    event.generator_version = GENERATOR_VERSION
    event.status = Event.Status.OPEN
    event.opened_at = timezone.now()
    event.save()
    for entry in selectors.accepted_entries(event).exclude(tournament=None):
        _deal_session(event, entry.tournament)
    logger.info("event opened: %s commitment=%s", event.slug, event.commitment)
    return event


@transaction.atomic
def close_event(*, event: Event, by: Account) -> Event:
    """Close the event once its correction window is over: the seed revealed (anyone verifies
    the deals against the commitment), every session's hand records published, the figures
    final (``ranking.enqueue_event_ranking``)."""
    _refuse_unless_organizer(event, by)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.OPEN:
        raise EventError("not_open", [gettext("Le simultané n'est pas ouvert.")])
    if timezone.now() < event.corrections_until:
        raise EventError(
            "corrections",
            [gettext("La période de corrections n'est pas terminée : le simultané reste ouvert.")],
        )
    event.status = Event.Status.CLOSED
    event.closed_at = timezone.now()
    event.save()
    for entry in selectors.accepted_entries(event).exclude(tournament=None):
        if entry.tournament.round_set.exists():
            release_hands(tournament=entry.tournament, by=by)
    mark_event_changed(event_id=event.pk)
    logger.info("event closed: %s", event.slug)
    return event

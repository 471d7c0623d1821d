"""Writes of the online registration: a pair registers (or goes on the waiting list past the
capacity), the organizer approves it into a team (not checked in: it is checked in on the day
like any other) or refuses it, a pair withdraws, and the waiting list moves up whenever a place
is freed (an entry refused or withdrawn, a team withdrawn or deleted, a larger capacity).

Every act locks the tournament's row, so two pairs registering at once cannot both take the
last place. The e-mails are sent once the transaction is committed; one that fails is logged,
the registration stands (its page says the same)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial

from django.conf import settings
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext

from tournaments import public_pages
from tournaments.clubs.selectors import licence_key, name_key
from tournaments.service_errors import ServiceError
from tournaments.setup.models import Team, Tournament
from tournaments.setup.services import OrganizerError
from tournaments.setup.services.teams import (
    PlayerData,
    TeamData,
    register_team,
    set_withdrawn,
)

from .models import Entry, RegistrationSettings

logger = logging.getLogger(__name__)

RATE_LIMIT = 5
"""Registrations one address may send in ``RATE_WINDOW_SECONDS`` (a bot, a reloaded form)."""
RATE_WINDOW_SECONDS = 3600


class RegistrationError(ServiceError):
    """A registration refused (full, closed, a player twice...), with the message the page shows."""


class RateLimited(RegistrationError):
    """Too many registrations from one address: the page answers 429."""


@dataclass(frozen=True)
class PairData:
    players: tuple[PlayerData, PlayerData]
    email: str


def settings_of(*, tournament: Tournament) -> RegistrationSettings:
    found = RegistrationSettings.objects.filter(tournament=tournament).first()
    return found or RegistrationSettings(tournament=tournament)


def is_open(*, tournament: Tournament) -> bool:
    """Pairs may register: the organizer opened it and the tournament takes registrations."""
    return (
        tournament.status == Tournament.Status.REGISTRATION
        and settings_of(tournament=tournament).open
    )


def places_taken(*, tournament: Tournament) -> int:
    """Teams not withdrawn, and entries waiting for the organizer's decision."""
    teams = Team.objects.filter(tournament=tournament, withdrawn=False).count()
    return teams + Entry.objects.filter(tournament=tournament, status=Entry.Status.PENDING).count()


def places_left(*, tournament: Tournament) -> int | None:
    capacity = settings_of(tournament=tournament).capacity
    if capacity is None:
        return None
    return max(0, capacity - places_taken(tournament=tournament))


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _bump(tournament: Tournament) -> None:
    public_pages.bump(tournament.slug)
    transaction.on_commit(partial(public_pages.bump, tournament.slug))


def _site(site: str) -> str:
    return (site or settings.SITE_URL or "").rstrip("/")


def _mail(entry: Entry, kind: str, site: str) -> None:
    """The e-mail of ``kind`` to the pair, after the commit (none once its address was erased
    with an anonymised player)."""
    if not entry.email:
        return
    subjects = {
        "received": gettext("Inscription reçue : %(tournament)s"),
        "waiting": gettext("Liste d'attente : %(tournament)s"),
        "moved_up": gettext("Une place s'est libérée : %(tournament)s"),
        "approved": gettext("Inscription confirmée : %(tournament)s"),
        "refused": gettext("Inscription refusée : %(tournament)s"),
    }
    subject = subjects[kind] % {"tournament": entry.tournament.name}
    body = render_to_string(
        "registration/email.txt",
        {
            "entry": entry,
            "kind": kind,
            "tournament": entry.tournament,
            "link": _site(site) + entry.get_absolute_url(),
        },
    )

    def send() -> None:
        try:
            send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [entry.email])
        except Exception:
            logger.exception("registration %s: the %s e-mail could not be sent", entry.pk, kind)

    transaction.on_commit(send)


def check_rate(*, address: str | None) -> None:
    """Refuse a registration past ``RATE_LIMIT`` from one address within the window."""
    key = f"registration-rate:{address or 'unknown'}"
    try:
        cache.add(key, 0, RATE_WINDOW_SECONDS)
        count = cache.incr(key)
    except Exception:  # the cache unreachable: registrations are not refused for that
        logger.warning("registration rate limit: the cache is unreachable")
        return
    if count > RATE_LIMIT:
        raise RateLimited(
            gettext("Trop d'inscriptions envoyées depuis cette adresse : réessayez plus tard.")
        )


def register_pair(*, tournament: Tournament, data: PairData, site: str = "") -> Entry:
    """A pair's online registration: pending the organizer's decision, or on the waiting list
    when the tournament is full."""
    with transaction.atomic():
        tournament = _lock(tournament)
        if not is_open(tournament=tournament):
            raise RegistrationError(gettext("Les inscriptions en ligne sont fermées."))
        licences = {p.licence.strip().casefold() for p in data.players if p.licence.strip()}
        if licences:
            for entry in Entry.objects.filter(tournament=tournament, status__in=Entry.ACTIVE):
                if licences & {entry.p1_licence.casefold(), entry.p2_licence.casefold()}:
                    raise RegistrationError(
                        gettext("Un de ces joueurs est déjà inscrit à ce tournoi.")
                    )
            if tournament.players.filter(
                licence__in=[p.licence.strip() for p in data.players if p.licence.strip()]
            ).exists():
                raise RegistrationError(gettext("Un de ces joueurs est déjà inscrit à ce tournoi."))
        left = places_left(tournament=tournament)
        status = Entry.Status.WAITING if left == 0 else Entry.Status.PENDING
        one, two = data.players
        entry = Entry.objects.create(
            tournament=tournament,
            p1_first_name=one.first_name.strip(),
            p1_last_name=one.last_name.strip(),
            p1_licence=one.licence.strip(),
            p2_first_name=two.first_name.strip(),
            p2_last_name=two.last_name.strip(),
            p2_licence=two.licence.strip(),
            email=data.email.strip(),
            status=status,
        )
        _mail(entry, "waiting" if status == Entry.Status.WAITING else "received", site)
        _bump(tournament)
        return entry


def waiting_position(*, entry: Entry) -> int | None:
    """1 for the first pair of the waiting list."""
    if entry.status != Entry.Status.WAITING:
        return None
    return (
        Entry.objects.filter(
            tournament_id=entry.tournament_id,
            status=Entry.Status.WAITING,
            created_at__lte=entry.created_at,
        )
        .exclude(created_at=entry.created_at, pk__gt=entry.pk)
        .count()
    )


def move_up(*, tournament: Tournament, site: str = "") -> list[Entry]:
    """Give the free places to the waiting list, first come first served (inside a
    transaction holding the tournament's lock)."""
    moved = []
    left = places_left(tournament=tournament)
    while left is None or left > 0:
        entry = (
            Entry.objects.filter(tournament=tournament, status=Entry.Status.WAITING)
            .order_by("created_at", "pk")
            .first()
        )
        if entry is None:
            break
        entry.status = Entry.Status.PENDING
        entry.save(update_fields=["status"])
        _mail(entry, "moved_up", site)
        moved.append(entry)
        left = None if left is None else left - 1
    if moved:
        _bump(tournament)
    return moved


def set_registration(
    *, tournament: Tournament, open: bool, capacity: int | None, site: str = ""
) -> RegistrationSettings:
    """The organizer opens or closes the online registration and sets the capacity."""
    with transaction.atomic():
        tournament = _lock(tournament)
        if open and tournament.status != Tournament.Status.REGISTRATION:
            raise RegistrationError(
                gettext(
                    "Passez d'abord le tournoi à l'état « Inscriptions » pour ouvrir les "
                    "inscriptions en ligne."
                )
            )
        found, _ = RegistrationSettings.objects.update_or_create(
            tournament=tournament, defaults={"open": open, "capacity": capacity}
        )
        move_up(tournament=tournament, site=site)
        _bump(tournament)
        return found


def _decided(entry: Entry, status: str) -> None:
    entry.status = status
    entry.decided_at = timezone.now()


def approve(*, entry: Entry, site: str = "") -> Team:
    """The pair becomes a team of the tournament (checked in on the day)."""
    with transaction.atomic():
        tournament = _lock(entry.tournament)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if entry.status != Entry.Status.PENDING:
            raise RegistrationError(gettext("Seule une inscription en attente peut être acceptée."))
        try:
            team = register_team(
                tournament=tournament,
                data=TeamData(
                    players=(
                        PlayerData(entry.p1_first_name, entry.p1_last_name, entry.p1_licence),
                        PlayerData(entry.p2_first_name, entry.p2_last_name, entry.p2_licence),
                    )
                ),
            )
        except OrganizerError as error:
            raise RegistrationError(error.message) from error
        _decided(entry, Entry.Status.APPROVED)
        entry.team = team
        entry.save(update_fields=["status", "decided_at", "team"])
        _mail(entry, "approved", site)
        return team


def refuse(*, entry: Entry, site: str = "") -> Entry:
    with transaction.atomic():
        tournament = _lock(entry.tournament)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if entry.status not in (Entry.Status.PENDING, Entry.Status.WAITING):
            raise RegistrationError(gettext("Cette inscription est déjà traitée."))
        _decided(entry, Entry.Status.REFUSED)
        entry.save(update_fields=["status", "decided_at"])
        _mail(entry, "refused", site)
        move_up(tournament=tournament, site=site)
        _bump(tournament)  # the places left on the public page
        return entry


def withdraw(*, entry: Entry, site: str = "") -> Entry:
    """The pair withdraws (from its confirmation page): its team, if accepted, is declared
    withdrawn; the waiting list moves up."""
    with transaction.atomic():
        tournament = _lock(entry.tournament)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if entry.status not in Entry.ACTIVE:
            return entry
        team = entry.team
        _decided(entry, Entry.Status.WITHDRAWN)
        entry.save(update_fields=["status", "decided_at"])
        if team is not None and not team.withdrawn:
            set_withdrawn(
                team=team, withdrawn=True
            )  # sends team_withdrawn: on_team_withdrawn moves up
        else:
            move_up(tournament=tournament, site=site)
        _bump(tournament)
        return entry


def on_team_withdrawn(*, sender, team, **kwargs) -> None:
    """A team declared withdrawn or deleted (set-up): its online entry, if any, is withdrawn
    and the waiting list moves up (inside the set-up service's transaction)."""
    Entry.objects.filter(team=team, status=Entry.Status.APPROVED).update(
        status=Entry.Status.WITHDRAWN, decided_at=timezone.now()
    )
    tournament = _lock(team.tournament)
    if team.pk is not None:
        # The team still counts until the caller's update or delete: count it out here.
        Team.objects.filter(pk=team.pk).update(withdrawn=True)
    move_up(tournament=tournament)


def on_player_anonymised(*, sender, player, former=None, **kwargs) -> None:
    """A club's player anonymised on request (RGPD): their side of the pairs' entries in the
    club's tournaments is erased too, with the pair's contact e-mail (perhaps theirs), inside
    the clubs service's transaction. An accepted entry is found through its team's players,
    linked to the record; an entry never accepted has no link, so it is found by the licence
    the record had or, without one, by its name (folded)."""
    anonymous = {"first_name": gettext("Joueur"), "last_name": gettext("anonymisé")}
    former = former or {}
    licence = licence_key(former.get("licence", ""))
    name = name_key(former.get("first_name", ""), former.get("last_name", ""))
    entries = Entry.objects.filter(tournament__organizing_club_id=player.club_id).select_related(
        "team__player_one", "team__player_two"
    )
    for entry in entries:
        changed = []
        for side in ("p1", "p2"):
            team_player = None
            if entry.team is not None:
                team_player = entry.team.player_one if side == "p1" else entry.team.player_two
            if team_player is not None and team_player.club_player_id is not None:
                concerned = team_player.club_player_id == player.pk
            elif licence:
                concerned = licence_key(getattr(entry, f"{side}_licence")) == licence
            else:
                concerned = bool(former) and name == name_key(
                    getattr(entry, f"{side}_first_name"), getattr(entry, f"{side}_last_name")
                )
            if concerned:
                setattr(entry, f"{side}_first_name", anonymous["first_name"])
                setattr(entry, f"{side}_last_name", anonymous["last_name"])
                setattr(entry, f"{side}_licence", "")
                changed += [f"{side}_first_name", f"{side}_last_name", f"{side}_licence"]
        if changed:
            entry.email = ""
            entry.save(update_fields=[*changed, "email"])

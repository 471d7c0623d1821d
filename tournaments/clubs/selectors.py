"""Reads of clubs and their registry: the clubs a user organizes, a search, the likely
duplicates, the name the public may see."""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from .models import Club, ClubEvent, ClubPlayer, PlayerClaim


def clubs_organized_by(user) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(organizers=user)


def search_players(club: Club, query: str = "") -> QuerySet[ClubPlayer]:
    """The club's players whose name or licence contains ``query`` (every word of it)."""
    players = club.players.all()
    for word in query.split():
        players = players.filter(
            Q(first_name__icontains=word) | Q(last_name__icontains=word) | Q(licence__iexact=word)
        )
    return players


def _folded(text: str) -> str:
    """A name without case, accents, hyphens or spaces: « Émile-Zoé » and « emile zoe » meet."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum())


def name_key(first_name: str, last_name: str) -> str:
    return f"{_folded(last_name)}|{_folded(first_name)}"


def licence_key(licence: str) -> str:
    """A licence number as compared for duplicates: « 12 34 » and « 1234 » meet."""
    return _folded(licence)


@dataclass(frozen=True)
class Duplicate:
    """Two or more records that are probably the same person, and why."""

    players: tuple[ClubPlayer, ...]
    reason: str


def duplicate_candidates(club: Club) -> list[Duplicate]:
    """Records of the same name (folded: case, accents, hyphens), and records of one licence
    typed differently (spaces, case). Anonymised records are never proposed."""
    by_name: dict[str, list[ClubPlayer]] = defaultdict(list)
    by_licence: dict[str, list[ClubPlayer]] = defaultdict(list)
    for player in club.players.filter(anonymised=False):
        by_name[name_key(player.first_name, player.last_name)].append(player)
        if player.licence:
            by_licence[licence_key(player.licence)].append(player)
    found: list[Duplicate] = []
    seen: set[tuple[int, ...]] = set()
    for group, reason in [
        *((group, gettext("même licence")) for group in by_licence.values()),
        *((group, gettext("même nom")) for group in by_name.values()),
    ]:
        key = tuple(sorted(player.pk for player in group))
        if len(group) > 1 and key not in seen:
            seen.add(key)
            found.append(Duplicate(tuple(sorted(group, key=lambda p: p.pk)), reason))
    return found


def find_player(club: Club, *, first_name: str, last_name: str, licence: str = ""):
    """The registry's record for a player typed in a team: by licence first, else by name
    (folded) when exactly one record has it; None when unknown."""
    licence = licence.strip()
    if licence:
        match = club.players.filter(licence__iexact=licence).first()
        if match is not None:
            return match
    key = name_key(first_name, last_name)
    candidates = [
        player
        for player in club.players.filter(anonymised=False, last_name__iexact=last_name.strip())
        if name_key(player.first_name, player.last_name) == key
    ]
    if not candidates:
        # The folded key also meets names typed without accents: a slower full pass.
        candidates = [
            player
            for player in club.players.filter(anonymised=False)
            if name_key(player.first_name, player.last_name) == key
        ]
    if len(candidates) == 1 and not (licence and candidates[0].licence):
        return candidates[0]
    return None


def public_name(player: ClubPlayer | None) -> str:
    """The name anyone may read: the player's own with their consent, else a neutral label."""
    if player is None:
        return ""
    if player.anonymised:
        return gettext("Joueur anonymisé")
    if not player.public_consent:
        return gettext("Joueur n° %(id)s") % {"id": player.pk}
    return player.full_name


def recent_events(club: Club, limit: int = 20) -> QuerySet[ClubEvent]:
    return club.events.select_related("by", "player")[:limit]


# --- Accounts linked to records (rattachements) ---------------------------------------------


@dataclass(frozen=True)
class PendingClaim:
    """A claim waiting for the organizer, with the records that may be the player's: the same
    licence (folded) or the same name (folded), never an anonymised one or one linked already."""

    claim: PlayerClaim
    candidates: tuple[ClubPlayer, ...]


def pending_claims(club: Club) -> list[PendingClaim]:
    claims = club.claims.filter(status=PlayerClaim.Status.PENDING).select_related("user")
    if not claims:
        return []
    linked = set(
        PlayerClaim.objects.filter(club=club, status=PlayerClaim.Status.CONFIRMED).values_list(
            "club_player_id", flat=True
        )
    )
    players = [p for p in club.players.filter(anonymised=False) if p.pk not in linked]
    found = []
    for claim in claims:
        key = name_key(claim.first_name, claim.last_name)
        licence = licence_key(claim.licence)
        candidates = tuple(
            player
            for player in players
            if name_key(player.first_name, player.last_name) == key
            or (licence and player.licence and licence_key(player.licence) == licence)
        )
        found.append(PendingClaim(claim, candidates))
    return found


def claims_of(user) -> QuerySet[PlayerClaim]:
    """The account's own requests, with the club and (once confirmed) its record."""
    if not user.is_authenticated:
        return PlayerClaim.objects.none()
    return PlayerClaim.objects.filter(user=user).select_related("club", "club_player")


def claim_of(user, claim_id: int) -> PlayerClaim | None:
    """The account's own request of this number (None for another's)."""
    return claims_of(user).filter(pk=claim_id).first()


def linked_players(user) -> QuerySet[ClubPlayer]:
    """The registry records linked to the account (its confirmed requests)."""
    if not user.is_authenticated:
        return ClubPlayer.objects.none()
    return ClubPlayer.objects.filter(
        claims__user=user, claims__status=PlayerClaim.Status.CONFIRMED, anonymised=False
    )

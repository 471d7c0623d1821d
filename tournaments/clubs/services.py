"""Writes on clubs and their registry, each audited (``ClubEvent``): a club, a player, the merge
of two records of one person, the anonymisation of a player on request; and an account's
request to be linked to its record (``PlayerClaim``), confirmed or refused by an organizer."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.accounts.roles import Account
from tournaments.service_errors import ServiceError
from tournaments.slugs import unique_slug

from .models import Club, ClubEvent, ClubPlayer, PlayerClaim
from .selectors import find_player
from .signals import player_anonymised, players_merged

PLAYER_FIELDS = ("first_name", "last_name", "licence", "email", "public_consent")


class ClubError(ServiceError):
    """A write refused, with the message the page shows."""


@transaction.atomic
def create_club(*, name: str, town: str = "", by: Account | None = None) -> Club:
    name = name.strip()
    if not name:
        raise ClubError(gettext("Le nom du club manque."))
    club = Club.objects.create(
        slug=unique_slug(Club, name, fallback="club"),
        name=name,
        town=town.strip(),
    )
    if by is not None and by.is_authenticated:
        club.organizers.add(by)
    ClubEvent.objects.create(club=club, kind=ClubEvent.Kind.CLUB_CHANGED, by=_user(by))
    return club


def update_club(*, club: Club, name: str, town: str, co_organizers, by: Account) -> Club:
    """The club's name, town and organizers; the one who edits stays an organizer."""
    name = name.strip()
    if not name:
        raise ClubError(gettext("Le nom du club manque."))
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club.pk)
        changed = [f for f, v in (("name", name), ("town", town.strip())) if getattr(club, f) != v]
        club.name, club.town = name, town.strip()
        club.save()
        organizers = {*co_organizers}
        if by is not None and by.is_authenticated and club.organizers.filter(pk=by.pk).exists():
            organizers.add(by)
        before = set(club.organizers.values_list("pk", flat=True))
        club.organizers.set(organizers)
        if before != {u.pk for u in organizers}:
            changed.append("organizers")
        if changed:
            ClubEvent.objects.create(
                club=club,
                kind=ClubEvent.Kind.CLUB_CHANGED,
                by=_user(by),
                details={"fields": changed},
            )
        return club


def _user(by):
    return by if by is not None and getattr(by, "is_authenticated", False) else None


def _clean(values: dict) -> dict:
    cleaned = {}
    for field in PLAYER_FIELDS:
        if field in values:
            value = values[field]
            cleaned[field] = value.strip() if isinstance(value, str) else bool(value)
    if "first_name" in cleaned and not cleaned["first_name"]:
        raise ClubError(gettext("Le prénom manque."))
    if "last_name" in cleaned and not cleaned["last_name"]:
        raise ClubError(gettext("Le nom manque."))
    return cleaned


def _licence_taken(club: Club, licence: str, *, but=None) -> bool:
    if not licence:
        return False
    others = club.players.filter(licence__iexact=licence)
    if but is not None:
        others = others.exclude(pk=but.pk)
    return others.exists()


def _licence_error(licence: str) -> ClubError:
    return ClubError(
        gettext("La licence %(licence)s est déjà celle d'un autre joueur du club.")
        % {"licence": licence}
    )


def create_player(*, club: Club, by: Account | None = None, **values) -> ClubPlayer:
    """A new record in the club's registry."""
    values = _clean({"first_name": "", "last_name": "", **values})
    try:
        with transaction.atomic():
            Club.objects.select_for_update().get(pk=club.pk)
            if _licence_taken(club, values.get("licence", "")):
                raise _licence_error(values["licence"])
            player = ClubPlayer.objects.create(club=club, **values)
            ClubEvent.objects.create(
                club=club, kind=ClubEvent.Kind.CREATED, player=player, by=_user(by)
            )
            return player
    except IntegrityError as error:
        raise _licence_error(values.get("licence", "")) from error


def update_player(*, player: ClubPlayer, by: Account | None = None, **values) -> ClubPlayer:
    if player.anonymised:
        raise ClubError(gettext("Ce joueur est anonymisé : sa fiche ne peut plus changer."))
    values = _clean(values)
    try:
        with transaction.atomic():
            player = ClubPlayer.objects.select_for_update().get(pk=player.pk)
            if _licence_taken(player.club, values.get("licence", ""), but=player):
                raise _licence_error(values["licence"])
            changed = sorted(f for f, v in values.items() if getattr(player, f) != v)
            for field, value in values.items():
                setattr(player, field, value)
            player.save()
            if changed:
                ClubEvent.objects.create(
                    club=player.club,
                    kind=ClubEvent.Kind.CHANGED,
                    player=player,
                    by=_user(by),
                    details={"fields": changed},
                )
            return player
    except IntegrityError as error:
        raise _licence_error(values.get("licence", "")) from error


def player_for_entry(
    *, club: Club, first_name: str, last_name: str, licence: str = "", by: Account | None = None
) -> ClubPlayer:
    """The registry's record of a player typed in a team of the club's tournament: found by
    licence or name (``selectors.find_player``), else created on the fly (without public
    consent, which the player gives later)."""
    found = find_player(club, first_name=first_name, last_name=last_name, licence=licence)
    if found is not None:
        return found
    return create_player(
        club=club, first_name=first_name, last_name=last_name, licence=licence, by=by
    )


def merge_players(
    *, kept: ClubPlayer, removed: ClubPlayer, by: Account | None = None
) -> ClubPlayer:
    """Two records of one person become ``kept``: the tournaments played as ``removed`` follow
    (``players_merged``, received by set-up and the seasons), the missing licence, e-mail and
    consent are taken from ``removed``, which is deleted."""
    if kept.pk == removed.pk:
        raise ClubError(gettext("Choisissez deux fiches différentes."))
    if kept.club_id != removed.club_id:
        raise ClubError(gettext("Les deux fiches doivent appartenir au même club."))
    if kept.anonymised or removed.anonymised:
        raise ClubError(gettext("Une fiche anonymisée ne se fusionne pas."))
    with transaction.atomic():
        locked = {
            p.pk: p
            for p in ClubPlayer.objects.select_for_update().filter(pk__in=[kept.pk, removed.pk])
        }
        if len(locked) != 2:
            raise ClubError(gettext("Une des deux fiches n'existe plus : rechargez la page."))
        kept, removed = locked[kept.pk], locked[removed.pk]
        licences = {p.licence.casefold() for p in (kept, removed) if p.licence}
        if len(licences) > 1:
            raise ClubError(
                gettext(
                    "Les deux fiches ont des licences différentes : ce ne sont pas la même "
                    "personne."
                )
            )
        players_merged.send(sender=ClubPlayer, kept=kept, removed=removed)
        _move_claims(kept, removed)
        licence = kept.licence or removed.licence
        kept.email = kept.email or removed.email
        kept.public_consent = kept.public_consent or removed.public_consent
        removed_id = removed.pk
        removed.delete()
        kept.licence = licence
        kept.save()
        ClubEvent.objects.create(
            club=kept.club,
            kind=ClubEvent.Kind.MERGED,
            player=kept,
            by=_user(by),
            details={"removed": removed_id},
        )
        return kept


def anonymise_player(*, player: ClubPlayer, by: Account | None = None) -> ClubPlayer:
    """On the player's request (RGPD): the name, licence and e-mail are erased here and in the
    tournaments (``player_anonymised``); the results stay, under « Joueur anonymisé »."""
    with transaction.atomic():
        player = ClubPlayer.objects.select_for_update().get(pk=player.pk)
        if player.anonymised:
            return player
        former = {
            "first_name": player.first_name,
            "last_name": player.last_name,
            "licence": player.licence,
        }
        player.first_name = gettext("Joueur")
        player.last_name = gettext("anonymisé")
        player.licence = ""
        player.email = ""
        player.public_consent = False
        player.anonymised = True
        player.save()
        # The account's link to the record goes with the name: nothing ties them any more.
        PlayerClaim.objects.filter(club_player=player).delete()
        # The registry's history named the fields changed, never their values: nothing to erase.
        player_anonymised.send(sender=ClubPlayer, player=player, former=former)
        ClubEvent.objects.create(
            club=player.club, kind=ClubEvent.Kind.ANONYMISED, player=player, by=_user(by)
        )
        return player


def _move_claims(kept: ClubPlayer, removed: ClubPlayer) -> None:
    """The account linked to ``removed`` follows the merge, unless ``kept`` has one already
    (then the removed record's link goes: a record belongs to one account)."""
    claims = PlayerClaim.objects.filter(club_player=removed)
    if PlayerClaim.objects.filter(club_player=kept, status=PlayerClaim.Status.CONFIRMED).exists():
        claims.delete()
    else:
        claims.update(club_player=kept)


# --- An account's link to its record (rattachement) ----------------------------------------


def claim_player(
    *, by: Account, club: Club, first_name: str, last_name: str, licence: str = ""
) -> PlayerClaim:
    """The account asks to be linked to its record in ``club``'s registry, under the name (and
    licence) typed; a club's organizer confirms it (``confirm_claim``). The answer says nothing
    of the registry: whether such a record exists is for the organizer to see."""
    first_name, last_name, licence = first_name.strip(), last_name.strip(), licence.strip()
    if not first_name or not last_name:
        raise ClubError(gettext("Donnez votre prénom et votre nom, comme le club les connaît."))
    if not by.is_authenticated:
        raise ClubError(gettext("Connectez-vous pour demander un rattachement."))
    already = gettext("Vous avez déjà une demande en cours ou acceptée pour ce club.")
    if PlayerClaim.objects.filter(user=by, club=club, status__in=PlayerClaim.OPEN).exists():
        raise ClubError(already)
    try:
        with transaction.atomic():
            return PlayerClaim.objects.create(
                user=by, club=club, first_name=first_name, last_name=last_name, licence=licence
            )
    except IntegrityError:
        raise ClubError(already) from None


def confirm_claim(*, claim: PlayerClaim, club_player: ClubPlayer, by: Account) -> PlayerClaim:
    """The organizer links the claim's account to ``club_player`` (a record of the claim's
    club, not anonymised, linked to no other account); audited as « compte rattaché »."""
    if club_player.club_id != claim.club_id:
        raise ClubError(gettext("Cette fiche n'est pas dans le fichier de ce club."))
    if club_player.anonymised:
        raise ClubError(gettext("Une fiche anonymisée ne se rattache à aucun compte."))
    taken = gettext("Cette fiche est déjà rattachée à un autre compte.")
    try:
        with transaction.atomic():
            claim = PlayerClaim.objects.select_for_update().get(pk=claim.pk)
            if claim.status != PlayerClaim.Status.PENDING:
                raise ClubError(gettext("Cette demande a déjà reçu une réponse."))
            others = PlayerClaim.objects.filter(
                club_player=club_player, status=PlayerClaim.Status.CONFIRMED
            ).exclude(pk=claim.pk)
            if others.exists():
                raise ClubError(taken)
            claim.status = PlayerClaim.Status.CONFIRMED
            claim.club_player = club_player
            claim.decided_at = timezone.now()
            claim.decided_by = _user(by)
            claim.save()
            ClubEvent.objects.create(
                club=claim.club,
                kind=ClubEvent.Kind.LINKED,
                player=club_player,
                by=_user(by),
                details={"claim": claim.pk},
            )
            return claim
    except IntegrityError:
        raise ClubError(taken) from None


def refuse_claim(*, claim: PlayerClaim, by: Account) -> PlayerClaim:
    """The organizer finds no record for the claim (or not this account's): refused."""
    with transaction.atomic():
        claim = PlayerClaim.objects.select_for_update().get(pk=claim.pk)
        if claim.status != PlayerClaim.Status.PENDING:
            raise ClubError(gettext("Cette demande a déjà reçu une réponse."))
        claim.status = PlayerClaim.Status.REFUSED
        claim.decided_at = timezone.now()
        claim.decided_by = _user(by)
        claim.save()
        return claim


def withdraw_claim(*, claim: PlayerClaim, by: Account) -> None:
    """The account withdraws its request, or undoes its link (it may ask again later)."""
    if claim.user_id != getattr(by, "pk", None):
        raise ClubError(gettext("Cette demande n'est pas la vôtre."))
    claim.delete()


def set_own_consent(*, claim: PlayerClaim, by: Account, public_consent: bool) -> ClubPlayer:
    """A linked player gives or withdraws their own consent to appear publicly; audited like
    an organizer's change of the record (the field's name, never its value)."""
    if claim.user_id != getattr(by, "pk", None) or claim.status != PlayerClaim.Status.CONFIRMED:
        raise ClubError(gettext("Cette fiche n'est pas rattachée à votre compte."))
    with transaction.atomic():
        player = ClubPlayer.objects.select_for_update().get(pk=claim.club_player_id)
        if player.anonymised:
            raise ClubError(gettext("Ce joueur est anonymisé : sa fiche ne peut plus changer."))
        if player.public_consent != public_consent:
            player.public_consent = public_consent
            player.save(update_fields=["public_consent"])
            ClubEvent.objects.create(
                club=player.club,
                kind=ClubEvent.Kind.CHANGED,
                player=player,
                by=_user(by),
                details={"fields": ["public_consent"], "by_player": True},
            )
        return player

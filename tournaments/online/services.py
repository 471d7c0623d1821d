"""Writes of the online tournaments: create one on fresh fixed deals, enter it, play a deal,
abandon it (docs/online.md). Keyword-only; a refusal is an ``OnlineError`` with its reason."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.duplicate.online import pool_instance
from scoring.engine.rules import PRESETS
from scoring.robots.robot import DEFAULT_WORLDS
from tournaments.accounts.roles import Account
from tournaments.clubs.models import Club
from tournaments.deals.models import Board, DealSet
from tournaments.deals.services import generate_deals, release_hands
from tournaments.play.models import Game
from tournaments.play.services import abandon_game, start_game
from tournaments.service_errors import ServiceError
from tournaments.setup.models import Round, Tournament
from tournaments.slugs import unique_slug

from .models import MAX_DEALS, MAX_INSTANCES, MIN_DEALS, OnlineEntry, OnlinePlay, OnlineTournament
from .policy import can_organize_for


class OnlineError(ServiceError):
    """An act on an online tournament refused, with its reason."""


def create_online_tournament(
    *,
    by: Account,
    name: str,
    opens_at: datetime,
    closes_at: datetime,
    club: Club | None = None,
    deal_count: int = 4,
    instances: int = 1,
    rules_preset: str = "belote-l",
) -> OnlineTournament:
    """A new online tournament of ``deal_count`` deals in ``instances`` instances each, dealt at
    once by the deal generator (a new seed, its commitment published) on a set-up tournament of
    its own (its ``container``: ``instances`` rounds of ``deal_count`` boards, kept a draft so
    that no tournament page shows it). ``club`` None: the site's, for the staff."""
    if not can_organize_for(by, club):
        raise OnlineError(_("Vous n'organisez pas pour ce club."))
    name = (name or "").strip()
    if not name:
        raise OnlineError(_("Le tournoi doit avoir un nom."))
    if not MIN_DEALS <= deal_count <= MAX_DEALS:
        raise OnlineError(
            _("Un tournoi en ligne a de %(min)s à %(max)s donnes.")
            % {"min": MIN_DEALS, "max": MAX_DEALS}
        )
    if not 1 <= instances <= MAX_INSTANCES:
        raise OnlineError(
            _("De 1 à %(max)s donnes différentes par numéro.") % {"max": MAX_INSTANCES}
        )
    if closes_at <= opens_at:
        raise OnlineError(_("La clôture doit suivre l'ouverture."))
    if rules_preset not in PRESETS:
        raise OnlineError(_("Règlement inconnu."))
    with transaction.atomic():
        container = Tournament.objects.create(
            slug=unique_slug(Tournament, f"en-ligne-{name}", fallback="en-ligne"),
            name=name,
            date=timezone.localdate(opens_at),
            club=club.name if club is not None else "",
            organizing_club=None,
            status=Tournament.Status.DRAFT,
            rules_preset=rules_preset,
            rounds=instances,
            boards_per_round=deal_count,
            table_entry=False,
        )
        Round.objects.bulk_create(
            [Round(tournament=container, number=number) for number in range(1, instances + 1)]
        )
        generate_deals(tournament=container, by=by)
        tournament = OnlineTournament.objects.create(
            slug=unique_slug(OnlineTournament, name, fallback="tournoi-en-ligne"),
            name=name,
            club=club,
            deal_count=deal_count,
            instances=instances,
            opens_at=opens_at,
            closes_at=closes_at,
            rules_preset=rules_preset,
            container=container,
            created_by=by,
        )
    return tournament


def enter(*, tournament: OnlineTournament, player: Account) -> OnlineEntry:
    """``player``'s entry, while the window is open; a second entry of the same account is
    refused (and, under a race, by the unique constraint)."""
    if not player.is_authenticated:
        raise OnlineError(_("Connectez-vous pour jouer."))
    if not tournament.is_open():
        raise OnlineError(_("Le tournoi n'est pas ouvert."))
    try:
        with transaction.atomic():
            OnlineTournament.objects.select_for_update().get(pk=tournament.pk)
            if OnlineEntry.objects.filter(tournament=tournament, player=player).exists():
                raise OnlineError(_("Vous êtes déjà inscrit à ce tournoi."))
            last = OnlineEntry.objects.filter(tournament=tournament).aggregate(Max("number"))
            number = (last["number__max"] or 0) + 1
            return OnlineEntry.objects.create(tournament=tournament, player=player, number=number)
    except IntegrityError:
        raise OnlineError(_("Vous êtes déjà inscrit à ce tournoi.")) from None


def play_deal(
    *,
    tournament: OnlineTournament,
    player: Account,
    deal: int,
    seed: int | None = None,
    worlds: int = DEFAULT_WORLDS,
) -> Game:
    """The game of ``deal`` for ``player``: started now on the pool's instance for the entry
    (the robots starting if the first call is theirs; ``seed`` and ``worlds`` theirs, random
    and the default for a player), or the one already started. Refused outside the window,
    without an entry, for a deal the tournament does not have."""
    entry = OnlineEntry.objects.filter(tournament=tournament, player=player).first()
    if entry is None:
        raise OnlineError(_("Inscrivez-vous d'abord au tournoi."))
    if not 1 <= deal <= tournament.deal_count:
        raise OnlineError(_("Ce tournoi n'a pas cette donne."))
    existing = OnlinePlay.objects.filter(entry=entry, deal=deal).select_related("game").first()
    if existing is not None:
        return existing.game
    if not tournament.is_open():
        raise OnlineError(_("Le tournoi n'est pas ouvert."))
    instance = pool_instance(deal, entry.number, tournament.instances)
    board = Board.objects.get(
        tournament=tournament.container, number=tournament.board_number(deal, instance)
    )
    try:
        with transaction.atomic():
            game = start_game(player=player, board=board, seed=seed, worlds=worlds)
            OnlinePlay.objects.create(
                entry=entry, deal=deal, instance=instance, board=board, game=game
            )
    except IntegrityError:
        # The same deal started twice at once: the first one stands.
        return OnlinePlay.objects.select_related("game").get(entry=entry, deal=deal).game
    return game


def abandon_deal(*, tournament: OnlineTournament, player: Account, deal: int) -> Game:
    """``player`` leaves the game of ``deal``: it counts as the lowest score of its deal."""
    play = (
        OnlinePlay.objects.filter(entry__tournament=tournament, entry__player=player, deal=deal)
        .select_related("game")
        .first()
    )
    if play is None:
        raise OnlineError(_("Vous n'avez pas commencé cette donne."))
    return abandon_game(game=play.game, player=player)


def reveal_deals_if_closed(*, tournament: OnlineTournament) -> bool:
    """Once the window is closed, release the container's hand records: the seed is revealed
    (anyone can then regenerate the deals and check them against the commitment) and the
    games show the four hands at their end. Idempotent; returns whether it revealed now."""
    if not tournament.is_closed():
        return False
    if DealSet.objects.filter(tournament=tournament.container, revealed_at__isnull=False).exists():
        return False
    release_hands(tournament=tournament.container)
    return True

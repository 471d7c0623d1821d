"""Who may see or do what in an online tournament (docs/online.md, « Who sees what »).

A player sees no other result of a deal before having finished it (played out or abandoned),
and the ranking only after finishing every deal; everyone sees both once the window closes.
The organizers (the club's, or the staff for the site's) see them at any time, unless they
entered the tournament themselves: then they are players like the others."""

from __future__ import annotations

from scoring.duplicate.online import pool_instance
from tournaments.clubs.access import can_manage_club
from tournaments.clubs.models import Club
from tournaments.play.models import Game

from .models import OnlineEntry, OnlineTournament

OVER = (Game.Status.FINISHED, Game.Status.ABANDONED)


def can_organize_for(user, club: Club | None) -> bool:
    """Create an online tournament for ``club``: its organizers; for the site (None): staff."""
    if user is None or not user.is_authenticated:
        return False
    if club is None:
        return user.is_staff or user.is_superuser
    return can_manage_club(user, club)


def can_create_any(user) -> bool:
    """Whether the « new online tournament » page is offered at all."""
    if user is None or not user.is_authenticated:
        return False
    return user.is_staff or user.is_superuser or user.organized_clubs.exists()


def is_organizer(user, tournament: OnlineTournament) -> bool:
    return can_organize_for(user, tournament.club)


def entry_of(user, tournament: OnlineTournament) -> OnlineEntry | None:
    if user is None or not user.is_authenticated:
        return None
    return OnlineEntry.objects.filter(tournament=tournament, player=user).first()


def deals_over(entry: OnlineEntry) -> set[int]:
    """The deals ``entry`` has finished or abandoned."""
    return set(entry.plays.filter(game__status__in=OVER).values_list("deal", flat=True))


def _staff_view(user, tournament: OnlineTournament, entry: OnlineEntry | None) -> bool:
    return entry is None and is_organizer(user, tournament)


def can_see_deal_results(user, tournament: OnlineTournament, deal: int) -> bool:
    """The results of ``deal`` by the others (its travellers, the Belote'L differences)."""
    if tournament.is_closed():
        return True
    entry = entry_of(user, tournament)
    if entry is None:
        return _staff_view(user, tournament, entry)
    return deal in deals_over(entry)


def can_see_ranking(user, tournament: OnlineTournament) -> bool:
    """The ranking: once the window closes; before, a player who finished every deal."""
    if tournament.is_closed():
        return True
    entry = entry_of(user, tournament)
    if entry is None:
        return _staff_view(user, tournament, entry)
    return len(deals_over(entry)) == tournament.deal_count


def may_start_board(user, board) -> bool:
    """The reason online tournaments give the play app's policy to start a game of ``board``
    (``setup.policy.register_start_grant``): the board is a deal of an open online tournament,
    in the instance of the pool that the account's entry plays."""
    tournament = OnlineTournament.objects.filter(container_id=board.tournament_id).first()
    if tournament is None or not tournament.is_open():
        return False
    entry = entry_of(user, tournament)
    if entry is None:
        return False
    deal = (board.number - 1) % tournament.deal_count + 1
    instance = (board.number - 1) // tournament.deal_count + 1
    return instance == pool_instance(deal, entry.number, tournament.instances)

"""The room's boards replayed in the tests: a club's tournament whose players are in the
club's registry, an account linked to one of them, a finished game of a board with the marks
wanted (docs/play.md)."""

from __future__ import annotations

from django.utils import timezone

from tournaments.clubs import services as clubs
from tournaments.clubs.models import ClubPlayer
from tournaments.play.models import Game
from tournaments.setup.models import Player


def club_of(tournament, organizer):
    """The tournament made a club's (``organizing_club``), each of its players given a record
    in the club's registry."""
    club = clubs.create_club(name=f"Club de {tournament.name}", by=organizer)
    tournament.organizing_club = club
    tournament.save(update_fields=["organizing_club"])
    for player in Player.objects.filter(tournament=tournament):
        player.club_player = ClubPlayer.objects.create(
            club=club, first_name=player.first_name, last_name=player.last_name
        )
        player.save(update_fields=["club_player"])
    return club


def linked_account(user, player: Player, organizer):
    """``user`` linked to ``player``'s record by a claim the club's organizer confirmed."""
    record = player.club_player
    claim = clubs.claim_player(
        by=user, club=record.club, first_name=record.first_name, last_name=record.last_name
    )
    return clubs.confirm_claim(claim=claim, club_player=record, by=organizer)


def finished_game(user, board, *, ns: int, ew: int) -> Game:
    """A game of ``board`` over, the replayer's side (NS) having scored ``ns`` and the robots
    ``ew``: the marks as ``services._finish`` stores them."""
    return Game.objects.create(
        player=user,
        board=board,
        rules_preset="",
        rules=board.tournament.rule_settings().to_dict(),
        dealer=board.dealer,
        hands=dict(board.hands),
        seed=1,
        worlds=2,
        status=Game.Status.FINISHED,
        score={"ns": ns, "ew": ew, "made": True, "detail": {}},
        record={},
        finished_at=timezone.now(),
    )

"""Seasons in the tests: a club with players, finished tournaments of that club whose final
ranking is written by hand (the entries a recomputation would store), and a season."""

from __future__ import annotations

import datetime

from django.utils import timezone

from tests.support.factories import make_tournament
from tournaments.clubs.services import create_club, create_player
from tournaments.setup.models import Player, Team, Tournament
from tournaments.standings.models import RankingSnapshot


def club_with_players(names: list[str], *, organizer=None, consent: bool = True):
    """A club and one registry record per first name (last name « Joueur », licence L<name>)."""
    club = create_club(name=f"Club {len(names)} {timezone.now():%H%M%S%f}", by=organizer)
    players = {
        name: create_player(
            club=club,
            first_name=name,
            last_name="Joueur",
            licence=f"L{name}",
            public_consent=consent,
        )
        for name in names
    }
    return club, players


def finished_tournament(
    club, day: int, teams: list[tuple], *, organizer=None, status=Tournament.Status.FINISHED
) -> Tournament:
    """A tournament of ``club`` on December ``day`` whose final ranking is ``teams``:
    ``(player one, player two, rank, percentage, direction)``, numbered in order from 1."""
    tournament = make_tournament(
        organizer=organizer,
        organizing_club=club,
        date=datetime.date(2026, 12, day),
        status=status,
    )
    entries = []
    for number, (one, two, rank, percentage, direction) in enumerate(teams, start=1):
        members = [
            Player.objects.create(
                tournament=tournament,
                first_name=p.first_name,
                last_name=p.last_name,
                club_player=p,
            )
            for p in (one, two)
        ]
        Team.objects.create(
            tournament=tournament,
            number=number,
            player_one=members[0],
            player_two=members[1],
            checked_in=True,
        )
        entries.append(
            {
                "rank": rank,
                "team": number,
                "name": f"{one.last_name} – {two.last_name}",
                "direction": direction,
                "score": percentage,
                "percentage": percentage,
                "boards": 6,
                "tied": sum(1 for t in teams if t[2] == rank and t[4] == direction) > 1,
            }
        )
    RankingSnapshot.objects.create(
        tournament=tournament,
        version=1,
        up_to_round=None,
        method="matchpoints",
        entries=entries,
        includes_changes_until=timezone.now(),
    )
    return tournament

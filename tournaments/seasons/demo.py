"""A demo season: a club, its registry, N finished tournaments whose players come back with
changing partners, and the season ranking them (``manage.py demo_season``, ``bin/run``)."""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from scoring.duplicate.season import SeasonMethod
from tournaments.clubs.services import create_club, create_player
from tournaments.deals.services import generate_deals
from tournaments.results.demo import record_demo_results
from tournaments.setup.models import Tournament
from tournaments.setup.services.demo import FIRST_NAMES, LAST_NAMES, VENUE
from tournaments.setup.services.plan import generate_plan, publish_rounds
from tournaments.setup.services.teams import PlayerData, TeamData, register_teams
from tournaments.setup.services.tournament import change_status, unique_slug
from tournaments.standings.services import recompute_tournament

from .models import Season
from .services import create_season, recompute_season

TEAMS = 8
POOL = 22
CLUB_NAME = "Coinche Club de Montreuil"


@transaction.atomic
def build_demo_season(tournaments: int = 4, *, organizer_username: str | None = None) -> Season:
    """A club (its organizer the given user, when it exists), a registry of 22 players who
    agreed to appear publicly, ``tournaments`` weekly tournaments of 8 teams drawn from them
    (Mitchell, 3 rounds of 3 boards, results entered and ranked, finished) and a season
    counting them (average percentage, best 3, ranked from 2 tournaments)."""
    organizer = None
    if organizer_username:
        organizer = get_user_model().objects.filter(username=organizer_username).first()
    club = create_club(name=CLUB_NAME, town="Montreuil", by=organizer)
    rng = random.Random(f"demo-season-{club.slug}")  # noqa: S311 - demo data only
    people = rng.sample([(f, last) for f in FIRST_NAMES for last in LAST_NAMES], POOL)
    pool = [
        create_player(
            club=club,
            first_name=first,
            last_name=last,
            licence=f"{rng.randrange(1_000_000, 9_999_999):07d}",
            public_consent=True,
        )
        for first, last in people
    ]
    today = timezone.localdate()
    built = []
    for week in range(tournaments):
        day = today - datetime.timedelta(days=7 * (tournaments - week))
        built.append(_demo_tournament(club, day, pool, rng, organizer))
    season = create_season(
        club=club,
        values={
            "name": f"Challenge {today.year} du {CLUB_NAME}",
            "method": SeasonMethod.AVERAGE.value,
            "best_of": 3,
            "minimum_played": 2,
        },
        tournaments=built,
    )
    recompute_season(season_id=season.pk)
    return season


def _demo_tournament(club, day: datetime.date, pool, rng: random.Random, organizer) -> Tournament:
    name = f"Tournoi du {day:%d/%m/%Y}"
    tournament = Tournament.objects.create(
        slug=unique_slug(name=f"{club.slug} {name}"),
        name=name,
        date=day,
        venue=VENUE,
        club=club.name,
        organizing_club=club,
        rounds=3,
        boards_per_round=3,
        status=Tournament.Status.REGISTRATION,
    )
    tournament.rules = tournament.rule_settings().to_dict()
    tournament.save(update_fields=["rules"])
    if organizer is not None:
        tournament.organizers.add(organizer)
    present = rng.sample(pool, 2 * TEAMS)  # a new draw every week: new partners
    register_teams(
        tournament=tournament,
        teams=[
            TeamData(
                players=tuple(
                    PlayerData(p.first_name, p.last_name, p.licence, club.name)
                    for p in present[2 * n : 2 * n + 2]
                ),
                number=n + 1,
            )
            for n in range(TEAMS)
        ],
    )
    tournament.teams.update(checked_in=True)
    generate_plan(tournament=tournament)
    publish_rounds(tournament=tournament)
    change_status(tournament=tournament, status=Tournament.Status.RUNNING)
    generate_deals(tournament=tournament)
    record_demo_results(tournament)
    recompute_tournament(tournament_id=tournament.pk)
    change_status(tournament=tournament, status=Tournament.Status.FINISHED)
    return tournament

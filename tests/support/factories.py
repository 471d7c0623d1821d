"""Test data builders: tournaments with teams, a table plan written out by hand, and boards;
a demo tournament with its results and scores, and the clean-up of one made outside a test's
transaction.

The default plan is a 6-team, 3-table, 3-round Mitchell with 2 boards a round (6 boards):
NS teams 1-3 stay at tables 1-3, EW teams 4-6 move up one table, board sets move down one.
"""

import datetime
import itertools

from django.utils import timezone
from django.utils.text import slugify

from scoring.engine.cards import DECK, SEATS_PBN_ORDER, Hand
from tournaments.deals.models import Board
from tournaments.setup.models import Player, Round, Table, TableAssignment, Team, Tournament

# (round, table, ns, ew, boards), derived by hand from the Mitchell rule.
SMALL_MITCHELL = [
    (1, 1, 1, 4, [1, 2]),
    (1, 2, 2, 5, [3, 4]),
    (1, 3, 3, 6, [5, 6]),
    (2, 1, 1, 6, [3, 4]),
    (2, 2, 2, 4, [5, 6]),
    (2, 3, 3, 5, [1, 2]),
    (3, 1, 1, 5, [5, 6]),
    (3, 2, 2, 6, [1, 2]),
    (3, 3, 3, 4, [3, 4]),
]

FIRST_NAMES = ["Anne", "Bruno", "Chloé", "Denis", "Élise", "Fabien", "Gaëlle", "Hugo"]
LAST_NAMES = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand"]

_counter = itertools.count(1)


def make_tournament(*, organizer=None, arbiter=None, **fields) -> Tournament:
    number = next(_counter)
    defaults = {
        "name": f"Tournoi test {number}",
        "slug": slugify(f"tournoi-test-{number}"),
        "date": datetime.date(2026, 12, 5),
        "venue": "Salle des fêtes",
        "club": "Coinche Club",
        "status": Tournament.Status.RUNNING,
        "boards_per_round": 2,
        "rounds": 3,
    }
    defaults.update(fields)
    tournament = Tournament.objects.create(**defaults)
    if organizer is not None:
        tournament.organizers.add(organizer)
    if arbiter is not None:
        tournament.arbiters.add(arbiter)
    return tournament


def add_teams(tournament: Tournament, count: int) -> list[Team]:
    teams = []
    for number in range(1, count + 1):
        players = [
            Player.objects.create(
                tournament=tournament,
                first_name=FIRST_NAMES[(2 * number + k) % len(FIRST_NAMES)],
                last_name=f"{LAST_NAMES[(2 * number + k) % len(LAST_NAMES)]}{number}",
                licence=f"{tournament.pk:03d}{number:03d}{k}",
                club="Coinche Club",
            )
            for k in range(2)
        ]
        teams.append(
            Team.objects.create(
                tournament=tournament,
                number=number,
                name=f"Équipe {number}",
                player_one=players[0],
                player_two=players[1],
                checked_in=True,
            )
        )
    return teams


def add_plan(
    tournament: Tournament, rows=SMALL_MITCHELL, published: bool = True, started: bool = True
):
    """Store a table plan given as (round, table, ns, ew, boards) rows; None is the phantom.

    Published rounds are started (open for the tables' entry) unless ``started`` is False."""
    teams = {team.number: team for team in tournament.teams.all()}
    rounds, tables = {}, {}
    for round_number, table_number, ns, ew, boards in rows:
        if round_number not in rounds:
            rounds[round_number] = Round.objects.create(
                tournament=tournament,
                number=round_number,
                published=published,
                started_at=timezone.now() if published and started else None,
            )
        if table_number not in tables:
            tables[table_number] = Table.objects.create(tournament=tournament, number=table_number)
        TableAssignment.objects.create(
            round=rounds[round_number],
            table=tables[table_number],
            ns_team=teams.get(ns),
            ew_team=teams.get(ew),
            boards=list(boards),
        )
    return rounds, tables


def deal_for(number: int) -> dict[str, str]:
    """A fixed, valid deal for a board number (a rotation of the deck, not a random one)."""
    step = (number * 7) % 32
    cards = DECK[step:] + DECK[:step]
    # Interleave so that each hand gets several suits.
    hands = {seat: [] for seat in SEATS_PBN_ORDER}
    for index, card in enumerate(cards):
        hands[SEATS_PBN_ORDER[(index + number) % 4]].append(card)
    return {seat.value: Hand(cards).pbn() for seat, cards in hands.items()}


def add_boards(tournament: Tournament, count: int, with_hands: bool = True) -> list[Board]:
    dealers = ["N", "W", "S", "E"]
    return [
        Board.objects.create(
            tournament=tournament,
            number=number,
            dealer=dealers[(number - 1) % 4],
            hands=deal_for(number) if with_hands else {},
        )
        for number in range(1, count + 1)
    ]


def team_at(assignment: TableAssignment, side: str):
    """The policy's actor for the team sitting ``side`` ("NS"/"EW") at this table: a team that
    gave its code."""
    from tournaments.setup.policy import team_actor

    return team_actor(assignment.team_of(side))


def small_tournament(*, organizer=None, arbiter=None, **fields) -> Tournament:
    """A running 6-team Mitchell with its published plan and 6 boards with hands."""
    tournament = make_tournament(organizer=organizer, arbiter=arbiter, **fields)
    add_teams(tournament, 6)
    add_plan(tournament)
    add_boards(tournament, 6)
    return tournament


def demo_tournament(**fields) -> Tournament:
    """The 6-team Mitchell of ``small_tournament`` with a confirmed result at every table and
    its scores computed (what the recomputation job would have stored)."""
    from tournaments.results.demo import record_demo_results
    from tournaments.standings.recomputation import recompute

    tournament = small_tournament(**fields)
    record_demo_results(tournament)
    recompute(tournament.pk, force=True)
    return tournament


def drop_tournament(tournament: Tournament) -> None:
    """Delete a tournament made outside a test transaction (teams and players are protected)."""
    TableAssignment.objects.filter(round__tournament=tournament).delete()
    Team.objects.filter(tournament=tournament).delete()
    Player.objects.filter(tournament=tournament).delete()
    tournament.delete()

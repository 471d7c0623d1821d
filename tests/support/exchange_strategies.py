"""Hypothesis strategies for the exchange formats: whole events of a few clubs, each a random
tournament on the project's movements (``field_strategies``) with teams, players, licence
numbers and, on most played lines, the deal's record (contract, taker, coinche, points made or
capot, belote, annonces)."""

from __future__ import annotations

import datetime

from hypothesis import strategies as st

from scoring.duplicate import Method
from scoring.engine.annonces import Annonce, AnnonceKind
from scoring.engine.cards import Rank, Seat, Side, Strain, Suit
from scoring.engine.result_record import CAPOT, Capot, Contract, ResultRecord
from scoring.engine.rule_values import Coinche
from scoring.exchange import ClubResults, EventResults, Player, Team, TravellerLine
from tests.support.field_strategies import fields

# Words with what a file must escape or quote: accents, quotes, <, &, a backslash.
WORDS = st.text(alphabet="abcdeéèçàôùxyzABCÉ'\"<>&\\-.0123456789", min_size=1, max_size=8)
NAMES = st.lists(WORDS, min_size=1, max_size=3).map(" ".join)

ANNONCES = (
    Annonce(Seat.NORTH, AnnonceKind.TIERCE, Rank.KING, Suit.HEARTS),
    Annonce(Seat.EAST, AnnonceKind.CINQUANTE, Rank.ACE, Suit.SPADES),
    Annonce(Seat.SOUTH, AnnonceKind.CENT, Rank.QUEEN, Suit.CLUBS),
    Annonce(Seat.WEST, AnnonceKind.CARRE, Rank.JACK),
    Annonce(Seat.NORTH, AnnonceKind.CARRE, Rank.NINE),
)


@st.composite
def records(draw) -> ResultRecord:
    """A deal's record: passed out now and then, else a contract with points made or a capot."""
    if draw(st.integers(0, 9)) == 0:
        return ResultRecord(passed=True)
    bid = draw(st.sampled_from([80, 90, 100, 110, 120, 130, 140, 150, 160, 250, CAPOT]))
    contract = Contract(
        bid,
        draw(st.sampled_from(Strain)),
        draw(st.sampled_from(Seat)),
        draw(st.sampled_from(Coinche)),
    )
    capot = draw(st.sampled_from([None, None, None, Capot.TAKER, Capot.DEFENCE]))
    points = None if capot is not None else draw(st.integers(0, 162))
    return ResultRecord(
        passed=False,
        contract=contract,
        taker_points=points,
        capot=capot,
        generale=capot is not None and draw(st.booleans()),
        belote=tuple(draw(st.lists(st.sampled_from(Seat), max_size=2, unique=True))),
        annonces=tuple(draw(st.lists(st.sampled_from(ANNONCES), max_size=3, unique=True))),
    )


@st.composite
def club_results(draw, club: str) -> ClubResults:
    tournament = draw(fields())
    team_numbers = sorted({team for result in tournament.results for team in result.teams()})
    teams = []
    for number in team_numbers:
        players = tuple(
            Player(draw(NAMES), draw(st.none() | st.from_regex(r"[0-9]{4,8}", fullmatch=True)))
            for _ in range(draw(st.integers(0, 2)))
        )
        direction = None if tournament.single_ranking else draw(st.sampled_from(Side))
        # Unique in the club: the JSON lines name teams, they do not number them.
        teams.append(Team(number, f"{draw(NAMES)} {number}", direction, players))
    lines = tuple(
        TravellerLine(
            result,
            draw(st.none() | records()) if result.is_played else None,
        )
        for result in sorted(tournament.results, key=lambda result: result.key)
    )
    return ClubResults(
        club=club,
        name=draw(NAMES),
        session=draw(st.integers(1, 2)),
        region=draw(st.none() | NAMES),
        tables=draw(st.none() | st.integers(1, 20)),
        single_ranking=tournament.single_ranking,
        expected_plays=tournament.expected_plays,
        teams=tuple(teams),
        lines=lines,
    )


@st.composite
def events(draw, *, methods=(Method.MATCHPOINTS, Method.DATUM)) -> EventResults:
    count = draw(st.integers(1, 3))
    clubs = tuple(draw(club_results(f"club-{index}")) for index in range(1, count + 1))
    return EventResults(
        event=draw(st.from_regex(r"[a-z0-9-]{1,12}", fullmatch=True)),
        name=draw(NAMES),
        method=draw(st.sampled_from(methods)),
        date=draw(st.none() | st.dates(datetime.date(2000, 1, 1), datetime.date(2099, 12, 31))),
        clubs=clubs,
    )

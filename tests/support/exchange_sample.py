"""A small event to write and read in the format tests: one club, two tables on board 1 (a
coinched 100 hearts made with belote and a tierce; an adjusted 60/40), a player's licence."""

import datetime

from scoring.duplicate import Adjustment, BoardResult, Method
from scoring.engine.annonces import Annonce, AnnonceKind
from scoring.engine.cards import Rank, Seat, Side, Strain, Suit
from scoring.engine.result_record import Contract, ResultRecord
from scoring.engine.rule_values import Coinche
from scoring.exchange import ClubResults, EventResults, Player, Team, TravellerLine

RECORD = ResultRecord(
    passed=False,
    contract=Contract(100, Strain.HEARTS, Seat.NORTH, Coinche.COINCHE),
    taker_points=92,
    belote=(Seat.NORTH,),
    annonces=(Annonce(Seat.SOUTH, AnnonceKind.TIERCE, Rank.KING, Suit.CLUBS),),
)
ANGERS = ClubResults(
    "angers",
    "Club d'Angers",
    region="Pays de la Loire",
    tables=2,
    expected_plays={1: 2},
    teams=(
        Team(
            1,
            "Dupont – Martin",
            Side.NS,
            (Player("Jean Dupont", "0123456"), Player("Marie Martin")),
        ),
        Team(2, "Bernard – Petit", Side.EW),
        Team(3, "Durand – Leroy", Side.NS),
        Team(4, "Moreau – Simon", Side.EW),
    ),
    lines=(
        TravellerLine(BoardResult(1, 1, 1, 1, 2, ns_marks=480, ew_marks=0), RECORD),
        TravellerLine(
            BoardResult(
                1,
                1,
                2,
                3,
                4,
                ns_adjusted=Adjustment.AVERAGE_PLUS,
                ew_adjusted=Adjustment.AVERAGE_MINUS,
            )
        ),
    ),
)
EVENT = EventResults(
    "sim-2026-12",
    "Simultané de décembre",
    Method.MATCHPOINTS,
    datetime.date(2026, 12, 7),
    (ANGERS,),
)

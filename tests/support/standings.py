"""Test data for the standings: results written straight into the Result table, the way the
results app stores them (current version, confirmed or adjusted), then marked as changed; the
small tournaments worked out by hand, and a big Mitchell for the tests of size."""

import random

from django.db import transaction
from django.utils import timezone

from tests.support.factories import add_plan, add_teams, make_tournament
from tests.support.results import assignment
from tournaments.results.models import Result
from tournaments.setup.models import (
    TEAM_CODE_LENGTH,
    Player,
    Round,
    Table,
    TableAssignment,
    Team,
    Tournament,
)
from tournaments.standings import selectors
from tournaments.standings.models import BoardScore, ScoreChange
from tournaments.standings.services import mark_results_changed

# A 4-team Howell on 2 tables, 3 rounds, one board a round played at both tables (two copies):
# everyone meets everyone, and teams 2, 3 and 4 change direction.
SMALL_HOWELL = [
    (1, 1, 1, 2, [1]),
    (1, 2, 3, 4, [1]),
    (2, 1, 1, 3, [2]),
    (2, 2, 4, 2, [2]),
    (3, 1, 1, 4, [3]),
    (3, 2, 2, 3, [3]),
]


def played_record(ns_marks: int, ew_marks: int) -> dict:
    """A plausible canonical record for the traveller (the marks are stored beside it)."""
    if ns_marks == ew_marks == 0:
        return {"passed": True, "contract": None}
    taker = "N" if ns_marks >= ew_marks else "E"
    return {
        "passed": False,
        "contract": {"bid": 80, "strain": "H", "taker": taker, "coinche": 0},
        "taker_points": 100,
        "capot": None,
        "belote": [],
        "annonces": [],
    }


def put_result(
    tournament,
    round_number: int,
    table_number: int,
    board: int,
    ns_marks: int | None = None,
    ew_marks: int | None = None,
    *,
    adjusted: tuple[str, str] | None = None,
    status: str = Result.Status.CONFIRMED,
    record: dict | None = None,
) -> Result:
    """Store the current version of a board's result at a table, replacing any earlier one,
    and mark the scores stale in the same transaction (as the results services do)."""
    row = assignment(tournament, round_number, table_number)
    with transaction.atomic():
        previous = Result.objects.filter(
            assignment=row, board_number=board, is_current=True
        ).first()
        version = 1
        if previous is not None:
            Result.objects.filter(pk=previous.pk).update(is_current=False)
            version = previous.version + 1
        fields = {}
        if adjusted is not None:
            fields = {
                "status": Result.Status.ADJUSTED,
                "ns_adjustment": adjusted[0],
                "ew_adjustment": adjusted[1],
            }
        else:
            fields = {
                "status": status,
                "ns_marks": ns_marks,
                "ew_marks": ew_marks,
                "made": None if ns_marks == ew_marks == 0 else ns_marks >= ew_marks,
                "record": record if record is not None else played_record(ns_marks, ew_marks),
            }
        result = Result.objects.create(
            tournament=tournament,
            round=row.round,
            table=row.table,
            assignment=row,
            board_number=board,
            version=version,
            **fields,
        )
        mark_results_changed(tournament=tournament, board_numbers=[board])
    return result


# --- Small tournaments worked out by hand ---------------------------------------------------
# The arithmetic is in tests/standings/test_hand_computed.py.

# (round, table, board, ns_marks, ew_marks); None marks = no result (the board was not played)
# and a pair of strings = an adjusted score (NS, EW).
MITCHELL_RESULTS = [
    # Board 1: nets +160 (T1, teams 1-4), −160 (T3, 3-5), +160 (T2, 2-6): a tie on top.
    (1, 1, 1, 160, 0),
    (2, 3, 1, 0, 160),
    (3, 2, 1, 160, 0),
    # Board 2: +20 (1-4), +40 (3-5); the third table (2-6) has no result: Neuberg.
    (1, 1, 2, 90, 70),
    (2, 3, 2, 100, 60),
    # Board 3: +250 (2-5), −250 (3-4); table 1 in round 2 (1-6) got 60 % / 40 %.
    (1, 2, 3, 250, 0),
    (2, 1, 3, ("A+", "A-")),
    (3, 3, 3, 0, 250),
    # Board 4: +80 (2-5), 0 (1-6), −80 (3-4).
    (1, 2, 4, 120, 40),
    (2, 1, 4, 80, 80),
    (3, 3, 4, 40, 120),
    # Board 5: three passes (passe générale): 0 everywhere, all tied.
    (1, 3, 5, 0, 0),
    (2, 2, 5, 0, 0),
    (3, 1, 5, 0, 0),
    # Board 6: +180 (3-6), −180 (2-4), +20 (1-5).
    (1, 3, 6, 180, 0),
    (2, 2, 6, 0, 180),
    (3, 1, 6, 100, 80),
]

# Howell (SMALL_HOWELL): boards played twice, top 2.
HOWELL_RESULTS = [
    # Board 1: +40 (1-2), −40 (3-4).
    (1, 1, 1, 100, 60),
    (1, 2, 1, 60, 100),
    # Board 2: 0 (1-3) and 0 (4-2): a tie.
    (2, 1, 2, 80, 80),
    (2, 2, 2, 80, 80),
    # Board 3: −160 (1-4); the other table (2-3) got average / average.
    (3, 1, 3, 0, 160),
    (3, 2, 3, ("A", "A")),
]


def small_howell(scoring_method: str = "matchpoints", **fields) -> Tournament:
    """The 4-team Howell of SMALL_HOWELL, one board a round, no result yet."""
    tournament = make_tournament(
        scoring_method=scoring_method,
        movement_type="howell",
        rounds=3,
        boards_per_round=1,
        **fields,
    )
    add_teams(tournament, 4)
    add_plan(tournament, SMALL_HOWELL)
    return tournament


def enter(tournament, results, capture) -> None:
    """Store every result, each in its own transaction, running the after-commit hooks."""
    with capture(execute=True):
        for round_number, table, board, *marks in results:
            if isinstance(marks[0], tuple):
                put_result(tournament, round_number, table, board, adjusted=marks[0])
            else:
                put_result(tournament, round_number, table, board, *marks)


def ranking_rows(tournament, direction=None) -> list[tuple]:
    ranking = selectors.current_ranking(tournament, direction=direction)
    return [
        (entry["display_rank"], entry["team"], entry["score"], entry["percentage"], entry["boards"])
        for entry in ranking.entries
    ]


def board_score(tournament, round_number, table, board) -> BoardScore:
    return BoardScore.objects.get(
        tournament=tournament, round_number=round_number, table_number=table, board_number=board
    )


# --- Size ----------------------------------------------------------------------------------


def big_mitchell(tables: int = 100, rounds: int = 10, boards_per_round: int = 3):
    """A 100-table Mitchell, 10 rounds of 3 boards: 3,000 confirmed results, bulk-inserted.

    At round r, table t: NS team t, EW team tables + ((t + r) mod tables), board set
    (t − r) mod tables; each team meets each opponent once at most and plays no board twice.
    """
    tournament = make_tournament(rounds=rounds, boards_per_round=boards_per_round)
    players = Player.objects.bulk_create(
        Player(tournament=tournament, first_name="P", last_name=f"Joueur{n}")
        for n in range(4 * tables)
    )
    # bulk_create skips Team.save(), which draws a code no other team of the tournament has.
    codes = random.Random(tables).sample(range(10**TEAM_CODE_LENGTH), 2 * tables)
    teams = Team.objects.bulk_create(
        Team(
            tournament=tournament,
            code=f"{codes[n]:0{TEAM_CODE_LENGTH}d}",
            number=n + 1,
            name=f"Équipe {n + 1}",
            player_one=players[2 * n],
            player_two=players[2 * n + 1],
        )
        for n in range(2 * tables)
    )
    round_rows = Round.objects.bulk_create(
        Round(tournament=tournament, number=r, published=True) for r in range(1, rounds + 1)
    )
    table_rows = Table.objects.bulk_create(
        Table(tournament=tournament, number=t) for t in range(1, tables + 1)
    )
    assignments = TableAssignment.objects.bulk_create(
        TableAssignment(
            round=round_rows[r - 1],
            table=table_rows[t - 1],
            ns_team=teams[t - 1],
            ew_team=teams[tables + (t + r) % tables],
            boards=[((t - r) % tables) * boards_per_round + k + 1 for k in range(3)],
        )
        for r in range(1, rounds + 1)
        for t in range(1, tables + 1)
    )
    results = [
        Result(
            tournament=tournament,
            round=row.round,
            table=row.table,
            assignment=row,
            board_number=board,
            status=Result.Status.CONFIRMED,
            ns_marks=(board * 7 + row.table.number * 3) % 26 * 10,
            ew_marks=(board * 5 + row.round.number * 11) % 26 * 10,
        )
        for row in assignments
        for board in row.boards
    ]
    Result.objects.bulk_create(results, batch_size=1000)
    mark_stale(tournament)
    return tournament


def mark_stale(tournament, at=None, board_number=None) -> ScoreChange:
    """A change the scores do not include yet, as a result write leaves it in the journal."""
    return ScoreChange.objects.create(
        tournament=tournament, board_number=board_number, at=at or timezone.now()
    )


def is_stale(tournament) -> bool:
    """The tournament's scores lack some change (``selectors.freshness(...).pending``)."""
    return selectors.freshness(tournament).pending

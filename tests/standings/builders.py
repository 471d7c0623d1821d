"""Test data for the standings: results written straight into the Result table, the way the
results app stores them (current version, confirmed or adjusted), then marked as changed."""

from django.db import transaction

from tournaments.results.models import Result
from tournaments.setup.models import TableAssignment
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


def assignment(tournament, round_number: int, table_number: int) -> TableAssignment:
    return TableAssignment.objects.select_related("round", "table").get(
        round__tournament=tournament, round__number=round_number, table__number=table_number
    )


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
        mark_results_changed(tournament, board_numbers=[board])
    return result


def use_broker(**conf) -> None:
    """Point this process's Celery publisher elsewhere (``broker_url``, ``task_always_eager``),
    dropping the pooled connections to the previous broker."""
    from config.celery import app
    from tests.conftest import _forget_celery_connections

    app.conf.update(**conf)
    _forget_celery_connections(app)

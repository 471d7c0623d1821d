"""Helpers of the deals' site tests: the roles a visitor may have, logging in as one, and a
confirmed result at the first table that plays a board."""

from tournaments.setup.models import TableAssignment

# The visitors of the secrecy tests, as the ``people`` fixture of tests/deals/conftest.py has them.
ROLES = (
    "anonymous",
    "player",
    "arbiter",
    "arbiter_checking",  # arbiter of this tournament, which lets arbiters see hands
    "arbiter_other",
    "organizer",
    "organizer_other",
)


def login(client, user) -> None:
    """Log ``client`` in as ``user`` (None: stay anonymous)."""
    if user is not None:
        client.force_login(user)


def add_result(tournament, board_number: int):
    """A confirmed result of ``board_number`` at the first table that plays it."""
    from tournaments.results.models import Result

    plan = TableAssignment.objects.filter(round__tournament=tournament)
    # Read in Python: a JSON ``contains`` lookup is PostgreSQL's (SQLite has none).
    assignment = next(
        row
        for row in plan.select_related("round", "table").order_by("pk")
        if board_number in row.boards
    )
    return Result.objects.create(
        tournament=tournament,
        round=assignment.round,
        table=assignment.table,
        assignment=assignment,
        board_number=board_number,
        status=Result.Status.CONFIRMED,
        record={
            "passed": True,
            "contract": None,
            "taker_points": 0,
            "capot": None,
            "belote": [],
            "annonces": [],
        },
        ns_marks=0,
        ew_marks=0,
    )

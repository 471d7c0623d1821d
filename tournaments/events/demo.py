"""Demo data for the events: a club's session played with generated results (its teams, a
Mitchell on the event's boards, plausible confirmed results), the session on the site or the
tournament on a club's laptop alike. Used by ``manage.py demo_event`` and the tests."""

from __future__ import annotations

import random

from tournaments.results.demo import record_demo_results
from tournaments.setup.models import Tournament
from tournaments.setup.services import (
    change_status,
    check_in_all,
    generate_plan,
    publish_rounds,
    register_teams,
)
from tournaments.setup.services.demo import demo_teams


def play_session(tournament: Tournament, *, tables: int, board_count: int) -> int:
    """Seat ``2 × tables`` teams in a Mitchell (a round per table, one fewer for an even
    number) on the event's boards (a set of ``board_count // tables`` boards per table),
    run the session and finish it; the number of results made."""
    rng = random.Random(f"demo-event-{tournament.slug}")  # noqa: S311 - demo data only
    register_teams(tournament=tournament, teams=demo_teams(count=2 * tables, rng=rng))
    check_in_all(tournament=tournament)
    # A Mitchell of an even number of tables has one round fewer than tables.
    rounds = tables if tables % 2 else max(1, tables - 1)
    Tournament.objects.filter(pk=tournament.pk).update(
        rounds=rounds, boards_per_round=max(1, board_count // tables)
    )
    tournament.refresh_from_db()
    generate_plan(tournament=tournament)
    publish_rounds(tournament=tournament)
    if tournament.status == Tournament.Status.DRAFT:
        change_status(tournament=tournament, status=Tournament.Status.REGISTRATION)
    change_status(tournament=tournament, status=Tournament.Status.RUNNING)
    created = record_demo_results(tournament)
    change_status(tournament=tournament, status=Tournament.Status.FINISHED)
    return created

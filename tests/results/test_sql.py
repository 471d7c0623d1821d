"""The results' hand-written SQL (``tournaments.results.sql``) against its ORM twins: on the same
data each statement gives the answer (and writes the rows) the ORM's way does.

The lock of a board's table (``LOCK_BOARD_SQL``) runs on PostgreSQL only (tests marked
``postgresql``); its twin is the SQLite path of the same ``connection.vendor`` branch and runs in
the SQLite pass too (tests/results is in ``SQLITE_SUITE``). The count of a code's tries
(``COUNT_TRY_SQL``) runs on both databases; its twin is written here with the ORM."""

import pytest
from django.db.models import F

from tests.support.factories import add_teams, make_tournament, small_tournament
from tests.support.results import assignment
from tests.support.standings import put_result
from tournaments.results.models import Result
from tournaments.results.services import team_codes, versions
from tournaments.results.services.versions import BoardSlot
from tournaments.setup.models import Round, TableAssignment, Team

pytestmark = pytest.mark.django_db

SQL = pytest.param("sql", marks=pytest.mark.postgresql)


def lock(path: str, row, board: int, key: str | None = None) -> BoardSlot:
    if path == "sql":
        return versions.lock_board(assignment=row, board_number=board, submission_key=key)
    return versions._lock_board_orm(row, board, key)


def expected_slot(row, board: int, key: str | None) -> BoardSlot:
    """What the lock must read, from the rows themselves."""
    board_versions = Result.objects.filter(assignment=row, board_number=board)
    current = board_versions.filter(is_current=True).first()
    replay = Result.objects.filter(submission_key=key).first() if key else None
    waiting = Round.objects.filter(
        tournament=row.round.tournament_id,
        number=row.round.number + 1,
        published=True,
        started_at__isnull=True,
    ).exists()
    return BoardSlot(
        last_version=max((v.version for v in board_versions), default=None),
        current_pk=current.pk if current else None,
        replay_pk=replay.pk if replay else None,
        next_round_waiting=waiting,
    )


# --- The lock of a board's table (LOCK_BOARD_SQL) ---------------------------------------------


@pytest.mark.parametrize("path", [SQL, "orm"])
@pytest.mark.parametrize(
    "versions_stored, key, next_round_started",
    [(0, None, True), (1, None, True), (3, "key-2", True), (2, "unknown", False)],
)
def test_the_lock_of_a_board_reads_its_versions_and_the_next_round(
    path, versions_stored, key, next_round_started
):
    tournament = small_tournament()
    row = assignment(tournament, 1, 1)
    for number in range(1, versions_stored + 1):
        result = put_result(tournament, 1, 1, 1, 100 + number, 62 - number)
        Result.objects.filter(pk=result.pk).update(submission_key=f"key-{number}")
    put_result(tournament, 1, 1, 2, 90, 72)  # another board of the same table
    if not next_round_started:
        Round.objects.filter(tournament=tournament, number=2).update(started_at=None)

    slot = lock(path, row, 1, key)

    assert slot == expected_slot(row, 1, key)
    assert slot.last_version == (versions_stored or None)


@pytest.mark.postgresql
def test_the_lock_statement_reads_what_the_orm_reads():
    tournament = small_tournament()
    row = assignment(tournament, 2, 3)
    board = row.boards[0]
    first = put_result(tournament, 2, 3, board, 110, 52)
    Result.objects.filter(pk=first.pk).update(submission_key="phone-1")
    put_result(tournament, 2, 3, board, 120, 42)
    Round.objects.filter(tournament=tournament, number=3).update(started_at=None)

    for key in (None, "phone-1", "phone-2"):
        assert lock("sql", row, board, key) == lock("orm", row, board, key)


def test_the_lock_of_a_row_that_is_gone_is_an_error_on_either_database():
    tournament = small_tournament()
    row = assignment(tournament, 1, 2)
    row.delete()
    row.pk = 10**9
    with pytest.raises(TableAssignment.DoesNotExist):
        versions.lock_board(assignment=row, board_number=1)


# --- The count of a team code's tries (COUNT_TRY_SQL) -----------------------------------------


def count_try_by_orm(teams: list[Team], *, wrong: bool) -> set[int]:
    """The ORM twin of ``team_codes._count_try``'s statement."""
    under = set(
        Team.objects.filter(
            pk__in=[team.pk for team in teams],
            code_failures__lt=team_codes.MAX_CODE_FAILURES,
        ).values_list("pk", flat=True)
    )
    Team.objects.filter(pk__in=under).update(code_failures=F("code_failures") + int(wrong))
    return under


def two_teams(failures: tuple[int, int]) -> list[Team]:
    teams = add_teams(make_tournament(), 2)
    for team, count in zip(teams, failures, strict=True):
        Team.objects.filter(pk=team.pk).update(code_failures=count)
        team.code_failures = count
    return teams


LIMIT = team_codes.MAX_CODE_FAILURES


@pytest.mark.parametrize("wrong", [True, False])
@pytest.mark.parametrize("failures", [(0, 0), (LIMIT - 1, 3), (LIMIT, 2), (LIMIT, LIMIT + 1)])
def test_the_count_of_a_codes_tries_is_the_orms(wrong, failures):
    by_sql, by_orm = two_teams(failures), two_teams(failures)

    under_sql = team_codes._count_try(by_sql, wrong=wrong)
    under_orm = count_try_by_orm(by_orm, wrong=wrong)

    def numbers(teams, ids):
        return {team.number for team in teams if team.pk in ids}

    assert numbers(by_sql, under_sql) == numbers(by_orm, under_orm)

    def stored(teams):
        return [Team.objects.get(pk=team.pk).code_failures for team in teams]

    assert stored(by_sql) == stored(by_orm)
    # The teams in memory follow what was stored.
    assert [team.code_failures for team in by_sql] == stored(by_sql)


def test_one_team_at_the_table_is_counted_once():
    (team,) = two_teams((2, 0))[:1]
    assert team_codes._count_try([team], wrong=True) == {team.pk}
    assert Team.objects.get(pk=team.pk).code_failures == 3

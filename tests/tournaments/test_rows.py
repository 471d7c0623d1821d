"""The two reads every result entry makes are fixed SQL (``tournaments.rows``): they must give
the instances the ORM gives, field by field, on PostgreSQL and on SQLite (dates, booleans and
JSON go through the same converters), with nothing found where the ORM finds nothing."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.support.factories import add_boards, add_plan, add_teams, make_tournament
from tournaments import rows
from tournaments.api.authentication import token_with_roles
from tournaments.api.models import ApiToken, hash_key
from tournaments.api.services import create_token
from tournaments.results.selectors import entry_assignment, hands_from_pbn
from tournaments.setup.models import TableAssignment

pytestmark = pytest.mark.django_db


def field_values(instance) -> dict:
    return {
        field.attname: getattr(instance, field.attname)
        for field in type(instance)._meta.concrete_fields
    }


def assert_same_row(read, expected) -> None:
    assert type(read) is type(expected)
    assert field_values(read) == field_values(expected)
    assert read._state.adding is False
    assert read._state.db == expected._state.db


@pytest.fixture
def cast(make_user):
    return {
        "organizer": make_user("odile", role="organizer"),
        "arbiter": make_user("arnaud", role="arbiter"),
        "other organizer": make_user("olivier", role="organizer"),
    }


@pytest.fixture
def tournament(cast):
    tournament = make_tournament(organizer=cast["organizer"], arbiter=cast["arbiter"])
    add_teams(tournament, 6)
    # Table 3 of round 3 has a phantom East-West: its team is None.
    rows = [
        (1, 1, 1, 4, [1, 2]),
        (1, 2, 2, 5, [3, 4]),
        (1, 3, 3, 6, [5, 6]),
        (2, 1, 1, 6, [3, 4]),
        (3, 3, 3, None, [1, 2]),
    ]
    add_plan(tournament, rows)
    add_boards(tournament, 4)
    tournament.boards.filter(number=4).update(hands={})
    return tournament


@pytest.mark.parametrize(
    "who, scope, with_table, organizes, arbitrates",
    [
        ("organizer", "arbiter", False, True, False),
        ("arbiter", "arbiter", False, False, True),
        ("organizer", "table", True, True, False),
        ("other organizer", "organizer", False, False, False),
    ],
)
def test_the_token_read_by_fixed_sql_is_the_orms(
    tournament, cast, who, scope, with_table, organizes, arbitrates
):
    table = tournament.tables.get(number=2) if with_table else None
    created, key = create_token(
        tournament=tournament, by=cast[who], name="essai", scope=scope, table=table
    )
    # Dates read back (SQLite stores them as text) and a revoked token is still found.
    ApiToken.objects.filter(pk=created.pk).update(
        last_used_at=timezone.now(), revoked_at=timezone.now()
    )
    expected = ApiToken.objects.select_related("user", "tournament", "table").get(pk=created.pk)

    token = token_with_roles(hash_key(key))

    assert_same_row(token, expected)
    assert_same_row(token.user, expected.user)
    assert_same_row(token.tournament, expected.tournament)
    if with_table:
        assert_same_row(token.table, expected.table)
    else:
        assert token.table is None and token.table_id is None
    assert (token.user_organizes, token.user_arbitrates) == (organizes, arbitrates)
    assert token.active is False


def test_an_unknown_key_reads_no_token(tournament, cast):
    create_token(tournament=tournament, by=cast["organizer"], name="essai", scope="arbiter")
    assert token_with_roles(hash_key("not-a-key")) is None


@pytest.mark.parametrize(
    "round_number, table_number, board",
    [(1, 1, 1), (1, 2, 3), (1, 3, 2), (2, 1, 4), (3, 3, 1), (1, 1, 9)],
)
def test_the_entry_plan_row_read_by_fixed_sql_is_the_orms(
    tournament, round_number, table_number, board
):
    expected = TableAssignment.objects.select_related("round", "table", "ns_team", "ew_team").get(
        round__tournament=tournament, round__number=round_number, table__number=table_number
    )
    stored = tournament.boards.filter(number=board).first()

    assignment = entry_assignment(tournament, round_number, table_number, board)

    assert_same_row(assignment, expected)
    for name in ("round", "table", "ns_team", "ew_team"):
        related, expected_related = getattr(assignment, name), getattr(expected, name)
        if expected_related is None:
            assert related is None
        else:
            assert_same_row(related, expected_related)
    assert assignment.round.tournament is tournament
    assert assignment.boards == expected.boards  # JSON, decoded
    # Board 4 has no hands recorded, board 9 does not exist: None either way.
    assert assignment.board_hands == (hands_from_pbn(stored.hands) if stored else None)
    assert (assignment.board_hands is None) == (board in (4, 9))


@pytest.mark.parametrize("round_number, table_number", [(2, 2), (4, 1), (1, 4)])
def test_no_plan_row_where_the_table_does_not_play(tournament, round_number, table_number):
    assert entry_assignment(tournament, round_number, table_number, 1) is None


def test_the_plan_row_of_another_tournament_is_not_read(tournament, cast):
    other = make_tournament(organizer=cast["organizer"])
    add_teams(other, 6)
    add_plan(other, [(2, 2, 1, 2, [1])])
    assert entry_assignment(tournament, 2, 2, 1) is None
    assert entry_assignment(other, 2, 2, 1).round.tournament is other


def _prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


def _probe(name: str) -> int:
    with rows.cursor() as cursor:
        cursor.execute(f"SELECT %s::int AS {name}", [7])  # noqa: S608 - a fixed test name
        return cursor.fetchone()[0]


@pytest.mark.postgresql  # prepared statements are PostgreSQL's
def test_the_entry_statements_are_prepared_unless_turned_off(settings):
    settings.PREPARED_STATEMENTS = False
    assert _probe("probe_not_prepared") == 7
    assert not any("probe_not_prepared" in text for text in _prepared_statements())

    settings.PREPARED_STATEMENTS = True
    assert _probe("probe_prepared") == 7
    assert any("probe_prepared" in text for text in _prepared_statements())


def test_a_fixed_statement_is_logged_with_its_values(tournament, cast):
    _created, key = create_token(
        tournament=tournament, by=cast["organizer"], name="essai", scope="arbiter"
    )
    with CaptureQueriesContext(connection) as captured:
        token_with_roles(hash_key(key))
    (query,) = captured.captured_queries
    assert hash_key(key) in query["sql"] and "key_hash" in query["sql"]

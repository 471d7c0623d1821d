"""The standings' hand-written SQL (``tournaments.standings.sql``) against its ORM twins: on the
same data, each statement writes the rows (or gives the answer) the ORM's way does.

The statements run on PostgreSQL only (tests marked ``postgresql``), except the copy of the
rankings after each round, which runs on both; the ORM twins are the SQLite path of the same
``connection.vendor`` branches, and run in the SQLite pass too (this module is in
``SQLITE_SUITE``)."""

from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.support.factories import small_tournament
from tests.support.standings import MITCHELL_RESULTS, put_result
from tournaments.standings import services, sql
from tournaments.standings.models import BoardScore, RankingSnapshot, ScoreChange, ScoringState
from tournaments.standings.recomputation import Outcome, recompute, runs, writes

pytestmark = pytest.mark.django_db

SQL = pytest.param("sql", marks=pytest.mark.postgresql)


def scored_tournament():
    """A Mitchell with its results and a stored version (board scores and snapshots)."""
    tournament = small_tournament(scoring_method="matchpoints")
    for round_number, table, board, *marks in MITCHELL_RESULTS:
        if isinstance(marks[0], tuple):
            put_result(tournament, round_number, table, board, adjusted=marks[0])
        else:
            put_result(tournament, round_number, table, board, *marks)
    assert recompute(tournament.pk).outcome is Outcome.WRITTEN
    return tournament


def journal(tournament) -> list[tuple]:
    return sorted(
        ScoreChange.objects.filter(tournament=tournament).values_list("board_number", "at"),
        key=repr,
    )


# --- The journal row of a change (MARK_SQL) ---------------------------------------------------


@pytest.mark.parametrize("path", [SQL, "orm"])
@pytest.mark.parametrize("boards", [[None], [3], [1, 4, 6]])
def test_the_journal_rows_of_a_change(path, boards):
    tournament = small_tournament()
    now = timezone.now()
    write = services._journal_by_sql if path == "sql" else services._journal_by_orm

    write(tournament.pk, boards, now)

    assert journal(tournament) == sorted(((board, now) for board in boards), key=repr)


@pytest.mark.postgresql
def test_the_journal_statement_writes_the_orms_rows():
    by_sql, by_orm = small_tournament(), small_tournament()
    now = timezone.now()

    services._journal_by_sql(by_sql.pk, [2, 5], now)
    services._journal_by_orm(by_orm.pk, [2, 5], now)

    assert journal(by_sql) == journal(by_orm)


def test_a_change_marks_the_journal_on_either_database(django_capture_on_commit_callbacks):
    tournament = small_tournament()

    with transaction.atomic():
        services.mark_results_changed(tournament=tournament, board_numbers=[4, 2, 4])

    assert [board for board, _at in journal(tournament)] == [2, 4]


# --- The job's claim (CLAIM_SQL) --------------------------------------------------------------


def claim_states(now):
    """The books before a claim, by name: None (no books yet) or their ``scheduled_at``."""
    stale = now - timedelta(seconds=services.SCHEDULED_STALE_SECONDS + 1)
    return {
        "no books": "missing",
        "nothing queued": None,
        "queued just now": now - timedelta(seconds=1),
        "queued long ago": stale,
    }


@pytest.mark.parametrize("path", [SQL, "orm"])
@pytest.mark.parametrize(
    "state, answer",
    [
        ("no books", (False, False)),
        ("nothing queued", (True, True)),
        ("queued just now", (False, True)),
        ("queued long ago", (True, True)),
    ],
)
def test_the_claim_of_a_job(path, state, answer):
    now = timezone.now()
    scheduled = claim_states(now)[state]
    tournament = small_tournament()
    if scheduled != "missing":
        ScoringState.objects.create(tournament=tournament, scheduled_at=scheduled)
    stale = now - timedelta(seconds=services.SCHEDULED_STALE_SECONDS)
    claim = services._claim_by_sql if path == "sql" else services._claim_by_orm

    assert claim(tournament.pk, now, stale) == answer

    books = ScoringState.objects.filter(tournament=tournament).values_list("scheduled_at")
    expected = [] if scheduled == "missing" else [(now if answer[0] else scheduled,)]
    assert list(books) == expected


@pytest.mark.postgresql
def test_the_claim_statement_answers_as_the_orm():
    now = timezone.now()
    stale = now - timedelta(seconds=services.SCHEDULED_STALE_SECONDS)
    for scheduled in claim_states(now).values():
        by_sql, by_orm = small_tournament(), small_tournament()
        if scheduled != "missing":
            for tournament in (by_sql, by_orm):
                ScoringState.objects.create(tournament=tournament, scheduled_at=scheduled)

        answers = (
            services._claim_by_sql(by_sql.pk, now, stale),
            services._claim_by_orm(by_orm.pk, now, stale),
        )

        assert answers[0] == answers[1], scheduled
        assert list(
            ScoringState.objects.filter(tournament=by_sql).values_list("scheduled_at")
        ) == list(ScoringState.objects.filter(tournament=by_orm).values_list("scheduled_at"))


# --- The bulk writes: COPY of board scores and snapshots, rankings copied ------------------------


def board_score_rows(tournament) -> list[tuple]:
    columns = [column for column in writes.BOARD_SCORE_COLUMNS if column != "computed_at"]
    return sorted(BoardScore.objects.filter(tournament=tournament).values_list(*columns))


@pytest.mark.parametrize("path", [SQL, "orm"])
def test_board_scores_written_in_bulk_read_back_as_stored(path):
    tournament = scored_tournament()
    before = board_score_rows(tournament)
    rows = list(
        BoardScore.objects.filter(tournament=tournament).values_list(*writes.BOARD_SCORE_COLUMNS)
    )
    BoardScore.objects.filter(tournament=tournament).delete()
    write = writes._board_scores_by_copy if path == "sql" else writes._board_scores_by_orm

    write(rows)

    assert len(before) > 10
    assert board_score_rows(tournament) == before


def snapshot_rows(tournament, version) -> list[tuple]:
    return sorted(
        RankingSnapshot.objects.filter(tournament=tournament, version=version).values_list(
            "up_to_round",
            "method",
            "entries",
            "results_counted",
            "includes_changes_until",
            "fingerprint",
        ),
        key=repr,
    )


def new_snapshots(tournament, version, until) -> list[RankingSnapshot]:
    """Three rankings, the overall one sharing the last round's entries (one list)."""
    shared = [{"rank": 1, "team": 2, "score": 61.5}, {"rank": 2, "team": 1, "score": 38.5}]
    return [
        RankingSnapshot(
            tournament=tournament,
            version=version,
            up_to_round=up_to_round,
            method="matchpoints",
            entries=entries,
            results_counted=counted,
            includes_changes_until=until,
            fingerprint=f"f{up_to_round}",
        )
        for up_to_round, entries, counted in [
            (1, [{"rank": 1, "team": 1, "score": 50}], 3),
            (2, shared, 6),
            (None, shared, 6),
        ]
    ]


@pytest.mark.postgresql
def test_snapshots_copied_and_shared_in_the_database_are_the_orms_rows():
    tournament = small_tournament()

    until = timezone.now()

    writes._snapshots_by_copy(new_snapshots(tournament, 1, until))
    RankingSnapshot.objects.bulk_create(new_snapshots(tournament, 2, until))

    assert len(snapshot_rows(tournament, 1)) == 3
    assert snapshot_rows(tournament, 1) == snapshot_rows(tournament, 2)


def test_snapshots_written_in_bulk_on_either_database():
    tournament = small_tournament()
    snapshots = new_snapshots(tournament, 1, timezone.now())

    writes.insert_snapshots(snapshots)

    assert snapshot_rows(tournament, 1) == sorted(
        (
            (
                s.up_to_round,
                s.method,
                s.entries,
                s.results_counted,
                s.includes_changes_until,
                s.fingerprint,
            )
            for s in snapshots
        ),
        key=repr,
    )


def test_the_rankings_copied_to_a_new_version_are_the_orms_copies():
    """``copy_rankings_sql`` (both databases) against the same copy made with the ORM."""
    tournament = scored_tournament()
    version = ScoringState.objects.get(tournament=tournament).version
    rounds = sorted(
        RankingSnapshot.objects.filter(tournament=tournament, version=version)
        .exclude(up_to_round=None)
        .values_list("up_to_round", flat=True)
    )
    assert len(rounds) >= 3
    computed = {None, rounds[-1]}
    until = timezone.now()

    writes.copy_snapshots(tournament.pk, version, 50, computed, until)
    RankingSnapshot.objects.bulk_create(
        RankingSnapshot(
            tournament=tournament,
            version=60,
            up_to_round=row.up_to_round,
            method=row.method,
            entries=row.entries,
            results_counted=row.results_counted,
            includes_changes_until=until,
            fingerprint=row.fingerprint,
        )
        for row in RankingSnapshot.objects.filter(tournament=tournament, version=version)
        .exclude(up_to_round=None)
        .exclude(up_to_round__in=[r for r in computed if r is not None])
    )

    copied = snapshot_rows(tournament, 50)
    assert [row[0] for row in copied] == rounds[:-1]
    assert copied == snapshot_rows(tournament, 60)


# --- The stores' lock -------------------------------------------------------------------------


@pytest.mark.postgresql
def test_a_store_holds_the_tournaments_advisory_lock_until_its_commit():
    tournament = small_tournament()

    def held() -> list[tuple]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT classid, objid FROM pg_locks WHERE locktype = 'advisory' AND granted"
                " AND pid = pg_backend_pid()"
            )
            return cursor.fetchall()

    with transaction.atomic():
        runs.serialize_stores(tournament.pk)
        inside = held()
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            commit_mode = cursor.fetchone()[0]

    assert inside == [(sql.STORE_LOCK, tournament.pk)]
    assert commit_mode == "off"


def test_a_store_sends_the_lock_statements_on_postgresql_only():
    """SQLite serializes every write anyway: its stores send nothing."""
    tournament = small_tournament()

    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        runs.serialize_stores(tournament.pk)

    sent = [query["sql"] for query in queries]
    if connection.vendor == "postgresql":
        assert sent == [
            f"SELECT pg_advisory_xact_lock({sql.STORE_LOCK}, {tournament.pk})",
            sql.NO_SYNCHRONOUS_COMMIT_SQL,
        ]
    else:
        assert sent == []

"""The suite's own ways with the test database (tests/support/flush.py, shared_data.py): the
flush after a transactional test leaves every table empty, triggers' rows included; data kept
for a module's tests is back as built for each test, whatever the previous test wrote."""

import pytest
from django.core.management import call_command
from django.db import connection

from tests.support.factories import demo_tournament
from tests.support.shared_data import kept_for_the_module
from tournaments.setup.models import Team, Tournament


def _rows_left() -> dict[str, int]:
    left = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.django_table_names(only_existing=True):
            cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
            (count,) = cursor.fetchone()
            if count:
                left[table] = count
    return left


@pytest.mark.django_db(transaction=True)
def test_the_flush_after_a_transactional_test_empties_every_table():
    # Results, scores, rankings and, on PostgreSQL, the setup versions the triggers write: a
    # deleted team counts as a change of its tournament, after its tournament's row is gone.
    demo_tournament()
    assert {"results_result", "standings_boardscore", "tournaments_team"} <= set(_rows_left())
    if connection.vendor == "postgresql":
        assert "standings_setupversion" in _rows_left()

    # As Django's TransactionTestCase empties the database after each test.
    call_command(
        "flush", verbosity=0, interactive=False, reset_sequences=False, inhibit_post_migrate=True
    )

    assert _rows_left() == {}


@pytest.fixture(scope="module")
def _kept(django_db_setup, django_db_blocker):
    with kept_for_the_module(django_db_blocker):
        tournament = demo_tournament(name="Gardé pour le module")
        yield tournament.pk, tournament.results.count()


@pytest.mark.django_db
@pytest.mark.parametrize("write", ["rename", "withdraw and delete", "nothing"])
def test_data_kept_for_the_module_is_back_as_built_for_each_test(_kept, write):
    # The tests run in this order: each finds the world as built, whatever the one before wrote.
    pk, results = _kept
    tournament = Tournament.objects.get(pk=pk)
    assert tournament.name == "Gardé pour le module"
    assert Team.objects.filter(tournament=tournament, withdrawn=False).count() == 6
    assert results > 0
    assert tournament.results.count() == results
    if write == "rename":
        Tournament.objects.filter(pk=pk).update(name="Renommé")
    elif write == "withdraw and delete":
        tournament.results.all().delete()
        Team.objects.filter(tournament=tournament, number__gt=3).update(withdrawn=True)

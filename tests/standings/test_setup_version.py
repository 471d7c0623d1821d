"""The setup's version: PostgreSQL triggers count every write of a tournament's plan rows,
rounds, tables, teams and their players, whatever wrote it (migration standings.0008). A live
change trusts the running totals only under the version they were computed under."""

import pytest

from tests.support.factories import small_tournament
from tournaments.setup.models import Player, Round, Table, TableAssignment, Team
from tournaments.standings.models import SetupVersion

# The triggers are PostgreSQL's; SQLite digests the setup's values instead.
pytestmark = [pytest.mark.django_db, pytest.mark.postgresql]


def version(tournament) -> int:
    row = SetupVersion.objects.filter(tournament_id=tournament.pk).first()
    return row.version if row else 0


def test_building_a_tournament_counts_its_rows_and_another_tournament_is_untouched():
    first, second = small_tournament(), small_tournament()
    assert version(first) > 0 and version(second) > 0
    before = version(second)
    Team.objects.filter(tournament=first).update(name="Renommées")
    assert version(second) == before


@pytest.mark.parametrize(
    "write",
    [
        "update a plan row (queryset)",
        "delete a plan row",
        "insert a round",
        "update a table",
        "update every team (one statement)",
        "rename a player",
        "delete a table",
    ],
)
def test_every_write_of_a_setup_row_counts(write):
    tournament = small_tournament()
    other = small_tournament()
    before, other_before = version(tournament), version(other)
    plan_rows = TableAssignment.objects.filter(round__tournament=tournament)
    if write == "update a plan row (queryset)":
        row = plan_rows.first()
        plan_rows.filter(pk=row.pk).update(boards=row.boards)
    elif write == "delete a plan row":
        plan_rows.order_by("-pk").first().delete()
    elif write == "insert a round":
        Round.objects.create(tournament=tournament, number=99)
    elif write == "update a table":
        Table.objects.filter(tournament=tournament, number=1).update(number=1)
    elif write == "update every team (one statement)":
        Team.objects.filter(tournament=tournament).update(withdrawn=False)
    elif write == "rename a player":
        team = Team.objects.filter(tournament=tournament).first()
        Player.objects.filter(pk=team.player_two_id).update(last_name="Autrenom")
    else:
        table = Table.objects.filter(tournament=tournament).order_by("-number").first()
        TableAssignment.objects.filter(table=table).delete()
        table.delete()
    assert version(tournament) > before, write
    assert version(other) == other_before, "another tournament's setup did not change"


def test_a_player_in_two_tournaments_counts_for_both():
    first, second = small_tournament(), small_tournament()
    team = Team.objects.filter(tournament=first).first()
    Team.objects.filter(tournament=second, number=team.number).update(player_one=team.player_one)
    before = version(first), version(second)
    Player.objects.filter(pk=team.player_one_id).update(last_name="Nouveau")
    assert version(first) > before[0] and version(second) > before[1]


@pytest.mark.parametrize(
    "write", ["check a team in", "a wrong team code", "start a round", "a player's first name"]
)
def test_writes_the_rankings_do_not_read_do_not_count(write):
    from django.db.models import F
    from django.utils import timezone

    tournament = small_tournament()
    before = version(tournament)
    team = Team.objects.filter(tournament=tournament).first()
    if write == "check a team in":
        Team.objects.filter(pk=team.pk).update(checked_in=True)
    elif write == "a wrong team code":
        Team.objects.filter(tournament=tournament).update(code_failures=F("code_failures") + 1)
    elif write == "start a round":
        Round.objects.filter(tournament=tournament).update(started_at=timezone.now())
    else:
        Player.objects.filter(pk=team.player_one_id).update(first_name="Prénom")
    assert version(tournament) == before, write

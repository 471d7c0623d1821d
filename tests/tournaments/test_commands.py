"""``manage.py movement``, ``manage.py demo_tournament`` and ``manage.py demo_site``."""

import json
import re
import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.support.factories import add_teams, make_tournament
from tests.support.paths import ROOT
from tournaments.setup.models import Tournament
from tournaments.setup.services import generate_plan

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    output = StringIO()
    call_command(*args, stdout=output)
    return output.getvalue()


def test_mitchell_json_rows_follow_the_mitchell_rule():
    rows = json.loads(run("movement", "--teams", "10", "--type", "mitchell", "--json"))

    assert set(rows[0]) == {"round", "table", "ns", "ew", "boards"}
    assert len(rows) == 25  # five tables, five rounds
    for row in rows:
        assert row["ns"] == row["table"]  # NS teams stay at their table
        assert len(row["boards"]) == 3
    # EW move up one table, boards move down one table.
    round_1 = {r["table"]: r for r in rows if r["round"] == 1}
    round_2 = {r["table"]: r for r in rows if r["round"] == 2}
    for table in range(1, 6):
        assert round_2[table % 5 + 1]["ew"] == round_1[table]["ew"]
        assert round_2[(table - 2) % 5 + 1]["boards"] == round_1[table]["boards"]


def test_an_odd_field_prints_null_for_the_phantom():
    rows = json.loads(
        run("movement", "--teams", "9", "--type", "mitchell", "--rounds", "3", "--json")
    )

    assert {row["round"] for row in rows} == {1, 2, 3}
    phantoms = [row for row in rows if row["ns"] is None or row["ew"] is None]
    assert len(phantoms) == 3
    assert all(row["ns"] is None and row["ew"] is not None for row in phantoms)


def test_howell_json_has_every_pair_once():
    rows = json.loads(
        run("movement", "--teams", "8", "--type", "howell", "--boards-per-round", "2", "--json")
    )

    pairs = [frozenset((row["ns"], row["ew"])) for row in rows]
    assert len(pairs) == len(set(pairs)) == 28


def test_the_readable_table_lists_each_row():
    text = run("movement", "--teams", "5", "--type", "mitchell")

    lines = text.splitlines()
    assert lines[0].startswith("Mitchell: 5 teams, 3 tables, 3 rounds")
    assert len([line for line in lines if "(sit-out)" in line]) == 3


def test_a_stored_plan_is_printed_with_the_teams_numbers(organizer):
    tournament = make_tournament(organizer=organizer, rounds=None, boards_per_round=2)
    add_teams(tournament, 6)
    tournament.teams.filter(number=2).update(withdrawn=True)
    generate_plan(tournament=tournament)

    rows = json.loads(run("movement", "--tournament", tournament.slug, "--json"))

    numbers = {n for row in rows for n in (row["ns"], row["ew"])}
    assert numbers == {1, 3, 4, 5, 6, None}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--teams", "3", "--type", "mitchell", "--json"], "at least 4 teams"),
        (["--teams", "8", "--type", "mitchell", "--rounds", "9"], "between 1 and"),
        (["--teams", "8"], "--type"),
        (["--tournament", "nope"], "no tournament"),
        (["--tournament", "x", "--teams", "8"], "cannot be combined"),
    ],
)
def test_bad_requests_raise_a_command_error(args, message):
    with pytest.raises(CommandError, match=message):
        run("movement", *args)


def test_errors_go_to_stderr_with_a_non_zero_exit_code():
    result = subprocess.run(  # noqa: S603 - fixed arguments
        [sys.executable, "manage.py", "movement", "--teams", "2", "--type", "howell", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode != 0
    assert result.stdout == ""
    assert "teams" in result.stderr


def test_a_stored_plan_that_does_not_exist_is_an_error(organizer):
    tournament = make_tournament(organizer=organizer)

    with pytest.raises(CommandError, match="no table plan"):
        run("movement", "--tournament", tournament.slug)


def test_demo_tournament_builds_a_running_tournament_and_prints_its_slug(make_user):
    organizer = make_user("organisateur", role="organizer")
    arbiter = make_user("arbitre", role="arbiter")

    output = run("demo_tournament", "--teams", "9", "--boards-per-round", "2")

    slug = output.strip().splitlines()[-1]
    tournament = Tournament.objects.get(slug=slug)
    assert tournament.status == Tournament.Status.RUNNING
    assert list(tournament.organizers.all()) == [organizer]
    assert list(tournament.arbiters.all()) == [arbiter]
    assert tournament.teams.count() == 9
    assert tournament.teams.filter(checked_in=True, withdrawn=False).count() == 9
    assert tournament.venue and tournament.club
    assert tournament.plan_generated_at is not None
    assert tournament.round_set.count() == 5  # five tables, an odd number: a full Mitchell
    assert not tournament.round_set.filter(published=False).exists()
    names = [str(player) for player in tournament.players.all()]
    assert len(set(names)) == 18
    assert len(set(tournament.players.values_list("licence", flat=True))) == 18


def test_demo_tournament_defaults_and_a_second_demo(make_user):
    first = run("demo_tournament").strip().splitlines()[-1]
    second = run("demo_tournament").strip().splitlines()[-1]

    assert first != second
    tournament = Tournament.objects.get(slug=first)
    assert tournament.teams.count() == 12
    assert tournament.movement_type == "mitchell"
    assert tournament.boards_per_round == 3
    assert tournament.organizers.count() == 0  # no demo accounts in this database


def test_demo_tournament_refuses_impossible_sizes():
    with pytest.raises(CommandError):
        run("demo_tournament", "--teams", "3")
    with pytest.raises(CommandError, match="impossible"):
        run("demo_tournament", "--teams", "8", "--rounds", "12")
    assert Tournament.objects.count() == 0


def test_the_demo_gets_its_deals_and_results_from_their_apps(organizer):
    from tournaments.results.demo import populate_demo
    from tournaments.results.models import Result
    from tournaments.setup.services.demo import DemoSettings, build_demo_tournament

    dealt = build_demo_tournament(settings=DemoSettings(teams=6, boards_per_round=2))
    played = build_demo_tournament(settings=DemoSettings(teams=6, boards_per_round=2))

    assert populate_demo(dealt, results=False) == ["deals"]
    assert populate_demo(played, results=True) == ["deals", "results"]
    assert dealt.boards.exclude(hands={}).count() == dealt.boards.count() > 0
    assert not Result.objects.filter(tournament=dealt).exists()
    assert Result.objects.filter(tournament=played, is_current=True).exists()


def test_a_stored_arrow_switch_plan_prints_like_the_movement(organizer):
    tournament = make_tournament(
        organizer=organizer, rounds=None, boards_per_round=2, arrow_switch=True
    )
    add_teams(tournament, 10)
    outcome = generate_plan(tournament=tournament)

    rows = json.loads(run("movement", "--tournament", tournament.slug, "--json"))

    assert rows == outcome.movement.to_rows()
    switched = [row for row in rows if row["round"] == 5]
    assert all(row["ew"] == row["table"] for row in switched)  # the seated NS team plays EW


# --- demo_site (bin/run) -----------------------------------------------------------------------
# On this machine only (plain bin/run); on the network: tests/site/test_laptop.py.


@pytest.fixture
def this_machine_only(settings):
    settings.SERVED_BEYOND_LOOPBACK = ""


@pytest.mark.usefixtures("this_machine_only")
def test_demo_site_creates_the_demo_accounts_with_the_documented_password(settings):
    from django.contrib.auth import get_user_model

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

    output = run("demo_site")

    assert "organisateur / coinche-demo" in output and "arbitre / coinche-demo" in output
    for username in ("organisateur", "arbitre"):
        assert get_user_model().objects.get(username=username).check_password("coinche-demo")
    demo = Tournament.objects.filter(organizers__username="organisateur", seasons__isnull=True)
    assert demo.count() == 1
    # And a club's season of finished tournaments (demo_season), its page printed.
    assert re.search(r"season / saison : \S+/saisons/[\w-]+/", output)


@pytest.mark.usefixtures("this_machine_only")
def test_demo_site_keeps_changed_passwords_unless_asked_to_reset_them(settings):
    from django.contrib.auth import get_user_model

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    run("demo_site")
    organizer = get_user_model().objects.get(username="organisateur")
    organizer.set_password("changed-on-the-club-laptop")
    organizer.save()

    output = run("demo_site")

    organizer.refresh_from_db()
    assert organizer.check_password("changed-on-the-club-laptop")
    assert "organisateur / (mot de passe inchangé" in output
    assert "coinche-demo" not in output
    # The same demo tournament and season: nothing built twice.
    assert Tournament.objects.filter(organizers=organizer, seasons__isnull=True).count() == 1
    assert organizer.organized_clubs.get().seasons.count() == 1

    output = run("demo_site", "--reset-passwords")

    organizer.refresh_from_db()
    assert organizer.check_password("coinche-demo")
    assert "organisateur / coinche-demo" in output


@pytest.mark.usefixtures("this_machine_only")
def test_demo_site_gives_the_players_address_and_warns_when_phones_cannot_reach_it(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.SITE_URL = "http://127.0.0.1:8000"

    output = run("demo_site")

    assert "Adresse pour les joueurs / players' address : http://127.0.0.1:8000" in output
    assert "bin/run --lan" in output

    settings.SITE_URL = "http://192.168.1.20:8000"
    output = run("demo_site")

    assert "Adresse pour les joueurs / players' address : http://192.168.1.20:8000" in output
    assert "tournament / tournoi : http://192.168.1.20:8000/tournois/" in output
    assert "bin/run --lan" not in output

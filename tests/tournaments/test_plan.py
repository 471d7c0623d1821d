"""Generating, inspecting and publishing the table plan (plan de table)."""

import pytest
from django.urls import reverse

from scoring.movements import check_movement, errors, movement_for
from tests.support.factories import add_teams, make_tournament
from tests.support.organizer import add_result, plan_of, plan_sizes
from tournaments.setup.models import Tournament
from tournaments.setup.services import OrganizerError, generate_plan, publish_rounds
from tournaments.setup.services.plan import default_arrow_switch_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organizer):
    return make_tournament(
        organizer=organizer,
        status=Tournament.Status.REGISTRATION,
        rounds=None,
        boards_per_round=2,
    )


def test_the_stored_plan_is_the_movement_with_the_teams_numbers(tournament):
    add_teams(tournament, 8)

    outcome = generate_plan(tournament=tournament)

    expected = movement_for("mitchell", 8, boards_per_round=2)
    assert plan_of(tournament) == [
        (a.round, a.table, a.ns, a.ew, list(a.boards)) for a in expected.assignments
    ]
    assert outcome.warnings == []
    assert errors(check_movement(outcome.movement)) == []
    tournament.refresh_from_db()
    assert tournament.plan_generated_at is not None
    assert not tournament.round_set.filter(published=True).exists()


def test_an_odd_number_of_teams_gets_a_phantom_and_a_sit_out(tournament):
    add_teams(tournament, 7)

    outcome = generate_plan(tournament=tournament)

    assert outcome.has_phantom
    phantom_tables = [row for row in plan_of(tournament) if None in row[2:4]]
    # One sit-out per round, a different EW team each time.
    assert len(phantom_tables) == outcome.movement.rounds
    sitting_out = [row[2] or row[3] for row in phantom_tables]
    assert len(set(sitting_out)) == len(sitting_out)


def test_only_checked_in_teams_still_in_the_event_take_part(tournament):
    teams = add_teams(tournament, 10)
    teams[2].checked_in = False
    teams[2].save()
    teams[5].withdrawn = True
    teams[5].save()

    generate_plan(tournament=tournament)

    seated = {number for row in plan_of(tournament) for number in row[2:4] if number}
    assert seated == {1, 2, 4, 5, 7, 8, 9, 10}
    assert 3 not in seated and 6 not in seated


def test_regenerating_keeps_the_table_tokens_and_unpublishes(tournament):
    add_teams(tournament, 8)
    generate_plan(tournament=tournament)
    publish_rounds(tournament=tournament)
    tokens = dict(tournament.tables.values_list("number", "token"))
    tournament.teams.filter(number__in=[7, 8]).update(checked_in=False)

    generate_plan(tournament=tournament)

    assert plan_sizes(tournament) == (3, 3, 9)  # 6 teams: 3 tables, 3 rounds
    assert dict(tournament.tables.values_list("number", "token")) == {
        number: tokens[number] for number in (1, 2, 3)
    }
    assert not tournament.round_set.filter(published=True).exists()


def test_the_plan_cannot_change_once_a_result_exists(tournament):
    add_teams(tournament, 8)
    generate_plan(tournament=tournament)
    add_result(tournament)
    before = plan_of(tournament)

    with pytest.raises(OrganizerError, match="Des résultats ont déjà été saisis"):
        generate_plan(tournament=tournament)

    assert plan_of(tournament) == before


def test_impossible_settings_give_a_french_message_and_keep_the_old_plan(tournament):
    add_teams(tournament, 8)
    generate_plan(tournament=tournament)
    before = plan_of(tournament)
    tournament.rounds = 9
    tournament.save()

    with pytest.raises(OrganizerError, match="Plan de table impossible"):
        generate_plan(tournament=tournament)

    assert plan_of(tournament) == before


def test_no_checked_in_team_means_no_plan(tournament):
    add_teams(tournament, 6)
    tournament.teams.update(checked_in=False)

    with pytest.raises(OrganizerError, match="Aucune équipe pointée"):
        generate_plan(tournament=tournament)


def test_arrow_switch_turns_the_last_rounds(tournament):
    tournament.arrow_switch = True
    tournament.save()
    add_teams(tournament, 10)

    outcome = generate_plan(tournament=tournament)

    assert outcome.movement.single_ranking
    switched = sorted(
        set(
            tournament.round_set.filter(assignments__arrow_switch=True).values_list(
                "number", flat=True
            )
        )
    )
    assert switched == [5] == list(default_arrow_switch_rounds(rounds=5))


def test_howell_for_a_small_field(tournament):
    tournament.movement_type = "howell"
    tournament.save()
    add_teams(tournament, 6)

    generate_plan(tournament=tournament)

    meetings = {frozenset(row[2:4]) for row in plan_of(tournament)}
    assert len(meetings) == 15  # every pair of the six teams meets exactly once


def test_the_grid_shows_teams_boards_and_sit_outs(tournament, organizer, login):
    add_teams(tournament, 5)
    client = login(organizer)
    client.post(reverse("tournaments:plan_generate", args=[tournament.slug]))

    page = client.get(reverse("tournaments:plan", args=[tournament.slug]))

    rows = page.context["grid"].rows()
    assert len(rows) == 3 and all(len(cells) == 3 for _round, cells in rows)
    assert "relâche" in page.text
    assert "1 – 3" in page.text  # round 1, table 1: NS 1 against the first EW team, 3
    assert "Équipe 4" in page.text


def test_publishing_round_by_round_and_withdrawing(tournament, organizer, login):
    add_teams(tournament, 8)
    generate_plan(tournament=tournament)
    client = login(organizer)
    url = reverse("tournaments:plan_publish", args=[tournament.slug])

    client.post(url, {"round": "2"})
    assert list(tournament.round_set.filter(published=True).values_list("number", flat=True)) == [2]
    client.post(url, {"round": "all"})
    assert tournament.round_set.filter(published=False).count() == 0
    client.post(url, {"round": "3", "action": "unpublish"})
    assert list(tournament.round_set.filter(published=False).values_list("number", flat=True)) == [
        3
    ]
    response = client.post(url, {"round": "x"}, follow=True)
    assert "Tour inconnu." in response.text


def test_arrow_switch_with_a_single_round_warns_of_two_rankings(tournament):
    tournament.arrow_switch = True
    tournament.rounds = 1
    tournament.save()
    add_teams(tournament, 8)

    outcome = generate_plan(tournament=tournament)

    assert not outcome.movement.single_ranking
    assert any("Un seul tour" in warning for warning in outcome.warnings)

"""Creating and editing a tournament: slug, rules preset and variants, staff, status changes."""

import pytest
from django.urls import reverse

from scoring.engine.rules import PRESETS
from tests.support.factories import add_teams, make_tournament
from tests.support.organizer import add_result, settings_data
from tournaments.setup.models import Tournament
from tournaments.setup.services import OrganizerError, change_status, chosen_rules, generate_plan

pytestmark = pytest.mark.django_db


def test_slugs_come_from_the_name_and_stay_unique(organizer, login):
    client = login(organizer)
    for _ in range(3):
        client.post(reverse("tournaments:create"), settings_data(name="Grand Prix d'Été 2026"))

    slugs = list(Tournament.objects.order_by("pk").values_list("slug", flat=True))

    assert slugs == ["grand-prix-dete-2026", "grand-prix-dete-2026-2", "grand-prix-dete-2026-3"]


def test_each_rule_variant_is_stored(organizer, login):
    data = settings_data(
        rule_win_condition="bid_only",
        rule_made_score="points_only",
        rule_failure_base="162",
        rule_surcoinche_multiplier="3",
        rule_belote_imprenable=None,
        rule_rounding="none",
        rule_capot_bid="flat_500",
        rule_generale_bonus="200",
        rule_annonces=None,
        rule_no_trump="on",
        rule_all_trump="on",
        rule_must_undertrump="on",
    )

    login(organizer).post(reverse("tournaments:create"), data)

    tournament = Tournament.objects.get()
    assert tournament.rules == {
        "win_condition": "bid_only",
        "made_score": "points_only",
        "failure_base": 162,
        "surcoinche_multiplier": 3,
        "belote_imprenable": False,
        "rounding": "none",
        "capot_bid": "flat_500",
        "generale_bonus": 200,
        "annonces": False,
        "no_trump": True,
        "all_trump": True,
        "must_undertrump": True,
        # The axes added with the rule families, at the FFB values the form was sent.
        "failure_score": "base_and_bid",
        "failure_capot_base": False,
        "multiplier_scope": "whole_score",
        "belote_transferred": False,
        "belote_counts_for_bid": True,
        "annonces_count_for_bid": True,
        "overtake_partner": "trump_led",
        "lowest_bid": 80,
        "bid_step": 10,
        "no_trump_doubles": False,
        "capot_points": 252,
        "coinche_ends_bidding": True,
    }
    assert tournament.rule_settings().generale_bonus == 200


def test_picking_a_preset_without_touching_the_details_applies_it(organizer, login):
    client = login(organizer)
    client.post(reverse("tournaments:create"), settings_data())
    tournament = Tournament.objects.get()

    client.post(
        reverse("tournaments:edit", args=[tournament.slug]), settings_data(rules_preset="contree")
    )

    tournament.refresh_from_db()
    assert tournament.rules_preset == "contree"
    assert tournament.rule_settings() == PRESETS["contree"]


def test_the_organizer_may_choose_the_belote_l_preset(organizer, login):
    client = login(organizer)
    page = client.get(reverse("tournaments:create")).content.decode()
    assert '<option value="belote-l">Belote&#x27;L (jeubelote.com)</option>' in page

    client.post(reverse("tournaments:create"), settings_data(rules_preset="belote-l"))

    tournament = Tournament.objects.get()
    assert tournament.rules_preset == "belote-l"
    assert tournament.rule_settings() == PRESETS["belote-l"]


def test_another_preset_starts_from_its_own_rules_and_a_kept_one_from_the_current_rules():
    tournament = make_tournament(rules_preset="ffb-coinche", rules={"generale_bonus": 200})

    other = chosen_rules(preset="contree", changes={"rounding": "none"}, tournament=tournament)
    kept = chosen_rules(preset="ffb-coinche", changes={"rounding": "none"}, tournament=tournament)
    new = chosen_rules(preset="ffb-coinche")

    assert other == {**PRESETS["contree"].to_dict(), "rounding": "none"}
    assert kept == {**PRESETS["ffb-coinche"].to_dict(), "generale_bonus": 200, "rounding": "none"}
    assert new == PRESETS["ffb-coinche"].to_dict()


def test_chosen_rules_that_are_no_rules_are_refused():
    with pytest.raises(ValueError, match="generale"):
        chosen_rules(preset="ffb-coinche", changes={"generale_bonus": 25})


def test_bad_values_are_refused_in_french(organizer, login):
    response = login(organizer).post(
        reverse("tournaments:create"),
        settings_data(name="", rule_generale_bonus="25", boards_per_round="0"),
    )

    assert response.status_code == 200
    assert "Ce champ est obligatoire." in response.text
    assert Tournament.objects.count() == 0
    assert response.context["form"].errors.keys() == {
        "name",
        "rule_generale_bonus",
        "boards_per_round",
    }


def test_co_organizers_and_arbiters_are_chosen_among_the_roles(organizer, make_user, login):
    colleague = make_user("colette", role="organizer")
    arbiter = make_user("arnaud", role="arbiter")
    client = login(organizer)
    client.post(reverse("tournaments:create"), settings_data())
    tournament = Tournament.objects.get()

    form = client.get(reverse("tournaments:edit", args=[tournament.slug])).context["form"]
    assert list(form.fields["co_organizers"].queryset) == [colleague]
    assert list(form.fields["arbiters"].queryset) == [arbiter]

    client.post(
        reverse("tournaments:edit", args=[tournament.slug]),
        settings_data(co_organizers=[str(colleague.pk)], arbiters=[str(arbiter.pk)]),
    )
    assert set(tournament.organizers.all()) == {organizer, colleague}
    assert list(tournament.arbiters.all()) == [arbiter]
    # Someone outside the roles cannot be slipped in.
    player = make_user("paul")
    response = client.post(
        reverse("tournaments:edit", args=[tournament.slug]),
        settings_data(arbiters=[str(player.pk)]),
    )
    assert "arbiters" in response.context["form"].errors


def test_rules_and_movement_are_frozen_once_results_exist(organizer, login):
    tournament = make_tournament(organizer=organizer, rounds=None, boards_per_round=2)
    add_teams(tournament, 6)
    generate_plan(tournament=tournament)
    add_result(tournament)
    client = login(organizer)
    url = reverse("tournaments:edit", args=[tournament.slug])

    form = client.get(url).context["form"]
    assert form.fields["rule_annonces"].disabled
    assert form.fields["boards_per_round"].disabled

    # A forged POST changes the name but not the rules nor the movement.
    client.post(url, settings_data(name="Nouveau nom", rule_annonces=None, boards_per_round="4"))
    tournament.refresh_from_db()
    assert tournament.name == "Nouveau nom"
    assert tournament.rule_settings().annonces is True
    assert tournament.boards_per_round == 2


def test_changing_the_movement_after_the_plan_asks_to_regenerate(organizer, login):
    tournament = make_tournament(organizer=organizer, rounds=None, boards_per_round=3)
    add_teams(tournament, 6)
    generate_plan(tournament=tournament)

    response = login(organizer).post(
        reverse("tournaments:edit", args=[tournament.slug]),
        settings_data(name=tournament.name, boards_per_round="2"),
        follow=True,
    )

    assert "régénérez le plan de table" in response.text


def test_status_follows_draft_registration_running_finished(organizer, login):
    tournament = make_tournament(organizer=organizer, status=Tournament.Status.DRAFT, rounds=None)
    add_teams(tournament, 6)
    client = login(organizer)
    url = reverse("tournaments:status", args=[tournament.slug])

    response = client.post(url, {"status": "finished"}, follow=True)
    assert "ne peut pas passer" in response.text
    client.post(url, {"status": "registration"})
    response = client.post(url, {"status": "running"}, follow=True)
    assert "Générez le plan de table avant de lancer le tournoi." in response.text
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION

    generate_plan(tournament=tournament)
    client.post(url, {"status": "running"})
    add_result(tournament)
    with pytest.raises(OrganizerError, match="ne peut plus revenir"):
        change_status(tournament=tournament, status=Tournament.Status.REGISTRATION)
    # Results are still missing: finishing needs the confirmation the page asks for.
    client.post(url, {"status": "finished", "missing_confirmed": "1"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    client.post(url, {"status": "running"})  # reopened for a late correction
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_the_dashboard_lists_my_tournaments(organizer, login):
    mine = make_tournament(organizer=organizer, name="Le mien")
    make_tournament(name="Celui d'un autre")

    page = login(organizer).get(reverse("tournaments:organizer_home"))

    assert list(page.context["tournaments"]) == [mine]
    assert "Créer un tournoi" in page.text

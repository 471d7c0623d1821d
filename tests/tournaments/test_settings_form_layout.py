"""The gentler set-up form (issue 29, item 15): the preset first and its settings folded under
« Personnaliser les règles », one club field, and the warning of a plan with two rankings."""

import re

import pytest
from django.urls import reverse

from tests.support.factories import add_teams, make_tournament
from tests.support.organizer import settings_data
from tournaments.clubs import services as club_services
from tournaments.setup.models import Tournament

pytestmark = pytest.mark.django_db

DETAILS = re.compile(r'<details class="rule-details" id="rule-details"( open)?>')
WARNING = re.compile(r'<p class="message warning" id="two-rankings"( hidden)?>')


def _details_open(page: str) -> bool:
    return DETAILS.search(page).group(1) is not None


def _warning_shown(page: str) -> bool:
    return WARNING.search(page).group(1) is None


def test_the_preset_comes_first_and_its_settings_are_folded(organizer, login):
    page = login(organizer).get(reverse("tournaments:create")).content.decode()
    assert page.index('id="id_rules_preset"') < page.index("Personnaliser les règles")
    assert page.index("Personnaliser les règles") < page.index('id="id_rule_win_condition"')
    assert not _details_open(page)


def test_rules_that_are_not_their_preset_open_the_settings(organizer, login):
    custom = make_tournament(organizer=organizer, rules={"generale_bonus": 200})
    plain = make_tournament(organizer=organizer)
    client = login(organizer)
    assert _details_open(client.get(reverse("tournaments:edit", args=[custom.slug])).text)
    assert not _details_open(client.get(reverse("tournaments:edit", args=[plain.slug])).text)
    # A refused combination opens them too, to show what to change.
    refused = client.post(
        reverse("tournaments:create"),
        settings_data(rule_belote_transferred="on", rule_belote_imprenable="on"),
    )
    assert refused.status_code == 200 and _details_open(refused.content.decode())


def test_a_mitchell_without_arrow_switch_warns_of_two_rankings(organizer, login):
    client = login(organizer)
    mitchell = make_tournament(organizer=organizer, movement_type="mitchell", arrow_switch=False)
    switched = make_tournament(organizer=organizer, movement_type="mitchell", arrow_switch=True)
    howell = make_tournament(organizer=organizer, movement_type="howell")
    pages = {
        t.slug: client.get(reverse("tournaments:edit", args=[t.slug])).content.decode()
        for t in (mitchell, switched, howell)
    }
    assert _warning_shown(pages[mitchell.slug])
    assert "Mitchell sans tours inversés : deux classements, NS et EO." in pages[mitchell.slug]
    assert not _warning_shown(pages[switched.slug]) and not _warning_shown(pages[howell.slug])


def test_without_a_club_the_club_is_typed_once(organizer, login):
    page = login(organizer).get(reverse("tournaments:create")).content.decode()
    assert page.count('name="club"') == 1 and 'type="text" name="club"' in page
    assert "organizing_club" not in page


def test_with_clubs_the_club_is_chosen_once_and_named_after_it(organizer, login):
    club = club_services.create_club(name="Coinche Club de Rennes", by=organizer)
    client = login(organizer)
    page = client.get(reverse("tournaments:create")).content.decode()
    assert 'type="hidden" name="club"' in page and 'name="organizing_club"' in page
    assert 'for="id_club"' not in page  # no second, typed club field
    client.post(reverse("tournaments:create"), settings_data(organizing_club=club.pk, club=""))
    tournament = Tournament.objects.get()
    assert tournament.organizing_club == club and tournament.club == "Coinche Club de Rennes"


def test_the_rounds_help_gives_the_complete_movement_of_this_tournament(organizer, login):
    # 12 teams in a Mitchell: 6 tables, so 5 rounds (the skip); 2 boards a round.
    tournament = make_tournament(organizer=organizer, movement_type="mitchell")
    add_teams(tournament, 12)
    page = login(organizer).get(reverse("tournaments:edit", args=[tournament.slug])).text
    assert (
        "Vide : le mouvement complet, ici 5 tours pour les 12 équipes inscrites "
        "(10 étuis par équipe)." in page
    )
    empty = make_tournament(organizer=organizer)
    page = login(organizer).get(reverse("tournaments:edit", args=[empty.slug])).text
    assert "Vide : autant de tours que le mouvement complet." in page

"""Deals stay secret until released: every role, on the hand records page, the board pages and
the PBN download, before release, after releasing one round and after releasing everything.

The plan is a barometer (round 1 plays boards 1-2, round 2 boards 3-4, round 3 boards 5-6), so
releasing round 1 must show boards 1 and 2 to everyone and nothing else.
"""

import pytest
from django.urls import reverse

from tests.support.deals import ROLES, login
from tests.support.secrecy import (
    ALL_BOARDS,
    STAGES,
    refused,
    set_stage,
    visible_to,
)
from tournaments.deals import selectors, services
from tournaments.deals.models import DealSet

pytestmark = pytest.mark.django_db


def may_download(role: str, stage: str) -> bool:
    return role == "organizer" or stage == "all"


@pytest.fixture
def prepared(barometer):
    services.generate_deals(tournament=barometer)
    return barometer


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("role", ROLES)
def test_hand_records_page_shows_only_what_the_role_may_see(client, prepared, people, role, stage):
    set_stage(prepared, role, stage)
    login(client, people.user(role))

    response = client.get(reverse("deals:records", args=[prepared.slug]))

    assert response.status_code == 200
    expected = visible_to(role, stage)
    shown = {item["board"].number for item in response.context["shown"]}
    assert shown == expected
    for number in ALL_BOARDS:
        diagram = f'data-board="{number}"'
        assert (diagram in response.text) == (number in expected), number
    assert response.context["hidden_count"] == 6 - len(expected)


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("role", ROLES)
def test_board_pages_open_only_for_those_who_may_see_the_board(
    client, prepared, people, role, stage
):
    set_stage(prepared, role, stage)
    login(client, people.user(role))
    expected = visible_to(role, stage)

    for number in (1, 3):
        response = client.get(reverse("deals:board", args=[prepared.slug, number]))
        if number in expected:
            assert response.status_code == 200, (number, response.status_code)
            assert f'data-board="{number}"' in response.text
        else:
            assert refused(response) == ("login" if role == "anonymous" else "forbidden"), number
            assert 'class="hand-diagram"' not in getattr(response, "text", "")


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("role", ROLES)
def test_pbn_download_only_for_organizers_until_everything_is_released(
    client, prepared, people, role, stage
):
    set_stage(prepared, role, stage)
    login(client, people.user(role))

    response = client.get(reverse("deals:export", args=[prepared.slug]))

    if may_download(role, stage):
        assert response.status_code == 200
        assert response.content.decode() == selectors.pbn_export(prepared)
    else:
        assert refused(response) == ("login" if role == "anonymous" else "forbidden")
        assert b"[Deal " not in response.content


@pytest.mark.parametrize("role", ROLES)
def test_the_seed_is_never_shown_before_everything_is_released(client, prepared, people, role):
    set_stage(prepared, role, "round_1")
    login(client, people.user(role))
    seed = DealSet.objects.get(tournament=prepared).seed_hex

    for url in (
        reverse("tournaments:public", args=[prepared.slug]),
        reverse("deals:records", args=[prepared.slug]),
        reverse("deals:verification", args=[prepared.slug]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert seed not in response.text, url


@pytest.mark.parametrize("role", ROLES)
def test_only_the_tournament_s_organizers_open_the_deals_page(client, prepared, people, role):
    login(client, people.user(role))

    response = client.get(reverse("deals:manage", args=[prepared.slug]))

    if role == "organizer":
        assert response.status_code == 200
    else:
        assert refused(response) == ("login" if role == "anonymous" else "forbidden")


@pytest.mark.parametrize("role", [role for role in ROLES if role != "organizer"])
@pytest.mark.parametrize(
    ("action", "data"),
    [
        ("deals:generate", {"confirm": "1"}),
        ("deals:import", {"text": '[Board "1"]'}),
        ("deals:unrecorded", {"confirm": "1"}),
        ("deals:release", {"all": "1", "confirm_all": "1"}),
        ("deals:type_board", {"number": "1", "north": "AKQJT987..."}),
    ],
)
def test_only_organizers_change_the_deals(client, prepared, people, role, action, data):
    set_stage(prepared, role, "before")
    before = list(prepared.boards.values_list("number", "hands"))
    login(client, people.user(role))

    response = client.post(reverse(action, args=[prepared.slug]), data)

    assert refused(response) == ("login" if role == "anonymous" else "forbidden")
    assert list(prepared.boards.values_list("number", "hands")) == before
    assert not prepared.round_set.filter(hands_released=True).exists()


def test_a_draft_tournament_s_deals_do_not_exist_for_the_public(client, prepared, people):
    prepared.status = prepared.Status.DRAFT
    prepared.save()

    assert client.get(reverse("deals:records", args=[prepared.slug])).status_code == 404
    assert client.get(reverse("deals:verification", args=[prepared.slug])).status_code == 404
    login(client, people.organizer)
    assert client.get(reverse("deals:records", args=[prepared.slug])).status_code == 200


def test_the_menu_lists_the_deals_pages_by_role(client, prepared, people):
    records = reverse("deals:records", args=[prepared.slug])
    manage = reverse("deals:manage", args=[prepared.slug])

    public = client.get(reverse("tournaments:public", args=[prepared.slug])).text
    login(client, people.organizer)
    organizer = client.get(reverse("tournaments:public", args=[prepared.slug])).text

    assert records in public and manage not in public
    assert records in organizer and manage in organizer

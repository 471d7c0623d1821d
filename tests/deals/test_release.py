"""Releasing the hand records (relevé des donnes) per round or all at once reveals the seed at
the end, and cannot be undone."""

import pytest
from django.urls import reverse

from tests.support.deals import login
from tests.support.factories import make_tournament
from tournaments.deals import selectors, services
from tournaments.deals.models import DealSet
from tournaments.setup.models import Round

pytestmark = pytest.mark.django_db


def released(tournament) -> list[int]:
    return list(
        Round.objects.filter(tournament=tournament, hands_released=True)
        .order_by("number")
        .values_list("number", flat=True)
    )


def test_releasing_rounds_one_by_one_reveals_the_seed_with_the_last(barometer):
    services.generate_deals(tournament=barometer)

    assert services.release_hands(tournament=barometer, rounds=[2]) == 1
    assert released(barometer) == [2]
    assert DealSet.objects.get(tournament=barometer).revealed_at is None

    assert services.release_hands(tournament=barometer, rounds=[1, 2]) == 1
    assert DealSet.objects.get(tournament=barometer).revealed_at is None
    assert not selectors.hands_released(barometer)

    assert services.release_hands(tournament=barometer, rounds=[3]) == 1
    assert selectors.hands_released(barometer)
    assert DealSet.objects.get(tournament=barometer).revealed_at is not None


def test_releasing_everything_at_once(barometer):
    services.generate_deals(tournament=barometer)

    assert services.release_hands(tournament=barometer) == 3
    revealed_at = DealSet.objects.get(tournament=barometer).revealed_at
    assert released(barometer) == [1, 2, 3]
    assert revealed_at is not None

    assert services.release_hands(tournament=barometer) == 0
    assert DealSet.objects.get(tournament=barometer).revealed_at == revealed_at


def test_imported_deals_are_released_without_a_seed(barometer):
    services.set_unrecorded(tournament=barometer)

    services.release_hands(tournament=barometer)

    assert released(barometer) == [1, 2, 3]
    assert not DealSet.objects.filter(tournament=barometer).exists()


def test_unknown_rounds_and_tournaments_without_rounds_are_refused(barometer):
    with pytest.raises(services.DealsError) as raised:
        services.release_hands(tournament=barometer, rounds=[2, 7])
    assert raised.value.messages == ["Le tour 7 n'existe pas."]
    assert released(barometer) == []

    with pytest.raises(services.DealsError) as raised:
        services.release_hands(tournament=barometer, rounds=[])
    assert raised.value.code == "no_round_chosen"

    with pytest.raises(services.DealsError) as raised:
        services.release_hands(tournament=make_tournament())
    assert raised.value.code == "no_rounds"


def test_the_deals_page_releases_chosen_rounds(client, barometer, people):
    services.generate_deals(tournament=barometer)
    login(client, people.organizer)

    response = client.post(
        reverse("deals:release", args=[barometer.slug]), {"rounds": ["1", "3"]}, follow=True
    )

    assert "Relevé des donnes publié pour 2 tours." in response.text
    assert released(barometer) == [1, 3]
    assert response.context["release_form"].fields["rounds"].choices == [(2, "Tour 2")]


def test_releasing_everything_from_the_page_needs_confirmation(client, barometer, people):
    services.generate_deals(tournament=barometer)
    login(client, people.organizer)
    url = reverse("deals:release", args=[barometer.slug])

    unconfirmed = client.post(url, {"all": "1"}, follow=True)
    assert "Cochez la case de confirmation" in unconfirmed.text
    assert released(barometer) == []

    confirmed = client.post(url, {"all": "1", "confirm_all": "1"}, follow=True)
    assert "La graine est maintenant publique." in confirmed.text
    assert "Tout le relevé des donnes est publié." in confirmed.text
    assert released(barometer) == [1, 2, 3]


def test_a_round_already_released_cannot_be_chosen_again(client, barometer, people):
    services.release_hands(tournament=barometer, rounds=[1])
    login(client, people.organizer)

    response = client.post(
        reverse("deals:release", args=[barometer.slug]), {"rounds": ["1"]}, follow=True
    )

    assert "Ces tours ne peuvent pas être publiés." in response.text
    assert released(barometer) == [1]

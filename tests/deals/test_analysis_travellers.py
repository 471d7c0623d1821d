"""The analysis on the traveller: a summary line and, on each result, what was makeable; only
for whoever may see the board's hands."""

import pytest
from django.urls import reverse

from tests.support.deals import add_result, login
from tests.support.secrecy import store_analysis
from tournaments.deals import selectors, services
from tournaments.standings.recomputation import recompute

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(barometer):
    services.generate_deals(barometer)
    board = barometer.boards.get(number=1)
    store_analysis(board)  # NS take 101 everywhere; NS make 110 (capot at ♠), EO 80 at ♠.
    add_result(barometer, 1)
    recompute(barometer.pk, force=True)
    return barometer


def test_compare_says_what_each_contract_was_worth(played):
    table = selectors.analysis_table(played.boards.get(number=1).analysis)
    made = {"contract": {"bid": 100, "strain": "H", "taker": "S", "coinche": 0}}
    failed = {"contract": {"bid": 120, "strain": "H", "taker": "N", "coinche": 0}}
    defence = {"contract": {"bid": 80, "strain": "H", "taker": "E", "coinche": 0}}
    assert table.compare(made) == "faisable : 101 points à quatre jeux, jusqu'à 110"
    assert table.compare(failed) == "infaisable : 101 points à quatre jeux, jusqu'à 110"
    assert table.compare(defence) == "infaisable : 61 points à quatre jeux, pas même 80"
    assert table.compare({"passed": True, "contract": None}).startswith("Passe ; à quatre jeux")
    assert table.summary == "NS peuvent faire Capot ♠ ; EO peuvent faire 80 ♠"


def test_the_traveller_shows_the_analysis_only_with_the_hands(client, played, people):
    url = reverse("standings:traveller", args=[played.slug, 1])
    login(client, people.organizer)
    response = client.get(url)
    assert 'class="dd-summary" data-board="1"' in response.text
    assert "NS peuvent faire Capot ♠" in response.text
    assert "Passe ; à quatre jeux : NS peuvent faire Capot" in response.text

    # An arbiter sees the traveller at any time, but not the hands before the release.
    client.logout()
    login(client, people.arbiter)
    response = client.get(url)
    assert response.status_code == 200
    assert "dd-summary" not in response.text and "à quatre jeux" not in response.text

    services.release_hands(played)
    response = client.get(url)
    assert 'class="dd-summary" data-board="1"' in response.text
    assert "Passe ; à quatre jeux : NS peuvent faire Capot" in response.text

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
    services.generate_deals(tournament=barometer)
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
    assert table.compare(made) == "NS pouvaient le faire : 101 points, jusqu'à 110"
    assert table.compare(failed) == "NS faisaient 101 points, de quoi faire 110"
    assert table.compare(defence) == "EO faisaient 61 points, pas assez pour 80"
    assert table.compare({"passed": True, "contract": None}) == (
        "Passe ; NS pouvaient faire Capot ♠ et EO pouvaient faire 80 ♠"
    )
    assert table.summary == (
        "Avec les quatre jeux visibles, NS pouvaient faire Capot ♠ et EO pouvaient faire 80 ♠"
    )


def test_the_words_never_judge_the_tables_play(played):
    """A contract made at the table against the double-dummy points (the defence slipped) is
    beside « EO faisaient 61 points… », never beside « infaisable » or « chute »."""
    table = selectors.analysis_table(played.boards.get(number=1).analysis)
    for taker, bid in (("S", 100), ("N", 120), ("E", 80), ("W", 160)):
        record = {"contract": {"bid": bid, "strain": "H", "taker": taker, "coinche": 0}}
        text = table.compare(record)
        assert "infaisable" not in text and "chute" not in text and "faisable" not in text


def test_the_traveller_shows_the_analysis_only_with_the_hands(client, played, people):
    url = reverse("standings:traveller", args=[played.slug, 1])
    login(client, people.organizer)
    response = client.get(url)
    assert 'class="dd-summary" data-board="1"' in response.text
    assert "Avec les quatre jeux visibles, NS pouvaient faire Capot ♠" in response.text
    assert "Passe ; NS pouvaient faire Capot" in response.text
    # What double dummy means, in one sentence, and where to read more.
    assert "chaque camp joue au mieux en voyant les 32 cartes" in response.text
    assert "docs/analysis.md" in response.text

    # An arbiter sees the traveller at any time, but not the hands before the release.
    client.logout()
    login(client, people.arbiter)
    response = client.get(url)
    assert response.status_code == 200
    assert "dd-summary" not in response.text and "quatre jeux visibles" not in response.text

    services.release_hands(tournament=played)
    response = client.get(url)
    assert 'class="dd-summary" data-board="1"' in response.text
    assert "Passe ; NS pouvaient faire Capot" in response.text

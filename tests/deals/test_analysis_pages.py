"""The double-dummy analysis on the hand records and board pages: shown exactly where the
hands are, current analyses only. Analyses are stored directly here (the job has its tests)."""

import pytest
from django.urls import reverse

from tests.support.deals import ROLES, login
from tests.support.secrecy import (
    ALL_BOARDS,
    STAGES,
    refused,
    set_stage,
    store_analysis,
    visible_to,
)
from tournaments.deals import selectors, services
from tournaments.deals.models import Board

pytestmark = pytest.mark.django_db


@pytest.fixture
def analysed(barometer):
    services.generate_deals(tournament=barometer)
    for board in barometer.boards.all():
        store_analysis(board)
    return barometer


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("role", ROLES)
def test_the_analysis_is_shown_exactly_with_the_hands(client, analysed, people, role, stage):
    set_stage(analysed, role, stage)
    login(client, people.user(role))
    expected = visible_to(role, stage)

    response = client.get(reverse("deals:records", args=[analysed.slug]))

    assert response.status_code == 200
    for number in ALL_BOARDS:
        assert (f'class="dd-table" data-board="{number}"' in response.text) == (number in expected)
    if not expected:
        assert "Contrat optimal" not in response.text
    for number in (1, 3):
        response = client.get(reverse("deals:board", args=[analysed.slug, number]))
        if number in expected:
            assert f'class="dd-table" data-board="{number}"' in response.text
            assert f"<td>{100 + number}</td>" in response.text
            assert "NS 120 ♥" in response.text
        else:
            assert refused(response) == ("login" if role == "anonymous" else "forbidden")
            assert "dd-table" not in getattr(response, "text", "")


def test_a_stale_analysis_is_not_shown(client, analysed, people):
    login(client, people.organizer)
    board = analysed.boards.get(number=1)
    other = analysed.boards.get(number=2)
    Board.objects.filter(pk=board.pk).update(hands=other.hands)

    response = client.get(reverse("deals:board", args=[analysed.slug, 1]))

    assert "dd-table" not in response.text
    assert "en cours de calcul" in response.text
    assert set(selectors.visible_analyses(people.organizer, analysed)) == ALL_BOARDS - {1}


def test_the_table_reads_bids_and_par(analysed):
    table = selectors.analysis_table(analysed.boards.get(number=2).analysis)
    assert [row.symbol for row in table.rows] == ["♠", "♥", "♦", "♣", "SA", "TA"]
    spades = table.rows[0]
    assert (spades.ns, spades.ew, spades.ns_bid, spades.ew_bid) == (102, 60, "Capot", "80")
    assert table.rows[1].ew_bid == "—"
    assert table.par_text == "NS 120 ♥"
    assert table.best_for("NS") == ("Capot", "♠")
    assert table.best_for("EW") == ("80", "♠")


def test_an_analysis_whose_par_goes_down_is_made_again(analysed):
    """The par search used to store a failing sacrifice as the par (« EO 260 ♠ (chute) »):
    such an analysis no longer matches its board, so the catch-up makes it again."""
    board = analysed.boards.get(number=2)
    rules = analysed.rule_settings().to_dict()
    assert board.analysis.matches(board, rules)
    board.analysis.par = {**board.analysis.par, "made": False}
    board.analysis.save()
    assert not board.analysis.matches(board, rules)
    assert 2 not in selectors.visible_analyses(analysed.organizers.get(), analysed)

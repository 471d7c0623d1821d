"""Hands typed from the boards (étuis), and deals left unrecorded (dealt at the first table)."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring.deals.deal_number import rank_deal, unrank_deal
from tests.support.deals import add_result, login
from tournaments.deals import selectors, services
from tournaments.deals.models import Board, DealSet
from tournaments.setup.models import Tournament

pytestmark = pytest.mark.django_db

SUITED = {"N": "AKQJT987...", "E": ".AKQJT987..", "S": "..AKQJT987.", "W": "...AKQJT987"}


def test_a_typed_board_is_stored_with_its_deal_number(barometer, people):
    board = services.save_typed_board(
        tournament=barometer, number=1, hands=SUITED, by=people.organizer
    )

    assert board.hands == SUITED
    assert board.dealer == "N"
    assert board.deal_number == 0
    assert board.source == Board.Source.TYPED
    assert board.updated_by == people.organizer
    barometer.refresh_from_db()
    assert barometer.deals_mode == Tournament.DealsMode.IMPORTED


def test_one_blank_hand_gets_the_remaining_cards(barometer):
    hands = dict.fromkeys("NESW", "")
    hands.update(N="AK.AK.AK.AK", E="QJ.QJ.QJ.QJ", S="T9.T9.T9.T9")

    board = services.save_typed_board(tournament=barometer, number=2, hands=hands, dealer="E")

    assert board.hands["W"] == "87.87.87.87"
    assert board.dealer == "E"
    assert unrank_deal(board.deal_number) == dict(selectors.core_board(board).hands)


def test_typing_errors_save_nothing_and_say_why_in_french(barometer, french_core_messages):
    with pytest.raises(services.DealsError) as raised:
        services.save_typed_board(
            tournament=barometer,
            number=4,
            hands={"N": "AKQJT987.A..", "E": ".KQJT987..", "S": "..AKQJT987.", "W": ""},
        )

    assert raised.value.code == "invalid_board"
    assert "Étui 4 : Nord a 9 cartes au lieu de 8." in raised.value.messages
    assert not barometer.boards.exists()


def test_a_card_typed_twice_is_named_the_french_way(barometer, french_core_messages):
    with pytest.raises(services.DealsError) as raised:
        services.save_typed_board(
            tournament=barometer,
            number=4,
            hands={"N": "AKQJT987...", "E": "J.AKQJT98..", "S": "..AKQJT987.", "W": "...AKQJT987"},
        )

    assert (
        "Étui 4 : La donne ne contient pas 32 cartes différentes : V♠ est dans les mains de "
        "Nord, Est." in raised.value.messages
    )
    assert (
        "Étui 4 : La donne ne contient pas 32 cartes différentes : 7♥ ne sont dans aucune main."
        in raised.value.messages
    )


def test_the_typing_page_shows_every_problem_and_keeps_what_was_typed(
    client, barometer, people, french_core_messages
):
    login(client, people.organizer)

    response = client.post(
        reverse("deals:type_board", args=[barometer.slug]),
        {
            "number": "5",
            "dealer": "",
            "north": "AKQJT98Z...",
            "east": ".AKQJT987..",
            "south": "..AKQJT987.",
            "west": "...AKQJT987",
        },
    )

    assert response.status_code == 400
    assert escape("Étui 5 : Carte inconnue 'Z' (♠) dans la main de Nord") in response.text
    assert 'value="AKQJT98Z..."' in response.text
    assert not barometer.boards.exists()


def test_the_typing_page_saves_and_moves_on_to_the_next_board(client, barometer, people):
    login(client, people.organizer)
    url = reverse("deals:type_board", args=[barometer.slug])

    response = client.post(
        url,
        {"number": "1", "north": "AKQJT987...", "east": ".AKQJT987..", "south": "..AKQJT987."},
    )
    assert response.status_code == 302
    response = client.post(
        url,
        {
            "number": "2",
            "north": "...AKQJT987",
            "east": "..AKQJT987.",
            "west": "AKQJT987...",
            "next": "1",
        },
    )

    assert response["Location"] == url + "?etui=3"
    assert barometer.boards.get(number=1).hands == SUITED
    assert barometer.boards.get(number=2).dealer == "W"
    edit = client.get(url + "?etui=1")
    assert edit.context["form"].initial["north"] == "AKQJT987..."


def test_a_played_board_cannot_be_retyped(barometer):
    services.generate_deals(tournament=barometer)
    add_result(barometer, board_number=2)
    before = selectors.board_for(barometer, 2).hands

    with pytest.raises(services.DealsError) as raised:
        services.save_typed_board(tournament=barometer, number=2, hands=SUITED)

    assert raised.value.code == "board_locked"
    assert "L'étui 2 a déjà été joué" in raised.value.messages[0]
    assert selectors.board_for(barometer, 2).hands == before
    # Another board, not played yet, can still be corrected.
    services.save_typed_board(tournament=barometer, number=3, hands=SUITED)
    assert selectors.board_for(barometer, 3).hands == SUITED


def test_a_released_board_cannot_be_retyped(barometer):
    services.generate_deals(tournament=barometer)
    services.release_hands(tournament=barometer, rounds=[1])

    with pytest.raises(services.DealsError) as raised:
        services.save_typed_board(tournament=barometer, number=1, hands=SUITED)

    assert raised.value.code == "board_locked"
    services.save_typed_board(
        tournament=barometer, number=3, hands=SUITED
    )  # round 2's board is still secret


def test_unrecorded_deals_make_boards_without_hands(barometer, people):
    services.generate_deals(tournament=barometer)

    boards = services.set_unrecorded(tournament=barometer, by=people.organizer)

    assert [board.number for board in boards] == [1, 2, 3, 4, 5, 6]
    stored = list(barometer.boards.order_by("number"))
    assert all(board.hands == {} and board.deal_number is None for board in stored)
    assert [board.dealer for board in stored] == ["N", "W", "S", "E", "N", "W"]
    assert not DealSet.objects.filter(tournament=barometer).exists()
    barometer.refresh_from_db()
    assert barometer.deals_mode == Tournament.DealsMode.UNRECORDED
    assert barometer.hands_recorded is False


def test_unrecorded_boards_can_get_their_hands_typed_after_play(barometer):
    services.set_unrecorded(tournament=barometer)
    add_result(barometer, board_number=1)

    board = services.save_typed_board(tournament=barometer, number=1, hands=SUITED)

    assert board.hands == SUITED
    assert board.deal_number == rank_deal(selectors.core_board(board).hands)
    barometer.refresh_from_db()
    assert barometer.deals_mode == Tournament.DealsMode.UNRECORDED


def test_no_switch_to_unrecorded_once_played(barometer):
    services.generate_deals(tournament=barometer)
    add_result(barometer, board_number=5)

    with pytest.raises(services.DealsError):
        services.set_unrecorded(tournament=barometer)

    assert all(board.has_hands for board in barometer.boards.all())


def test_the_deals_page_switches_to_unrecorded_after_confirmation(client, barometer, people):
    services.generate_deals(tournament=barometer)
    login(client, people.organizer)
    url = reverse("deals:unrecorded", args=[barometer.slug])

    unconfirmed = client.post(url, follow=True)
    assert "Cochez la case de confirmation" in unconfirmed.text
    assert all(board.has_hands for board in barometer.boards.all())

    confirmed = client.post(url, {"confirm": "1"}, follow=True)
    assert "6 étuis prévus, sans mains enregistrées" in confirmed.text
    assert "contrôles fondés sur les mains" in confirmed.text
    assert not any(board.has_hands for board in barometer.boards.all())

    records = client.get(reverse("deals:records", args=[barometer.slug])).text
    assert records.count("Mains non enregistrées") == 6


def test_the_deals_page_generates_after_confirmation(client, barometer, people):
    login(client, people.organizer)
    url = reverse("deals:generate", args=[barometer.slug])

    first = client.post(url, follow=True)
    assert "6 étuis générés." in first.text
    commitment = DealSet.objects.get(tournament=barometer).commitment

    unconfirmed = client.post(url, follow=True)
    assert "Cochez la case de confirmation" in unconfirmed.text
    assert DealSet.objects.get(tournament=barometer).commitment == commitment

    client.post(url, {"confirm": "1"})
    assert DealSet.objects.get(tournament=barometer).commitment != commitment


def test_the_deals_page_says_why_generation_is_refused(client, barometer, people):
    services.generate_deals(tournament=barometer)
    add_result(barometer, board_number=1)
    login(client, people.organizer)

    page = client.get(reverse("deals:manage", args=[barometer.slug]))
    refused = client.post(
        reverse("deals:generate", args=[barometer.slug]), {"confirm": "1"}, follow=True
    )

    assert "Des résultats ont déjà été saisis" in page.text
    assert reverse("deals:generate", args=[barometer.slug]) not in page.text
    assert "Des résultats ont déjà été saisis" in refused.text

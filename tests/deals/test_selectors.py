"""The selectors other apps use: who may see a board, the visible boards, the hand diagram."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import translation

from scoring.deals.generator import generate_board
from scoring.engine.cards import Seat
from tests.support.deals import login
from tests.support.factories import small_tournament
from tournaments.deals import selectors, services
from tournaments.deals.models import Board

pytestmark = pytest.mark.django_db


def test_a_board_played_in_several_rounds_waits_for_all_of_them(people):
    # In the small Mitchell every board set is played in each of the three rounds.
    tournament = small_tournament(organizer=people.organizer, arbiter=people.arbiter)
    anyone = AnonymousUser()

    services.release_hands(tournament=tournament, rounds=[1, 2])
    assert not selectors.can_see_board(anyone, tournament, 1)
    assert selectors.visible_boards(people.player, tournament) == []

    services.release_hands(tournament=tournament, rounds=[3])
    assert selectors.can_see_board(anyone, tournament, 1)
    assert [board.number for board in selectors.visible_boards(anyone, tournament)] == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]


def test_a_board_outside_the_plan_waits_for_the_whole_release(barometer, people):
    services.generate_deals(tournament=barometer)
    Board.objects.create(tournament=barometer, number=9, dealer="N", hands={})
    anyone = AnonymousUser()

    services.release_hands(tournament=barometer, rounds=[1, 2])
    assert not selectors.can_see_board(anyone, barometer, 9)
    assert 9 not in selectors.visible_board_numbers(anyone, barometer)

    services.release_hands(tournament=barometer, rounds=[3])
    assert selectors.can_see_board(anyone, barometer, 9)
    assert 9 in selectors.visible_board_numbers(anyone, barometer)


@pytest.mark.parametrize("checking", [False, True])
def test_arbiters_see_hands_only_where_the_organizer_allows_it(barometer, people, checking):
    services.generate_deals(tournament=barometer)
    barometer.arbiters_see_hands = checking
    barometer.save()

    assert selectors.can_see_board(people.arbiter, barometer, 1) is checking
    assert selectors.can_see_board(people.arbiter_other, barometer, 1) is False
    assert selectors.can_see_board(people.organizer, barometer, 1) is True
    assert selectors.can_see_board(people.organizer_other, barometer, 1) is False


def test_the_whole_tournament_rule_agrees_with_the_per_board_rule(barometer, people):
    services.generate_deals(tournament=barometer)
    services.release_hands(tournament=barometer, rounds=[2])
    for user in (AnonymousUser(), people.player, people.arbiter, people.organizer):
        expected = {n for n in range(1, 7) if selectors.can_see_board(user, barometer, n)}
        assert selectors.visible_board_numbers(user, barometer) == expected


def test_hand_diagram_lays_out_each_seat_suit_by_suit(barometer):
    deal_set = services.generate_deals(tournament=barometer)
    stored = selectors.board_for(barometer, 3)
    core = generate_board(bytes.fromhex(deal_set.seed_hex), 3)

    diagram = selectors.hand_diagram(stored)

    assert diagram.board_number == 3
    assert diagram.dealer == "S" and diagram.dealer_name == "Sud"
    assert diagram.deal_number == stored.deal_number
    assert [hand.seat for hand in diagram.hands] == ["N", "E", "S", "W"]
    assert diagram.south.is_dealer and not diagram.north.is_dealer
    assert diagram.west.name == "Ouest"
    for seat in Seat:
        hand = diagram.seat(seat.value)
        assert [holding.symbol for holding in hand.suits] == ["♠", "♥", "♦", "♣"]
        assert [holding.is_red for holding in hand.suits] == [False, True, True, False]
        assert sum(len(holding.ranks) for holding in hand.suits) == 8
        pbn = ".".join("".join(holding.ranks).replace("10", "T") for holding in hand.suits)
        assert pbn == core.hand(seat).pbn()


def test_hand_diagram_orders_ranks_and_marks_voids():
    tournament = small_tournament()
    board = selectors.board_for(tournament, 1)
    board.hands = {"N": "AKQJT987...", "E": ".AKQJT987..", "S": "..AKQJT987.", "W": "...AKQJT987"}

    diagram = selectors.hand_diagram(board)

    assert diagram.north.suits[0].text == "A R D V 10 9 8 7"
    assert diagram.north.suits[1].text == "—"
    assert diagram.deal_number_display == "0"


def test_hand_diagram_speaks_the_english_notation_in_english():
    tournament = small_tournament()
    board = selectors.board_for(tournament, 1)
    board.hands = {"N": "AKQJT987...", "E": ".AKQJT987..", "S": "..AKQJT987.", "W": "...AKQJT987"}

    diagram = selectors.hand_diagram(board)

    with translation.override("en"):
        assert diagram.north.suits[0].text == "A K Q J 10 9 8 7"


def test_hand_diagram_of_an_unrecorded_board_is_none(barometer):
    services.set_unrecorded(tournament=barometer)

    assert selectors.hand_diagram(selectors.board_for(barometer, 1)) is None
    assert selectors.core_board(selectors.board_for(barometer, 1)) is None
    assert selectors.board_for(barometer, 99) is None


def test_deal_numbers_are_grouped_by_three_digits(barometer):
    services.generate_deals(tournament=barometer)
    board = selectors.board_for(barometer, 1)
    board.deal_number = 12345678

    assert selectors.hand_diagram(board).deal_number_display == "12\u202f345\u202f678"


def test_the_records_page_draws_the_compass_with_red_hearts_and_diamonds(client, barometer, people):
    services.generate_deals(tournament=barometer)
    login(client, people.organizer)

    page = client.get(f"/tournois/{barometer.slug}/donnes/").text

    assert page.count('class="hand-diagram"') == 6
    assert page.count('<span class="suit-H">♥</span>') == 24
    assert page.count('<span class="suit-D">♦</span>') == 24
    assert "Relevé confidentiel" in page
    assert "Donne n°" in page


def test_the_hand_records_page_writes_the_ranks_the_language_s_way(
    client, barometer, people, settings
):
    services.generate_deals(tournament=barometer)
    board = selectors.board_for(barometer, 1)
    board.hands = {"N": "AKQJT987...", "E": ".AKQJT987..", "S": "..AKQJT987.", "W": "...AKQJT987"}
    board.save()
    login(client, people.organizer)
    url = reverse("deals:records", args=[barometer.slug])

    assert "♠</span> A R D V 10 9 8 7" in client.get(url).text

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "♠</span> A K Q J 10 9 8 7" in client.get(url).text

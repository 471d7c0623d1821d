"""Generating a tournament's deals: board count, dealers, deal numbers, commitment, replacement."""

import hashlib

import pytest

from scoring.deals.deal_number import unrank_deal
from scoring.deals.generator import GENERATOR_VERSION, generate_board
from scoring.engine.cards import Seat
from tests.support.deals import add_result
from tests.support.factories import add_plan, add_teams, make_tournament
from tournaments.deals import selectors, services
from tournaments.deals.models import Board, DealSet
from tournaments.setup.models import Round, Tournament

pytestmark = pytest.mark.django_db


def test_board_count_is_the_highest_board_of_the_plan(barometer):
    barometer.rounds = 10  # ignored: the plan says 6 boards
    barometer.save()

    services.generate_deals(tournament=barometer)

    assert list(barometer.boards.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]


def test_without_a_plan_rounds_times_boards_per_round_are_dealt():
    tournament = make_tournament(rounds=4, boards_per_round=3)

    services.generate_deals(tournament=tournament)

    assert tournament.boards.count() == 12


def test_without_a_plan_or_a_round_count_nothing_is_dealt():
    tournament = make_tournament(rounds=None)

    with pytest.raises(services.DealsError) as raised:
        services.generate_deals(tournament=tournament)

    assert raised.value.code == "no_board_count"
    assert "plan de table" in raised.value.messages[0]
    assert not tournament.boards.exists()
    assert not DealSet.objects.filter(tournament=tournament).exists()


def test_boards_follow_the_counter_clockwise_dealer_rotation(barometer):
    services.generate_deals(tournament=barometer)

    dealers = list(barometer.boards.order_by("number").values_list("dealer", flat=True))
    assert dealers == ["N", "W", "S", "E", "N", "W"]


def test_each_board_is_the_seed_s_board_with_its_deal_number(barometer, people):
    deal_set = services.generate_deals(tournament=barometer, by=people.organizer)

    seed = bytes.fromhex(deal_set.seed_hex)
    for board in barometer.boards.all():
        expected = generate_board(seed, board.number)
        assert board.hands == {seat.value: expected.hand(seat).pbn() for seat in Seat}
        assert unrank_deal(board.deal_number) == dict(expected.hands)
        assert board.source == Board.Source.GENERATED
        assert board.updated_by == people.organizer


def test_the_commitment_is_the_sha256_of_a_256_bit_seed(barometer, people):
    deal_set = services.generate_deals(tournament=barometer, by=people.organizer)

    seed = bytes.fromhex(deal_set.seed_hex)
    assert len(seed) == 32
    assert deal_set.commitment == hashlib.sha256(seed).hexdigest()
    assert deal_set.generator_version == GENERATOR_VERSION
    assert deal_set.revealed_at is None
    assert deal_set.created_by == people.organizer
    barometer.refresh_from_db()
    assert barometer.deals_mode == Tournament.DealsMode.GENERATED


def test_every_generation_draws_a_new_seed(barometer):
    first = services.generate_deals(tournament=barometer)
    second = services.generate_deals(tournament=barometer)

    assert first.seed_hex != second.seed_hex
    assert DealSet.objects.filter(tournament=barometer).get().seed_hex == second.seed_hex


def test_regenerating_before_play_replaces_every_board(barometer):
    first = services.generate_deals(tournament=barometer)
    before = dict(barometer.boards.values_list("number", "deal_number"))

    second = services.generate_deals(tournament=barometer)

    after = dict(barometer.boards.values_list("number", "deal_number"))
    assert sorted(after) == sorted(before)
    assert all(after[number] != before[number] for number in after)
    seed = bytes.fromhex(second.seed_hex)
    assert after[1] == selectors.hand_diagram(generate_board(seed, 1)).deal_number
    assert first.commitment != second.commitment


def test_no_regeneration_once_a_result_exists(barometer):
    deal_set = services.generate_deals(tournament=barometer)
    before = dict(barometer.boards.values_list("number", "hands"))
    add_result(barometer, board_number=3)

    with pytest.raises(services.DealsError) as raised:
        services.generate_deals(tournament=barometer)

    assert raised.value.code == "deals_locked"
    assert "résultats" in raised.value.messages[0]
    assert dict(barometer.boards.values_list("number", "hands")) == before
    assert DealSet.objects.get(tournament=barometer).seed_hex == deal_set.seed_hex


def test_no_regeneration_once_hands_were_released(barometer):
    deal_set = services.generate_deals(tournament=barometer)
    services.release_hands(tournament=barometer, rounds=[1])

    with pytest.raises(services.DealsError) as raised:
        services.generate_deals(tournament=barometer)

    assert raised.value.code == "deals_locked"
    assert "publié" in raised.value.messages[0]
    assert DealSet.objects.get(tournament=barometer).seed_hex == deal_set.seed_hex


def test_a_failure_while_storing_leaves_the_previous_boards(barometer, monkeypatch):
    services.generate_deals(tournament=barometer)
    before = dict(barometer.boards.values_list("number", "hands"))

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(DealSet.objects, "create", broken)
    with pytest.raises(RuntimeError):
        services.generate_deals(tournament=barometer)

    assert dict(barometer.boards.values_list("number", "hands")) == before
    assert DealSet.objects.filter(tournament=barometer).count() == 1


def test_board_count_comes_from_the_plan_when_it_skips_numbers():
    tournament = make_tournament()
    add_teams(tournament, 2)
    add_plan(tournament, [(1, 1, 1, 2, [1, 2]), (2, 1, 2, 1, [7, 8])])

    assert selectors.board_count(tournament) == 8
    assert selectors.board_rounds(tournament) == {1: {1}, 2: {1}, 7: {2}, 8: {2}}
    assert Round.objects.filter(tournament=tournament).count() == 2

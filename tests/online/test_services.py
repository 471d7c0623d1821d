"""Online tournaments' services and policy: who creates one, its fixed deals, one entry per
account (also under a race), the pool balanced, the window, who sees what, an abandoned deal
lowest (docs/online.md)."""

from collections import Counter
from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from tests.support.online import SMALL_WORLDS, close, open_tournament
from tournaments.deals.models import Board, DealSet
from tournaments.online import policy, selectors, services
from tournaments.online.demo import play_as_robot
from tournaments.online.models import OnlineEntry, OnlinePlay
from tournaments.play.models import Game
from tournaments.setup.models import Tournament
from tournaments.setup.policy import can_see_board_hands
from tournaments.setup.selectors import listed_tournaments

pytestmark = pytest.mark.django_db


def play(tournament, player, deal, seed=1):
    game = services.play_deal(
        tournament=tournament, player=player, deal=deal, seed=seed, worlds=SMALL_WORLDS
    )
    return play_as_robot(game, worlds=SMALL_WORLDS)


# --- Creation --------------------------------------------------------------------------------


def test_a_club_organizer_creates_a_tournament_on_fixed_committed_deals(organizer, club):
    tournament = open_tournament(organizer, club, deal_count=5, instances=2)
    container = tournament.container
    assert tournament.rules_preset == "belote-l"
    assert container.status == Tournament.Status.DRAFT
    assert container not in listed_tournaments()
    boards = Board.objects.filter(tournament=container).order_by("number")
    assert [board.number for board in boards] == list(range(1, 11))
    assert all(board.has_hands and board.source == Board.Source.GENERATED for board in boards)
    assert len(DealSet.objects.get(tournament=container).commitment) == 64
    # Deal 3 of instance 2 is board 8.
    assert tournament.board_number(3, 2) == 8
    assert container.rule_settings().preset_name() == "belote-l"


def test_only_the_clubs_organizers_or_the_staff_for_the_site_create(make_user, club, organizer):
    stranger = make_user("curieux")
    with pytest.raises(services.OnlineError):
        open_tournament(stranger, club)
    with pytest.raises(services.OnlineError):
        open_tournament(organizer, None)
    staff = make_user("equipe")
    staff.is_staff = True
    staff.save()
    assert open_tournament(staff, None).club is None


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"deal_count": 3}, "de 4 à 12"),
        ({"deal_count": 13}, "de 4 à 12"),
        ({"instances": 0}, "De 1 à"),
        ({"name": "  "}, "nom"),
        ({"rules_preset": "poker"}, "Règlement"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_created(organizer, club, fields, words):
    with pytest.raises(services.OnlineError) as refused:
        open_tournament(organizer, club, **fields)
    assert words in str(refused.value.message)
    assert not Tournament.objects.exists()


def test_a_window_closing_before_it_opens_is_refused(organizer, club):
    now = timezone.now()
    with pytest.raises(services.OnlineError):
        open_tournament(organizer, club, opens_at=now, closes_at=now - timedelta(hours=1))


# --- Entries ---------------------------------------------------------------------------------


def test_one_entry_per_account(tournament, players):
    entry = services.enter(tournament=tournament, player=players[0])
    assert entry.number == 1
    with pytest.raises(services.OnlineError) as refused:
        services.enter(tournament=tournament, player=players[0])
    assert "déjà inscrit" in str(refused.value.message)
    assert services.enter(tournament=tournament, player=players[1]).number == 2
    assert OnlineEntry.objects.filter(tournament=tournament).count() == 2


def test_the_database_refuses_a_second_entry_that_a_race_let_through(tournament, players):
    services.enter(tournament=tournament, player=players[0])
    with pytest.raises(IntegrityError), transaction.atomic():
        OnlineEntry.objects.create(tournament=tournament, player=players[0], number=2)


def test_no_entry_outside_the_window(organizer, club, players):
    later = open_tournament(
        organizer,
        club,
        opens_at=timezone.now() + timedelta(hours=1),
        closes_at=timezone.now() + timedelta(hours=2),
    )
    with pytest.raises(services.OnlineError):
        services.enter(tournament=later, player=players[0])
    close(later)
    with pytest.raises(services.OnlineError):
        services.enter(tournament=later, player=players[0])


def test_the_pool_is_balanced_across_the_instances(organizer, club, make_user):
    tournament = open_tournament(organizer, club, instances=3)
    for index in range(7):
        player = make_user(f"pool-{index}")
        services.enter(tournament=tournament, player=player)
        for deal in range(1, 5):
            services.play_deal(tournament=tournament, player=player, deal=deal, worlds=1)
    for deal in range(1, 5):
        counts = Counter(
            OnlinePlay.objects.filter(entry__tournament=tournament, deal=deal).values_list(
                "instance", flat=True
            )
        )
        assert sorted(counts) == [1, 2, 3]
        assert max(counts.values()) - min(counts.values()) <= 1
    for row in OnlinePlay.objects.filter(entry__tournament=tournament):
        assert row.board.number == tournament.board_number(row.deal, row.instance)
        assert row.game.board_id == row.board_id


# --- Playing ---------------------------------------------------------------------------------


def test_playing_a_deal_twice_gives_the_same_game(tournament, players):
    services.enter(tournament=tournament, player=players[0])
    first = services.play_deal(tournament=tournament, player=players[0], deal=2, worlds=1)
    again = services.play_deal(tournament=tournament, player=players[0], deal=2, worlds=1)
    assert first.pk == again.pk
    assert first.player == players[0]
    assert first.rules_preset == "belote-l"


def test_a_deal_is_refused_without_an_entry_out_of_range_or_once_closed(tournament, players):
    with pytest.raises(services.OnlineError):
        services.play_deal(tournament=tournament, player=players[0], deal=1)
    services.enter(tournament=tournament, player=players[0])
    for deal in (0, 5):
        with pytest.raises(services.OnlineError):
            services.play_deal(tournament=tournament, player=players[0], deal=deal)
    close(tournament)
    with pytest.raises(services.OnlineError):
        services.play_deal(tournament=tournament, player=players[0], deal=1)
    assert not Game.objects.exists()


def test_an_abandoned_deal_counts_as_the_lowest(tournament, players):
    for player in players[:3]:
        services.enter(tournament=tournament, player=player)
    play(tournament, players[0], 1)
    play(tournament, players[1], 1, seed=2)
    # The third starts deal 1 and abandons it.
    services.play_deal(tournament=tournament, player=players[2], deal=1, worlds=1)
    services.abandon_deal(tournament=tournament, player=players[2], deal=1)
    results = {row["player"]: row for row in selectors.deal_results(tournament, 1)}
    abandoned = results["joueur-3"]
    assert abandoned["abandoned"] and abandoned["matchpoints"] == 0
    assert abandoned["difference"] is None
    assert min(row["matchpoints"] for name, row in results.items() if name != "joueur-3") > 0


def test_at_the_close_unfinished_and_unstarted_deals_count_as_abandoned(tournament, players):
    services.enter(tournament=tournament, player=players[0])
    services.enter(tournament=tournament, player=players[1])
    play(tournament, players[0], 1)
    services.play_deal(tournament=tournament, player=players[1], deal=1, worlds=1)
    assert [line["player"] for line in selectors.compute_ranking(tournament)] == ["joueur-1"]
    close(tournament)
    ranking = selectors.compute_ranking(tournament)
    lines = {line["player"]: line for line in ranking}
    assert len(lines["joueur-2"]["deals"]) == 4
    assert all(deal["abandoned"] for deal in lines["joueur-2"]["deals"])
    assert lines["joueur-1"]["deals"][0]["matchpoints"] == 2
    assert lines["joueur-1"]["rank"] == 1


# --- Who sees what ---------------------------------------------------------------------------


def test_a_player_sees_a_deals_results_once_finished_and_the_ranking_after_every_deal(
    tournament, players, organizer
):
    ana, bob = players[:2]
    for player in (ana, bob):
        services.enter(tournament=tournament, player=player)
    play(tournament, ana, 1)
    assert policy.can_see_deal_results(ana, tournament, 1)
    assert not policy.can_see_deal_results(ana, tournament, 2)
    assert not policy.can_see_deal_results(bob, tournament, 1)
    services.play_deal(tournament=tournament, player=bob, deal=1, worlds=1)
    assert not policy.can_see_deal_results(bob, tournament, 1)
    assert not policy.can_see_ranking(ana, tournament)
    for deal in (2, 3):
        play(tournament, ana, deal)
    services.play_deal(tournament=tournament, player=ana, deal=4, worlds=1)
    services.abandon_deal(tournament=tournament, player=ana, deal=4)
    assert policy.can_see_ranking(ana, tournament)
    assert not policy.can_see_ranking(bob, tournament)
    # The organizer, not entered, sees everything; a stranger nothing until the close.
    assert policy.can_see_ranking(organizer, tournament)
    assert not policy.can_see_ranking(None, tournament)
    close(tournament)
    assert policy.can_see_ranking(bob, tournament)
    assert policy.can_see_deal_results(None, tournament, 3)


def test_an_organizer_who_enters_is_a_player_like_the_others(tournament, organizer):
    services.enter(tournament=tournament, player=organizer)
    assert not policy.can_see_ranking(organizer, tournament)
    assert not policy.can_see_deal_results(organizer, tournament, 1)


def test_the_close_reveals_the_seed_and_the_hands(tournament, players):
    container = tournament.container
    assert not services.reveal_deals_if_closed(tournament=tournament)
    assert DealSet.objects.get(tournament=container).revealed_at is None
    assert not can_see_board_hands(players[0], container, 1)
    close(tournament)
    assert services.reveal_deals_if_closed(tournament=tournament)
    assert not services.reveal_deals_if_closed(tournament=tournament)
    assert DealSet.objects.get(tournament=container).revealed_at is not None
    assert can_see_board_hands(players[0], container, 1)

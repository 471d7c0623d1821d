"""The play app's policy asks the online tournaments whether an account may start a game of a
board (``setup.policy.can_start_game`` through ``register_start_grant``), and « Mes parties »
lists the account's online tournaments (``play.selectors.register_games_section``)."""

import pytest

from tests.support.online import SMALL_WORLDS, close, open_tournament
from tournaments.deals.models import Board
from tournaments.online import services
from tournaments.online.demo import play_as_robot
from tournaments.play import selectors as play_selectors
from tournaments.play import services as play_services
from tournaments.setup.policy import can_start_game

pytestmark = pytest.mark.django_db


def board(tournament, deal, instance):
    number = tournament.board_number(deal, instance)
    return Board.objects.get(tournament=tournament.container, number=number)


def test_only_an_entrant_starts_a_board_and_only_its_own_instance(make_user, organizer, club):
    tournament = open_tournament(organizer, club, deal_count=4, instances=2)
    player, stranger = make_user("joueuse"), make_user("passant")
    entry = services.enter(tournament=tournament, player=player)
    assert entry.number == 1
    # The first entry plays deal 1 in instance 1, deal 2 in instance 2 (the pool's rotation).
    assert can_start_game(player, board(tournament, 1, 1))
    assert not can_start_game(player, board(tournament, 1, 2))
    assert can_start_game(player, board(tournament, 2, 2))
    assert not can_start_game(player, board(tournament, 2, 1))
    assert not can_start_game(stranger, board(tournament, 1, 1))
    with pytest.raises(play_services.PlayForbidden):
        play_services.start_game(player=stranger, board=board(tournament, 1, 1), worlds=2)
    close(tournament)
    assert not can_start_game(player, board(tournament, 3, 1))


def test_my_games_lists_the_online_tournaments_apart_from_the_replays(make_user, organizer, club):
    tournament = open_tournament(organizer, club, deal_count=4)
    player = make_user("joueuse")
    services.enter(tournament=tournament, player=player)
    game = services.play_deal(
        tournament=tournament, player=player, deal=1, seed=3, worlds=SMALL_WORLDS
    )
    play_as_robot(game, worlds=SMALL_WORLDS)
    sections = {section.key: section for section in play_selectors.my_games_sections(player)}
    assert sections["donnes-rejouees"].items == []
    (mine,) = sections["tournois-en-ligne"].items
    assert mine.tournament == tournament and mine.finished == 1
    assert mine.line is None  # three deals still to play: no ranking yet
    close(tournament)
    (mine,) = play_selectors.my_games_sections(player)[1].items
    assert mine.line is not None and mine.line["rank"] == 1

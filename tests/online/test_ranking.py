"""The ranking of a tournament really played (robots at South), checked against a computation
written here from the games alone: Law 78A by counting, Neuberg by its formula, the Belote'L
difference with the game finished just before on the same board."""

import pytest

from tests.support.online import SMALL_WORLDS, independent_ranking, open_tournament
from tournaments.online import selectors, services
from tournaments.online.demo import play_as_robot

pytestmark = pytest.mark.django_db


@pytest.mark.slow  # every deal played by the robots for several players: about 40 s
def test_the_ranking_of_a_played_tournament_matches_an_independent_computation(
    organizer, club, make_user
):
    tournament = open_tournament(organizer, club, instances=2)
    players = [make_user(f"classe-{index}") for index in range(1, 6)]
    for index, player in enumerate(players):
        services.enter(tournament=tournament, player=player)
        for deal in range(1, 5):
            game = services.play_deal(
                tournament=tournament,
                player=player,
                deal=deal,
                seed=100 * index + deal,
                worlds=SMALL_WORLDS,
            )
            if index == 4 and deal == 2:
                services.abandon_deal(tournament=tournament, player=player, deal=deal)
            else:
                play_as_robot(game, worlds=SMALL_WORLDS)
    expected = independent_ranking(tournament)
    ranking = selectors.ranking(tournament)
    assert {line["player"] for line in ranking} == set(expected)
    for line in ranking:
        percentage, deals = expected[line["player"]]
        assert line["percentage"] == round(float(percentage), 2)
        for deal in line["deals"]:
            matchpoints, difference = deals[deal["deal"]]
            assert deal["matchpoints"] == round(float(matchpoints), 2)
            assert deal["difference"] == difference
        better = sum(1 for other in expected.values() if other[0] > percentage)
        assert line["rank"] == better + 1
    assert [line["rank"] for line in ranking] == sorted(line["rank"] for line in ranking)
    abandoned = next(line for line in ranking if line["player"] == "classe-5")["deals"][1]
    assert abandoned["abandoned"] and abandoned["matchpoints"] == 0
    # Cached per state of the plays: asked again, the same; a play more, recomputed.
    assert selectors.ranking(tournament) == ranking

"""The double-dummy review of a game over (docs/play.md, « The replay »): computed by a job
once the game is finished, never in the request; stored on the game; shown only beside the
four hands, when the policy releases them to the player."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.robots.review import review_cards
from tests.support.factories import small_tournament
from tests.support.play import play_out, replay_rows, secret_game, start
from tournaments.deals.services import release_hands
from tournaments.play import review, selectors, services
from tournaments.play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(make_user):
    return make_user("sud")


@pytest.fixture
def tournament():
    return small_tournament()


def finished(player, tournament) -> Game:
    game = play_out(start(player, tournament.boards.get(number=1)))
    assert game.status == Game.Status.FINISHED and game.contract is not None
    return game


def test_the_review_is_stored_by_the_job_when_the_game_ends(player, tournament, settings):
    settings.ANALYSIS_IN_PROCESS = "1"
    game = finished(player, tournament)
    game.refresh_from_db()
    position = selectors.position_of(game)
    expected = review_cards(
        position.rules,
        position.dealer,
        position.hands,
        position.calls,
        position.play,
        selectors.HUMAN,
    )
    assert game.review == {"cards": [item.to_dict() for item in expected]}
    assert len(game.review["cards"]) == 8
    # Run again (a job delivered twice): nothing changes.
    assert review.review_game(game.pk) is False


def test_the_review_is_shown_only_beside_the_released_hands(player, tournament, settings):
    settings.ANALYSIS_IN_PROCESS = "0"
    # Started before the release (``start`` would release the hands to open the replay).
    game = play_out(secret_game(player, tournament.boards.get(number=1)))
    assert game.status == Game.Status.FINISHED and game.contract is not None
    assert game.review is None
    state = selectors.south_view(game)
    assert "review" not in state and "hands" not in state
    release_hands(tournament=tournament)
    # Released, not reviewed yet: the page says « analyse en cours ».
    assert selectors.south_view(game)["review"] is None
    assert review.review_game(game.pk) is True
    game.refresh_from_db()
    assert selectors.south_view(game)["review"] == game.review


def test_a_review_left_behind_is_queued_again_by_the_catch_up(player, tournament, settings):
    settings.ANALYSIS_IN_PROCESS = "0"
    game = finished(player, tournament)
    assert review.late_reviews() == []
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() - timedelta(hours=1))
    assert review.late_reviews() == [game.pk]
    settings.ANALYSIS_IN_PROCESS = "1"
    services.catch_up_robots()
    game.refresh_from_db()
    assert len(game.review["cards"]) == 8
    assert review.late_reviews() == []


def test_a_passed_out_game_has_an_empty_review_at_once(player, tournament):
    board = tournament.boards.get(number=1)
    board.dealer = "W"  # South speaks first: no robot acts at the start
    board.save()
    game = start(player, board)
    passes = [(seat, "call", {"call": "pass"}, "") for seat in ("S", "E", "N", "W")]
    replay_rows(game, passes)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert review.review_game(game.pk) is True
    game.refresh_from_db()
    assert game.review == {"cards": []}

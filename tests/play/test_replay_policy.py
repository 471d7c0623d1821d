"""Who may start a game of which board (``policy.can_start_game``, ``can_replay_board``): the
tournament's players (an account linked to a registry record that played it), its staff, and
every account when the organizer opens it to all; only once the board's hands are released,
never anonymously, never a draft (docs/play.md)."""

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.support.factories import (
    add_boards,
    add_plan,
    add_teams,
    make_tournament,
    small_tournament,
)
from tests.support.replay import club_of, linked_account
from tournaments.clubs import services as clubs
from tournaments.deals.services import release_hands
from tournaments.play import services
from tournaments.play.models import Game
from tournaments.setup import policy
from tournaments.setup.models import Player, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(make_user):
    return make_user("odile", role="organizer")


@pytest.fixture
def tournament(organizer):
    tournament = small_tournament(organizer=organizer)
    club_of(tournament, organizer)
    return tournament


@pytest.fixture
def accounts(make_user, tournament, organizer):
    """A linked player of the tournament, an account with a claim not yet confirmed, an
    account with nothing, and the anonymous public."""
    linked = make_user("lucie@example.org")
    linked_account(linked, Player.objects.filter(tournament=tournament).first(), organizer)
    waiting = make_user("paul@example.org")
    other = Player.objects.filter(tournament=tournament).last().club_player
    clubs.claim_player(
        by=waiting, club=other.club, first_name=other.first_name, last_name=other.last_name
    )
    return {
        "linked": linked,
        "waiting": waiting,
        "stranger": make_user("sam@example.org"),
        "anonymous": AnonymousUser(),
    }


def allowed(accounts, tournament, number=1) -> set[str]:
    board = tournament.boards.get(number=number)
    return {name for name, user in accounts.items() if policy.can_start_game(user, board)}


def test_before_the_release_only_staff_who_see_the_hands_may_start(accounts, tournament):
    assert allowed(accounts, tournament) == set()
    assert policy.can_start_game(tournament.organizers.first(), tournament.boards.get(number=1))


def test_after_the_release_the_linked_player_may_and_nobody_else(accounts, tournament):
    release_hands(tournament=tournament)
    assert allowed(accounts, tournament) == {"linked"}


def test_open_to_all_lets_every_account_but_never_the_anonymous(accounts, tournament):
    tournament.replay_open_to_all = True
    tournament.save()
    assert allowed(accounts, tournament) == set()  # not released yet
    release_hands(tournament=tournament)
    assert allowed(accounts, tournament) == {"linked", "waiting", "stranger"}


def test_only_the_boards_of_released_rounds(make_user, organizer):
    # Two rounds, each with boards of its own: round 1 plays boards 1-2, round 2 boards 3-4.
    tournament = make_tournament(organizer=organizer)
    add_teams(tournament, 2)
    add_plan(tournament, rows=[(1, 1, 1, 2, (1, 2)), (2, 1, 2, 1, (3, 4))])
    add_boards(tournament, 4)
    club_of(tournament, organizer)
    user = make_user("lucie@example.org")
    linked_account(user, Player.objects.filter(tournament=tournament).first(), organizer)
    release_hands(tournament=tournament, rounds=[1])
    may = {n for n in range(1, 5) if policy.can_start_game(user, tournament.boards.get(number=n))}
    assert may == {1, 2}


def test_a_player_of_the_tournament_by_account_may_too(make_user, tournament):
    release_hands(tournament=tournament)
    user = make_user("marc@example.org")
    board = tournament.boards.get(number=2)
    assert not policy.can_start_game(user, board)
    Player.objects.filter(tournament=tournament).update(user=None)
    player = Player.objects.filter(tournament=tournament).first()
    player.user = user
    player.save()
    assert policy.can_start_game(user, board)


def test_a_link_to_a_player_of_another_tournament_gives_nothing(make_user, organizer):
    first = small_tournament(organizer=organizer)
    club_of(first, organizer)
    second = small_tournament(organizer=organizer)
    second.organizing_club = first.organizing_club
    second.save()
    release_hands(tournament=first)
    release_hands(tournament=second)
    user = make_user("lea@example.org")
    linked_account(user, Player.objects.filter(tournament=first).first(), organizer)
    assert policy.can_start_game(user, first.boards.get(number=1))
    assert not policy.can_start_game(user, second.boards.get(number=1))


def test_a_draft_is_never_replayed(accounts, tournament):
    release_hands(tournament=tournament)
    tournament.replay_open_to_all = True
    tournament.status = Tournament.Status.DRAFT
    tournament.save()
    assert allowed(accounts, tournament) == set()


def test_the_service_refuses_who_the_policy_refuses_and_starts_nothing(accounts, tournament):
    board = tournament.boards.get(number=1)
    with pytest.raises(services.PlayForbidden):
        services.start_game(player=accounts["linked"], board=board, worlds=2)
    release_hands(tournament=tournament)
    with pytest.raises(services.PlayForbidden):
        services.start_game(player=accounts["stranger"], board=board, worlds=2)
    assert not Game.objects.exists()
    game = services.start_game(player=accounts["linked"], board=board, worlds=2)
    assert game.player == accounts["linked"] and game.board == board


def test_an_app_above_grants_its_own_boards_through_the_policy(accounts, tournament, monkeypatch):
    """Online tournaments register their reason (the entry's deal) with the policy."""
    monkeypatch.setattr(policy, "_start_grants", {})
    board = tournament.boards.get(number=4)
    assert allowed(accounts, tournament, 4) == set()
    policy.register_start_grant("test", lambda user, found: user.username == "sam@example.org")
    assert allowed(accounts, tournament, 4) == {"stranger"}
    assert services.start_game(player=accounts["stranger"], board=board, worlds=2).board == board

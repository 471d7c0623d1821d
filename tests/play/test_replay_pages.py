"""The room's boards replayed against the robots, as the pages show it: « Rejouer cette donne
contre les robots » on the board's hand record and its traveller, for whom the policy lets
replay it; the POST that starts the game and goes to its table; « votre marque : …, elle
aurait battu N tables sur M » beside the room's results, checked against a computation of
its own from the stored board scores; nothing of it in the ranking; « Mes parties »."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.factories import demo_tournament, small_tournament
from tests.support.replay import club_of, finished_game, linked_account
from tournaments.deals.services import release_hands
from tournaments.play.models import Game
from tournaments.setup.models import Player
from tournaments.standings import selectors as standings
from tournaments.standings.models import BoardScore
from tournaments.standings.recomputation import recompute

pytestmark = pytest.mark.django_db

BUTTON = "Rejouer cette donne contre les robots"


@pytest.fixture
def organizer(make_user):
    return make_user("odile", role="organizer")


@pytest.fixture
def tournament(organizer):
    """A club's tournament played at every table, its scores computed."""
    tournament = demo_tournament(organizer=organizer)
    club_of(tournament, organizer)
    return tournament


@pytest.fixture
def lucie(make_user, tournament, organizer):
    """A player of the tournament, her account linked to her record."""
    user = make_user("lucie@example.org")
    linked_account(user, Player.objects.filter(tournament=tournament).first(), organizer)
    return user


def client_of(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def pages(tournament, board: int = 1) -> list[str]:
    return [
        reverse("deals:board", args=[tournament.slug, board]),
        reverse("standings:traveller", args=[tournament.slug, board]),
    ]


def replay_url(tournament, board: int = 1) -> str:
    return reverse("play:replay", args=[tournament.slug, board])


def test_the_board_and_its_traveller_offer_the_replay_to_the_players_once_released(
    tournament, lucie
):
    client = client_of(lucie)
    traveller = reverse("standings:traveller", args=[tournament.slug, 1])
    assert BUTTON not in client.get(traveller).content.decode()  # not released yet
    release_hands(tournament=tournament)
    for page in pages(tournament):
        html = client.get(page).content.decode()
        assert BUTTON in html, page
        assert f'action="{replay_url(tournament)}"' in html


def test_a_stranger_is_told_how_and_gets_it_when_open_to_all(make_user, tournament):
    release_hands(tournament=tournament)
    client = client_of(make_user("sam@example.org"))
    for page in pages(tournament):
        html = client.get(page).content.decode()
        assert BUTTON not in html
        assert reverse("clubs:my_claims") in html
    tournament.replay_open_to_all = True
    tournament.save()
    for page in pages(tournament):
        assert BUTTON in client.get(page).content.decode()


def test_the_public_gets_the_way_to_an_account_and_no_button(tournament):
    release_hands(tournament=tournament)
    tournament.replay_open_to_all = True
    tournament.save()
    for page in pages(tournament):
        html = client_of().get(page).content.decode()
        assert BUTTON not in html
        assert reverse("accounts:sign_up") in html


def test_the_button_starts_a_game_of_the_board_and_goes_to_its_table(
    tournament, lucie, django_capture_on_commit_callbacks
):
    release_hands(tournament=tournament)
    with django_capture_on_commit_callbacks(execute=False):
        response = client_of(lucie).post(replay_url(tournament, 2))
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("play:table", kwargs={"game": game.pk})
    assert response["Location"] == f"/jeu/parties/{game.pk}/"
    assert (game.player, game.board.number, game.board.tournament) == (lucie, 2, tournament)
    assert game.rules == tournament.rule_settings().to_dict()


def test_whoever_may_not_replay_gets_a_404_and_nothing_starts(make_user, tournament, lucie):
    assert client_of(lucie).post(replay_url(tournament)).status_code == 404  # not released
    release_hands(tournament=tournament)
    assert client_of(make_user("sam@example.org")).post(replay_url(tournament)).status_code == 404
    assert client_of(lucie).post(replay_url(tournament, 99)).status_code == 404
    anonymous = client_of().post(replay_url(tournament))
    assert anonymous.status_code == 302 and reverse("accounts:login") in anonymous["Location"]
    assert client_of(lucie).get(replay_url(tournament)).status_code == 405
    assert not Game.objects.exists()


def room_nets(tournament, board: int) -> list[int]:
    """The net scores on the N-S cards of the tables that played ``board``, straight from the
    stored board scores (not through the traveller the page uses)."""
    nets = []
    for row in BoardScore.objects.filter(tournament=tournament, board_number=board):
        if row.adjusted or row.assigned or row.ns_marks is None:
            continue
        net = row.ns_marks - row.ew_marks
        nets.append(-net if row.arrow_switched else net)
    return nets


def expected_sentence(ns: int, ew: int, nets: list[int]) -> str:
    beaten = len([net for net in nets if ns - ew > net])
    tied = len([net for net in nets if ns - ew == net])
    tables = "table" if beaten == 1 else "tables"
    text = f"Votre marque : {ns} (adversaires {ew}), elle aurait battu {beaten} {tables} sur "
    text += f"{len(nets)}"
    if tied:
        text += f" et égalé {tied}"
    percentage = 100 * (beaten + tied / 2) / len(nets)
    return text + f" ({percentage:.1f} %).".replace(".", ",", 1)


@pytest.mark.parametrize("rank", [0, 1, -1])
def test_the_replayers_marks_beside_the_room_as_computed_apart(tournament, lucie, rank):
    release_hands(tournament=tournament)
    board = tournament.boards.get(number=3)
    nets = sorted(room_nets(tournament, 3))
    assert len(nets) >= 3
    # A net equal to one of the room's (a tie), below all of them, or above all of them.
    ns, ew = {0: (160, 160 - nets[1]), 1: (0, 500), -1: (900, 0)}[rank]
    ns, ew = (ns, ew) if ew >= 0 else (ns - ew, 0)
    finished_game(lucie, board, ns=ns, ew=ew)
    sentence = expected_sentence(ns, ew, nets)
    for page in pages(tournament, 3):
        html = client_of(lucie).get(page).content.decode()
        assert sentence in html, page
    assert sentence in client_of(lucie).get(reverse("play:my_games")).content.decode()


def test_a_replay_never_enters_the_ranking(tournament, lucie):
    release_hands(tournament=tournament)
    before = standings.current_ranking(tournament).entries
    scores = BoardScore.objects.filter(tournament=tournament).count()
    finished_game(lucie, tournament.boards.get(number=1), ns=500, ew=0)
    recompute(tournament.pk, force=True)
    assert standings.current_ranking(tournament).entries == before
    assert BoardScore.objects.filter(tournament=tournament).count() == scores


def test_before_the_room_has_finished_the_board_only_the_marks_show(organizer, make_user):
    tournament = small_tournament(organizer=organizer)
    club_of(tournament, organizer)
    user = make_user("lucie@example.org")
    linked_account(user, Player.objects.filter(tournament=tournament).first(), organizer)
    release_hands(tournament=tournament)
    finished_game(user, tournament.boards.get(number=1), ns=110, ew=52)
    html = client_of(user).get(reverse("deals:board", args=[tournament.slug, 1])).content
    html = html.decode()
    assert "Votre marque : 110 (adversaires 52)." in html
    assert "aurait battu" not in html
    assert "Les résultats de la salle ne sont pas encore publiés." in html


def test_a_game_under_way_is_offered_again(tournament, lucie, django_capture_on_commit_callbacks):
    release_hands(tournament=tournament)
    with django_capture_on_commit_callbacks(execute=False):
        client_of(lucie).post(replay_url(tournament))
    game = Game.objects.get()
    html = client_of(lucie).get(pages(tournament)[0]).content.decode()
    assert reverse("play:table", kwargs={"game": game.pk}) in html
    assert "Reprendre la partie" in html


def test_my_games_lists_the_accounts_games_only(make_user, tournament, lucie):
    release_hands(tournament=tournament)
    finished_game(lucie, tournament.boards.get(number=2), ns=110, ew=52)
    html = client_of(lucie).get(reverse("play:my_games")).content.decode()
    assert "Donnes du club rejouées contre les robots" in html
    assert "Votre marque : 110 (adversaires 52)" in html
    assert reverse("deals:board", args=[tournament.slug, 2]) in html
    other = client_of(make_user("sam@example.org")).get(reverse("play:my_games"))
    assert "Votre marque" not in other.content.decode()
    assert "Aucune donne rejouée" in other.content.decode()
    anonymous = client_of().get(reverse("play:my_games"))
    assert anonymous.status_code == 302 and reverse("accounts:login") in anonymous["Location"]

"""The online tournaments' pages: who reaches what, the forms, the refusals in French, nothing
shown before its time and no card on any page (docs/online.md)."""

import html
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.support.online import SMALL_WORLDS, close
from tournaments.online import services
from tournaments.online.demo import play_as_robot
from tournaments.online.models import OnlineEntry, OnlineTournament
from tournaments.play.models import Game

pytestmark = pytest.mark.django_db

CARD = re.compile(r"(10|[AKQJRDV987])\s?[♠♥♦♣]")


def text_of(answer) -> str:
    return html.unescape(answer.content.decode())


def client_of(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def finish(tournament, player, deal, seed=1):
    game = services.play_deal(
        tournament=tournament, player=player, deal=deal, seed=seed, worlds=SMALL_WORLDS
    )
    return play_as_robot(game, worlds=SMALL_WORLDS)


def test_anyone_sees_the_list_and_the_tournament(tournament):
    anonymous = client_of()
    listing = anonymous.get(reverse("online:list"))
    assert listing.status_code == 200
    assert tournament.name in listing.content.decode()
    page = anonymous.get(reverse("online:detail", args=[tournament.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Se connecter pour jouer" in text
    assert tournament.container.deal_set.commitment in text
    assert "La graine sera révélée à la clôture du tournoi." in text_of(page)
    assert tournament.container.deal_set.seed_hex not in text
    close(tournament)
    closed = text_of(anonymous.get(reverse("online:detail", args=[tournament.slug])))
    assert f"Graine révélée : {tournament.container.deal_set.seed_hex}" in re.sub(
        r"<[^>]+>", "", closed
    )
    assert anonymous.get(reverse("online:detail", args=["nulle-part"])).status_code == 404


def test_the_club_organizer_creates_a_tournament_with_the_form(organizer, club):
    client = client_of(organizer)
    assert client.get(reverse("online:create")).status_code == 200
    answer = client.post(
        reverse("online:create"),
        {
            "name": "Tournoi du lundi",
            "organizer": club.slug,
            "deal_count": "6",
            "instances": "2",
            "opens_at": "2026-12-07T08:00",
            "closes_at": "2026-12-08T08:00",
            "rules_preset": "belote-l",
        },
    )
    created = OnlineTournament.objects.get(name="Tournoi du lundi")
    assert answer.status_code == 302
    assert answer["Location"] == reverse("online:detail", args=[created.slug])
    assert (created.club, created.deal_count, created.instances) == (club, 6, 2)
    assert created.container.boards.count() == 12


def test_the_form_says_what_is_wrong_in_french(organizer, club):
    answer = client_of(organizer).post(
        reverse("online:create"),
        {
            "name": "Trop court",
            "organizer": club.slug,
            "deal_count": "3",
            "instances": "1",
            "opens_at": "2026-12-08T08:00",
            "closes_at": "2026-12-07T08:00",
            "rules_preset": "belote-l",
        },
    )
    assert answer.status_code == 200
    assert "supérieure ou égale à 4" in text_of(answer)
    assert not OnlineTournament.objects.filter(name="Trop court").exists()


def test_only_organizers_reach_the_form(make_user, club):
    assert client_of().get(reverse("online:create")).status_code == 302
    assert client_of(make_user("simple")).get(reverse("online:create")).status_code == 403
    # A club organizer cannot create for the site nor for a club of someone else.
    other = make_user("autre-orga", role="organizer")
    answer = client_of(other).post(
        reverse("online:create"),
        {"name": "x", "organizer": club.slug, "deal_count": "4", "instances": "1"},
    )
    assert answer.status_code == 403


def test_a_player_enters_once_plays_and_is_sent_to_the_card_table(tournament, players):
    client = client_of(players[0])
    enter = reverse("online:enter", args=[tournament.slug])
    assert client.post(enter).status_code == 302
    again = client.post(enter, follow=True)
    assert "Vous êtes déjà inscrit à ce tournoi." in text_of(again)
    assert OnlineEntry.objects.filter(player=players[0]).count() == 1
    answer = client.post(reverse("online:play", args=[tournament.slug, 2]))
    game = Game.objects.get(player=players[0])
    assert answer.status_code == 302
    assert answer["Location"] == reverse("play:table", kwargs={"game": game.pk})
    page = client.get(reverse("online:detail", args=[tournament.slug])).content.decode()
    assert "Reprendre" in page and "Abandonner" in page
    # Playing it again: the same game.
    client.post(reverse("online:play", args=[tournament.slug, 2]))
    assert Game.objects.filter(player=players[0]).count() == 1
    answer = client.post(reverse("online:abandon", args=[tournament.slug, 2]), follow=True)
    assert "plus mauvaise marque" in text_of(answer)
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABANDONED


def test_writes_need_an_account_and_a_post(tournament):
    anonymous = client_of()
    for name, args in (("online:enter", [tournament.slug]), ("online:play", [tournament.slug, 1])):
        answer = anonymous.post(reverse(name, args=args))
        assert answer.status_code == 302 and "/comptes/" in answer["Location"]
    assert not OnlineEntry.objects.exists()


def test_a_get_does_not_play(tournament, players):
    client = client_of(players[0])
    assert client.get(reverse("online:enter", args=[tournament.slug])).status_code == 405
    assert client.get(reverse("online:play", args=[tournament.slug, 1])).status_code == 405


def test_refusals_are_said_and_change_nothing(tournament, players):
    client = client_of(players[0])
    answer = client.post(reverse("online:play", args=[tournament.slug, 1]), follow=True)
    assert "Inscrivez-vous d'abord au tournoi." in text_of(answer)
    client.post(reverse("online:enter", args=[tournament.slug]))
    for deal in (0, 5, 99999999999):
        answer = client.post(reverse("online:play", args=[tournament.slug, deal]), follow=True)
        assert answer.status_code == 200
        assert "Ce tournoi n'a pas cette donne." in text_of(answer)
    assert (
        client.get(reverse("online:deal", args=[tournament.slug, 99999999999])).status_code == 404
    )
    assert not Game.objects.exists()


def test_results_and_ranking_wait_for_the_player(tournament, players, organizer):
    ana, bob = players[:2]
    for player in (ana, bob):
        services.enter(tournament=tournament, player=player)
    finish(tournament, ana, 1)
    deal_1 = reverse("online:deal", args=[tournament.slug, 1])
    ranking = reverse("online:ranking", args=[tournament.slug])
    hidden = client_of(bob).get(deal_1)
    assert hidden.status_code == 403
    assert "une fois jouée" in hidden.content.decode()
    assert "joueur-1" not in hidden.content.decode()
    seen = client_of(ana).get(deal_1)
    assert seen.status_code == 200 and "joueur-1" in seen.content.decode()
    assert client_of(ana).get(ranking).status_code == 403
    assert client_of().get(ranking).status_code == 403
    assert client_of(organizer).get(ranking).status_code == 200
    for deal in (2, 3, 4):
        finish(tournament, ana, deal, seed=deal)
    page = client_of(ana).get(ranking)
    assert page.status_code == 200
    fragment = client_of(ana).get(reverse("online:ranking_fragment", args=[tournament.slug]))
    assert fragment.status_code == 200 and "joueur-1" in fragment.content.decode()
    assert fragment["Cache-Control"] == "no-store"
    hidden = client_of(bob).get(reverse("online:ranking_fragment", args=[tournament.slug]))
    assert hidden.status_code == 403 and "joueur-1" not in hidden.content.decode()
    text = page.content.decode()
    # Alone on every deal so far: half the (zero) top.
    assert "joueur-1" in text and "50,00" in text
    assert not CARD.search(text)
    close(tournament)
    for client in (client_of(), client_of(bob)):
        assert client.get(ranking).status_code == 200
        assert client.get(deal_1).status_code == 200


def test_no_page_names_a_card(tournament, players):
    ana = players[0]
    services.enter(tournament=tournament, player=ana)
    for deal in (1, 2):
        finish(tournament, ana, deal, seed=deal)
    services.play_deal(tournament=tournament, player=ana, deal=3, worlds=SMALL_WORLDS)
    close(tournament)
    client = client_of(ana)
    for url in (
        reverse("online:list"),
        reverse("online:detail", args=[tournament.slug]),
        reverse("online:deal", args=[tournament.slug, 1]),
        reverse("online:deal", args=[tournament.slug, 3]),
        reverse("online:ranking", args=[tournament.slug]),
    ):
        answer = client.get(url)
        assert answer.status_code == 200
        assert not CARD.search(answer.content.decode()), url


def test_the_pages_in_english(tournament, players):
    client = client_of(players[0])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    listing = text_of(client.get(reverse("online:list")))
    assert "Online tournaments" in listing and "No tournament open" not in listing
    page = text_of(client.get(reverse("online:detail", args=[tournament.slug])))
    assert "Enter and play" in page
    hidden = text_of(client.get(reverse("online:ranking", args=[tournament.slug])))
    assert "The ranking shows once you have played every deal" in hidden

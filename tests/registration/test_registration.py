"""Online registration: a pair registers without an account (CSRF, honeypot, rate limit),
gets its page and an e-mail read from a real SMTP server; capacity and a waiting list that
moves up when a place is freed; the organizer approves into a team (to check in on the day),
refuses, closes; a pair withdraws."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.factories import add_teams, make_tournament
from tests.support.smtp import Inbox, smtp_server
from tournaments.clubs.services import anonymise_player, create_club, create_player
from tournaments.registration import services
from tournaments.registration.models import Entry
from tournaments.setup.models import Team, Tournament
from tournaments.setup.services.teams import delete_team, set_withdrawn

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cheap_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def inbox(settings):
    with smtp_server(settings) as received:
        yield received


@pytest.fixture
def organizer(make_user):
    return make_user("inscriptrice", role="organizer")


@pytest.fixture
def tournament(organizer):
    found = make_tournament(
        organizer=organizer, status=Tournament.Status.REGISTRATION, name="Open de Noël"
    )
    services.set_registration(tournament=found, open=True, capacity=None)
    return found


def pair(n: int, email: str | None = None) -> dict:
    return {
        "p1_first_name": "Anne",
        "p1_last_name": f"Martin{n}",
        "p1_licence": f"A{n}",
        "p2_first_name": "Bruno",
        "p2_last_name": f"Durand{n}",
        "p2_licence": "",
        "email": email or f"paire{n}@example.org",
        "website": "",
    }


def post(client, tournament, data, capture):
    with capture(execute=True):
        return client.post(reverse("registration:register", args=[tournament.slug]), data)


def test_a_pair_registers_and_gets_its_page_and_an_email(
    tournament, inbox, django_capture_on_commit_callbacks, settings
):
    settings.SITE_URL = "https://club.example.org/"
    settings.ALLOWED_HOSTS = ["*"]
    page = Client().get(reverse("tournaments:public", args=[tournament.slug])).text
    assert "Inscriptions ouvertes" in page
    # The link in the e-mail is the site's address, whatever Host and forwarded headers the
    # visitor sent (docs/security.md, "Headers, proxies and the links the site writes").
    forger = Client(
        HTTP_HOST="piege.example", HTTP_X_FORWARDED_HOST="piege.example", REMOTE_ADDR="203.0.113.9"
    )
    response = post(forger, tournament, pair(1), django_capture_on_commit_callbacks)
    entry = Entry.objects.get()
    assert response.status_code == 302 and response["Location"] == entry.get_absolute_url()
    assert entry.status == Entry.Status.PENDING
    page = Client().get(entry.get_absolute_url()).text
    assert "Anne Martin1 – Bruno Durand1" in page and "l'organisateur va la valider" in page
    (message,) = inbox.to("paire1@example.org")
    assert message["Subject"] == "Inscription reçue : Open de Noël"
    body = Inbox.body(message)
    assert "Anne Martin1 – Bruno Durand1" in body
    assert f"https://club.example.org/inscription/{entry.token}/" in body
    assert "piege.example" not in body


def test_past_the_capacity_a_waiting_list_that_moves_up_when_a_team_withdraws(
    tournament, inbox, organizer, django_capture_on_commit_callbacks
):
    add_teams(tournament, 1)
    services.set_registration(tournament=tournament, open=True, capacity=2)
    for n in (1, 2, 3):
        post(Client(), tournament, pair(n), django_capture_on_commit_callbacks)
    first, second, third = Entry.objects.order_by("pk")
    assert [e.status for e in (first, second, third)] == ["pending", "waiting", "waiting"]
    assert (
        services.waiting_position(entry=second) == 1 and services.waiting_position(entry=third) == 2
    )
    assert "n° 2 sur la liste d'attente" in Client().get(third.get_absolute_url()).text
    assert inbox.to("paire2@example.org")[0]["Subject"] == "Liste d'attente : Open de Noël"
    # The team registered beforehand withdraws (forfait, the organizer's teams page).
    with django_capture_on_commit_callbacks(execute=True):
        set_withdrawn(team=tournament.teams.get(number=1), withdrawn=True)
    second.refresh_from_db()
    third.refresh_from_db()
    assert (second.status, third.status) == ("pending", "waiting")
    assert services.waiting_position(entry=third) == 1
    moved = inbox.to("paire2@example.org")[-1]
    assert moved["Subject"] == "Une place s'est libérée : Open de Noël"
    # Refusing a pending pair gives its place to the next one.
    with django_capture_on_commit_callbacks(execute=True):
        services.refuse(entry=first)
    third.refresh_from_db()
    assert third.status == "pending"
    assert inbox.to("paire1@example.org")[-1]["Subject"] == "Inscription refusée : Open de Noël"


def test_approved_pairs_become_teams_to_check_in_on_the_day(
    tournament, inbox, organizer, django_capture_on_commit_callbacks
):
    post(Client(), tournament, pair(1), django_capture_on_commit_callbacks)
    entry = Entry.objects.get()
    client = Client()
    client.force_login(organizer)
    manage = client.get(reverse("registration:manage", args=[tournament.slug])).text
    assert "Anne Martin1 – Bruno Durand1" in manage and "paire1@example.org" in manage
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("registration:decide", args=[tournament.slug, entry.pk, "accepter"])
        )
    assert response.status_code == 302
    entry.refresh_from_db()
    team = entry.team
    assert entry.status == "approved" and not team.checked_in
    assert (team.player_one.last_name, team.player_one.licence) == ("Martin1", "A1")
    checkin = client.get(reverse("tournaments:checkin", args=[tournament.slug])).text
    assert "Martin1" in checkin
    message = inbox.to("paire1@example.org")[-1]
    assert message["Subject"] == "Inscription confirmée : Open de Noël"
    assert f"équipe {team.number}" in Inbox.body(message)
    # A decision is taken once.
    response = client.post(
        reverse("registration:decide", args=[tournament.slug, entry.pk, "refuser"]),
        follow=True,
    )
    assert "déjà traitée" in response.text


def test_a_pair_withdraws_its_accepted_entry_and_the_waiting_list_moves_up(
    tournament, inbox, django_capture_on_commit_callbacks
):
    services.set_registration(tournament=tournament, open=True, capacity=1)
    post(Client(), tournament, pair(1), django_capture_on_commit_callbacks)
    post(Client(), tournament, pair(2), django_capture_on_commit_callbacks)
    accepted, waiting = Entry.objects.order_by("pk")
    team = services.approve(entry=accepted)
    with django_capture_on_commit_callbacks(execute=True):
        Client().post(reverse("registration:withdraw", args=[accepted.token]))
    accepted.refresh_from_db()
    waiting.refresh_from_db()
    team.refresh_from_db()
    assert (accepted.status, team.withdrawn, waiting.status) == ("withdrawn", True, "pending")
    assert "Une place s'est libérée" in inbox.to("paire2@example.org")[-1]["Subject"]


def test_a_deleted_team_frees_its_place(tournament, django_capture_on_commit_callbacks):
    (team,) = add_teams(tournament, 1)
    services.set_registration(tournament=tournament, open=True, capacity=1)
    post(Client(), tournament, pair(1), django_capture_on_commit_callbacks)
    assert Entry.objects.get().status == "waiting"
    delete_team(team=team)
    assert Entry.objects.get().status == "pending"
    assert not Team.objects.filter(pk=team.pk).exists()


def test_abuse_protection_honeypot_csrf_and_rate_limit(
    tournament, django_capture_on_commit_callbacks
):
    robot = dict(pair(1), website="http://spam.example")
    response = post(Client(), tournament, robot, django_capture_on_commit_callbacks)
    assert response.status_code == 200 and "Inscription refusée" in response.text
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("registration:register", args=[tournament.slug]), pair(2))
    assert response.status_code == 403
    assert not Entry.objects.exists()
    client = Client()
    for n in range(services.RATE_LIMIT):
        assert (
            post(client, tournament, pair(10 + n), django_capture_on_commit_callbacks).status_code
            == 302
        )
    response = post(client, tournament, pair(99), django_capture_on_commit_callbacks)
    assert response.status_code == 429 and "Trop d&#x27;inscriptions" in response.text
    assert Entry.objects.count() == services.RATE_LIMIT


def test_the_same_licence_twice_is_refused(tournament, django_capture_on_commit_callbacks):
    post(Client(), tournament, pair(1), django_capture_on_commit_callbacks)
    response = post(
        Client(), tournament, dict(pair(2), p1_licence="a1"), django_capture_on_commit_callbacks
    )
    assert "déjà inscrit" in response.text
    assert Entry.objects.count() == 1


def test_closed_registration_takes_nothing(
    tournament, organizer, django_capture_on_commit_callbacks
):
    client = Client()
    client.force_login(organizer)
    client.post(reverse("registration:manage", args=[tournament.slug]), {"capacity": ""})
    assert not services.is_open(tournament=tournament)
    page = Client().get(reverse("tournaments:public", args=[tournament.slug])).text
    assert "Inscriptions ouvertes" not in page
    response = post(Client(), tournament, pair(1), django_capture_on_commit_callbacks)
    assert "sont fermées" in response.text and not Entry.objects.exists()
    # Only a tournament taking registrations opens them.
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    response = client.post(
        reverse("registration:manage", args=[tournament.slug]), {"open": "on", "capacity": ""}
    )
    assert "Passez d&#x27;abord le tournoi" in response.text


def test_the_organizer_page_lists_refused_and_withdrawn_pairs_in_arrival_order(
    tournament, organizer, django_capture_on_commit_callbacks
):
    """The closed pairs are one list, refused and withdrawn mixed, in the order they came:
    one query (a UNION of two ordered querysets made this page answer 500 on SQLite)."""
    for n in (1, 2, 3):
        post(Client(), tournament, pair(n), django_capture_on_commit_callbacks)
    first, second, third = Entry.objects.order_by("pk")
    services.refuse(entry=third)
    services.approve(entry=second)
    services.withdraw(entry=second)
    services.refuse(entry=first)
    client = Client()
    client.force_login(organizer)
    response = client.get(reverse("registration:manage", args=[tournament.slug]))
    assert response.status_code == 200
    assert list(response.context["closed"]) == [first, second, third]
    page = response.text
    assert page.index("Martin1") < page.index("Martin2") < page.index("Martin3")


def test_the_organizer_page_is_the_tournament_s_organizers(tournament, make_user):
    stranger = make_user("etrangere", role="organizer")
    client = Client()
    client.force_login(stranger)
    url = reverse("registration:manage", args=[tournament.slug])
    assert client.get(url).status_code == 403
    assert Client().get(url).status_code == 302
    entry = services.register_pair(
        tournament=tournament,
        data=services.PairData(
            players=(
                services.PlayerData("Anne", "Martin"),
                services.PlayerData("Bruno", "Durand"),
            ),
            email="p@example.org",
        ),
    )
    decide = reverse("registration:decide", args=[tournament.slug, entry.pk, "accepter"])
    assert client.post(decide).status_code == 403
    entry.refresh_from_db()
    assert entry.status == "pending"


def test_email_settings_from_the_environment():
    from config.mail import CONSOLE, SMTP, email_settings

    assert email_settings({}) == {"EMAIL_BACKEND": CONSOLE}
    found = email_settings({"EMAIL_URL": "smtp://bot%40club:s3cr%2Ft@mail.example.org:587?tls=1"})
    assert found["EMAIL_BACKEND"] == SMTP
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"]) == ("mail.example.org", 587)
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == ("bot@club", "s3cr/t")
    assert found["EMAIL_USE_TLS"] and not found["EMAIL_USE_SSL"]
    assert email_settings({"EMAIL_URL": "smtps://mail.example.org"})["EMAIL_PORT"] == 465
    assert email_settings({"EMAIL_HOST": "relay", "EMAIL_PORT": "2525"})["EMAIL_PORT"] == 2525
    with pytest.raises(ValueError):
        email_settings({"EMAIL_URL": "ftp://x"})


def test_an_anonymised_player_is_erased_from_the_pairs_entries(
    organizer, django_capture_on_commit_callbacks
):
    club = create_club(name="Club des inscriptions", by=organizer)
    tournament = make_tournament(
        organizer=organizer, status=Tournament.Status.REGISTRATION, organizing_club=club
    )
    services.set_registration(tournament=tournament, open=True, capacity=None)

    def register(first, last, licence, partner, email):
        return services.register_pair(
            tournament=tournament,
            data=services.PairData(
                players=(
                    services.PlayerData(first, last, licence),
                    services.PlayerData("Bruno", partner),
                ),
                email=email,
            ),
        )

    accepted = register("Anne", "Martin", "", "Durand", "anne@example.org")
    refused = register("Carole", "Lenoir", "C-77", "Petit", "carole@example.org")
    other = register("Anne", "Martinez", "", "Grand", "autre@example.org")
    team = services.approve(entry=accepted)
    services.refuse(entry=refused)
    anne = team.player_one.club_player
    # Carole is in the registry by another way (a team typed by the organizer), licence spaced.
    carole = create_player(club=club, first_name="Carole", last_name="Lenoir", licence="c 77")
    with django_capture_on_commit_callbacks(execute=True):
        anonymise_player(player=anne)
        anonymise_player(player=carole)
    accepted.refresh_from_db()
    refused.refresh_from_db()
    other.refresh_from_db()
    assert (accepted.p1_first_name, accepted.p1_last_name, accepted.email) == (
        "Joueur",
        "anonymisé",
        "",
    )
    assert accepted.p2_last_name == "Durand"  # the partner asked nothing
    assert (refused.pair, refused.p1_licence, refused.email) == (
        "Joueur anonymisé – Bruno Petit",
        "",
        "",
    )
    assert (other.pair, other.email) == ("Anne Martinez – Bruno Grand", "autre@example.org")
    page = Client().get(accepted.get_absolute_url()).text
    assert "Martin" not in page and "anne@example.org" not in page

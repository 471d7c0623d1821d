"""A player's sign-up: an e-mail (the account's identifier) and a password; clear French
errors, one account per address whatever its case, and a limit of sign-ups per network
address and hour (docs/play.md)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tournaments.accounts.models import SignUpAttempt

pytestmark = pytest.mark.django_db

PAGE = reverse("accounts:sign_up")
GOOD = {"email": "Lucie.Martin@Example.org", "password1": "trefle-rouge-42", "password2": ""}
GOOD["password2"] = GOOD["password1"]


def sign_up(client: Client, address: str = "192.0.2.1", **changes):
    return client.post(PAGE, {**GOOD, **changes}, REMOTE_ADDR=address)


def test_the_page_asks_for_an_email_and_a_password_twice():
    html = Client().get(PAGE).content.decode()
    assert 'name="email"' in html and 'name="password1"' in html and 'name="password2"' in html
    assert "Créer un compte joueur" in html


def test_a_sign_up_makes_the_account_signs_it_in_and_goes_to_my_games():
    client = Client()
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("play:my_games")
    user = get_user_model().objects.get()
    assert user.username == user.email == "lucie.martin@example.org"
    assert user.check_password(GOOD["password1"])
    assert not user.is_staff and not user.groups.exists()
    assert client.get(reverse("play:my_games")).status_code == 200


def test_the_account_signs_in_with_its_email_in_any_case():
    sign_up(Client())
    client = Client()
    response = client.post(
        reverse("accounts:login"),
        {"username": "lucie.martin@example.org", "password": GOOD["password1"]},
    )
    assert response.status_code == 302
    assert client.get(reverse("play:my_games")).status_code == 200


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"email": ""}, "Donnez votre adresse électronique."),
        ({"email": "pas-une-adresse"}, "Cette adresse électronique n&#x27;est pas valide."),
        ({"password1": "", "password2": ""}, "Choisissez un mot de passe."),
        ({"password2": "autre-chose-99"}, "Les deux mots de passe diffèrent."),
        ({"password1": "court", "password2": "court"}, "Ce mot de passe est trop court."),
        ({"password1": "12345678901", "password2": "12345678901"}, "entièrement numérique"),
        ({"email": "a@b.fr" + "x" * 150}, "Assurez-vous que cette valeur comporte au plus 150"),
    ],
)
def test_a_wrong_form_says_why_in_french_and_makes_nothing(changes, message):
    response = sign_up(Client(), **changes)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not get_user_model().objects.exists()


def test_an_address_already_taken_whatever_its_case_is_refused(make_user):
    make_user("organisateur")
    sign_up(Client())
    response = sign_up(Client(), email="LUCIE.MARTIN@example.ORG")
    assert response.status_code == 200
    assert "Un compte existe déjà avec cette adresse électronique." in response.content.decode()
    assert get_user_model().objects.filter(email__iexact="lucie.martin@example.org").count() == 1


def test_an_address_taken_as_a_user_name_is_refused_too(make_user):
    make_user("lucie.martin@example.org")
    response = sign_up(Client())
    assert "Un compte existe déjà" in response.content.decode()


def test_too_many_sign_ups_from_one_address_are_refused_for_the_hour(settings):
    settings.SIGN_UP_LIMIT = 2
    # A refused try counts as much as a made one.
    assert sign_up(Client(), email="a@example.org").status_code == 302
    assert sign_up(Client(), email="a@example.org").status_code == 200
    response = sign_up(Client(), email="c@example.org")
    assert response.status_code == 200
    assert "Trop de comptes créés depuis cette adresse" in response.content.decode()
    assert not get_user_model().objects.filter(email="c@example.org").exists()
    # Another address is not held up.
    assert sign_up(Client(), address="198.51.100.7", email="d@example.org").status_code == 302
    assert SignUpAttempt.objects.filter(address="192.0.2.1").count() == 3


def test_tries_older_than_the_hour_no_longer_count(settings):
    settings.SIGN_UP_LIMIT = 1
    sign_up(Client(), email="a@example.org")
    SignUpAttempt.objects.update(at="2020-01-01T00:00:00Z")
    assert sign_up(Client(), email="b@example.org").status_code == 302
    assert SignUpAttempt.objects.count() == 1  # the old one deleted


def test_next_goes_back_to_the_page_but_never_to_another_site():
    response = Client().post(
        PAGE + "?next=/tournois/x/donnes/etui/1/", {**GOOD}, REMOTE_ADDR="192.0.2.9"
    )
    assert response["Location"] == "/tournois/x/donnes/etui/1/"
    response = Client().post(
        PAGE,
        {**GOOD, "email": "b@example.org", "next": "https://ailleurs.example/"},
        REMOTE_ADDR="192.0.2.9",
    )
    assert response["Location"] == reverse("play:my_games")


def test_a_signed_in_account_is_sent_to_its_games(make_user):
    client = Client()
    client.force_login(make_user("deja@example.org"))
    assert client.get(PAGE)["Location"] == reverse("play:my_games")

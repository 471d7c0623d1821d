"""The login form checks the user name's length before anyone looks it up
(tournaments/accounts/forms.py): Django's form did not, and a 5,000-character name overflowed
django-axes' record of the failed attempt (a varchar(255)), a 500."""

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_user_name_longer_than_the_field_is_a_form_error_and_no_attempt():
    response = Client().post(
        reverse("accounts:login"), {"username": "1" * 5000, "password": "pas-le-bon"}
    )

    assert response.status_code == 200
    assert response.context["form"].errors["username"]
    assert not AccessAttempt.objects.exists()


def test_a_wrong_password_is_still_counted(make_user):
    make_user("arbitre", "arbiter")

    response = Client().post(
        reverse("accounts:login"), {"username": "arbitre", "password": "pas-le-bon"}
    )

    assert response.status_code == 200
    assert AccessAttempt.objects.filter(username="arbitre").count() == 1

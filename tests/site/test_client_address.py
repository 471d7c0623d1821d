"""The client's address behind reverse proxies: one rule (``config.proxies.client_ip``) for the
login rate limit (django-axes) and the results audit trail; X-Forwarded-For is believed only
from the TRUSTED_PROXIES, none by default."""

import importlib

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory
from django.urls import reverse

from config.proxies import client_ip

PROXY = "10.0.0.2"
CLIENT = "203.0.113.7"


def address(remote="198.51.100.20", forwarded=None) -> str | None:
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client_ip(RequestFactory().get("/", **extra))


@pytest.fixture
def behind_one_proxy(settings):
    settings.TRUSTED_PROXIES = [PROXY]


def test_by_default_a_forged_forwarded_header_is_ignored(settings):
    assert settings.TRUSTED_PROXIES == []
    assert address("198.51.100.20", forwarded="6.6.6.6") == "198.51.100.20"
    assert address(PROXY, forwarded=f"6.6.6.6, {CLIENT}") == PROXY


def test_behind_a_trusted_proxy_the_address_it_added_is_the_client(behind_one_proxy):
    # The proxy appends the address it was reached from; what the client wrote stays left.
    assert address(PROXY, forwarded=CLIENT) == CLIENT
    assert address(PROXY, forwarded=f"6.6.6.6, {CLIENT}") == CLIENT
    assert address(PROXY) == PROXY


def test_a_request_not_from_the_proxy_cannot_forge_its_address(behind_one_proxy):
    assert address("198.51.100.20", forwarded=CLIENT) == "198.51.100.20"


def test_trusted_hops_are_skipped_from_the_right(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8", "::1"]

    assert address("::1", forwarded=f"6.6.6.6, {CLIENT}, 10.1.1.1") == CLIENT
    assert address("::ffff:10.0.0.2", forwarded=CLIENT) == CLIENT
    assert address(PROXY, forwarded="10.1.1.1, 10.2.2.2") == "10.1.1.1"


def test_a_forwarded_value_no_proxy_writes_stops_at_the_proxy(behind_one_proxy):
    assert address(PROXY, forwarded="unknown") == PROXY
    assert address(PROXY, forwarded=f"{CLIENT}, not-an-address") == PROXY


def test_trusted_proxies_come_from_the_environment_and_are_checked(monkeypatch, tmp_path):
    import config.settings as site_settings

    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    try:
        monkeypatch.setenv("TRUSTED_PROXIES", "10.0.0.2, 192.168.0.0/16")
        assert importlib.reload(site_settings).TRUSTED_PROXIES == ["10.0.0.2", "192.168.0.0/16"]
        monkeypatch.setenv("TRUSTED_PROXIES", "proxy.example.org")
        with pytest.raises(ImproperlyConfigured, match="TRUSTED_PROXIES"):
            importlib.reload(site_settings)
    finally:
        monkeypatch.undo()
        importlib.reload(site_settings)


# --- The login rate limit uses the same address ------------------------------------------


def _fail_logins(client, settings, **extra):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("accounts:login"), {"username": "bernard", "password": "x"}, **extra)


def _log_in(client, **extra):
    return client.post(
        reverse("accounts:login"),
        {"username": "bernard", "password": "correct-horse-42"},
        **extra,
    )


@pytest.mark.django_db
def test_a_forged_forwarded_header_does_not_escape_the_lockout(client, make_user, settings):
    make_user("bernard", role="arbiter")
    _fail_logins(client, settings, REMOTE_ADDR="198.51.100.20", HTTP_X_FORWARDED_FOR="1.1.1.1")

    response = _log_in(client, REMOTE_ADDR="198.51.100.20", HTTP_X_FORWARDED_FOR="2.2.2.2")

    assert response.status_code == 429


@pytest.mark.django_db
def test_behind_a_trusted_proxy_the_lockout_is_per_client(
    client, make_user, settings, behind_one_proxy
):
    from axes.models import AccessAttempt

    make_user("bernard", role="arbiter")
    _fail_logins(client, settings, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"1.1.1.1, {CLIENT}")

    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {CLIENT}
    # The locked-out client cannot get round it by writing another address on the left…
    assert (
        _log_in(client, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"9.9.9.9, {CLIENT}").status_code
        == 429
    )
    # …and another client behind the same proxy is not locked out with it.
    assert (
        _log_in(client, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.9").status_code == 302
    )

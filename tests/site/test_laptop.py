"""The club's laptop is a production target (docs/security.md, "The club's laptop and its
Wi-Fi"): DEBUG never on for a site served beyond this machine, and never shown to another
machine; the site's own error pages; the embedded SQLite file set for concurrent entries; the
demo accounts never keep the documented password on the network; forwarded headers believed
from the trusted proxies only. The same, over HTTP against the real processes:
tests/site/test_bin_run.py and tests/faults/test_laptop_entries.py."""

import importlib
import io
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import OperationalError
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse

from config.addresses import served_beyond_loopback
from config.proxies import UntrustedForwardedHeadersMiddleware
from tests.support.factories import small_tournament
from tests.support.laptop import DEBUG_PAGE

DOCUMENTED = "coinche-demo"  # noqa: S105 - the README's demo password

# --- DEBUG ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "environ",
    [
        {"HOST": "0.0.0.0"},
        {"HOST": "192.168.1.20"},
        {"RUNSERVER_ADDRESS": "0.0.0.0:8000"},
        {"RUNSERVER_ADDRESS": "[::]:8000"},
        {"ALLOWED_HOSTS": "localhost,coinche.example.org"},
        {"ALLOWED_HOSTS": "*"},
        {"SITE_URL": "http://192.168.1.20:8000"},
    ],
)
def test_a_site_reached_from_elsewhere_is_served_beyond_loopback(environ):
    assert served_beyond_loopback(environ)


@pytest.mark.parametrize(
    "environ",
    [
        {},
        {"HOST": "127.0.0.1", "RUNSERVER_ADDRESS": "127.0.0.1:8000"},
        {"RUNSERVER_ADDRESS": "[::1]:8001", "ALLOWED_HOSTS": "localhost,127.0.0.1,[::1]"},
        {"SITE_URL": "http://localhost:8000"},
    ],
)
def test_this_machine_only_is_not(environ):
    assert served_beyond_loopback(environ) == ""


def _reloaded_settings(monkeypatch, tmp_path, **environ):
    import config.settings as site_settings

    for name in ("HOST", "RUNSERVER_ADDRESS", "ALLOWED_HOSTS", "SITE_URL", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    return importlib.reload(site_settings)


@pytest.fixture
def reload_settings(monkeypatch, tmp_path):
    import config.settings as site_settings

    yield lambda **environ: _reloaded_settings(monkeypatch, tmp_path, **environ)
    monkeypatch.undo()
    importlib.reload(site_settings)


def test_debug_asked_for_a_site_on_the_network_is_refused_and_said(reload_settings, capsys):
    lan = reload_settings(DEBUG="1", RUNSERVER_ADDRESS="0.0.0.0:8000")
    assert lan.DEBUG is False
    assert lan.SERVED_BEYOND_LOOPBACK == "RUNSERVER_ADDRESS=0.0.0.0:8000"
    assert "DEBUG ignored: the site is served beyond this computer" in capsys.readouterr().err

    local = reload_settings(DEBUG="1", RUNSERVER_ADDRESS="127.0.0.1:8000")
    assert local.DEBUG is True and local.SERVED_BEYOND_LOOPBACK == ""


def test_with_debug_another_machine_gets_no_page(settings, db):
    settings.DEBUG = True
    phone = Client(REMOTE_ADDR="192.168.1.42")
    response = phone.get("/nulle-part/")
    assert response.status_code == 403
    assert "ne répond qu'à cet ordinateur" in response.content.decode()
    assert not DEBUG_PAGE.search(response.content.decode())
    # The developer at the laptop still gets Django's debug page.
    assert Client(REMOTE_ADDR="127.0.0.1").get("/nulle-part/").status_code == 404


# --- The site's own error pages ---------------------------------------------------------------


@pytest.mark.django_db
def test_a_missing_page_is_the_site_s_own_404():
    response = Client().get("/nulle-part/")
    page = response.content.decode()
    assert response.status_code == 404 and "Page introuvable" in page
    assert 'class="site-header"' in page and not DEBUG_PAGE.search(page)


@pytest.fixture
def outbox():
    tournament = small_tournament()
    table = tournament.tables.get(number=1)
    return reverse("results:table_send", args=[table.token])


@pytest.mark.django_db
def test_a_locked_database_is_a_503_in_json_for_the_outbox_whatever_it_sends(outbox):
    locked = OperationalError("database is locked")
    with mock.patch("tournaments.results.selectors.table_by_token", side_effect=locked):
        response = Client(raise_request_exception=False).post(outbox, {"board": "1"})
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json()["code"] == "service_unavailable"
    assert "locked" not in response.content.decode()


@pytest.mark.django_db
def test_any_other_error_is_the_site_s_500_without_a_word_of_it(outbox):
    failure = RuntimeError("hands N=♠AKQJ secret")
    with mock.patch("tournaments.results.selectors.table_by_token", side_effect=failure):
        client = Client(raise_request_exception=False)
        answer = client.post(outbox, {"board": "1"})
        page = client.get(outbox.removesuffix("envoi/"))
    assert answer.status_code == 500 and answer.json()["code"] == "server_error"
    assert page.status_code == 500 and "Erreur du site" in page.content.decode()
    for response in (answer, page):
        assert "secret" not in response.content.decode()
        assert not DEBUG_PAGE.search(response.content.decode())


# --- SQLite ---------------------------------------------------------------------------------


def test_the_embedded_database_waits_for_its_turn_to_write(reload_settings):
    options = reload_settings().DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 20
    assert "PRAGMA journal_mode=WAL" in options["init_command"]
    assert "PRAGMA busy_timeout=20000" in options["init_command"]


# --- Demo accounts ----------------------------------------------------------------------------


def demo(*arguments) -> str:
    output = io.StringIO()
    call_command("demo_site", *arguments, stdout=output)
    return output.getvalue()


def printed_password(output: str, username: str) -> str:
    line = next(line for line in output.splitlines() if f": {username} / " in line)
    return line.split(f": {username} / ", 1)[1]


@pytest.mark.django_db
def test_on_the_network_the_demo_accounts_never_keep_the_documented_password(settings):
    settings.SERVED_BEYOND_LOOPBACK = "RUNSERVER_ADDRESS=0.0.0.0:8000"
    users = get_user_model().objects

    first = demo()

    passwords = {name: printed_password(first, name) for name in ("organisateur", "arbitre")}
    assert DOCUMENTED not in first and "write them down" in first
    assert len(set(passwords.values())) == 2
    for name, password in passwords.items():
        assert users.get(username=name).check_password(password)
        assert not users.get(username=name).check_password(DOCUMENTED)
    # Printed once: the next start keeps them and says so.
    again = demo()
    assert printed_password(again, "organisateur").startswith("(mot de passe inchangé")
    assert passwords["organisateur"] not in again
    # --reset-demo on the network: new random ones, never the documented one.
    reset = demo("--reset-passwords")
    renewed = printed_password(reset, "arbitre")
    assert renewed not in (DOCUMENTED, passwords["arbitre"])
    assert users.get(username="arbitre").check_password(renewed)


@pytest.mark.django_db
def test_a_laptop_first_started_at_home_loses_the_documented_password_on_the_network(settings):
    settings.SERVED_BEYOND_LOOPBACK = ""
    assert printed_password(demo(), "arbitre") == DOCUMENTED

    settings.SERVED_BEYOND_LOOPBACK = "HOST=0.0.0.0"
    output = demo()

    password = printed_password(output, "arbitre")
    assert password != DOCUMENTED
    assert get_user_model().objects.get(username="arbitre").check_password(password)


# --- Forwarded headers --------------------------------------------------------------------------


def _seen(settings, remote: str, **headers):
    """What the site sees of a request from ``remote`` with ``headers`` (scheme, host)."""
    seen = {}

    def view(request):
        seen.update(secure=request.is_secure(), host=request.get_host())
        return HttpResponse()

    request = RequestFactory().get("/", REMOTE_ADDR=remote, **headers)
    UntrustedForwardedHeadersMiddleware(view)(request)
    return seen


FORGED = {"HTTP_X_FORWARDED_PROTO": "https", "HTTP_X_FORWARDED_HOST": "piege.example"}


def test_forwarded_scheme_and_host_from_an_untrusted_client_change_nothing(settings):
    settings.ALLOWED_HOSTS = ["*"]
    settings.USE_X_FORWARDED_HOST = True
    settings.TRUSTED_PROXIES = ["10.0.0.2"]

    assert _seen(settings, "203.0.113.9", **FORGED) == {"secure": False, "host": "testserver"}
    assert _seen(settings, "10.0.0.2", **FORGED) == {"secure": True, "host": "piege.example"}

    settings.TRUSTED_PROXIES = []
    assert _seen(settings, "10.0.0.2", **FORGED) == {"secure": False, "host": "testserver"}


@pytest.mark.django_db
def test_a_forged_https_header_does_not_escape_the_https_redirect(settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.TRUSTED_PROXIES = ["10.0.0.2"]

    forger = Client(REMOTE_ADDR="203.0.113.9").get("/", HTTP_X_FORWARDED_PROTO="https")
    proxied = Client(REMOTE_ADDR="10.0.0.2").get("/", HTTP_X_FORWARDED_PROTO="https")

    assert forger.status_code == 301 and forger["Location"].startswith("https://")
    assert proxied.status_code == 200


# --- Static files: collectstatic at every start stays short -------------------------------------


def test_each_content_is_compressed_once_and_never_again(tmp_path, monkeypatch):
    from whitenoise.compress import Compressor

    from config.storage import StaticStorage

    script = "console.log('coinche');\n" * 200
    for name in ("app.js", "app.0123456789ab.js", "other.js", "bundle.js.map"):
        (tmp_path / name).write_text(script if name != "other.js" else script.upper())
    compressed = []
    original = Compressor.compress
    monkeypatch.setattr(
        Compressor, "compress", lambda self, path: compressed.append(path) or original(self, path)
    )
    storage = StaticStorage(location=tmp_path)
    names = ["app.js", "app.0123456789ab.js", "other.js", "bundle.js.map"]

    first = sorted(storage.compress_files(names))

    # The hashed copy (same bytes) gets the copies made for its original; maps are left alone.
    assert len(compressed) == 2 and not any(path.endswith(".map") for path in compressed)
    assert {name for name, _ in first} == {"app.js", "app.0123456789ab.js", "other.js"}
    for name in ("app.js", "app.0123456789ab.js"):
        assert (tmp_path / f"{name}.gz").read_bytes() == (tmp_path / "app.js.gz").read_bytes()
    # Written again with the same content (as Django does with the files it rewrites): kept.
    (tmp_path / "other.js").write_text(script.upper())
    assert list(storage.compress_files(names)) == [] and len(compressed) == 2
    # A change is compressed again.
    (tmp_path / "other.js").write_text(script.lower())
    assert [name for name, _ in storage.compress_files(names)] == ["other.js", "other.js"]

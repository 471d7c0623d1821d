"""The site's foundation: French by default, English on request, accounts, health, settings."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_page_is_in_french_by_default(client):
    response = client.get("/")

    assert response.status_code == 200
    assert response["Content-Language"] == "fr"
    assert "Tournois de belote coinchée en duplicate" in response.text
    assert '<html lang="fr">' in response.text


def test_language_switch_serves_english(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"}, follow=True)

    assert response.status_code == 200
    assert '<html lang="en">' in response.text
    assert "Duplicate coinche tournaments" in response.text


@pytest.mark.postgresql  # bin/test's PostgreSQL run; its SQLite run is the other (docs/testing.md)
def test_the_database_is_postgresql():
    from django.db import connection

    assert connection.vendor == "postgresql"


def test_login_page_uses_the_site_look(client):
    response = client.get(reverse("accounts:login"))

    assert response.status_code == 200
    assert "Se connecter" in response.text
    assert "site-header" in response.text


def test_login_and_logout(client, make_user):
    make_user("claire", role="organizer")

    response = client.post(
        reverse("accounts:login"), {"username": "claire", "password": "correct-horse-42"}
    )
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "claire"

    client.post(reverse("accounts:logout"))
    assert not client.get("/").context["user"].is_authenticated


def test_login_attempts_are_rate_limited(client, make_user, settings):
    make_user("bernard", role="arbiter")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("accounts:login"), {"username": "bernard", "password": "wrong"})

    response = client.post(
        reverse("accounts:login"), {"username": "bernard", "password": "correct-horse-42"}
    )

    assert response.status_code == 429
    assert "Trop de tentatives" in response.text


def test_the_roles_migration_makes_the_roles_groups():
    # The migration's own step, run here: the groups it made when the test database was
    # created are gone after any test that empties the tables (a transactional test's flush),
    # so reading them would depend on which tests ran before on this worker.
    from importlib import import_module

    from django.contrib.auth.models import Group
    from django.db import connection
    from django.db.migrations.loader import MigrationLoader

    roles = import_module("tournaments.accounts.migrations.0001_roles")
    state = MigrationLoader(connection).project_state(("accounts", "0001_roles"))
    Group.objects.filter(name__in=roles.ROLES).delete()

    roles.create_groups(state.apps, None)
    roles.create_groups(state.apps, None)

    assert sorted(Group.objects.values_list("name", flat=True)) == ["arbiter", "organizer"]


def test_health_reports_database_and_jobs(client):
    response = client.get(reverse("health"))

    assert response.status_code == 200
    assert response.json() == {"database": "ok", "jobs": "in-process"}


def test_static_files_are_served_by_the_site(client):
    response = client.get("/static/css/site.css")

    assert response.status_code == 200


def test_admin_is_enabled(client):
    response = client.get("/admin/login/")

    assert response.status_code == 200


def test_production_defaults_are_secure(monkeypatch, tmp_path):
    """Without DEBUG, cookies are secure and DEBUG is off; HSTS is settable."""
    import importlib

    import config.settings as site_settings

    monkeypatch.delenv("DEBUG", raising=False)
    monkeypatch.setenv("SECURE_HSTS_SECONDS", "31536000")
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    try:
        reloaded = importlib.reload(site_settings)
        assert reloaded.DEBUG is False
        assert reloaded.SESSION_COOKIE_SECURE is True
        assert reloaded.CSRF_COOKIE_SECURE is True
        assert reloaded.SECURE_HSTS_SECONDS == 31536000
        assert (tmp_path / "secret_key").exists()
    finally:
        monkeypatch.undo()
        importlib.reload(site_settings)


def test_without_broker_jobs_run_in_process(monkeypatch, tmp_path):
    import importlib

    import config.settings as site_settings

    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    try:
        reloaded = importlib.reload(site_settings)
        assert reloaded.CELERY_TASK_ALWAYS_EAGER is True
        assert reloaded.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    finally:
        monkeypatch.undo()
        importlib.reload(site_settings)


def test_an_english_browser_still_gets_french_until_it_switches(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")

    assert '<html lang="fr">' in response.text

    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert '<html lang="en">' in client.get("/", HTTP_ACCEPT_LANGUAGE="fr").text

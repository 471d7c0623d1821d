"""The anonymous public pages served whole from the cache (tournaments/public_pages.py): the
same bytes for every visitor without a session, a 304 for an unchanged page, neither touching
the database; a new ranking or a changed tournament renders them again; a visitor with a
session (staff, a team's phone) is never served a stored page; the language switch carries no
per-visitor token."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.factories import small_tournament
from tests.support.standings import MITCHELL_RESULTS, enter, put_result
from tournaments import public_pages
from tournaments.setup.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cache_on(settings):
    settings.PUBLIC_PAGE_CACHE = True


@pytest.fixture
def running(django_capture_on_commit_callbacks):
    tournament = small_tournament(scoring_method="matchpoints")
    enter(tournament, MITCHELL_RESULTS, django_capture_on_commit_callbacks)
    return tournament


def ranking_url(tournament) -> str:
    return reverse("standings:ranking", args=[tournament.slug])


def get_without_queries(client, url, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    return response, len(queries)


PAGES = [
    ("tournaments:public", ()),
    ("tournaments:team", (1,)),
    ("standings:ranking", ()),
    ("standings:travellers", ()),
    ("standings:traveller", (1,)),
    ("standings:scorecard", (1,)),
    ("standings:room", ()),
]


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_a_second_visitor_gets_the_stored_page_without_the_database(client, running, name, args):
    url = reverse(name, args=[running.slug, *args])
    first = client.get(url)
    assert first.status_code == 200
    assert first["X-Public-Cache"] == "miss"

    second, queries = get_without_queries(client, url)

    assert second.status_code == 200
    assert second["X-Public-Cache"] == "hit"
    assert queries == 0
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]
    assert second["Cache-Control"] == "public, no-cache"
    assert second["Content-Type"].startswith("text/html")


def test_an_unchanged_page_asked_again_with_its_etag_is_a_304_without_the_database(client, running):
    etag = client.get(ranking_url(running))["ETag"]

    response, queries = get_without_queries(client, ranking_url(running), if_none_match=etag)

    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag
    assert queries == 0
    # Another tag (an older page) gets the page itself.
    assert client.get(ranking_url(running), headers={"if-none-match": '"old"'}).status_code == 200


def test_a_new_ranking_renders_the_pages_again(client, running, django_capture_on_commit_callbacks):
    before = client.get(ranking_url(running))
    assert client.get(ranking_url(running))["X-Public-Cache"] == "hit"

    with django_capture_on_commit_callbacks(execute=True):
        put_result(running, 1, 1, 1, 600, 0)

    after = client.get(ranking_url(running))
    assert after["X-Public-Cache"] == "miss"
    assert after["ETag"] != before["ETag"]
    # The old tag now gets the new page, not a 304.
    assert (
        client.get(ranking_url(running), headers={"if-none-match": before["ETag"]}).status_code
        == 200
    )


def test_a_renamed_tournament_is_shown_at_once(client, running):
    url = reverse("tournaments:public", args=[running.slug])
    client.get(url)

    running.name = "Challenge du Printemps"
    running.save()

    assert "Challenge du Printemps" in client.get(url).text


def test_the_epoch_expires_by_itself(client, running, monkeypatch):
    """A change no signal reports (a bulk update) shows once the epoch expires."""
    client.get(ranking_url(running))
    assert client.get(ranking_url(running))["X-Public-Cache"] == "hit"

    # What the expiry does: the epoch is gone from the cache.
    public_pages.bump(running.slug)

    assert client.get(ranking_url(running))["X-Public-Cache"] == "miss"
    assert public_pages.EPOCH_SECONDS <= 10


def test_each_language_has_its_own_page(client, running):
    french = client.get(ranking_url(running))
    client.cookies["django_language"] = "en"
    english = client.get(ranking_url(running))

    assert english["X-Public-Cache"] == "miss"
    assert '<html lang="en">' in english.text
    assert '<html lang="fr">' in french.text


def test_a_visitor_with_a_session_is_never_served_a_stored_page(client, running, make_user):
    client.get(ranking_url(running))  # stored for the anonymous visitors
    organizer = make_user("olga", role="organizer")
    running.organizers.add(organizer)
    client.force_login(organizer)

    response = client.get(ranking_url(running))

    assert "X-Public-Cache" not in response
    # The staff's own page: its recomputation button, which the stored page does not have.
    assert "Recalculer maintenant" in response.text


def test_the_staff_page_is_never_stored_for_the_anonymous_visitors(client, running, make_user):
    organizer = make_user("olga", role="organizer")
    running.organizers.add(organizer)
    client.force_login(organizer)
    client.get(ranking_url(running))
    client.logout()
    client.cookies.clear()

    response = client.get(ranking_url(running))

    assert response["X-Public-Cache"] == "miss"
    assert "Recalculer maintenant" not in response.text


def test_a_draft_is_a_404_and_nothing_is_stored(client):
    draft = small_tournament(status=Tournament.Status.DRAFT)

    assert client.get(ranking_url(draft)).status_code == 404
    assert "X-Public-Cache" not in client.get(ranking_url(draft))


def test_hand_records_are_never_kept_whole():
    assert not any(name.startswith("deals:") for name in public_pages.PAGES)


def test_with_the_cache_down_the_page_is_rendered(client, running, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("redis is away")

    monkeypatch.setattr(public_pages.cache, "get", down)
    monkeypatch.setattr(public_pages.cache, "add", down)

    response = client.get(ranking_url(running))

    assert response.status_code == 200
    assert "X-Public-Cache" not in response


def test_the_public_pages_carry_no_per_visitor_token(client, running):
    response = client.get(reverse("tournaments:public", args=[running.slug]))

    assert "csrfmiddlewaretoken" not in response.text
    assert "csrftoken" not in response.cookies


# --- The language switch, by GET -----------------------------------------------------------


def test_the_language_switch_sets_the_cookie_and_goes_back(client):
    response = client.get(reverse("choose_language"), {"language": "en", "next": "/tournois/"})

    assert response.status_code == 302
    assert response["Location"] == "/tournois/"
    assert response.cookies["django_language"].value == "en"
    assert '<html lang="en">' in client.get("/").text


@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/", ""])
def test_the_language_switch_never_sends_the_visitor_elsewhere(client, next_url):
    response = client.get(reverse("choose_language"), {"language": "en", "next": next_url})

    assert response["Location"] == "/"


def test_an_unknown_language_changes_nothing(client):
    response = client.get(reverse("choose_language"), {"language": "xx", "next": "/"})

    assert response.status_code == 302
    assert "django_language" not in response.cookies


def test_only_the_watched_apps_rows_are_listened_to():
    """A receiver for every model would take away the one-statement delete of the others
    (the board scores a recomputation replaces)."""
    from django.db.models.signals import post_delete

    from tournaments.results.models import ResultEvent
    from tournaments.setup.models import Team
    from tournaments.standings.models import BoardScore

    assert post_delete.has_listeners(Team)
    assert not post_delete.has_listeners(BoardScore)
    assert not post_delete.has_listeners(ResultEvent)

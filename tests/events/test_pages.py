"""The events' pages: an organizer creates, invites and opens; a club accepts; the national
ranking from the cache; the board across the field hidden until the last session is over; a
laptop club's package, upload page and API."""

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support.events import HOUR, make_event
from tournaments.clubs.services import create_club
from tournaments.events.demo import play_session
from tournaments.events.models import Event, EventClub, EventRanking
from tournaments.events.services import build_upload, import_package, recompute_event

pytestmark = pytest.mark.django_db


def _local(when):
    return timezone.localtime(when).strftime("%Y-%m-%dT%H:%M")


def test_an_organizer_creates_invites_and_opens_an_event(client, make_user):
    organizer = make_user("ligue", "organizer")
    club_organizer = make_user("club-orga", "organizer")
    club = create_club(name="Club de Lorient", town="Lorient", by=club_organizer)
    client.force_login(organizer)
    now = timezone.now()
    answer = client.post(
        reverse("events:create"),
        {
            "name": "Simultané du printemps",
            "date": timezone.localdate().isoformat(),
            "board_count": 12,
            "scoring_method": "matchpoints",
            "rules_preset": "ffb-coinche",
            "hours_before": 24,
            "own_travellers": "on",
            "deadline": _local(now + 48 * HOUR),
            "corrections_until": _local(now + 72 * HOUR),
        },
    )
    event = Event.objects.get(name="Simultané du printemps")
    assert answer.status_code == 302
    answer = client.post(
        reverse("events:invite", args=[event.slug]),
        {"club": club.pk, "session_starts_at": _local(now + 2 * HOUR), "region": "Bretagne"},
    )
    assert answer.status_code == 302
    entry = EventClub.objects.get(event=event, club=club)
    client.force_login(club_organizer)
    page = client.get(reverse("events:event", args=[event.slug]))
    assert "Accepter l'invitation" in page.content.decode()
    client.post(reverse("events:answer", args=[event.slug, club.slug]), {"answer": "accept"})
    entry.refresh_from_db()
    assert entry.answer == EventClub.Answer.ACCEPTED and entry.tournament is not None
    # Only the event's organizers open it.
    assert client.post(reverse("events:open", args=[event.slug])).status_code == 403
    client.force_login(organizer)
    client.post(reverse("events:open", args=[event.slug]))
    event.refresh_from_db()
    assert event.status == Event.Status.OPEN
    assert entry.tournament.boards.count() == 12
    assert event.commitment in client.get(event.get_absolute_url()).content.decode()


def test_the_board_across_the_field_waits_for_the_last_session(
    client, make_user, django_capture_on_commit_callbacks
):
    event, _organizer, entries = make_event(make_user, clubs=("Rennes", "Brest"))
    url = reverse("events:board", args=[event.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        play_session(entries["Rennes"].tournament, tables=3, board_count=event.board_count)
    assert client.get(url).status_code == 404
    ranking = client.get(reverse("events:ranking", args=[event.slug])).content.decode()
    assert "Club de Rennes" in ranking and "provisoire" in ranking
    with django_capture_on_commit_callbacks(execute=True):
        play_session(entries["Brest"].tournament, tables=3, board_count=event.board_count)
    page = client.get(url)
    assert page.status_code == 200
    assert "Club de Brest" in page.content.decode()


def test_a_laptop_club_gets_its_package_and_uploads_its_results(
    client, make_user, django_capture_on_commit_callbacks
):
    event, _organizer, entries = make_event(
        make_user, clubs=("Rennes", "Quimper"), laptop=("Quimper",), hours_before=4
    )
    entry = entries["Quimper"]
    client.force_login(entry.answered_by)
    package = client.get(reverse("events:package", args=[event.slug, entry.club.slug]))
    assert package.status_code == 200
    laptop, created = import_package(data=package.content, key=entry.key, by=entry.answered_by)
    assert created
    play_session(laptop.tournament, tables=3, board_count=event.board_count)
    results = client.get(reverse("events:laptop_results", args=[laptop.tournament.slug]))
    assert results.status_code == 200
    api = reverse("events:upload_api", args=[event.slug])
    with django_capture_on_commit_callbacks(execute=True):
        first = client.generic("POST", api, results.content, content_type="application/json")
    assert first.status_code == 200 and first.json()["changed"] is True
    again = client.generic("POST", api, results.content, content_type="application/json")
    assert again.json()["changed"] is False
    tampered = json.loads(results.content)
    tampered["payload"]["lines"][0]["ns_team"] = tampered["payload"]["lines"][0]["ew_team"]
    refused = client.generic("POST", api, json.dumps(tampered), content_type="application/json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_signature"
    assert build_upload(laptop=laptop)["signature"] == json.loads(results.content)["signature"]


def test_the_upload_api_answers_a_deeply_nested_body_with_a_400(client, make_user):
    event, _organizer, _entries = make_event(make_user, clubs=("Rennes",))
    body = "[" * 100_000 + "]" * 100_000
    answer = client.generic(
        "POST",
        reverse("events:upload_api", args=[event.slug]),
        body,
        content_type="application/json",
    )
    assert answer.status_code == 400 and answer.json()["code"] == "not_signed"


def test_the_national_ranking_is_rendered_once_per_version(client, make_user):
    """The ranking's tables come from the cache while the figures keep their version."""
    event, _organizer, entries = make_event(make_user, clubs=("Rennes",))
    play_session(entries["Rennes"].tournament, tables=3, board_count=event.board_count)
    recompute_event(event_id=event.pk)
    url = reverse("events:ranking", args=[event.slug])
    first = client.get(url).content.decode()
    ranking = EventRanking.objects.get(event=event)
    team = ranking.groups[0]["rows"][0]["team"]
    assert team in first
    groups = ranking.groups
    groups[0]["rows"][0]["team"] = "Équipe renommée"
    EventRanking.objects.filter(pk=ranking.pk).update(groups=groups)
    assert "Équipe renommée" not in client.get(url).content.decode()
    EventRanking.objects.filter(pk=ranking.pk).update(version=ranking.version + 1)
    assert "Équipe renommée" in client.get(url).content.decode()


def test_the_ranking_shows_one_section_at_a_time(client, make_user):
    event, _organizer, entries = make_event(make_user, clubs=("Rennes", "Brest"))
    for entry in entries.values():
        play_session(entry.tournament, tables=3, board_count=event.board_count)
    recompute_event(event_id=event.pk)
    url = reverse("events:ranking", args=[event.slug])
    national = client.get(url).content.decode()
    assert "Club de Rennes" in national and "Club de Brest" in national
    club = entries["Brest"].club.slug
    brest = client.get(url, {"classement": f"club:{club}"}).content.decode()
    rows = brest.split("<tbody>", 1)[1]
    assert "Club de Brest" in rows and "Club de Rennes" not in rows
    assert client.get(url, {"classement": "rien", "page": "²"}).status_code == 200

"""A tournament's online registrations in the API: its organizers list them (names, licences,
contact e-mail, waiting list) and accept or refuse the pairs — the same services as the
organizer's page (waiting list moving up, e-mails read from a real SMTP server); a bad
transition is a structured 400; nobody else reads anything of them."""

import pytest

from tests.support.api import ACTORS, bearer
from tests.support.factories import make_tournament
from tests.support.smtp import Inbox, smtp_server
from tournaments.api.services import create_token
from tournaments.registration import services
from tournaments.registration.models import Entry
from tournaments.setup.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_tournament(cast):
    """Taking registrations online, one place: a pair awaiting the decision, two waiting."""
    tournament = make_tournament(
        organizer=cast["organizer"],
        arbiter=cast["arbiter"],
        status=Tournament.Status.REGISTRATION,
        name="Open de la Chandeleur",
    )
    services.set_registration(tournament=tournament, open=True, capacity=1)
    for n in (1, 2, 3):
        services.register_pair(
            tournament=tournament,
            data=services.PairData(
                players=(
                    services.PlayerData("Anne", f"Martin{n}", f"L{n}"),
                    services.PlayerData("Bruno", f"Durand{n}"),
                ),
                email=f"paire{n}@example.org",
            ),
        )
    return tournament


def url(tournament, tail: str = "") -> str:
    return f"/api/v1/tournaments/{tournament.slug}/registrations/{tail}"


def entries(tournament) -> list[Entry]:
    return list(Entry.objects.filter(tournament=tournament).order_by("pk"))


def test_the_organizers_list_with_names_licences_emails_and_the_waiting_list(
    open_tournament, client_for
):
    answer = client_for("organizer").get(url(open_tournament))
    assert answer.status_code == 200
    lines = answer.json()["results"]
    assert [(line["status"], line["waiting_position"]) for line in lines] == [
        ("pending", None),
        ("waiting", 1),
        ("waiting", 2),
    ]
    first = lines[0]
    assert first["pair"] == "Anne Martin1 – Bruno Durand1"
    assert first["players"] == [
        {"first_name": "Anne", "last_name": "Martin1", "licence": "L1"},
        {"first_name": "Bruno", "last_name": "Durand1", "licence": ""},
    ]
    assert first["email"] == "paire1@example.org" and first["team"] is None
    waiting = client_for("organizer").get(url(open_tournament), {"status": "waiting"}).json()
    assert [line["email"] for line in waiting["results"]] == [
        "paire2@example.org",
        "paire3@example.org",
    ]


def test_nobody_else_gets_anything_personal(open_tournament, client_for, cast):
    first = entries(open_tournament)[0]
    for actor in ACTORS:
        if actor == "organizer":
            continue
        client = client_for(actor)
        for path in (url(open_tournament), url(open_tournament, f"{first.pk}/")):
            answer = client.get(path)
            assert answer.status_code == (401 if actor == "anonymous" else 403), (actor, path)
            text = answer.content.decode()
            assert "paire1@example.org" not in text and "Martin1" not in text
            assert set(answer.json()) == {"code", "message", "errors"}
    # Tokens: the tournament's organizer token reads; an arbiter's token, or the organizer's
    # token of another tournament, does not.
    _, organizer_key = create_token(
        tournament=open_tournament, name="script", scope="organizer", by=cast["organizer"]
    )
    _, arbiter_key = create_token(
        tournament=open_tournament, name="saisie", scope="arbiter", by=cast["organizer"]
    )
    other = make_tournament(organizer=cast["organizer"])
    _, elsewhere_key = create_token(
        tournament=other, name="ailleurs", scope="organizer", by=cast["organizer"]
    )
    assert bearer(organizer_key).get(url(open_tournament)).status_code == 200
    assert bearer(arbiter_key).get(url(open_tournament)).status_code == 403
    assert bearer(elsewhere_key).get(url(open_tournament)).status_code == 403


def test_an_entry_of_another_tournament_is_not_found(open_tournament, client_for, cast):
    other = make_tournament(organizer=cast["organizer"], status=Tournament.Status.REGISTRATION)
    stranger = Entry.objects.create(
        tournament=other, p1_first_name="A", p1_last_name="B", p2_first_name="C",
        p2_last_name="D", email="x@example.org",
    )  # fmt: skip
    client = client_for("organizer")
    assert client.get(url(open_tournament, f"{stranger.pk}/")).status_code == 404
    answer = client.post(url(open_tournament, f"{stranger.pk}/accept/"), {}, format="json")
    assert answer.status_code == 404
    stranger.refresh_from_db()
    assert stranger.status == "pending"


def test_accept_and_refuse_as_on_the_organizer_s_page(
    open_tournament, client_for, settings, django_capture_on_commit_callbacks
):
    pending, second, third = entries(open_tournament)
    client = client_for("organizer")
    with smtp_server(settings) as inbox:
        with django_capture_on_commit_callbacks(execute=True):
            answer = client.post(url(open_tournament, f"{pending.pk}/accept/"), {}, format="json")
        assert answer.status_code == 200
        body = answer.json()
        team = open_tournament.teams.get()
        assert (body["status"], body["team"]) == ("approved", team.number)
        assert not team.checked_in
        assert inbox.to("paire1@example.org")[-1]["Subject"] == (
            "Inscription confirmée : Open de la Chandeleur"
        )
        # Refusing the first of the waiting list: the second moves up to first.
        with django_capture_on_commit_callbacks(execute=True):
            answer = client.post(url(open_tournament, f"{second.pk}/refuse/"), {}, format="json")
        assert answer.status_code == 200 and answer.json()["status"] == "refused"
        assert client.get(url(open_tournament, f"{third.pk}/")).json()["waiting_position"] == 1
        refused = inbox.to("paire2@example.org")[-1]
        assert refused["Subject"] == "Inscription refusée : Open de la Chandeleur"
        assert "Anne Martin2 – Bruno Durand2" in Inbox.body(refused)


def test_a_bad_transition_is_a_structured_400_and_changes_nothing(open_tournament, client_for):
    pending, waiting, _ = entries(open_tournament)
    client = client_for("organizer")
    # A pair of the waiting list cannot be accepted: it has no place.
    answer = client.post(url(open_tournament, f"{waiting.pk}/accept/"), {}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {
        "code": "invalid_transition",
        "message": "Seule une inscription en attente peut être acceptée.",
        "errors": [],
    }
    client.post(url(open_tournament, f"{pending.pk}/refuse/"), {}, format="json")
    for action in ("accept", "refuse"):
        answer = client.post(url(open_tournament, f"{pending.pk}/{action}/"), {}, format="json")
        assert answer.status_code == 400, action
        assert answer.json()["code"] == "invalid_transition"
    answer = client.post(url(open_tournament, f"{pending.pk}/refuse/"), {}, format="json")
    assert answer.json()["message"] == "Cette inscription est déjà traitée."
    pending.refresh_from_db()
    waiting.refresh_from_db()
    assert (pending.status, waiting.status) == ("refused", "pending")
    assert not open_tournament.teams.exists()

"""API tokens: the organizer's page, Bearer authentication, revocation, and scopes that cap the
creator's rights (organizer, arbiter, table device) in the token's tournament only."""

import pytest
from django.urls import reverse

from tests.support.api import bearer, played
from tests.support.factories import small_tournament
from tournaments.api.models import ApiToken
from tournaments.api.services import create_token, revoke_token
from tournaments.results.models import ResultEvent
from tournaments.setup.models import TableAssignment, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(cast):
    return cast["organizer"]


def token_for(tournament, organizer, scope, table_number=None):
    table = tournament.tables.get(number=table_number) if table_number else None
    return create_token(
        tournament=tournament, by=organizer, name=f"{scope} key", scope=scope, table=table
    )


def test_a_token_stores_only_a_hash_of_its_key(tournament, organizer):
    token, key = token_for(tournament, organizer, "organizer")

    assert len(key) >= 40
    assert key not in (token.key_hash, token.prefix)
    assert key.startswith(token.prefix)


# --- The organizer's page ---------------------------------------------------------------------


def test_only_the_tournament_organizers_open_the_tokens_page(tournament, client_for):
    url = reverse("api:tokens", args=[tournament.slug])

    assert client_for("organizer").get(url).status_code == 200
    assert client_for("anonymous").get(url).status_code == 302
    for actor in ("player", "arbiter", "other_arbiter", "other_organizer"):
        assert client_for(actor).get(url).status_code == 403, actor


def test_the_page_shows_a_new_key_once_and_the_key_works(tournament, client_for):
    page = client_for("organizer")
    url = reverse("api:tokens", args=[tournament.slug])

    created = page.post(url, {"name": "Script des résultats", "scope": "arbiter"})
    assert created.status_code == 302
    shown = page.get(url).content.decode()
    token = ApiToken.objects.get(tournament=tournament)
    key = shown.split('class="token-key">')[1].split("<")[0]
    assert token.prefix in shown
    assert key not in page.get(url).content.decode()
    assert bearer(key).get(f"/api/v1/tournaments/{tournament.slug}/").json()["your_role"] == (
        "arbiter"
    )


def test_a_table_device_needs_its_table(tournament, client_for):
    page = client_for("organizer")
    url = reverse("api:tokens", args=[tournament.slug])

    response = page.post(url, {"name": "Tablette", "scope": "table"})

    assert response.status_code == 400
    assert "Choisissez la table de cet appareil." in response.content.decode()
    assert not ApiToken.objects.exists()


def test_revoking_from_the_page_refuses_the_key_at_once(tournament, organizer, client_for):
    token, key = token_for(tournament, organizer, "organizer")
    client = bearer(key)
    assert client.get(f"/api/v1/tournaments/{tournament.slug}/").status_code == 200

    response = client_for("organizer").post(
        reverse("api:token_revoke", args=[tournament.slug, token.pk])
    )

    assert response.status_code == 302
    refused = client.get(f"/api/v1/tournaments/{tournament.slug}/")
    assert refused.status_code == 401
    assert refused.json()["code"] == "authentication_failed"


def test_another_organizer_cannot_revoke_a_token(tournament, organizer, client_for):
    token, _key = token_for(tournament, organizer, "organizer")

    response = client_for("other_organizer").post(
        reverse("api:token_revoke", args=[tournament.slug, token.pk])
    )

    assert response.status_code == 403
    token.refresh_from_db()
    assert token.active


# --- Authentication ---------------------------------------------------------------------------


def test_an_unknown_key_is_a_401_naming_the_bearer_scheme(tournament):
    response = bearer("not-a-key").get("/api/v1/tournaments/")

    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_using_a_token_records_when_it_was_last_used(tournament, organizer):
    token, key = token_for(tournament, organizer, "organizer")

    bearer(key).get("/api/v1/tournaments/")

    token.refresh_from_db()
    assert token.last_used_at is not None


# --- Scopes -----------------------------------------------------------------------------------


def test_an_organizer_token_manages_its_tournament_only(tournament, organizer):
    elsewhere = small_tournament(organizer=organizer)
    _token, key = token_for(tournament, organizer, "organizer")
    client = bearer(key)

    own = client.patch(
        f"/api/v1/tournaments/{tournament.slug}/", {"venue": "Gymnase"}, format="json"
    )
    other = client.patch(
        f"/api/v1/tournaments/{elsewhere.slug}/", {"venue": "Gymnase"}, format="json"
    )
    created = client.post(
        "/api/v1/tournaments/", {"name": "X", "date": "2027-01-01"}, format="json"
    )

    assert own.status_code == 200
    assert other.status_code == 403
    assert created.status_code == 403
    board = client.get(f"/api/v1/tournaments/{elsewhere.slug}/boards/1/").json()
    assert board["hands"] is None


def test_an_arbiter_token_enters_results_but_sees_hands_as_an_arbiter(tournament, organizer):
    _token, key = token_for(tournament, organizer, "arbiter")
    client = bearer(key)
    base = f"/api/v1/tournaments/{tournament.slug}"

    entry = client.post(
        f"{base}/results/",
        {"round": 1, "table": 1, "board": 1, "record": {"passed": True}},
        format="json",
    )
    settings_change = client.patch(f"{base}/", {"venue": "Gymnase"}, format="json")

    assert entry.status_code == 201
    assert ResultEvent.objects.get(result_id=entry.json()["id"]).actor == organizer
    assert settings_change.status_code == 403
    assert client.get(f"{base}/boards/1/").json()["hands"] is None
    Tournament.objects.filter(pk=tournament.pk).update(arbiters_see_hands=True)
    assert client.get(f"{base}/boards/1/").json()["hands"] is not None


def test_a_table_device_enters_its_table_as_a_side_and_the_other_side_confirms(
    tournament, organizer
):
    _token, key = token_for(tournament, organizer, "table", table_number=2)
    device = bearer(key)
    url = f"/api/v1/tournaments/{tournament.slug}/results/"
    entry = {"round": 1, "table": 2, "board": 3, "record": {"passed": True}}
    plan = TableAssignment.objects.get(
        round__tournament=tournament, round__number=1, table__number=2
    )
    ns_code, ew_code = plan.ns_team.code, plan.ew_team.code

    without_code = device.post(url, {**entry, "side": "NS"}, format="json")
    other_table = device.post(
        url, {**entry, "table": 1, "board": 1, "code": ns_code}, format="json"
    )
    wrong_side = device.post(url, {**entry, "side": "EW", "code": ns_code}, format="json")
    entered = device.post(url, {**entry, "code": ns_code}, format="json")

    assert without_code.status_code == 400
    assert without_code.json()["errors"][0]["field"] == "code"
    assert other_table.status_code == 403
    assert wrong_side.status_code == 400
    assert entered.status_code == 201
    assert (entered.json()["status"], entered.json()["entered_team"]) == ("entered", 2)
    result_url = f"{url}{entered.json()['id']}/"
    same_team = device.post(f"{result_url}confirm/", {"code": ns_code}, format="json")
    assert same_team.status_code == 400
    assert same_team.json()["code"] == "invalid_action"
    side_only = device.post(f"{result_url}confirm/", {"side": "EW"}, format="json")
    assert side_only.status_code == 400
    confirmed = device.post(f"{result_url}confirm/", {"code": ew_code}, format="json")
    assert confirmed.status_code == 200
    assert confirmed.json()["status"] == "confirmed"
    assert confirmed.json()["confirmed_team"] == plan.ew_team.number
    event = ResultEvent.objects.filter(action="confirm").get()
    assert (event.actor, event.actor_label) == (
        None,
        f"table 2, EW, équipe {plan.ew_team.number}",
    )
    locked = device.put(
        f"{url}{confirmed.json()['id']}/",
        {"record": {"passed": True}, "code": ns_code},
        format="json",
    )
    assert locked.status_code == 403
    assert locked.json()["code"] == "locked"


def test_a_table_device_reads_its_table_results_and_never_the_hands(tournament, organizer):
    played(tournament, 1, 1, 1)
    played(tournament, 1, 2, 3)
    Tournament.objects.filter(pk=tournament.pk).update(arbiters_see_hands=True)
    _token, key = token_for(tournament, organizer, "table", table_number=2)
    device = bearer(key)
    base = f"/api/v1/tournaments/{tournament.slug}"

    listed = device.get(f"{base}/results/").json()["results"]

    assert [(r["table"], r["board"]) for r in listed] == [(2, 3)]
    assert device.get(f"{base}/boards/3/").json()["hands"] is None
    assert device.get(f"{base}/").json()["your_role"] == "table"


def test_a_table_device_is_refused_while_table_entry_is_off(tournament, organizer):
    Tournament.objects.filter(pk=tournament.pk).update(table_entry=False)
    _token, key = token_for(tournament, organizer, "table", table_number=2)

    response = bearer(key).post(
        f"/api/v1/tournaments/{tournament.slug}/results/",
        {"round": 1, "table": 2, "board": 3, "record": {"passed": True}, "side": "EW"},
        format="json",
    )

    assert response.status_code == 403


def test_a_token_loses_its_rights_with_its_creator(tournament, organizer):
    _token, key = token_for(tournament, organizer, "organizer")
    tournament.organizers.remove(organizer)

    response = bearer(key).patch(
        f"/api/v1/tournaments/{tournament.slug}/", {"venue": "Gymnase"}, format="json"
    )

    assert response.status_code == 403


def test_a_revoked_token_stays_revoked_on_the_first_date(tournament, organizer):
    token, _key = token_for(tournament, organizer, "organizer")
    first = revoke_token(token=token).revoked_at

    assert revoke_token(token=token).revoked_at == first

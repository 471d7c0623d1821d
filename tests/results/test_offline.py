"""The offline-tolerant table page (docs/offline.md): the outbox's send address, the service
worker and the web app manifests of the players' links."""

import json

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.support.factories import team_at
from tests.support.results import assignment, contract
from tournaments.results import services
from tournaments.results.models import Result, ResultEvent
from tournaments.setup.models import TableAssignment

pytestmark = pytest.mark.django_db

CSP = "Content-Security-Policy"


@pytest.fixture
def table(tournament):
    return tournament.tables.get(number=1)


@pytest.fixture
def page(table):
    return reverse("results:table_entry", args=[table.token])


@pytest.fixture
def send_url(table):
    return reverse("results:table_send", args=[table.token])


def code_of(table, side, round_number=1):
    return TableAssignment.objects.get(table=table, round__number=round_number).team_of(side).code


def phone(page, table, side):
    """A phone of one side of the table, that gave its team's code (its own session)."""
    client = Client(REMOTE_ADDR="198.51.100.7")
    client.post(page, {"action": "identify", "round": 1, "code": code_of(table, side)})
    return client


def entry(board=1, key="offline-key-1", outbox="queued", **fields):
    data = {
        "action": "enter",
        "round": 1,
        "board": board,
        "outbox": outbox,
        f"b{board}-submission_key": key,
        f"b{board}-taker": "N",
        f"b{board}-bid": "90",
        f"b{board}-strain": "H",
        f"b{board}-coinche": "0",
        f"b{board}-taker_points": "100",
    }
    data.update({f"b{board}-{name}": value for name, value in fields.items()})
    return data


def current(board):
    return Result.objects.get(table__number=1, board_number=board, is_current=True)


# --- The send address of the outbox -------------------------------------------------------------


def test_an_entry_sent_twice_with_the_same_key_is_stored_once(page, table, send_url):
    north_south = phone(page, table, "NS")
    first = north_south.post(send_url, entry())
    assert first.status_code == 200
    answer = first.json()
    assert (answer["ok"], answer["board"], answer["code"], answer["state"]) == (
        True,
        1,
        "stored",
        "entered",
    )
    assert answer["redirect"].endswith("?tour=1#etui-1")
    assert first["Cache-Control"] == "no-store"
    again = north_south.post(send_url, entry())
    assert again.status_code == 200
    assert again.json()["code"] == "replayed"
    assert Result.objects.filter(table=table, board_number=1).count() == 1
    assert ResultEvent.objects.filter(result__table=table, result__board_number=1).count() == 1
    assert current(1).submission_key == "offline-key-1"


def test_a_queued_send_leaves_no_message_and_a_live_one_does(page, table, send_url):
    north_south = phone(page, table, "NS")
    north_south.post(send_url, entry(board=1, key="queued-1"))
    assert "Étui 1 enregistré" not in north_south.get(page).content.decode()
    north_south.post(send_url, entry(board=2, key="live-2", outbox="live"))
    html = north_south.get(page).content.decode()
    assert "Étui 2 enregistré : à confirmer par Est-Ouest" in html


def test_an_entry_needs_the_teams_proof(page, table, send_url):
    response = Client().post(send_url, entry())
    assert response.status_code == 403
    assert response.json()["message"] == (
        "Donnez le code de votre équipe (il figure sur votre fiche de route)."
    )
    assert not Result.objects.filter(table=table).exists()


def test_a_board_the_arbiter_entered_meanwhile_is_a_conflict_and_stays_as_it_is(
    page, table, send_url, tournament, arbiter
):
    north_south = phone(page, table, "NS")
    stored = services.record_result(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        data=contract(points=120),
        by=arbiter,
    )
    response = north_south.post(send_url, entry())
    assert response.status_code == 409
    answer = response.json()
    assert (answer["ok"], answer["code"], answer["board"]) == (False, "conflict", 1)
    assert "Un résultat a déjà été saisi pour cet étui" in answer["message"]
    kept = current(1)
    assert (kept.pk, kept.version, kept.record["taker_points"], kept.status) == (
        stored.pk,
        1,
        120,
        "confirmed",
    )


def test_a_wrong_record_comes_back_with_its_errors_in_french(page, table, send_url):
    north_south = phone(page, table, "NS")
    response = north_south.post(send_url, entry(taker_points="170"))
    assert response.status_code == 400
    answer = response.json()
    assert answer["code"] == "invalid"
    assert answer["errors"] and all(error["message"] for error in answer["errors"])
    assert not Result.objects.filter(table=table).exists()


def test_a_closed_tournament_refuses_what_was_kept(page, table, send_url, tournament):
    north_south = phone(page, table, "NS")
    tournament.status = "finished"
    tournament.save(update_fields=["status"])
    response = north_south.post(send_url, entry())
    assert response.status_code == 403
    assert response.json()["code"] == "closed"
    assert "le tournoi n'est pas en cours" in response.json()["message"]


def test_the_other_team_confirms_with_its_code_once_even_if_sent_twice(
    page, table, send_url, tournament
):
    plan = assignment(tournament, 1, 1)
    entered = services.record_result(
        assignment=plan, board_number=1, data=contract(), by=team_at(plan, "NS"), source="table"
    )
    same_phone = phone(page, table, "NS")
    data = {"action": "confirm", "round": 1, "board": 1, "version": entered.version}
    wrong = same_phone.post(send_url, {**data, "code": "0000"})
    assert wrong.status_code == 403 and wrong.json()["ok"] is False
    assert current(1).status == "entered"
    for _ in range(2):
        response = same_phone.post(send_url, {**data, "code": code_of(table, "EW")})
        assert response.status_code == 200 and response.json()["ok"] is True
    assert current(1).status == "confirmed"
    assert ResultEvent.objects.filter(result__table=table, action="confirm").count() == 1


def test_a_stale_version_is_told_to_a_team_of_the_table(page, table, send_url):
    north_south = phone(page, table, "NS")
    response = north_south.post(
        send_url, {"action": "confirm", "round": 1, "board": 1, "version": 7}
    )
    assert response.status_code == 409
    assert response.json()["code"] == "stale"


def test_a_phone_without_proof_is_not_told_whether_a_board_was_entered(page, table, send_url):
    """Asked without proof, « is there a version 1 of board 1? » gets one answer either way."""

    def ask():
        response = Client().post(
            send_url, {"action": "confirm", "round": 1, "board": 1, "version": 1}
        )
        return response.status_code, response.json()

    before = ask()
    phone(page, table, "NS").post(send_url, entry(board=1, key="k-stale"))
    assert Result.objects.filter(table=table, board_number=1).exists()
    assert ask() == before
    assert before[0] == 403 and before[1]["code"] == "forbidden"


def test_the_send_address_is_protected_against_forged_requests(page, table, send_url):
    client = Client(enforce_csrf_checks=True)
    assert client.post(send_url, entry()).status_code == 403
    assert not Result.objects.filter(table=table).exists()


def test_the_send_address_takes_posts_only(send_url):
    assert Client().get(send_url).status_code == 405


# --- The manifest, the service worker, the pages ------------------------------------------------


def test_each_table_link_has_its_own_manifest(client, table, page):
    response = client.get(reverse("results:table_manifest", args=[table.token]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    assert CSP in response.headers
    manifest = json.loads(response.content)
    assert manifest["start_url"] == page and manifest["scope"] == page
    assert manifest["short_name"] == "Table 1"
    assert manifest["display"] == "standalone"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200 or icon["src"].startswith("/static/")
    assert client.get(reverse("results:table_manifest", args=["nope"])).status_code == 404


def test_a_team_link_has_its_manifest(client, tournament):
    team = tournament.teams.get(number=1)
    response = client.get(reverse("results:team_manifest", args=[team.token]))
    manifest = json.loads(response.content)
    assert manifest["start_url"] == reverse("results:team_link", args=[team.token])
    assert manifest["short_name"] == "Équipe 1"
    assert CSP in response.headers


def test_the_service_worker_is_served_with_its_scope_and_the_sites_policy(client):
    response = client.get(reverse("results:service_worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    policy = response[CSP]
    assert "script-src 'self'" in policy and "worker-src 'self'" in policy
    body = response.content.decode()
    assert "importScripts(" in body and "results/outbox.js" in body
    # It keeps the players' links only: no staff page, no hand record.
    assert "arbitrage" not in body and "donnes" not in body


def test_the_policy_allows_the_sites_own_manifest_and_worker_only():
    assert settings.CONTENT_SECURITY_POLICY["manifest-src"] == "'self'"
    assert settings.CONTENT_SECURITY_POLICY["worker-src"] == "'self'"


def test_the_table_page_links_its_manifest_and_its_outbox(page, table):
    north_south = phone(page, table, "NS")
    html = north_south.get(page).content.decode()
    assert f'href="{reverse("results:table_manifest", args=[table.token])}"' in html
    assert 'id="offline-config"' in html and "results/offline.js" in html
    config = json.loads(html.split('id="offline-config" type="application/json">')[1].split("<")[0])
    assert config["send"] == reverse("results:table_send", args=[table.token])
    assert config["scope"] == "/table/"


def test_the_team_page_keeps_its_next_table_with_it(client, tournament):
    team = tournament.teams.get(number=1)
    html = client.get(reverse("results:team_link", args=[team.token])).content.decode()
    assert f'href="{reverse("results:team_manifest", args=[team.token])}"' in html
    config = json.loads(html.split('id="offline-config" type="application/json">')[1].split("<")[0])
    table = tournament.tables.get(number=1)
    assert config["scope"] == "/equipe/"
    assert config["keep"] == [reverse("results:table_entry", args=[table.token]) + "?tour=1"]
    # The team's page sends nothing itself: it has no outbox.
    assert "send" not in config


def test_the_other_team_disputes_with_its_code_and_a_reason(page, table, send_url, tournament):
    plan = assignment(tournament, 1, 1)
    entered = services.record_result(
        assignment=plan, board_number=1, data=contract(), by=team_at(plan, "NS"), source="table"
    )
    data = {
        "action": "dispute",
        "round": 1,
        "board": 1,
        "version": entered.version,
        "code": code_of(table, "EW"),
    }
    same_phone = phone(page, table, "NS")
    without_reason = same_phone.post(send_url, data)
    assert without_reason.status_code == 400
    assert without_reason.json()["message"] == "Indiquez la raison de la contestation."
    response = same_phone.post(send_url, {**data, "reason": "Belote oubliée"})
    assert response.status_code == 200 and response.json()["state"] == "disputed"
    assert (current(1).status, current(1).dispute_reason) == ("disputed", "Belote oubliée")

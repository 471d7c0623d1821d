"""Who may open the Documents page, ask for documents and download each of them.

The layout of the documents is tested in test_documents; here each section is printed as its
plain text on one page, which keeps the many role cases fast.
"""

import re

import pytest
from django.urls import reverse

from tests.support.factories import demo_tournament
from tests.support.pdf import pdf_pages
from tournaments.printing import services
from tournaments.printing.models import Document

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_text_pages")]

ROLES = (
    "anonymous",
    "player",
    "arbiter",
    "other_arbiter",
    "organizer",
    "other_organizer",
)


@pytest.fixture
def world(make_user):
    """A demo tournament, another one, and a user in each role."""
    from tests.support.factories import make_tournament

    organizer = make_user("orga", "organizer")
    arbiter = make_user("arbitre", "arbiter")
    tournament = demo_tournament(organizer=organizer, arbiter=arbiter)
    other = make_tournament(
        organizer=make_user("orga-autre", "organizer"), arbiter=make_user("arb-autre", "arbiter")
    )
    users = {
        "anonymous": None,
        "player": make_user("joueur"),
        "arbiter": arbiter,
        "other_arbiter": other.arbiters.get(),
        "organizer": organizer,
        "other_organizer": other.organizers.get(),
    }
    return tournament, users


def _client(client, user):
    if user is not None:
        client.force_login(user)
    return client


def _make(capture, tournament, kind, scope):
    with capture(execute=True):
        document = services.request_document(tournament=tournament, kind=kind, scope=scope)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.error
    return document


def _download(tournament, kind, scope):
    return reverse("printing:download", args=[tournament.slug, kind, scope])


STAFF_PAGE = {
    "anonymous": 302,
    "player": 403,
    "arbiter": 200,
    "other_arbiter": 403,
    "organizer": 200,
    "other_organizer": 403,
}


@pytest.mark.parametrize("role", ROLES)
def test_documents_page_is_for_the_staff_of_the_tournament(client, world, role):
    tournament, users = world
    client = _client(client, users[role])
    response = client.get(reverse("printing:documents", args=[tournament.slug]))
    assert response.status_code == STAFF_PAGE[role]
    if role == "anonymous":
        assert reverse("accounts:login") in response["Location"]
    fragment = client.get(reverse("printing:documents_fragment", args=[tournament.slug]))
    assert fragment.status_code == STAFF_PAGE[role]


def test_documents_page_shows_state_progress_and_download_link(
    client, world, django_capture_on_commit_callbacks
):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "table_cards", "staff")
    with django_capture_on_commit_callbacks(execute=False):
        queued = services.request_document(
            tournament=tournament, kind="score_sheets", scope="staff"
        )
    Document.objects.filter(pk=queued.pk).update(status=Document.Status.RUNNING, progress=40)
    client.force_login(users["organizer"])
    page = client.get(reverse("printing:documents", args=[tournament.slug])).content.decode()
    fragment_url = reverse("printing:documents_fragment", args=[tournament.slug])
    assert f'data-refresh-url="{fragment_url}"' in page
    fragment = client.get(fragment_url).content.decode()
    assert _download(tournament, "table_cards", "staff") in fragment
    assert "À jour" in fragment
    assert "En cours — 40 %" in fragment
    assert '<progress max="100" value="40">' in fragment
    # Not made yet, and nothing to print yet (no release): said so.
    assert "pas encore publié." in fragment


def test_a_changed_team_name_marks_the_table_cards_stale(
    client, world, django_capture_on_commit_callbacks
):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "table_cards", "staff")
    tournament.teams.filter(number=2).update(name="Les Capots")
    client.force_login(users["organizer"])
    fragment = client.get(reverse("printing:documents_fragment", args=[tournament.slug]))
    assert "Périmé" in fragment.content.decode()


REQUEST = {
    "anonymous": 302,
    "player": 403,
    "arbiter": 403,
    "other_arbiter": 403,
    "organizer": 302,
    "other_organizer": 403,
}


@pytest.mark.parametrize("role", ROLES)
def test_only_organizers_ask_for_documents(client, world, role, django_capture_on_commit_callbacks):
    tournament, users = world
    client = _client(client, users[role])
    url = reverse("printing:request", args=[tournament.slug])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"kind": "rankings", "scope": "public"})
    assert response.status_code == REQUEST[role]
    made = Document.objects.filter(tournament=tournament, kind="rankings").exists()
    assert made == (role == "organizer")
    if role == "organizer":
        assert response["Location"] == reverse("printing:documents", args=[tournament.slug])


def test_asking_for_an_unknown_document_says_so(client, world):
    tournament, users = world
    client.force_login(users["organizer"])
    response = client.post(
        reverse("printing:request", args=[tournament.slug]),
        {"kind": "table_cards", "scope": "public"},
        follow=True,
    )
    assert "Ce document n&#x27;existe pas." in response.content.decode()
    assert not Document.objects.filter(tournament=tournament).exists()


def test_asking_for_the_packet_makes_every_document(
    client, world, django_capture_on_commit_callbacks
):
    tournament, users = world
    client.force_login(users["organizer"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("printing:request_packet", args=[tournament.slug]), follow=True
        )
    # The combined PDF, its 9 parts (the rules sheet first), and the public travellers and
    # scorecards (the hands are not released: no public hand records yet).
    page = response.content.decode()
    # One state, the table's (the jobs run after the commit, once this page was rendered): no
    # message saying « en préparation » that would stay beside « À jour » later.
    assert "sont en préparation" not in page
    assert "Dossier : 0 sur 12 documents prêts" in page
    ready = Document.objects.filter(tournament=tournament, status=Document.Status.READY)
    assert ready.count() == 12
    assert ready.filter(kind="route_cards", scope="staff").exists()
    assert ready.filter(kind="combined_packet", scope="staff").exists()
    assert ready.filter(kind="seating_poster", scope="staff").exists()
    assert ready.filter(kind="travellers", scope="public").exists()
    # Every document says where it stands: made, or why it cannot be made yet.
    page = client.get(reverse("printing:documents", args=[tournament.slug])).content.decode()
    assert "Pas encore généré." not in page
    assert "Dossier : les 12 documents sont prêts." in page
    assert page.count("À jour") == 13
    assert "Le relevé des donnes n&#x27;est pas encore publié." in page


TABLE_CARDS = {
    "anonymous": 302,
    "player": 403,
    "arbiter": 200,
    "other_arbiter": 403,
    "organizer": 200,
    "other_organizer": 403,
}


@pytest.mark.parametrize("role", ROLES)
def test_table_cards_and_score_sheets_are_for_organizers_and_arbiters(
    client, world, role, django_capture_on_commit_callbacks
):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "table_cards", "staff")
    client = _client(client, users[role])
    response = client.get(_download(tournament, "table_cards", "staff"))
    assert response.status_code == TABLE_CARDS[role]
    if response.status_code == 200:
        assert response["Content-Type"] == "application/pdf"
        assert f"{tournament.slug}-fiches-de-table.pdf" in response["Content-Disposition"]
        assert "no-store" in response["Cache-Control"]
        assert "Table 1" in pdf_pages(b"".join(response.streaming_content))[0]


def _with_team_link(client, team):
    """A phone that opened a team's own link (the QR code of its route card): no account."""
    response = client.get(reverse("results:team_link", args=[team.token]))
    assert response.status_code == 200
    return client


@pytest.mark.parametrize("role", ROLES)
def test_route_cards_are_for_organizers_and_arbiters_only(
    client, world, role, django_capture_on_commit_callbacks
):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "route_cards", "staff")
    response = _client(client, users[role]).get(_download(tournament, "route_cards", "staff"))
    assert response.status_code == TABLE_CARDS[role]
    if response.status_code == 200:
        assert f"{tournament.slug}-fiches-de-route.pdf" in response["Content-Disposition"]
        assert "no-store" in response["Cache-Control"]
        text = " ".join(pdf_pages(b"".join(response.streaming_content)))
        assert tournament.teams.get(number=1).code in text


def test_route_cards_have_no_public_version(client, world, django_capture_on_commit_callbacks):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "route_cards", "staff")
    assert client.get(_download(tournament, "route_cards", "public")).status_code == 404
    assert _download(tournament, "route_cards", "staff") not in (
        client.get(reverse("printing:public", args=[tournament.slug])).content.decode()
    )


def test_a_team_with_its_own_link_gets_no_route_cards(
    client, world, django_capture_on_commit_callbacks
):
    tournament, _users = world
    _make(django_capture_on_commit_callbacks, tournament, "route_cards", "staff")
    client = _with_team_link(client, tournament.teams.get(number=2))
    response = client.get(_download(tournament, "route_cards", "staff"))
    assert response.status_code == 302
    assert reverse("accounts:login") in response["Location"]
    card = client.get(reverse("printing:route_card", args=[tournament.slug, 2]))
    assert card.status_code == 302
    assert reverse("accounts:login") in card["Location"]


def test_the_documents_page_lists_the_route_cards(client, world):
    tournament, users = world
    client.force_login(users["arbiter"])
    page = client.get(reverse("printing:documents", args=[tournament.slug])).content.decode()
    assert 'data-kind="route_cards" data-scope="staff"' in page
    assert "Fiches de route" in page


@pytest.mark.parametrize("role", ROLES)
def test_one_team_route_card_is_made_on_demand_for_the_staff(client, world, role):
    tournament, users = world
    team = tournament.teams.get(number=3)
    response = _client(client, users[role]).get(
        reverse("printing:route_card", args=[tournament.slug, 3])
    )
    assert response.status_code == TABLE_CARDS[role]
    if response.status_code == 200:
        assert response["Content-Type"] == "application/pdf"
        assert f"{tournament.slug}-fiche-de-route-3.pdf" in response["Content-Disposition"]
        assert response["Cache-Control"] == "private, no-store"
        text = " ".join(pdf_pages(response.content))
        assert "Équipe 3" in text and team.code in text
        assert "Équipe 4" not in text
    # Nothing is stored: the card is made for the desk and forgotten.
    assert not Document.objects.filter(tournament=tournament).exists()


def test_one_team_route_card_of_an_unknown_team_is_not_found(client, world):
    tournament, users = world
    client.force_login(users["organizer"])
    response = client.get(reverse("printing:route_card", args=[tournament.slug, 99]))
    assert response.status_code == 404


def test_check_in_hands_out_the_route_card_of_each_checked_in_team(client, world):
    tournament, users = world
    tournament.teams.filter(number=2).update(checked_in=False)
    client.force_login(users["organizer"])
    page = client.get(reverse("tournaments:checkin", args=[tournament.slug])).content.decode()
    first = reverse("printing:route_card", args=[tournament.slug, 1])
    second = reverse("printing:route_card", args=[tournament.slug, 2])
    assert re.search(rf'href="{re.escape(first)}"[^>]*rel="noopener">Fiche de route</a>', page)
    # Shown as soon as the team is checked in (the page's script toggles it).
    assert re.search(rf'href="{re.escape(second)}"[^>]*rel="noopener" hidden>', page)


STAFF_HANDS = {
    "anonymous": 302,
    "player": 403,
    "arbiter": 403,  # arbiters see hands only when the organizer allows it
    "other_arbiter": 403,
    "organizer": 200,
    "other_organizer": 403,
}


@pytest.mark.parametrize("role", ROLES)
def test_staff_hand_records_follow_the_secrecy_of_the_deals(
    client, world, role, django_capture_on_commit_callbacks
):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "hand_records", "staff")
    response = _client(client, users[role]).get(_download(tournament, "hand_records", "staff"))
    assert response.status_code == STAFF_HANDS[role]


def test_arbiters_get_the_hand_records_when_allowed_to_check_hands(
    client, world, django_capture_on_commit_callbacks
):
    tournament, users = world
    tournament.arbiters_see_hands = True
    tournament.save()
    _make(django_capture_on_commit_callbacks, tournament, "hand_records", "staff")
    client.force_login(users["arbiter"])
    assert client.get(_download(tournament, "hand_records", "staff")).status_code == 200


@pytest.mark.parametrize("role", ROLES)
def test_public_hand_records_do_not_exist_before_the_release(client, world, role):
    tournament, users = world
    response = _client(client, users[role]).get(_download(tournament, "hand_records", "public"))
    assert response.status_code == 404
    assert not Document.objects.filter(tournament=tournament, kind="hand_records").exists()


@pytest.mark.parametrize("role", ROLES)
def test_public_hand_records_are_made_on_first_download_after_the_release(
    client, world, role, django_capture_on_commit_callbacks
):
    from tournaments.deals.services import release_hands

    tournament, users = world
    release_hands(tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        response = _client(client, users[role]).get(_download(tournament, "hand_records", "public"))
    if response.status_code == 202:
        # The job ran after the response was decided: the next download serves the file.
        response = client.get(_download(tournament, "hand_records", "public"))
    assert response.status_code == 200
    text = " ".join(pdf_pages(b"".join(response.streaming_content)))
    assert "Étui 1" in text


def test_a_public_document_being_made_shows_a_page_that_retries(
    client, world, django_capture_on_commit_callbacks
):
    tournament, _users = world
    with django_capture_on_commit_callbacks(execute=False):
        response = client.get(_download(tournament, "rankings", "public"))
    assert response.status_code == 202
    page = response.content.decode()
    assert "en préparation" in page
    # It asks again from its script, without reloading itself (no timed refresh: WCAG 2.2.1).
    assert 'http-equiv="refresh"' not in page
    assert f'data-document-url="{_download(tournament, "rankings", "public")}"' in page
    assert "printing/preparing.js" in page


def test_a_public_hand_record_withdrawn_from_release_is_no_longer_served(
    client, world, django_capture_on_commit_callbacks
):
    from tournaments.deals.services import release_hands

    tournament, _users = world
    release_hands(tournament=tournament)
    _make(django_capture_on_commit_callbacks, tournament, "hand_records", "public")
    # The release is undone (a mistake fixed in the admin): the stored file shows hands that
    # are secret again.
    tournament.round_set.update(hands_released=False)
    with django_capture_on_commit_callbacks(execute=False):
        response = client.get(_download(tournament, "hand_records", "public"))
    assert response.status_code == 404


@pytest.mark.parametrize("role", ROLES)
def test_rankings_are_public(client, world, role, django_capture_on_commit_callbacks):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "rankings", "public")
    response = _client(client, users[role]).get(_download(tournament, "rankings", "public"))
    assert response.status_code == 200
    assert "Classement Nord-Sud" in pdf_pages(b"".join(response.streaming_content))[0]


def test_public_travellers_are_served_once_the_boards_are_finished(
    client, world, django_capture_on_commit_callbacks
):
    tournament, _users = world
    _make(django_capture_on_commit_callbacks, tournament, "travellers", "public")
    response = client.get(_download(tournament, "travellers", "public"))
    assert response.status_code == 200


def test_staff_travellers_are_not_for_players(client, world, django_capture_on_commit_callbacks):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "travellers", "staff")
    client.force_login(users["player"])
    assert client.get(_download(tournament, "travellers", "staff")).status_code == 403
    client.force_login(users["arbiter"])
    assert client.get(_download(tournament, "travellers", "staff")).status_code == 200


def test_a_draft_tournament_has_no_public_documents(
    client, world, django_capture_on_commit_callbacks
):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "rankings", "public")
    tournament.status = "draft"
    tournament.save()
    assert client.get(_download(tournament, "rankings", "public")).status_code == 404
    assert client.get(reverse("printing:public", args=[tournament.slug])).status_code == 404
    client.force_login(users["organizer"])
    assert client.get(_download(tournament, "rankings", "public")).status_code == 200


def test_unknown_kinds_and_scopes_are_not_found(client, world):
    tournament, users = world
    client.force_login(users["organizer"])
    assert client.get(_download(tournament, "menus", "staff")).status_code == 404
    assert client.get(_download(tournament, "table_cards", "public")).status_code == 404


def test_the_public_page_lists_what_players_may_download(client, world):
    from tournaments.deals.services import release_hands

    tournament, _users = world
    url = reverse("printing:public", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert _download(tournament, "rankings", "public") in page
    assert _download(tournament, "hand_records", "public") not in page
    assert "pas encore publié." in page
    assert _download(tournament, "table_cards", "staff") not in page
    release_hands(tournament=tournament)
    page = client.get(url).content.decode()
    assert _download(tournament, "hand_records", "public") in page


def test_menus_link_to_the_documents(client, world):
    tournament, users = world
    public_page = client.get(reverse("tournaments:public", args=[tournament.slug]))
    assert reverse("printing:public", args=[tournament.slug]) in public_page.content.decode()
    assert reverse("printing:documents", args=[tournament.slug]) not in (
        public_page.content.decode()
    )
    client.force_login(users["arbiter"])
    staff_page = client.get(reverse("tournaments:public", args=[tournament.slug]))
    assert reverse("printing:documents", args=[tournament.slug]) in staff_page.content.decode()


def test_document_link_tag_offers_the_right_version(rf, world):
    from django.contrib.auth.models import AnonymousUser
    from django.template import Context, Template

    tournament, users = world
    template = Template('{% load printing_tags %}{% printed_document tournament "travellers" %}')
    request = rf.get("/")
    request.user = AnonymousUser()
    public_link = template.render(Context({"request": request, "tournament": tournament}))
    assert _download(tournament, "travellers", "public") in public_link
    request.user = users["arbiter"]
    staff_link = template.render(Context({"request": request, "tournament": tournament}))
    assert _download(tournament, "travellers", "staff") in staff_link


def test_a_public_file_lost_from_the_disk_is_made_again(
    client, world, django_capture_on_commit_callbacks
):
    from pathlib import Path

    tournament, _users = world
    document = _make(django_capture_on_commit_callbacks, tournament, "rankings", "public")
    Path(document.file.path).unlink()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.get(_download(tournament, "rankings", "public"))
    assert response.status_code == 202
    document.refresh_from_db()
    assert document.status == Document.Status.READY
    assert Path(document.file.path).exists()
    assert client.get(_download(tournament, "rankings", "public")).status_code == 200


def test_a_staff_file_lost_from_the_disk_sends_back_to_the_documents_page(
    client, world, django_capture_on_commit_callbacks
):
    from pathlib import Path

    tournament, users = world
    document = _make(django_capture_on_commit_callbacks, tournament, "table_cards", "staff")
    Path(document.file.path).unlink()
    client.force_login(users["organizer"])
    response = client.get(_download(tournament, "table_cards", "staff"))
    assert response.status_code == 302
    document.refresh_from_db()
    assert not document.file


@pytest.mark.parametrize("role", ROLES)
def test_the_seating_poster_is_for_organizers_and_arbiters(
    client, world, role, django_capture_on_commit_callbacks
):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "seating_poster", "staff")
    response = _client(client, users[role]).get(_download(tournament, "seating_poster", "staff"))
    assert response.status_code == TABLE_CARDS[role]
    if role == "anonymous":
        assert reverse("accounts:login") in response["Location"]
    if response.status_code == 200:
        assert f"{tournament.slug}-plan-de-salle.pdf" in response["Content-Disposition"]
        assert "Plan de salle" in pdf_pages(b"".join(response.streaming_content))[0]


COMBINED = {
    "anonymous": 302,
    "player": 403,
    "arbiter": 403,  # it holds the staff hand records: arbiters only when they may see hands
    "other_arbiter": 403,
    "organizer": 200,
    "other_organizer": 403,
}


@pytest.mark.parametrize("role", ROLES)
def test_the_combined_packet_is_for_whoever_may_have_every_part(
    client, world, role, django_capture_on_commit_callbacks
):
    tournament, users = world
    _make(django_capture_on_commit_callbacks, tournament, "combined_packet", "staff")
    response = _client(client, users[role]).get(_download(tournament, "combined_packet", "staff"))
    assert response.status_code == COMBINED[role]
    if response.status_code == 200:
        assert f"{tournament.slug}-dossier-complet.pdf" in response["Content-Disposition"]
        assert "no-store" in response["Cache-Control"]
        text = " ".join(pdf_pages(b"".join(response.streaming_content)))
        assert tournament.teams.get(number=1).code in text  # the route cards are in it


def test_arbiters_get_the_combined_packet_when_allowed_to_check_hands(
    client, world, django_capture_on_commit_callbacks
):
    tournament, users = world
    tournament.arbiters_see_hands = True
    tournament.save()
    _make(django_capture_on_commit_callbacks, tournament, "combined_packet", "staff")
    client.force_login(users["arbiter"])
    assert client.get(_download(tournament, "combined_packet", "staff")).status_code == 200
    rows = client.get(reverse("printing:documents_fragment", args=[tournament.slug]))
    assert 'data-kind="combined_packet"' in rows.content.decode()


def test_the_poster_and_the_combined_packet_have_no_public_version(
    client, world, django_capture_on_commit_callbacks
):
    tournament, _users = world
    _make(django_capture_on_commit_callbacks, tournament, "seating_poster", "staff")
    _make(django_capture_on_commit_callbacks, tournament, "combined_packet", "staff")
    for kind in ("seating_poster", "combined_packet"):
        assert client.get(_download(tournament, kind, "public")).status_code == 404
    page = client.get(reverse("printing:public", args=[tournament.slug])).content.decode()
    assert "seating_poster" not in page and "combined_packet" not in page


def test_the_documents_page_lists_the_combined_packet_first_then_the_poster(client, world):
    tournament, users = world
    client.force_login(users["organizer"])
    page = client.get(reverse("printing:documents", args=[tournament.slug])).content.decode()
    kinds = re.findall(r'data-kind="(\w+)" data-scope', page)
    assert kinds[:3] == ["combined_packet", "seating_poster", "table_cards"]
    # An arbiter who may not see the hands has no row for the combined packet.
    client.force_login(users["arbiter"])
    page = client.get(reverse("printing:documents", args=[tournament.slug])).content.decode()
    assert 'data-kind="combined_packet"' not in page
    assert 'data-kind="seating_poster"' in page


def test_the_plan_page_links_the_seating_poster_once_the_plan_exists(client, world):
    tournament, users = world
    client.force_login(users["organizer"])
    page = client.get(reverse("tournaments:plan", args=[tournament.slug])).content.decode()
    assert _download(tournament, "seating_poster", "staff") in page
    assert "Plan de salle" in page
    from tournaments.setup.models import TableAssignment

    TableAssignment.objects.filter(round__tournament=tournament).delete()
    page = client.get(reverse("tournaments:plan", args=[tournament.slug])).content.decode()
    assert _download(tournament, "seating_poster", "staff") not in page

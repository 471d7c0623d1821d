"""An account linked to its record in a club's registry: the player asks under the name the
club knows, an organizer of the club confirms it by choosing the record (or refuses); the
player never sees the registry, only their own request and record; a record belongs to one
account; a merge and an anonymisation carry the link along (docs/play.md, docs/season.md)."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.clubs import selectors, services
from tournaments.clubs.models import ClubEvent, ClubPlayer, PlayerClaim

pytestmark = pytest.mark.django_db

MY_CLAIMS = reverse("clubs:my_claims")


@pytest.fixture
def organizer(make_user):
    return make_user("claire", role="organizer")


@pytest.fixture
def club(organizer):
    return services.create_club(name="Coinche Club de Rennes", town="Rennes", by=organizer)


@pytest.fixture
def record(club, organizer):
    return services.create_player(
        club=club,
        first_name="Émile",
        last_name="Zoé-Martin",
        licence="123 45",
        email="emile.secret@example.org",
        by=organizer,
    )


@pytest.fixture
def player(make_user):
    return make_user("emile@example.org")


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def ask(client, club, **fields):
    data = {"club": club.pk, "first_name": "emile", "last_name": "zoe martin", **fields}
    return client.post(MY_CLAIMS, data)


def test_a_player_asks_and_sees_only_their_own_request(player, club, record):
    client = client_of(player)
    assert ask(client, club).status_code == 302
    claim = PlayerClaim.objects.get()
    assert (claim.user, claim.club, claim.status) == (player, club, "pending")
    html = client.get(MY_CLAIMS).content.decode()
    assert "en attente de l'organisateur" in html
    # Nothing of the registry: not the record's spelling, licence, e-mail or number.
    for secret in ("Émile", "Zoé-Martin", "123 45", "emile.secret", f"n° {record.pk}"):
        assert secret not in html


def test_the_organizer_sees_the_request_with_the_records_it_may_be(player, club, record, organizer):
    services.create_player(club=club, first_name="Emile", last_name="Autre", by=organizer)
    services.claim_player(by=player, club=club, first_name="emile", last_name="zoe martin")
    [pending] = selectors.pending_claims(club)
    assert pending.candidates == (record,)
    html = client_of(organizer).get(reverse("clubs:manage", args=[club.slug])).content.decode()
    assert "emile@example.org" in html
    assert f"Rattacher à Émile Zoé-Martin (n° {record.pk})" in html


def test_a_licence_typed_otherwise_finds_the_record_too(player, club, record):
    services.claim_player(by=player, club=club, first_name="Émile", last_name="Z", licence="12345")
    assert selectors.pending_claims(club)[0].candidates == (record,)


def test_confirmed_the_account_is_linked_and_the_registry_audits_it(
    player, club, record, organizer
):
    claim = services.claim_player(by=player, club=club, first_name="E", last_name="Z")
    response = client_of(organizer).post(
        reverse("clubs:claim_confirm", args=[club.slug, claim.pk]), {"player": record.pk}
    )
    assert response.status_code == 302
    claim.refresh_from_db()
    assert (claim.status, claim.club_player, claim.decided_by) == ("confirmed", record, organizer)
    assert list(selectors.linked_players(player)) == [record]
    event = ClubEvent.objects.get(kind=ClubEvent.Kind.LINKED)
    assert (event.player, event.by) == (record, organizer)
    html = client_of(player).get(MY_CLAIMS).content.decode()
    assert "Votre fiche au club : Émile Zoé-Martin." in html


def test_a_record_belongs_to_one_account(make_user, player, club, record, organizer):
    first = services.claim_player(by=player, club=club, first_name="E", last_name="Z")
    services.confirm_claim(claim=first, club_player=record, by=organizer)
    other = make_user("imposteur@example.org")
    second = services.claim_player(by=other, club=club, first_name="E", last_name="Z")
    with pytest.raises(services.ClubError, match="déjà rattachée à un autre compte"):
        services.confirm_claim(claim=second, club_player=record, by=organizer)
    second.refresh_from_db()
    assert second.status == "pending"
    assert selectors.pending_claims(club)[0].candidates == ()  # a linked record is not offered


def test_one_request_at_a_time_per_club(player, club):
    client = client_of(player)
    ask(client, club)
    response = ask(client, club)
    assert "Vous avez déjà une demande en cours ou acceptée pour ce club." in (
        response.content.decode()
    )
    assert PlayerClaim.objects.count() == 1


def test_refused_then_withdrawn_the_player_may_ask_again(player, club, organizer):
    claim = services.claim_player(by=player, club=club, first_name="E", last_name="Z")
    client_of(organizer).post(reverse("clubs:claim_refuse", args=[club.slug, claim.pk]))
    claim.refresh_from_db()
    assert claim.status == "refused"
    assert "refusé" in client_of(player).get(MY_CLAIMS).content.decode()
    with pytest.raises(services.ClubError, match="déjà reçu une réponse"):
        services.confirm_claim(
            claim=claim,
            club_player=services.create_player(club=club, first_name="E", last_name="Z"),
            by=organizer,
        )
    client_of(player).post(reverse("clubs:claim_withdraw", args=[claim.pk]))
    assert not PlayerClaim.objects.exists()
    assert ask(client_of(player), club).status_code == 302


def test_nobody_else_touches_a_request(make_user, player, club, record, organizer):
    claim = services.claim_player(by=player, club=club, first_name="E", last_name="Z")
    stranger = client_of(make_user("sam@example.org"))
    assert stranger.post(reverse("clubs:claim_withdraw", args=[claim.pk])).status_code == 404
    assert stranger.post(reverse("clubs:claim_consent", args=[claim.pk])).status_code == 404
    confirm = reverse("clubs:claim_confirm", args=[club.slug, claim.pk])
    assert stranger.post(confirm, {"player": record.pk}).status_code == 403
    assert client_of(player).post(confirm, {"player": record.pk}).status_code == 403
    other_club = services.create_club(name="Autre club", by=make_user("o2", role="organizer"))
    stranger_record = services.create_player(club=other_club, first_name="E", last_name="Z")
    response = client_of(organizer).post(confirm, {"player": stranger_record.pk}, follow=True)
    assert "Aucune fiche de ce numéro dans le fichier du club." in response.content.decode()
    claim.refresh_from_db()
    assert claim.status == "pending"
    assert Client().get(MY_CLAIMS).status_code == 302  # to the login


def test_the_linked_player_gives_and_withdraws_their_own_consent(player, club, record, organizer):
    claim = services.claim_player(by=player, club=club, first_name="E", last_name="Z")
    services.confirm_claim(claim=claim, club_player=record, by=organizer)
    client = client_of(player)
    client.post(reverse("clubs:claim_consent", args=[claim.pk]), {"public_consent": "on"})
    record.refresh_from_db()
    assert record.public_consent
    client.post(reverse("clubs:claim_consent", args=[claim.pk]), {})
    record.refresh_from_db()
    assert not record.public_consent
    changes = ClubEvent.objects.filter(kind=ClubEvent.Kind.CHANGED, by=player)
    assert [event.details["fields"] for event in changes] == [["public_consent"]] * 2


def test_a_merge_carries_the_link_and_an_anonymisation_removes_it(player, club, record, organizer):
    twin = services.create_player(
        club=club, first_name="Emile", last_name="Zoe Martin", by=organizer
    )
    claim = services.claim_player(by=player, club=club, first_name="E", last_name="Z")
    services.confirm_claim(claim=claim, club_player=twin, by=organizer)
    services.merge_players(kept=record, removed=twin, by=organizer)
    assert list(selectors.linked_players(player)) == [record]
    services.anonymise_player(player=record, by=organizer)
    assert not PlayerClaim.objects.exists()
    assert not selectors.linked_players(player).exists()
    assert ClubPlayer.objects.get(pk=record.pk).anonymised

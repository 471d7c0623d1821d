"""A club's player registry: creation, search, players of a club's tournament linked (found or
created on the fly), duplicates, a merge the results follow, an anonymisation, the audit trail,
and who may use the pages."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.factories import make_tournament
from tournaments.clubs import selectors, services
from tournaments.clubs.models import ClubEvent, ClubPlayer
from tournaments.setup.models import Player
from tournaments.setup.services import teams as team_services
from tournaments.setup.services.copying import copy_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(make_user):
    return make_user("claire", role="organizer")


@pytest.fixture
def club(organizer):
    return services.create_club(name="Coinche Club de Rennes", town="Rennes", by=organizer)


def team(first, last, licence="", first2="Paul", last2="Partenaire", licence2=""):
    return team_services.TeamData(
        players=(
            team_services.PlayerData(first, last, licence),
            team_services.PlayerData(first2, last2, licence2),
        )
    )


def test_a_club_is_created_with_its_creator_as_organizer(club, organizer):
    assert club.slug == "coinche-club-de-rennes"
    assert list(club.organizers.all()) == [organizer]
    assert club.events.filter(kind=ClubEvent.Kind.CLUB_CHANGED, by=organizer).exists()


def test_search_by_name_or_licence(club):
    services.create_player(club=club, first_name="Anne", last_name="Martin", licence="A123")
    services.create_player(club=club, first_name="Bruno", last_name="Martinez")
    services.create_player(club=club, first_name="Chloé", last_name="Dubois", licence="C777")
    names = lambda q: [p.full_name for p in selectors.search_players(club, q)]  # noqa: E731
    assert names("martin") == ["Anne Martin", "Bruno Martinez"]
    assert names("anne mart") == ["Anne Martin"]
    assert names("c777") == ["Chloé Dubois"]
    assert names("C77") == []  # a licence is matched whole


def test_a_licence_is_one_player_of_the_club(club):
    services.create_player(club=club, first_name="Anne", last_name="Martin", licence="A123")
    with pytest.raises(services.ClubError, match="a123"):
        services.create_player(club=club, first_name="Autre", last_name="Personne", licence="a123")


def test_players_of_a_club_tournament_are_found_or_created_in_the_registry(club, organizer):
    anne = services.create_player(club=club, first_name="Anne", last_name="Martin", licence="A123")
    elise = services.create_player(club=club, first_name="Élise", last_name="Robert")
    first = make_tournament(organizer=organizer, organizing_club=club)
    second = make_tournament(organizer=organizer, organizing_club=club)
    team_services.register_team(tournament=first, data=team("Anne", "Martin", "A123"))
    # Typed without accent or licence: the one Élise Robert of the registry.
    team_services.register_team(tournament=second, data=team("elise", "ROBERT"))
    team_services.register_team(
        tournament=second, data=team("Zoé", "Nouvelle", first2="Anne", last2="Martin")
    )
    assert Player.objects.get(tournament=first, last_name="Martin").club_player == anne
    assert Player.objects.get(tournament=second, last_name="ROBERT").club_player == elise
    assert Player.objects.get(tournament=second, last_name="Martin").club_player == anne
    created = ClubPlayer.objects.get(club=club, last_name="Nouvelle")
    assert created.public_consent is False  # consent is given later, never assumed
    # "Paul Partenaire" was created once, then found again.
    assert club.players.filter(last_name="Partenaire").count() == 1
    # A tournament without a club links nobody.
    alone = make_tournament(organizer=organizer)
    team_services.register_team(tournament=alone, data=team("Anne", "Martin", "A123"))
    assert Player.objects.get(tournament=alone, last_name="Martin").club_player is None


def test_duplicates_are_proposed_by_folded_name_and_licence(club):
    a = services.create_player(club=club, first_name="Jean-Marc", last_name="Lefèvre")
    b = services.create_player(club=club, first_name="jean marc", last_name="LEFEVRE")
    c = services.create_player(club=club, first_name="Sam", last_name="Roux", licence="12 34")
    d = services.create_player(club=club, first_name="Samuel", last_name="Roux", licence="1234")
    services.create_player(club=club, first_name="Jean", last_name="Lefèvre")
    found = {tuple(p.pk for p in dup.players) for dup in selectors.duplicate_candidates(club)}
    assert found == {(a.pk, b.pk), (c.pk, d.pk)}


def test_a_merge_moves_the_tournaments_and_deletes_the_other_record(club, organizer):
    kept = services.create_player(club=club, first_name="Anne", last_name="Martin")
    removed = services.create_player(
        club=club, first_name="Anne", last_name="Martin ", licence="A123", email="anne@example.org"
    )
    tournament = make_tournament(organizer=organizer, organizing_club=club)
    entry = Player.objects.create(
        tournament=tournament, first_name="Anne", last_name="Martin", club_player=removed
    )
    services.merge_players(kept=kept, removed=removed, by=organizer)
    entry.refresh_from_db()
    kept.refresh_from_db()
    assert entry.club_player == kept
    assert not ClubPlayer.objects.filter(pk=removed.pk).exists()
    assert (kept.licence, kept.email) == ("A123", "anne@example.org")
    event = club.events.get(kind=ClubEvent.Kind.MERGED)
    assert (event.player, event.by, event.details) == (kept, organizer, {"removed": removed.pk})


def test_a_merge_of_two_licences_is_refused_and_changes_nothing(club):
    a = services.create_player(club=club, first_name="Anne", last_name="Martin", licence="A1")
    b = services.create_player(club=club, first_name="Anne", last_name="Martin", licence="A2")
    with pytest.raises(services.ClubError, match="licences différentes"):
        services.merge_players(kept=a, removed=b)
    assert club.players.count() == 2
    with pytest.raises(services.ClubError):
        services.merge_players(kept=a, removed=a)


def test_anonymisation_erases_the_name_everywhere_and_keeps_the_entries(club, organizer):
    player = services.create_player(
        club=club,
        first_name="Anne",
        last_name="Martin",
        licence="A123",
        email="anne@example.org",
        public_consent=True,
    )
    tournament = make_tournament(organizer=organizer, organizing_club=club)
    (created,) = team_services.register_teams(
        tournament=tournament, teams=[team("Anne", "Martin", "A123")]
    )
    services.update_player(
        player=player, first_name="Anne", last_name="Martin-Durand", by=organizer
    )
    services.anonymise_player(player=player, by=organizer)
    player.refresh_from_db()
    assert player.anonymised and not player.public_consent
    assert (player.full_name, player.licence, player.email) == ("Joueur anonymisé", "", "")
    entry = Player.objects.get(pk=created.player_one_id)
    assert (entry.first_name, entry.last_name, entry.licence) == ("Joueur", "anonymisé", "")
    assert entry.club_player == player  # the results stay for the others' rankings
    assert selectors.public_name(player) == "Joueur anonymisé"
    # The audit trail names fields, never their values: nothing personal is left in it.
    assert "Martin" not in str(list(club.events.values_list("details", flat=True)))
    assert club.events.filter(kind=ClubEvent.Kind.ANONYMISED, by=organizer).exists()
    with pytest.raises(services.ClubError):
        services.update_player(player=player, first_name="Anne", last_name="Martin")


def test_public_name_respects_consent(club):
    player = services.create_player(club=club, first_name="Anne", last_name="Martin")
    assert selectors.public_name(player) == f"Joueur n° {player.pk}"
    player = services.update_player(player=player, public_consent=True)
    assert selectors.public_name(player) == "Anne Martin"


def test_pages_are_the_club_organizers_only(club, organizer, make_user):
    stranger = make_user("stranger", role="organizer")
    player = services.create_player(club=club, first_name="Anne", last_name="Martin")
    urls = [
        reverse("clubs:manage", args=[club.slug]),
        reverse("clubs:player_edit", args=[club.slug, player.pk]),
    ]
    anonymous, other, own = Client(), Client(), Client()
    other.force_login(stranger)
    own.force_login(organizer)
    for url in urls:
        assert anonymous.get(url).status_code == 302
        assert other.get(url).status_code == 403
        assert own.get(url).status_code == 200
    missing = reverse("clubs:manage", args=["nowhere"])
    assert other.get(missing).status_code == 403  # a stranger learns nothing
    post = other.post(reverse("clubs:player_anonymise", args=[club.slug, player.pk]))
    assert post.status_code == 403
    player.refresh_from_db()
    assert not player.anonymised


def test_the_organizer_adds_searches_merges_and_anonymises_through_the_pages(club, organizer):
    client = Client()
    client.force_login(organizer)
    manage = reverse("clubs:manage", args=[club.slug])
    response = client.post(manage, {"first_name": "Anne", "last_name": "Martin", "licence": "A1"})
    assert response.status_code == 302
    response = client.post(manage, {"first_name": "Autre", "last_name": "X", "licence": "a1"})
    assert "déjà celle d&#x27;un autre joueur" in response.text
    client.post(manage, {"first_name": "anne", "last_name": "MARTIN"})
    page = client.get(manage, {"q": "martin"}).text
    assert "Anne Martin" in page and "Doublons probables" in page and "Fusionner" in page
    kept, removed = club.players.order_by("pk")
    response = client.post(
        reverse("clubs:player_merge", args=[club.slug]), {"kept": kept.pk, "removed": removed.pk}
    )
    assert response.status_code == 302
    assert list(club.players.all()) == [kept]
    client.get(manage)  # the merge's message is shown (it names the player)
    client.post(reverse("clubs:player_anonymise", args=[club.slug, kept.pk]))
    kept.refresh_from_db()
    assert kept.anonymised
    assert "Anne Martin" not in client.get(manage).text


def test_the_tournament_form_offers_the_organizers_clubs_only(club, organizer, make_user):
    other = make_user("other", role="organizer")
    services.create_club(name="Autre club", by=other)
    client = Client()
    client.force_login(organizer)
    page = client.get(reverse("tournaments:create")).text
    assert "Coinche Club de Rennes" in page and "Autre club" not in page


def test_the_team_form_searches_the_registry_and_links_the_player_chosen(club, organizer):
    # Two records of the same name: typed, the player could not be told apart; chosen, it is.
    first = services.create_player(club=club, first_name="Anne", last_name="Martin", licence="A1")
    services.create_player(club=club, first_name="Anne", last_name="Martin")
    tournament = make_tournament(organizer=organizer, organizing_club=club)
    client = Client()
    client.force_login(organizer)
    add = reverse("tournaments:team_add", args=[tournament.slug])
    page = client.get(add, {"q": "a1"}).text
    assert "Chercher dans le fichier du club" in page
    assert f'name="pick" value="1:{first.pk}"' in page
    assert f'name="pick" value="2:{first.pk}"' in page
    page = client.get(add, {"q": "a1", "p1": first.pk}).text
    assert 'value="Anne"' in page and 'value="A1"' in page
    assert f'name="p1_registry" value="{first.pk}"' in page
    client.post(
        add,
        {
            "p1_first_name": "Anne",
            "p1_last_name": "Martin",
            "p1_registry": first.pk,
            "p2_first_name": "Zoé",
            "p2_last_name": "Nouvelle",
        },
    )
    team = tournament.teams.get()
    assert team.player_one.club_player == first
    assert team.player_two.club_player.last_name == "Nouvelle"  # created on the fly
    # A stranger's record (another club) is never linked, whatever the form says.
    other = services.create_club(name="Autre", by=organizer)
    stranger = services.create_player(club=other, first_name="Iris", last_name="Loin")
    client.post(
        add,
        {
            "p1_first_name": "Iris",
            "p1_last_name": "Loin",
            "p1_registry": stranger.pk,
            "p2_first_name": "Jules",
            "p2_last_name": "Près",
        },
    )
    linked = tournament.teams.get(number=2).player_one.club_player
    assert linked.club == club and linked != stranger


def test_a_search_of_the_club_file_keeps_what_was_typed_in_the_team_form(club, organizer):
    # « Inscrire une équipe »: the search and the « comme joueur 2 » buttons send the whole
    # form, so the team's name and player 1, typed first, are still there; nothing is saved.
    anne = services.create_player(club=club, first_name="Anne", last_name="Martin", licence="A1")
    tournament = make_tournament(organizer=organizer, organizing_club=club)
    client = Client()
    client.force_login(organizer)
    add = reverse("tournaments:team_add", args=[tournament.slug])
    typed = {"name": "Les Rapides", "p1_first_name": "Jules", "p1_last_name": "Vite"}

    searched = client.post(add, {**typed, "q": "martin", "search": "1"}).text
    assert 'value="Les Rapides"' in searched and 'value="Jules"' in searched
    assert f'name="pick" value="2:{anne.pk}"' in searched
    assert "Ce champ est obligatoire" not in searched  # a search is no save: no errors

    picked = client.post(add, {**typed, "q": "martin", "pick": f"2:{anne.pk}"}).text
    assert 'value="Les Rapides"' in picked and 'value="Vite"' in picked
    assert 'value="Anne"' in picked and f'name="p2_registry" value="{anne.pk}"' in picked
    assert not tournament.teams.exists()


def test_editing_a_team_keeps_the_record_chosen_at_registration(club, organizer):
    # Two homonyms without licence: only the choice made at registration tells them apart.
    services.create_player(club=club, first_name="Anne", last_name="Martin")
    chosen = services.create_player(club=club, first_name="Anne", last_name="Martin")
    tournament = make_tournament(organizer=organizer, organizing_club=club)
    registered = team_services.register_team(
        tournament=tournament,
        data=team_services.TeamData(
            players=(
                team_services.PlayerData("Anne", "Martin", club_player_id=chosen.pk),
                team_services.PlayerData("Paul", "Partenaire"),
            )
        ),
    )
    partner = registered.player_two.club_player
    client = Client()
    client.force_login(organizer)
    edit = reverse("tournaments:team_edit", args=[tournament.slug, registered.number])
    form = {
        "number": registered.number,
        "name": "Les Homonymes",
        "p1_first_name": "anne",  # the case corrected is still the same person
        "p1_last_name": "MARTIN",
        "p2_first_name": "Paul",
        "p2_last_name": "Partenaire",
    }
    assert client.post(edit, form).status_code == 302
    registered.refresh_from_db()
    one, two = registered.player_one, registered.player_two
    assert (one.club_player, two.club_player) == (chosen, partner)
    assert (one.last_name, registered.name) == ("MARTIN", "Les Homonymes")
    # Through the API too (a PATCH of the name gives the players back as they are).
    api = client.patch(
        f"/api/v1/tournaments/{tournament.slug}/teams/{registered.number}/",
        {"name": "Les Jumelles"},
        content_type="application/json",
    )
    assert api.status_code == 200
    assert Player.objects.get(pk=one.pk).club_player == chosen
    # Another person typed in the player's place is linked as for a new team.
    client.post(edit, dict(form, p1_first_name="Zoé", p1_last_name="Nouvelle"))
    replaced = Player.objects.get(pk=one.pk).club_player
    assert replaced != chosen and replaced.last_name == "Nouvelle"
    # And a record chosen on the form wins.
    client.post(edit, dict(form, p1_registry=chosen.pk))
    assert Player.objects.get(pk=one.pk).club_player == chosen
    assert ClubPlayer.objects.filter(club=club, last_name="Martin").count() == 2


def test_the_api_registers_a_team_with_the_records_chosen(club, organizer):
    services.create_player(club=club, first_name="Anne", last_name="Martin")
    chosen = services.create_player(club=club, first_name="Anne", last_name="Martin")
    tournament = make_tournament(organizer=organizer, organizing_club=club)
    client = Client()
    client.force_login(organizer)
    url = f"/api/v1/tournaments/{tournament.slug}/teams/"

    def post(club_player):
        return client.post(
            url,
            {
                "players": [
                    {"first_name": "Anne", "last_name": "Martin", "club_player": club_player},
                    {"first_name": "Zoé", "last_name": "Nouvelle"},
                ]
            },
            content_type="application/json",
        )

    assert post(chosen.pk).status_code == 201
    registered = tournament.teams.get()
    assert registered.player_one.club_player == chosen
    # A record of another club, or an anonymised one: a 400 naming the player, nothing saved.
    other = services.create_club(name="Autre", by=organizer)
    stranger = services.create_player(club=other, first_name="Anne", last_name="Martin")
    gone = services.anonymise_player(
        player=services.create_player(club=club, first_name="X", last_name="Y")
    )
    for wrong in (stranger.pk, gone.pk):
        answer = post(wrong)
        assert answer.status_code == 400
        assert answer.json()["errors"] == [
            {
                "field": "players.0.club_player",
                "code": "unknown_club_player",
                "message": "Ce joueur n'est pas dans le fichier du club de ce tournoi.",
            }
        ]
    assert tournament.teams.count() == 1


def test_a_copy_of_a_club_tournament_keeps_the_club_and_the_records(club, organizer):
    tournament = make_tournament(organizer=organizer, organizing_club=club)
    team_services.register_team(tournament=tournament, data=team("Anne", "Martin", "A123"))
    anne = club.players.get(licence="A123")
    copy = copy_tournament(
        source=tournament,
        by=organizer,
        name="La semaine suivante",
        date=tournament.date,
        with_teams=True,
    )
    assert copy.organizing_club == club
    assert copy.players.get(last_name="Martin").club_player == anne


def test_the_club_s_settings_name_its_other_organizers(club, organizer, make_user):
    colleague = make_user("collegue", role="organizer")
    client = Client()
    client.force_login(organizer)
    url = reverse("clubs:settings", args=[club.slug])
    assert "collegue" in client.get(url).text
    assert "Saisons" in client.get(reverse("clubs:manage", args=[club.slug])).text
    response = client.post(
        url,
        {
            "name": "Coinche Club de Rennes Métropole",
            "town": "Rennes",
            "co_organizers": [colleague.pk],
        },
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.name == "Coinche Club de Rennes Métropole"
    assert set(club.organizers.all()) == {organizer, colleague}
    event = club.events.filter(kind=ClubEvent.Kind.CLUB_CHANGED).first()
    assert event.details == {"fields": ["name", "organizers"]} and event.by == organizer
    other = Client()
    other.force_login(colleague)
    assert other.get(reverse("clubs:manage", args=[club.slug])).status_code == 200
    stranger = Client()
    stranger.force_login(make_user("intrus", role="organizer"))
    assert stranger.post(url, {"name": "Volé"}).status_code == 403

"""Every endpoint × every kind of caller, with the status code each must get.

Callers, in the order of the expected codes: anonymous, player (logged in, no role), arbiter of
this tournament, arbiter of another tournament, organizer of this tournament, organizer of
another. Each caller's request runs in a savepoint rolled back afterwards, so that every caller
meets the same state. A last test checks the table lists every operation of the schema.

The world (the cast, the tournaments, the results, the club...) is built once for the module,
in a transaction each test's own is a savepoint of (``tests/support/shared_data.py``): each
test still starts from it as built, whatever the previous test wrote.
"""

from dataclasses import dataclass, field

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from drf_spectacular.generators import SchemaGenerator

from tests.support.api import ACTORS, bearer, make_cast, played
from tests.support.factories import make_tournament, small_tournament, team_at
from tests.support.seasons import finished_tournament
from tests.support.shared_data import kept_for_the_module
from tournaments.api.services import create_token
from tournaments.clubs.models import ClubPlayer
from tournaments.clubs.services import create_club, create_player
from tournaments.registration.models import Entry
from tournaments.results.models import Result, ResultEvent
from tournaments.results.services import give_penalty, record_result
from tournaments.seasons.models import Season
from tournaments.seasons.services import create_season, recompute_season
from tournaments.setup.models import Tournament
from tournaments.setup.services import PlayerData, TeamData, register_team

pytestmark = pytest.mark.django_db

#                 anon  player arbiter other_arb organizer other_org
READ = (200, 200, 200, 200, 200, 200)
ORGANIZER_WRITE = (401, 403, 403, 403, 200, 403)
ORGANIZER_CREATE = (401, 403, 403, 403, 201, 403)
ORGANIZER_DELETE = (401, 403, 403, 403, 204, 403)
ARBITER_WRITE = (401, 403, 200, 403, 200, 403)
ARBITER_CREATE = (401, 403, 201, 403, 201, 403)
STAFF_ONLY_READ = (404, 404, 200, 404, 200, 404)
ORGANIZER_ONLY_READ = (404, 404, 404, 404, 200, 404)
ORGANIZERS_ONLY = (401, 403, 403, 403, 200, 403)  # not even read by anyone else
ARBITERS_ONLY = (401, 403, 200, 403, 200, 403)  # not even read by anyone else
REFUSED_TRANSITION = (401, 403, 403, 403, 400, 403)


@dataclass(frozen=True)
class Row:
    method: str
    path: str  # as in the schema, under /api/v1
    expected: tuple[int, ...]
    body: dict | None = None
    params: dict = field(default_factory=dict)  # world key (or value) per path parameter
    setup: str = ""  # name of a preparation of the world, below


MATRIX = [
    # Tournaments
    Row("GET", "/tournaments/", READ),
    Row(
        "POST",
        "/tournaments/",
        (401, 403, 403, 403, 201, 201),
        {"name": "Open de printemps", "date": "2027-04-10"},
    ),
    Row("GET", "/tournaments/{slug}/", READ),
    Row("GET", "/tournaments/{slug}/", ORGANIZER_ONLY_READ, params={"slug": "draft"}),
    Row("PATCH", "/tournaments/{slug}/", ORGANIZER_WRITE, {"venue": "Salle polyvalente"}),
    Row("POST", "/tournaments/{slug}/status/", ORGANIZER_WRITE, {"status": "finished"}),
    # Teams and players
    Row("GET", "/tournaments/{slug}/teams/", READ),
    Row(
        "POST",
        "/tournaments/{slug}/teams/",
        ORGANIZER_CREATE,
        {
            "players": [
                {"first_name": "Irène", "last_name": "Joly"},
                {"first_name": "Karim", "last_name": "Lemoine"},
            ]
        },
    ),
    Row("GET", "/tournaments/{slug}/teams/{number}/", READ, params={"number": 1}),
    Row(
        "PATCH",
        "/tournaments/{slug}/teams/{number}/",
        ORGANIZER_WRITE,
        {"name": "Les As", "checked_in": False},
        params={"number": 1},
    ),
    Row(
        "DELETE",
        "/tournaments/{slug}/teams/{number}/",
        ORGANIZER_DELETE,
        params={"number": 7},
        setup="extra_team",
    ),
    Row("GET", "/tournaments/{slug}/players/", READ),
    Row("GET", "/tournaments/{slug}/players/{id}/", READ, params={"id": "player"}),
    # Rounds and the table plan
    Row("GET", "/tournaments/{slug}/rounds/", READ),
    Row("GET", "/tournaments/{slug}/rounds/{number}/", READ, params={"number": 1}),
    Row(
        "GET",
        "/tournaments/{slug}/rounds/{number}/",
        STAFF_ONLY_READ,
        params={"number": 3},
        setup="unpublished_round_3",
    ),
    Row("POST", "/tournaments/{slug}/rounds/{number}/start/", ARBITER_WRITE, {}, {"number": 1}),
    Row("GET", "/tournaments/{slug}/plan/", READ),
    Row("POST", "/tournaments/{slug}/plan/generate/", ORGANIZER_WRITE, {}, setup="no_results"),
    Row("POST", "/tournaments/{slug}/plan/publish/", ORGANIZER_WRITE, {"published": False}),
    # Boards
    Row("GET", "/tournaments/{slug}/boards/", READ),
    Row("GET", "/tournaments/{slug}/boards/{number}/", READ, params={"number": 1}),
    Row("GET", "/tournaments/{slug}/boards/{number}/analysis/", READ, params={"number": 1}),
    Row("POST", "/tournaments/{slug}/boards/release/", ORGANIZER_WRITE, {"rounds": [1]}),
    # Results
    Row("GET", "/tournaments/{slug}/results/", READ),
    Row(
        "GET",
        "/tournaments/{slug}/results/{id}/",
        STAFF_ONLY_READ,
        params={"id": "confirmed_result"},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/results/",
        ARBITER_CREATE,
        {"round": 1, "table": 3, "board": 6, "record": {"passed": True}},
    ),
    Row(
        "PUT",
        "/tournaments/{slug}/results/{id}/",
        ARBITER_WRITE,
        {
            "record": {
                "contract": {"bid": 80, "strain": "H", "taker": "E"},
                "taker_points": 90,
            }
        },
        params={"id": "confirmed_result"},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/results/{id}/confirm/",
        ARBITER_WRITE,
        {},
        params={"id": "entered_result"},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/results/{id}/dispute/",
        ARBITER_WRITE,
        {"reason": "Les points de la défense sont faux."},
        params={"id": "entered_result"},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/results/adjust/",
        ARBITER_CREATE,
        {"round": 1, "table": 3, "board": 6, "ns_adjustment": "A+", "ew_adjustment": "A-"},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/results/assign/",
        ARBITER_CREATE,
        {"round": 1, "table": 3, "board": 6, "ns_marks": 160, "ew_marks": 0},
    ),
    # Procedural penalties: the arbiters' (their reasons), as on the arbiter's page.
    Row("GET", "/tournaments/{slug}/penalties/", ARBITERS_ONLY),
    Row("GET", "/tournaments/{slug}/penalties/{id}/", ARBITERS_ONLY, params={"id": "penalty"}),
    Row(
        "POST",
        "/tournaments/{slug}/penalties/",
        ARBITER_CREATE,
        {"team": 1, "amount": 2, "reason": "Retard", "board": 1},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/penalties/{id}/remove/",
        ARBITER_WRITE,
        {"reason": "Erreur de table"},
        params={"id": "penalty"},
    ),
    # Scores and rankings
    Row("GET", "/tournaments/{slug}/scores/", READ),
    Row("GET", "/tournaments/{slug}/rankings/", READ),
    # Online registrations: the pairs' names and e-mails, for the organizers only.
    Row("GET", "/tournaments/{slug}/registrations/", ORGANIZERS_ONLY),
    Row("GET", "/tournaments/{slug}/registrations/", ORGANIZER_ONLY_READ, params={"slug": "draft"}),
    Row(
        "GET",
        "/tournaments/{slug}/registrations/{id}/",
        ORGANIZERS_ONLY,
        params={"id": "pending_entry"},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/registrations/{id}/accept/",
        ORGANIZER_WRITE,
        {},
        params={"id": "pending_entry"},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/registrations/{id}/accept/",
        REFUSED_TRANSITION,
        {},
        params={"id": "refused_entry"},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/registrations/{id}/refuse/",
        ORGANIZER_WRITE,
        {},
        params={"id": "waiting_entry"},
    ),
    Row(
        "POST",
        "/tournaments/{slug}/registrations/{id}/refuse/",
        REFUSED_TRANSITION,
        {},
        params={"id": "refused_entry"},
    ),
    # Clubs, their players (without consent: the club's organizers only), seasons. The
    # tournament's organizer organizes the club too.
    Row("GET", "/clubs/", READ),
    Row("GET", "/clubs/{slug}/", READ, params={"slug": "club"}),
    Row("GET", "/clubs/{club}/players/", READ, params={"club": "club"}),
    Row(
        "GET",
        "/clubs/{club}/players/{id}/",
        READ,
        params={"club": "club", "id": "public_player"},
    ),
    Row(
        "GET",
        "/clubs/{club}/players/{id}/",
        ORGANIZER_ONLY_READ,
        params={"club": "club", "id": "private_player"},
    ),
    Row("GET", "/seasons/", READ),
    Row("GET", "/seasons/{slug}/", READ, params={"slug": "season"}),
    Row("GET", "/seasons/{slug}/ranking/", READ, params={"slug": "season"}),
]


def _build_world() -> dict:
    """The cast, the tournament with a confirmed result, an entered one, a draft next to it, the
    other tournament; primary keys and slugs only (each test reads its rows again)."""
    cast = make_cast()
    tournament = small_tournament(organizer=cast["organizer"], arbiter=cast["arbiter"])
    other = make_tournament(organizer=cast["other_organizer"], arbiter=cast["other_arbiter"])
    draft = make_tournament(organizer=cast["organizer"], arbiter=cast["arbiter"], status="draft")
    confirmed = played(tournament, 1, 1, 1)
    assignment = tournament.round_set.get(number=1).assignments.get(table__number=2)
    entered = record_result(
        assignment=assignment, board_number=3, data={"passed": True}, by=team_at(assignment, "NS")
    )
    club = create_club(name="Club de la matrice", by=cast["organizer"])
    public = create_player(club=club, first_name="Anne", last_name="Publique", public_consent=True)
    private = create_player(club=club, first_name="Paul", last_name="Privé", licence="P1")
    season = create_season(club=club, values={"name": "Saison de la matrice", "method": "average"})
    penalty = give_penalty(
        tournament=tournament,
        team=tournament.teams.get(number=2),
        amount=1,
        reason="Téléphone",
        by=cast["arbiter"],
    )
    entries = {
        f"{status}_entry": Entry.objects.create(
            tournament=tournament,
            p1_first_name="Irène",
            p1_last_name=f"Joly-{status}",
            p2_first_name="Karim",
            p2_last_name=f"Lemoine-{status}",
            email=f"{status}@example.org",
            status=status,
        ).pk
        for status in ("pending", "waiting", "refused")
    }
    return {
        **entries,
        "cast": {actor: user and user.pk for actor, user in cast.items()},
        "other_tournament": other.pk,
        "club": club.slug,
        "public_player": public.pk,
        "private_player": private.pk,
        "season": season.slug,
        "slug": tournament.slug,
        "tournament": tournament.pk,
        "draft": draft.slug,
        "confirmed_result": confirmed.pk,
        "entered_result": entered.pk,
        "penalty": penalty.pk,
        "player": tournament.players.order_by("pk").first().pk,
    }


@pytest.fixture(scope="module")
def _built(django_db_setup, django_db_blocker):
    """The world is built once for the module's tests (about a second each under load when
    each test built it); each test's writes are rolled back before the next
    (tests/support/shared_data.py)."""
    with kept_for_the_module(django_db_blocker):
        yield _build_world()


@pytest.fixture
def cast(_built, db):
    """The API tests' cast (tests/api/conftest.py), the module's users read again."""
    users = get_user_model().objects.in_bulk([pk for pk in _built["cast"].values() if pk])
    return {actor: users.get(pk) for actor, pk in _built["cast"].items()}


@pytest.fixture
def other_tournament(_built, db):
    return Tournament.objects.get(pk=_built["other_tournament"])


@pytest.fixture
def world(_built, db):
    return {**_built, "tournament": Tournament.objects.get(pk=_built["tournament"])}


def _prepare(world, setup: str) -> None:
    tournament = world["tournament"]
    if setup == "extra_team":
        # A team registered after the plan was made: not in it, so it may be deleted.
        register_team(
            tournament=tournament,
            data=TeamData(players=(PlayerData("Lucie", "Marchand"), PlayerData("Marc", "Noël"))),
        )
    elif setup == "unpublished_round_3":
        tournament.round_set.filter(number=3).update(published=False)
    elif setup == "no_results":
        ResultEvent.objects.filter(tournament=tournament).delete()
        Result.objects.filter(tournament=tournament).delete()


def _url(row: Row, world) -> str:
    values = {"slug": world["slug"]}
    for name, value in row.params.items():
        values[name] = world.get(value, value) if isinstance(value, str) else value
    return "/api/v1" + row.path.format(**values)


def _call(client, method: str, url: str, body):
    return getattr(client, method.lower())(url, body, format="json")


def _row_id(row: Row) -> str:
    return (
        f"{row.method} {row.path}"
        + (f" [{row.setup}]" if row.setup else "")
        + (f" {row.params}" if row.params else "")
    )


@pytest.mark.parametrize("row", MATRIX, ids=_row_id)
def test_every_caller_gets_the_expected_status(row, world, client_for):
    _prepare(world, row.setup)
    url = _url(row, world)
    got = {}
    for actor in ACTORS:
        savepoint = transaction.savepoint()
        try:
            got[actor] = _call(client_for(actor), row.method, url, row.body).status_code
        finally:
            transaction.savepoint_rollback(savepoint)
    assert got == dict(zip(ACTORS, row.expected, strict=True))


# --- Hands before and after release --------------------------------------------------------


def _hands_seen(client_for, slug: str) -> dict[str, tuple[bool, bool]]:
    """Per caller: (board 1 detail shows its hands, the list shows any hands)."""
    seen = {}
    for actor in ACTORS:
        client = client_for(actor)
        detail = client.get(f"/api/v1/tournaments/{slug}/boards/1/").json()
        listing = client.get(f"/api/v1/tournaments/{slug}/boards/").json()["results"]
        assert (detail["hands"] is not None) == detail["hands_visible"]
        seen[actor] = (detail["hands_visible"], any(b["hands"] for b in listing))
    return seen


HIDDEN = (False, False)
SHOWN = (True, True)


def test_hands_before_release_only_for_the_organizer(world, client_for):
    assert _hands_seen(client_for, world["slug"]) == {
        "anonymous": HIDDEN,
        "player": HIDDEN,
        "arbiter": HIDDEN,
        "other_arbiter": HIDDEN,
        "organizer": SHOWN,
        "other_organizer": HIDDEN,
    }


def test_hands_before_release_also_for_arbiters_allowed_to_check_them(world, client_for):
    Tournament = type(world["tournament"])
    Tournament.objects.filter(pk=world["tournament"].pk).update(arbiters_see_hands=True)

    seen = _hands_seen(client_for, world["slug"])

    assert seen["arbiter"] == SHOWN
    assert seen["other_arbiter"] == HIDDEN
    assert seen["player"] == HIDDEN


def test_hands_after_release_for_everyone(world, client_for):
    release = client_for("organizer").post(
        f"/api/v1/tournaments/{world['slug']}/boards/release/", {}, format="json"
    )
    assert release.status_code == 200

    assert set(_hands_seen(client_for, world["slug"]).values()) == {SHOWN}


def test_hands_of_a_board_released_with_all_its_rounds_only(world, client_for):
    # Board 1 is played in rounds 1, 2 and 3 (sets move down one table each round).
    organizer = client_for("organizer")
    organizer.post(
        f"/api/v1/tournaments/{world['slug']}/boards/release/", {"rounds": [1, 2]}, format="json"
    )
    player = client_for("player")
    assert not player.get(f"/api/v1/tournaments/{world['slug']}/boards/1/").json()["hands"]

    organizer.post(
        f"/api/v1/tournaments/{world['slug']}/boards/release/", {"rounds": [3]}, format="json"
    )
    assert player.get(f"/api/v1/tournaments/{world['slug']}/boards/1/").json()["hands"]


# --- The analysis: as secret as the hands ---------------------------------------------------


def _store_analysis(tournament, number: int = 1):
    from tournaments.deals.models import BoardAnalysis

    board = tournament.boards.get(number=number)
    rules = tournament.rule_settings().to_dict()
    strains = ("S", "H", "D", "C", "SA", "TA")
    return BoardAnalysis.objects.create(
        board=board,
        dealer=board.dealer,
        hands=board.hands,
        must_undertrump=rules["must_undertrump"],
        rules=rules,
        points={strain: {"ns": 97, "ew": 65} for strain in strains},
        bids={strain: {"ns": 90, "ew": None} for strain in strains},
        par={"side": "NS", "strain": "S", "bid": 90, "made": True, "ns": 190, "ew": 70},
    )


def _analysis_status(client_for, slug: str) -> dict[str, str]:
    statuses = {}
    for actor in ACTORS:
        body = client_for(actor).get(f"/api/v1/tournaments/{slug}/boards/1/analysis/").json()
        statuses[actor] = body["status"]
        if body["status"] != "ready":
            assert body["points"] is None and body["bids"] is None and body["par"] is None
    return statuses


def test_the_analysis_before_release_only_for_those_who_see_the_hands(world, client_for):
    _store_analysis(world["tournament"])
    statuses = _analysis_status(client_for, world["slug"])
    assert statuses == {
        "anonymous": "hidden",
        "player": "hidden",
        "arbiter": "hidden",
        "other_arbiter": "hidden",
        "organizer": "ready",
        "other_organizer": "hidden",
    }
    body = client_for("organizer").get(f"/api/v1/tournaments/{world['slug']}/boards/1/analysis/")
    assert body.json()["points"]["H"] == {"ns": 97, "ew": 65}
    assert body.json()["par"]["bid"] == 90


def test_a_hostile_caller_learns_nothing_before_release(world, client_for):
    """Same status and same bytes for a hidden board, whether it was analysed or not."""
    url = f"/api/v1/tournaments/{world['slug']}/boards/1/analysis/"
    before = {actor: client_for(actor).get(url) for actor in ACTORS}
    _store_analysis(world["tournament"])
    after = {actor: client_for(actor).get(url) for actor in ACTORS}
    for actor in ACTORS:
        if actor == "organizer":
            assert (before[actor].json()["status"], after[actor].json()["status"]) == (
                "pending",
                "ready",
            )
            continue
        assert before[actor].status_code == after[actor].status_code == 200
        assert before[actor].content == after[actor].content, actor


def test_the_analysis_after_release_for_everyone_and_stale_ones_never(world, client_for):
    analysis = _store_analysis(world["tournament"])
    client_for("organizer").post(
        f"/api/v1/tournaments/{world['slug']}/boards/release/", {}, format="json"
    )
    assert set(_analysis_status(client_for, world["slug"]).values()) == {"ready"}
    # Computed under other rules: stale, being computed again.
    type(analysis).objects.filter(pk=analysis.pk).update(rules={})
    assert set(_analysis_status(client_for, world["slug"]).values()) == {"pending"}


# --- The table covers the whole API --------------------------------------------------------


def test_the_matrix_lists_every_operation_of_the_schema():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = {
        (method.upper(), path.removeprefix("/api/v1"))
        for path, item in schema["paths"].items()
        for method in item
    }
    assert operations == {(row.method, row.path) for row in MATRIX}


# --- No personal data of a club's players but to the club's organizers ----------------------


def test_players_details_only_for_the_club_s_organizers(world, client_for, cast):
    url = f"/api/v1/clubs/{world['club']}/players/"
    seen = {}
    for actor in ACTORS:
        players = client_for(actor).get(url).json()["results"]
        seen[actor] = sorted(
            (p["name"], p["licence"], p["email"], p["public_consent"]) for p in players
        )
    public_only = [("Anne Publique", None, None, None)]
    assert seen == {
        "anonymous": public_only,
        "player": public_only,
        "arbiter": public_only,
        "other_arbiter": public_only,
        "organizer": [("Anne Publique", "", "", True), ("Paul Privé", "P1", "", False)],
        "other_organizer": public_only,
    }


def test_a_tournament_token_gives_no_right_in_a_club(world, cast):

    _, key = create_token(
        tournament=world["tournament"], name="t", scope="organizer", by=cast["organizer"]
    )
    players = bearer(key).get(f"/api/v1/clubs/{world['club']}/players/").json()["results"]
    assert [(p["name"], p["licence"]) for p in players] == [("Anne Publique", None)]


def test_the_season_ranking_names_players_publicly(world, client_for):

    season = Season.objects.get(slug=world["season"])
    anne = ClubPlayer.objects.get(pk=world["public_player"])
    paul = ClubPlayer.objects.get(pk=world["private_player"])
    week = finished_tournament(season.club, 1, [(anne, paul, 1, 60.0, None)])
    season.tournaments.add(week)
    recompute_season(season_id=season.pk)
    url = f"/api/v1/seasons/{world['season']}/ranking/"
    anonymous = client_for("anonymous").get(url).json()
    assert [line["name"] for line in anonymous["lines"]] == [
        "Anne Publique",
        f"Joueur n° {paul.pk}",
    ]
    assert "P1" not in str(anonymous)
    organizer = client_for("organizer").get(url).json()
    assert [line["name"] for line in organizer["lines"]] == ["Anne Publique", "Paul Privé"]


def test_no_personal_data_to_anonymous_callers_or_players(world, client_for):
    """Every read of the matrix, as anonymous and as a player: no licence, no e-mail of a club's
    player, a tournament's player or a registered pair, and no name of a pair registered
    online."""
    tournament = world["tournament"]
    for player in tournament.players.all():
        player.licence = f"LICSECRET{player.pk}"
        player.save(update_fields=["licence"])
    club = ClubPlayer.objects.get(pk=world["public_player"]).club
    ClubPlayer.objects.filter(pk=world["public_player"]).update(
        licence="LICSECRET-A", email="anne.secret@example.org"
    )
    ClubPlayer.objects.filter(pk=world["private_player"]).update(email="paul.secret@example.org")
    create_player(club=club, first_name="Iris", last_name="Cachée", licence="LICSECRET-I")
    secrets = ("LICSECRET", "P1", "@example.org", "Joly-", "Lemoine-", "Cachée", "Privé")
    reads = [row for row in MATRIX if row.method == "GET"]
    for row in reads:
        _prepare(world, row.setup)
        url = _url(row, world)
        for actor in ("anonymous", "player"):
            body = client_for(actor).get(url).content.decode()
            leaked = [secret for secret in secrets if secret in body]
            assert not leaked, (actor, url, leaked)

"""The site's pages as each role visits them, and the data they are visited on: what the
accessibility audit (tests/site/test_accessibility.py, axe in Chromium) and the page walker
(tests/site/test_page_walk.py, every page over HTTP, on PostgreSQL and on SQLite) share.

``VISITS`` lists each page with the role that opens it; every named URL pattern of the URL
confs is either visited there or excluded in ``EXCLUDED`` with its reason (a file, JSON, a POST
that redirects, a fragment audited inside its page), so a new page cannot be forgotten.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, reverse
from django.utils import timezone
from rest_framework.views import APIView

from tests.support.events import world_event
from tests.support.factories import add_plan, add_teams, make_tournament, team_at
from tests.support.organizer import csv_bytes, team_rows
from tests.support.results import assignment, contract
from tests.support.seasons import club_with_players, finished_tournament
from tests.support.standings import MITCHELL_RESULTS, put_result
from tournaments.api.services import create_token
from tournaments.clubs.services import claim_player, create_club, create_player
from tournaments.deals.services import generate_deals, release_hands
from tournaments.online.services import create_online_tournament
from tournaments.printing.models import Document
from tournaments.registration.services import PairData, register_pair, set_registration
from tournaments.results.models import Result
from tournaments.results.services import record_result
from tournaments.seasons.services import create_season, recompute_season
from tournaments.setup.management.commands.demo_site import DEMO_ARBITER, DEMO_ORGANIZER
from tournaments.setup.models import Tournament
from tournaments.setup.services.teams import PlayerData
from tournaments.standings.recomputation import recompute

# The narrowest phone in use at the tables: every page a phone opens fits its width.
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1366, "height": 768}

# --- The site's data ------------------------------------------------------------------------


@dataclass(frozen=True)
class World:
    """A running 6-team Mitchell: published plan, generated deals, the results of rounds 1 and
    3 and of two tables of round 2 (one adjusted, one disputed), scores computed, every round's
    hand records released (the seed is revealed), an API token, the public ranking's PDF being
    made. At table 1 in round 2, team 1 (NS) entered board 3, which team 6 (EW) has to confirm,
    and board 4 is to enter.

    ``demo_world`` reads the demo ``bin/run`` makes as one.

    Beside it, the same organizer's tournament still taking registrations (teams, two not
    checked in, no plan, no deals), and a tournament whose tables may not enter results."""

    slug: str
    table_token: str
    team_token: str
    team_code: str
    other_team_code: str
    registration_slug: str
    closed_table_token: str
    organizer: object
    arbiter: object
    club_slug: str = ""
    club_player: int = 0
    season_slug: str = ""
    season_club: str = ""
    season_player: int = 0
    entry_token: str = ""
    club_tournament: str = ""
    # A simultaneous event (events app) of the organizer, its club playing offline, and the
    # tournament its laptop made from the package (here, in the same database).
    event_slug: str = "pas-de-simultane"
    event_laptop: str = "pas-de-simultane"
    online_slug: str = ""
    claim: int = 0


def build_world(make_user) -> World:
    organizer = make_user("organisatrice-a11y", "organizer")
    arbiter = make_user("arbitre-a11y", "arbiter")
    tournament = make_tournament(
        organizer=organizer, arbiter=arbiter, name="Open accessible", slug="open-accessible"
    )
    add_teams(tournament, 6)
    _, tables = add_plan(tournament)
    generate_deals(tournament=tournament, by=organizer)
    for round_number, table, board, *marks in MITCHELL_RESULTS:
        if (round_number, table) == (2, 1):
            continue
        if isinstance(marks[0], tuple):
            put_result(tournament, round_number, table, board, adjusted=marks[0])
        else:
            put_result(tournament, round_number, table, board, *marks)
    # An adjusted score on board 1 (its traveller) and a disputed board 5 (its history).
    put_result(tournament, 2, 3, 1, adjusted=("A+", "A-"))
    disputed = put_result(tournament, 2, 2, 5, 0, 0, status=Result.Status.DISPUTED)
    Result.objects.filter(pk=disputed.pk).update(dispute_reason="Ce n'était pas une générale")
    recompute(tournament.pk, force=True)
    release_hands(tournament=tournament, by=organizer)
    waiting = assignment(tournament, 2, 1)
    record_result(
        assignment=waiting, board_number=3, data=contract(taker="N"), by=team_at(waiting, "NS")
    )
    create_token(tournament=tournament, name="Tableau du club", scope="arbiter", by=organizer)
    # The public ranking's PDF is being made: its download shows the waiting page.
    Document.objects.create(
        tournament=tournament,
        kind=Document.Kind.RANKINGS,
        scope=Document.Scope.PUBLIC,
        status=Document.Status.RUNNING,
        progress=40,
        requested_at=timezone.now(),
        started_at=timezone.now(),
    )
    registration = make_tournament(
        organizer=organizer,
        name="Tournoi d'hiver",
        slug="tournoi-d-hiver",
        status=Tournament.Status.REGISTRATION,
    )
    add_teams(registration, 5)
    registration.teams.filter(number__in=[2, 5]).update(checked_in=False)
    # Its online registration is open, full: one pair waits for the organizer, one is waiting.
    set_registration(tournament=registration, open=True, capacity=6)
    pair = PairData(
        players=(PlayerData("Nina", "Roche", "N1"), PlayerData("Olga", "Petit")),
        email="nina@example.org",
    )
    register_pair(tournament=registration, data=pair)
    waiting = register_pair(
        tournament=registration,
        data=PairData(
            players=(PlayerData("Yves", "Blanc"), PlayerData("Zoé", "Noir")), email="y@x.fr"
        ),
    )
    closed = make_tournament(name="Tournoi sans saisie", slug="sans-saisie", table_entry=False)
    add_teams(closed, 6)
    _, closed_tables = add_plan(closed)
    team = tournament.teams.get(number=1)
    club = create_club(name="Coinche Club accessible", town="Rennes", by=organizer)
    anne = create_player(club=club, first_name="Anne", last_name="Martin", licence="A1")
    create_player(club=club, first_name="anne", last_name="MARTIN", public_consent=True)
    claim = claim_player(by=organizer, club=club, first_name="Anne", last_name="Martin")
    season_club, members = club_with_players(["Iris", "Jules", "Karim", "Léa"])
    season_club.organizers.add(organizer)
    week = finished_tournament(
        season_club,
        1,
        [
            (members["Iris"], members["Jules"], 1, 60.0, None),
            (members["Karim"], members["Léa"], 2, 40.0, None),
        ],
        organizer=organizer,
    )
    season = create_season(
        club=season_club,
        values={"name": "Challenge accessible", "method": "average"},
        tournaments=[week],
    )
    recompute_season(season_id=season.pk)
    event_slug, event_laptop = world_event(organizer, club)
    return World(
        slug=tournament.slug,
        table_token=tables[1].token,
        team_token=team.token,
        team_code=team.code,
        other_team_code=assignment(tournament, 2, 1).ew_team.code,
        registration_slug=registration.slug,
        closed_table_token=closed_tables[1].token,
        organizer=organizer,
        arbiter=arbiter,
        club_slug=club.slug,
        club_player=anne.pk,
        season_slug=season.slug,
        season_club=season_club.slug,
        season_player=members["Iris"].pk,
        entry_token=waiting.token,
        club_tournament=week.slug,
        event_slug=event_slug,
        event_laptop=event_laptop,
        online_slug=online_tournament(organizer, club),
        claim=claim.pk,
    )


def demo_world() -> World:
    """The demo as ``bin/run`` makes it, read as the walker's ``World``: the demo tournament for
    the running and the registration pages alike (its « Inscriptions en ligne » answered 500 on
    SQLite), the season's club for the club's pages."""
    call_command("demo_site", stdout=io.StringIO())
    users = get_user_model().objects
    organizer = users.get(username=DEMO_ORGANIZER)
    demo = Tournament.objects.filter(organizers=organizer, seasons__isnull=True).get()
    team = demo.teams.get(number=1)
    table = demo.tables.order_by("pk").first()
    club = organizer.organized_clubs.get()
    season = club.seasons.get()
    player = club.players.order_by("pk").first()
    return World(
        slug=demo.slug,
        table_token=table.token,
        team_token=team.token,
        team_code=team.code,
        other_team_code=team.code,
        registration_slug=demo.slug,
        closed_table_token=table.token,
        organizer=organizer,
        arbiter=users.get(username=DEMO_ARBITER),
        club_slug=club.slug,
        club_player=player.pk,
        season_slug=season.slug,
        season_club=club.slug,
        season_player=player.pk,
        entry_token="pas-d-inscription",  # the demo takes no online registration: a 404
        club_tournament=season.tournaments.order_by("pk").first().slug,
        online_slug=online_tournament(organizer, club),
    )


def online_tournament(organizer, club) -> str:
    """An online tournament of the club, open for a day, no entry yet (docs/online.md)."""
    now = timezone.now()
    return create_online_tournament(
        by=organizer,
        club=club,
        name="Tournoi du jour accessible",
        opens_at=now - timedelta(hours=1),
        closes_at=now + timedelta(hours=23),
    ).slug


# --- What is visited ------------------------------------------------------------------------


def _slug(world: World) -> dict:
    return {"slug": world.slug}


def _registration(world: World) -> dict:
    return {"slug": world.registration_slug}


def _say_team(page, code: str) -> None:
    page.fill("#team-code", code)
    with page.expect_navigation():
        page.click("form.identify-form button[type=submit]")


def identify(page, world: World) -> None:
    """The phone says which team it is (team 1, NS at table 1) with the team's code."""
    _say_team(page, world.team_code)
    assert page.query_selector("form:has(input[name=action][value=forget])") is not None


def identify_other(page, world: World) -> None:
    """The phone is handed to the other team (team 6, EW), which has board 3 to confirm."""
    with page.expect_navigation():
        page.click("form:has(input[name=action][value=forget]) button")
    _say_team(page, world.other_team_code)
    assert page.query_selector("#etui-3 form.confirm-form") is not None


def preview_import(page, world: World) -> None:
    """The organizer uploads a team file: the page shows its preview."""
    page.set_input_files(
        "input[type=file]",
        files=[
            {"name": "equipes.csv", "mimeType": "text/csv", "buffer": csv_bytes(team_rows(2, 7))}
        ],
    )
    with page.expect_navigation():
        page.click("form[enctype] button[type=submit]")
    assert page.query_selector("form[action$='/import/confirmer/']") is not None


def register_wrongly(page, world: World) -> None:
    """A pair sends the registration form without the second player's name."""
    page.fill("#id_p1_first_name", "Paul")
    page.fill("#id_p1_last_name", "Lemoine")
    page.fill("#id_email", "paul@example.org")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert page.query_selector("main .errorlist") is not None


def wrong_password(page, world: World) -> None:
    page.fill("input[name=username]", "personne")
    page.fill("input[name=password]", "pas-le-bon")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert page.query_selector("main .errorlist") is not None


def swagger_drawn(page, world: World) -> None:
    """Swagger UI draws the page from the schema after loading: audit what it drew."""
    page.wait_for_selector(".swagger-ui .opblock", timeout=15_000)


@dataclass(frozen=True)
class Visit:
    """A page to audit: its URL pattern's name, the role visiting it (its group of the test),
    the URL's arguments, and what is done in the page before the audit (a state reached by
    using it)."""

    role: str
    name: str
    kwargs: Callable[[World], dict] = _slug
    query: str = ""
    action: Callable | None = None
    state: str = ""
    status: int = 200
    # Rules left to a third party's markup drawn in the page: {rule id: why}.
    tolerated: tuple[tuple[str, str], ...] = ()

    def url(self, world: World) -> str:
        return reverse(self.name, kwargs=self.kwargs(world)) + self.query

    def label(self) -> str:
        return f"{self.name} ({self.state})" if self.state else self.name


@dataclass(frozen=True)
class Role:
    """Who visits (one case of the test): the visits of ``pages``, as ``who`` (None: nobody
    logged in), on this screen, in this language of the site (the header's switch)."""

    pages: str
    who: str | None
    viewport: dict
    language: str = "fr"


ROLES = {
    "anonymous": Role("anonymous", None, PHONE),
    "anonymous-en": Role("anonymous", None, PHONE, "en"),
    "player": Role("player", None, PHONE),
    "player-en": Role("player", None, PHONE, "en"),
    "arbiter": Role("arbiter", "arbiter", LAPTOP),
    "arbiter-sheet": Role("arbiter-sheet", "arbiter", LAPTOP),
    "organizer": Role("organizer", "organizer", LAPTOP),
    # Check-in at the door, often done with a phone in hand.
    "organizer-phone": Role("organizer-phone", "organizer", PHONE),
}


def _event(world: World) -> dict:
    return {"slug": world.event_slug}


def _event_club(world: World) -> dict:
    return {"slug": world.event_slug, "club": world.club_slug}


VISITS = [
    # Anyone, on a phone.
    Visit("anonymous", "events:list", kwargs=lambda w: {}),
    Visit("anonymous", "events:event", kwargs=_event),
    Visit("anonymous", "events:ranking", kwargs=_event),
    # Its only club has sent its results: the last session is over, the field's deals are out.
    Visit("anonymous", "events:board", kwargs=lambda w: {"slug": w.event_slug, "number": 1}),
    # A simultaneous event's organizer, who also organizes a club playing it offline.
    Visit("organizer", "events:create", kwargs=lambda w: {}),
    Visit("organizer", "events:event", kwargs=_event, state="its organizer and a club's"),
    Visit("organizer", "events:board", kwargs=lambda w: {"slug": w.event_slug, "number": 1}),
    Visit("organizer", "events:upload", kwargs=_event_club),
    Visit("organizer", "events:laptop_import", kwargs=lambda w: {}),
    Visit("anonymous", "tournaments:home", kwargs=lambda w: {}),
    Visit("anonymous", "tournaments:public"),
    Visit("anonymous", "tournaments:team", kwargs=lambda w: {"slug": w.slug, "number": 2}),
    Visit("anonymous", "standings:ranking"),
    Visit("anonymous", "standings:room"),
    Visit("anonymous", "standings:travellers"),
    Visit("anonymous", "standings:traveller", kwargs=lambda w: {"slug": w.slug, "board": 1}),
    Visit("anonymous", "standings:scorecard", kwargs=lambda w: {"slug": w.slug, "number": 1}),
    Visit("anonymous", "deals:records"),
    Visit("anonymous", "deals:board", kwargs=lambda w: {"slug": w.slug, "number": 1}),
    Visit("anonymous", "deals:verification"),
    Visit("anonymous", "printing:public"),
    Visit(
        "anonymous",
        "printing:download",
        kwargs=lambda w: {"slug": w.slug, "kind": "rankings", "scope": "public"},
        state="being made",
        status=202,
    ),
    Visit("anonymous", "accounts:login", kwargs=lambda w: {}),
    Visit("anonymous", "accounts:sign_up", kwargs=lambda w: {}),
    Visit("anonymous", "seasons:season", kwargs=lambda w: {"slug": w.season_slug}),
    Visit("anonymous", "tournaments:public", kwargs=_registration, state="registration open"),
    Visit("anonymous", "registration:register", kwargs=_registration),
    Visit(
        "anonymous",
        "registration:register",
        kwargs=_registration,
        action=register_wrongly,
        state="errors",
    ),
    Visit("anonymous", "registration:entry", kwargs=lambda w: {"token": w.entry_token}),
    Visit("anonymous", "seasons:player", kwargs=lambda w: {"player_id": w.season_player}),
    Visit(
        "anonymous",
        "accounts:login",
        kwargs=lambda w: {},
        action=wrong_password,
        state="wrong password",
    ),
    # The players at their table, on a phone.
    # Round 2, where table 1 has a board waiting for confirmation (every round is started:
    # without ``?tour`` the page opens on the room's round, the last started).
    Visit(
        "player",
        "results:table_entry",
        kwargs=lambda w: {"token": w.table_token},
        query="?tour=2",
    ),
    Visit(
        "player",
        "results:table_entry",
        kwargs=lambda w: {"token": w.table_token},
        query="?tour=2",
        action=identify,
        state="after the team's code",
    ),
    Visit(
        "player",
        "results:table_entry",
        kwargs=lambda w: {"token": w.table_token},
        query="?tour=2",
        action=identify_other,
        state="the other team, a board to confirm",
    ),
    Visit("player", "results:team_link", kwargs=lambda w: {"token": w.team_token}),
    Visit(
        "player",
        "results:table_entry",
        kwargs=lambda w: {"token": w.closed_table_token},
        status=403,
        state="entry at the tables turned off",
    ),
    # The arbiter, on a laptop.
    Visit("arbiter", "results:dashboard"),
    Visit(
        "arbiter",
        "results:history",
        kwargs=lambda w: {"slug": w.slug, "round_number": 1, "table_number": 1, "board_number": 1},
    ),
    Visit(
        "arbiter",
        "results:history",
        kwargs=lambda w: {"slug": w.slug, "round_number": 2, "table_number": 2, "board_number": 5},
        state="disputed",
    ),
    Visit("arbiter", "results:table_links"),
    Visit("arbiter", "results:exchange"),
    Visit("arbiter", "results:penalties"),
    Visit("arbiter-sheet", "results:entry"),
    Visit(
        "arbiter-sheet",
        "results:entry_round",
        kwargs=lambda w: {"slug": w.slug, "round_number": 1},
    ),
    # The organizer, on a laptop.
    Visit("organizer", "tournaments:organizer_home", kwargs=lambda w: {}),
    Visit("organizer", "tournaments:create", kwargs=lambda w: {}),
    Visit("organizer", "tournaments:manage"),
    Visit("organizer", "tournaments:edit"),
    Visit("organizer", "tournaments:manage_teams"),
    Visit("organizer", "tournaments:team_add"),
    Visit(
        "organizer",
        "tournaments:team_add",
        kwargs=lambda w: {"slug": w.club_tournament},
        query="?q=joueur",
        state="a club's registry searched",
    ),
    Visit("organizer", "tournaments:team_edit", kwargs=lambda w: {"slug": w.slug, "number": 1}),
    Visit("organizer", "tournaments:checkin"),
    Visit("organizer-phone", "tournaments:checkin"),
    Visit("organizer", "tournaments:team_import"),
    Visit("organizer", "tournaments:team_import", action=preview_import, state="preview"),
    Visit("organizer", "tournaments:plan"),
    Visit("organizer", "deals:manage"),
    Visit("organizer", "deals:type_board", query="?etui=7"),
    Visit("organizer", "printing:documents"),
    Visit("organizer", "api:tokens"),
    Visit("organizer", "tournaments:copy"),
    # The organizer's club: its registry (a probable duplicate to merge), a player's record.
    Visit("organizer", "clubs:home", kwargs=lambda w: {}),
    Visit("organizer", "clubs:manage", kwargs=lambda w: {"club": w.club_slug}),
    Visit("organizer", "clubs:settings", kwargs=lambda w: {"club": w.club_slug}),
    Visit(
        "organizer",
        "clubs:player_edit",
        kwargs=lambda w: {"club": w.club_slug, "player_id": w.club_player},
    ),
    # The organizer's own account as a player's: its games, its request to be linked to its
    # record in the club (pending: it is on the registry page too, with its records to choose).
    Visit("organizer", "play:my_games", kwargs=lambda w: {}),
    Visit("organizer", "clubs:my_claims", kwargs=lambda w: {}),
    Visit("organizer", "seasons:club_seasons", kwargs=lambda w: {"club": w.season_club}),
    Visit(
        "organizer",
        "seasons:edit",
        kwargs=lambda w: {"club": w.season_club, "slug": w.season_slug},
    ),
    Visit("organizer", "seasons:season", kwargs=lambda w: {"slug": w.season_slug}),
    Visit("organizer", "seasons:player", kwargs=lambda w: {"player_id": w.season_player}),
    # The organizer's tournament still taking registrations: no plan, no deals yet.
    Visit("organizer", "tournaments:manage", kwargs=_registration, state="registrations"),
    Visit("organizer", "tournaments:checkin", kwargs=_registration, state="registrations"),
    Visit("organizer", "tournaments:plan", kwargs=_registration, state="registrations"),
    Visit("organizer", "registration:manage", kwargs=_registration, state="registrations"),
    Visit("organizer", "deals:manage", kwargs=_registration, state="registrations"),
    Visit("organizer", "printing:documents", kwargs=_registration, state="registrations"),
    # Online tournaments: the list and a tournament for anyone; the organizer's form, the
    # ranking and a deal's results (the organizer, not entered, sees them during the window).
    Visit("anonymous", "online:list", kwargs=lambda w: {}),
    Visit("anonymous", "online:detail", kwargs=lambda w: {"slug": w.online_slug}),
    Visit("organizer", "online:create", kwargs=lambda w: {}),
    Visit("organizer", "online:ranking", kwargs=lambda w: {"slug": w.online_slug}),
    Visit("organizer", "online:deal", kwargs=lambda w: {"slug": w.online_slug, "deal": 1}),
    Visit(
        "organizer",
        "api:docs",
        kwargs=lambda w: {},
        action=swagger_drawn,
        tolerated=(
            ("nested-interactive", "Swagger UI's operation headers nest its copy button"),
            ("color-contrast", "Swagger UI's own colours (method badges, version stamps)"),
        ),
    ),
]

_POST = "POST only: acts, then redirects to a page visited here"
EXCLUDED = {
    "health": "JSON for the load balancer",
    "events:invite": _POST,
    "events:open": _POST,
    "events:close": _POST,
    "events:answer": _POST,
    "events:package": "a JSON file (the club's signed package)",
    "events:laptop_results": "a JSON file (the club's signed results)",
    "events:upload_api": "POST JSON of a laptop club, signed: tests/events",
    "set_language": _POST,
    "choose_language": "GET that sets the language cookie and redirects to the page",
    "accounts:logout": _POST,
    "clubs:player_merge": _POST,
    "registration:withdraw": _POST,
    "registration:decide": _POST,
    "seasons:recompute": _POST,
    "seasons:season_file": "a PDF, CSV or XLSX file",
    "clubs:player_anonymise": _POST,
    "clubs:claim_confirm": _POST,
    "clubs:claim_refuse": _POST,
    "clubs:claim_withdraw": _POST,
    "clubs:claim_consent": _POST,
    "play:replay": "POST only: starts a game, then redirects to its table (play:table)",
    "tournaments:status": _POST,
    "tournaments:team_withdraw": _POST,
    "tournaments:team_delete": _POST,
    "tournaments:checkin_all": _POST,
    "tournaments:checkin_toggle": _POST + " (JSON to the page's script)",
    "tournaments:team_import_confirm": _POST,
    "tournaments:plan_generate": _POST,
    "tournaments:plan_publish": _POST,
    "tournaments:import_template_csv": "a CSV file",
    "tournaments:import_template_xlsx": "an XLSX file",
    "deals:export": "a PBN file",
    "deals:generate": _POST,
    "deals:import": _POST,
    "deals:unrecorded": _POST,
    "deals:release": _POST,
    "results:dashboard_grid": "a fragment of results:dashboard, audited inside it",
    "results:start_round": _POST,
    "results:unlock_code": _POST,
    "results:open_all_rounds": _POST,
    "results:open_session": _POST,
    "results:entry_row": "JSON to the entry sheet's script",
    "results:table_score": "JSON to the table page's script (the live deal score)",
    "results:table_send": "JSON to the table page's outbox (POST)",
    "results:table_state": "JSON to the table page's script (the table's state, polled)",
    "results:table_manifest": "a web app manifest (JSON)",
    "results:team_manifest": "a web app manifest (JSON)",
    "results:service_worker": "the service worker's script",
    "results:confirm": _POST,
    "results:adjust": _POST,
    "results:assign": _POST,
    "results:penalize": _POST,
    "results:remove_penalty": _POST,
    "results:delete": _POST,
    "results:export": "a CSV or PBN file",
    "standings:ranking_fragment": "a fragment of standings:ranking, audited inside it",
    "standings:room_state": "JSON to the room display's script",
    "standings:room_fragment": "a fragment of standings:room, audited inside it",
    "results:clock": "JSON to the round clock's script",
    "standings:recompute": _POST,
    "printing:documents_fragment": "a fragment of printing:documents, audited inside it",
    "tournaments:rules_preview": "a fragment of tournaments:create and edit, audited inside them",
    "printing:request": _POST,
    "printing:request_packet": _POST,
    "printing:route_card": "a PDF",
    "api:token_revoke": _POST,
    "play:table": "one account's game, audited with axe at 360 px at every stage of a deal "
    "by tests/e2e/test_card_table.py",
    "play:game_state": "JSON to the card table's script, for the game's player only: "
    "tests/play/test_views.py and the red-team test",
    "play:game_call": "POST JSON of the game's player: tests/play/test_views.py",
    "play:game_card": "POST JSON of the game's player: tests/play/test_views.py",
    "online:enter": _POST,
    "online:play": _POST + " (to the game's card table)",
    "online:abandon": _POST,
    "online:ranking_fragment": "a fragment of online:ranking, audited inside it",
}
EXCLUDED_NAMESPACES = {
    "admin": "Django's own admin, not the site's templates",
}
API_REASON = "JSON or YAML of the REST API (DRF view)"


def named_patterns(patterns, namespace: str = "") -> dict[str, object]:
    """Every named URL pattern as ``{"namespace:name": callback}``."""
    found = {}
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = namespace
            if pattern.namespace:
                inner = f"{namespace}{pattern.namespace}:"
            found.update(named_patterns(pattern.url_patterns, inner))
        elif isinstance(pattern, URLPattern) and pattern.name:
            found[f"{namespace}{pattern.name}"] = pattern.callback
    return found


def skip_reason(name: str, callback) -> str | None:
    if name in EXCLUDED:
        return EXCLUDED[name]
    namespace = name.split(":")[0] if ":" in name else ""
    if namespace in EXCLUDED_NAMESPACES:
        return EXCLUDED_NAMESPACES[namespace]
    view_class = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
    if namespace == "api" and isinstance(view_class, type) and issubclass(view_class, APIView):
        return API_REASON
    return None

"""A player of the club's session on a phone (360 × 740, touch), after the session: creates an
account, asks to be linked to their record in the club's registry, is confirmed by the
organizer, finds « votre marque … elle aurait battu N tables sur M » beside the room's results
on the traveller of a board they replayed, and taps « Rejouer cette donne contre les robots »,
which opens the card table. Screenshots for docs/play.md and docs/standings.md."""

import pytest

from tests.support.accessibility import report, violations
from tests.support.browser import wait_until
from tests.support.factories import demo_tournament
from tests.support.replay import club_of, finished_game
from tournaments.clubs import services as clubs
from tournaments.clubs.models import PlayerClaim
from tournaments.deals.services import release_hands
from tournaments.play.models import Game
from tournaments.setup.models import Player
from tournaments.standings.models import BoardScore

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
EMAIL = "lucie.martin@example.org"
PASSWORD = "trefle-rouge-42"


@pytest.fixture
def replay_site(live_server, make_user, monkeypatch, settings):
    """A club's tournament played at every table, scored, its hands released; the robots
    playing after each request's commit (two worlds)."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from django.db import connections

    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    settings.ROBOTS_IN_PROCESS = "1"
    settings.ANALYSIS_IN_PROCESS = "0"
    organizer = make_user("odile", role="organizer")
    tournament = demo_tournament(organizer=organizer, name="Tournoi du club")
    club_of(tournament, organizer)
    release_hands(tournament=tournament)
    yield live_server.url, tournament, organizer
    connections.close_all()


def middle_table(tournament, board: int) -> tuple[int, int]:
    """The N-S cards' marks of the table whose net score is the room's median on ``board``."""
    rows = BoardScore.objects.filter(
        tournament=tournament, board_number=board, adjusted=False, ns_marks__isnull=False
    )
    marks = sorted(
        (row.ew_marks, row.ns_marks) if row.arrow_switched else (row.ns_marks, row.ew_marks)
        for row in rows
    )
    marks.sort(key=lambda pair: pair[0] - pair[1])
    return marks[len(marks) // 2]


def test_a_player_links_their_account_and_replays_a_board_of_the_session(
    browser, replay_site, screenshot
):
    base_url, tournament, organizer = replay_site
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    found = {}
    # The account.
    page.goto(f"{base_url}/comptes/inscription/")
    page.fill("input[name=email]", EMAIL)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    found["sign-up"] = violations(page, tap_targets=True)
    page.locator("form button[type=submit]").last.tap()
    page.wait_for_url(f"{base_url}/jeu/")
    # The request to be linked to her record, under the name the club knows.
    record = Player.objects.filter(tournament=tournament).first().club_player
    page.locator("a[href='/compte/clubs/']").first.tap()
    page.wait_for_url(f"{base_url}/compte/clubs/")
    page.select_option("select[name=club]", str(record.club_id))
    page.fill("input[name=first_name]", record.first_name)
    page.fill("input[name=last_name]", record.last_name)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").last.tap()
    assert "en attente de l'organisateur" in page.locator("main").inner_text()
    found["claims"] = violations(page, tap_targets=True)
    claim = PlayerClaim.objects.get(user__email=EMAIL)
    clubs.confirm_claim(claim=claim, club_player=record, by=organizer)
    # A replay of board 3 already played, scored as the room's middle table: her marks beside
    # the room's, one table tied.
    board = tournament.boards.get(number=3)
    ns, ew = middle_table(tournament, 3)
    finished_game(claim.user, board, ns=ns, ew=ew)
    page.goto(f"{base_url}/tournois/{tournament.slug}/classement/etuis/3/")
    mark = page.locator(".replay-mark").first.inner_text()
    assert f"Votre marque : {ns} (adversaires {ew}), elle aurait battu" in mark
    assert "et égalé 1" in mark or "et égalé 2" in mark or "et égalé 3" in mark
    screenshot(page, "the traveller with the replayer's marks", docs="traveller-replay")
    found["traveller"] = violations(page, tap_targets=True)
    # Replay it: the card table opens on a new game of the board.
    before = Game.objects.count()
    page.locator("#rejouer button[type=submit]").tap()
    wait_until(page, "() => document.querySelector('#card-table')", timeout=60_000)
    game = Game.objects.exclude(status=Game.Status.FINISHED).get()
    assert Game.objects.count() == before + 1
    assert page.url == f"{base_url}/jeu/parties/{game.pk}/"
    assert (game.board, game.player) == (board, claim.user)
    # « Mes parties »: the replay with its marks, the game under way.
    page.goto(f"{base_url}/jeu/")
    assert "elle aurait battu" in page.content()
    screenshot(page, "my games", docs="my-games")
    found["my-games"] = violations(page, tap_targets=True)
    assert not any(found.values()), report(found)

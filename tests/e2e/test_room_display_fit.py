"""The room display at 1920 × 1080 with two rankings of 16 teams each (a 32-team Mitchell
without arrow switch): NS and EO side by side, every row on screen without scrolling; once the
tournament is finished, the final ranking across the full screen."""

import pytest
from django.utils import timezone

from tests.support.factories import make_tournament
from tournaments.setup.models import Round, Tournament
from tournaments.standings.models import RankingSnapshot, ScoringState

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
NAMES = ["Delacroix-Fontaine", "Beaumarchais", "Villeneuve", "Montgolfier", "Larochefoucauld"]


def ranked_field(per_direction: int) -> Tournament:
    """A running tournament whose stored ranking has ``per_direction`` teams in each direction,
    with long names."""
    tournament = make_tournament(
        name="Grand prix de coinche de Villefranche-sur-Saône", minutes_per_board=8
    )
    # Round 1 under way: the large clock shows its minutes beside the rankings.
    Round.objects.create(tournament=tournament, number=1, published=True, started_at=timezone.now())
    entries = []
    for index, direction in enumerate(("NS", "EW")):
        for rank in range(1, per_direction + 1):
            number = index * per_direction + rank
            name = f"{NAMES[number % 5]} – {NAMES[(number + 2) % 5]}"
            entries.append(
                {
                    "rank": rank,
                    "display_rank": str(rank),
                    "team": number,
                    "name": name,
                    "direction": direction,
                    "score": 70 - rank,
                    "percentage": 70 - rank + 0.25,
                    "boards": 24,
                    "tied": False,
                }
            )
    RankingSnapshot.objects.create(
        tournament=tournament,
        version=1,
        up_to_round=None,
        method="matchpoints",
        entries=entries,
        includes_changes_until=timezone.now(),
    )
    ScoringState.objects.create(tournament=tournament, version=1, computed_at=timezone.now())
    return tournament


def geometry(page) -> dict:
    return page.evaluate(
        """() => {
            const box = document.querySelector('[data-room-scroll]');
            const live = document.querySelector('[data-room-live]');
            const tables = [...document.querySelectorAll('.room-table')].map((t) => {
                const r = t.getBoundingClientRect();
                return {x: r.x, y: r.y, width: r.width, bottom: r.bottom,
                        rows: t.querySelectorAll('tbody tr').length};
            });
            const ranking = document.querySelector('.room-ranking').getBoundingClientRect();
            const clock = document.querySelector('.round-clock-large .clock-time');
            const clockRight = clock ? clock.getBoundingClientRect().right : 0;
            return {overflow: live.scrollHeight - box.clientHeight,
                    boxBottom: box.getBoundingClientRect().bottom,
                    scrolling: live.classList.contains('room-scrolling'),
                    pageScroll: document.documentElement.scrollHeight - innerHeight,
                    tables, rankingWidth: ranking.width, rankingLeft: ranking.left,
                    clockRight};
        }"""
    )


@pytest.fixture
def tv(live_site, browser):
    context = browser.new_context(viewport=TV)
    yield context.new_page(), live_site
    context.close()


def test_sixteen_teams_per_direction_fit_side_by_side_then_the_final_ranking_fills_the_screen(
    tv, screenshot
):
    page, base = tv
    tournament = ranked_field(16)
    page.goto(f"{base}/tournois/{tournament.slug}/salle/")
    page.wait_for_timeout(1500)  # room.js measures the box once the page is laid out
    seen = geometry(page)
    ns, ew = seen["tables"]
    assert ns["rows"] == ew["rows"] == 16
    # Side by side: the same top, EO to the right of NS.
    assert abs(ns["y"] - ew["y"]) < 2
    assert ew["x"] >= ns["x"] + ns["width"]
    # Every row on screen: nothing to scroll, the page included.
    assert seen["overflow"] <= 0, seen
    assert not seen["scrolling"]
    assert seen["pageScroll"] <= 0
    assert max(ns["bottom"], ew["bottom"]) <= 1080
    # The clock keeps to its narrower column.
    assert seen["clockRight"] <= seen["rankingLeft"]
    screenshot(
        page,
        "room display, 16 teams per direction",
        docs="room-display-two-rankings",
        full_page=False,
    )

    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    page.reload()
    page.wait_for_timeout(1500)
    final = geometry(page)
    # No clock: « Tournoi terminé » in a line, and the ranking across the whole width.
    assert page.locator(".room-news").inner_text().strip() == "Tournoi terminé : classement final."
    assert final["rankingWidth"] >= 0.9 * 1920
    assert final["overflow"] <= 0
    screenshot(page, "room display, final ranking", docs="room-display-final", full_page=False)


def test_beyond_sixteen_teams_per_direction_the_ranking_scrolls(tv):
    page, base = tv
    tournament = ranked_field(24)
    page.goto(f"{base}/tournois/{tournament.slug}/salle/")
    page.wait_for_timeout(1500)
    seen = geometry(page)
    assert seen["overflow"] > 0
    assert seen["scrolling"]
    assert seen["pageScroll"] <= 0

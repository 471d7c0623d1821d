"""The arbiter's dashboard (grid round × table, late tables) and a result's history page."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support.factories import team_at
from tests.support.results import PASSED, assignment, contract
from tournaments.results import selectors, services
from tournaments.results.models import Result, ResultEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter_client(client, arbiter):
    client.force_login(arbiter)
    return client


def history_url(tournament, round_number, table_number, board):
    return reverse("results:history", args=[tournament.slug, round_number, table_number, board])


def test_the_grid_counts_each_state(tournament, arbiter):
    services.record_result(
        assignment=assignment(tournament, 1, 1), board_number=1, data=contract(), by=arbiter
    )
    services.record_result(
        assignment=assignment(tournament, 1, 1),
        board_number=2,
        data=PASSED,
        by=team_at(assignment(tournament, 1, 1), "NS"),
        source="table",
    )
    entered = services.record_result(
        assignment=assignment(tournament, 1, 2),
        board_number=3,
        data=contract(),
        by=team_at(assignment(tournament, 1, 2), "NS"),
        source="table",
    )
    services.dispute_result(result=entered, reason="Faux", by=team_at(entered.assignment, "EW"))
    services.adjust_result(
        assignment=assignment(tournament, 1, 3),
        board_number=5,
        ns_adjustment="A",
        ew_adjustment="A-",
        by=arbiter,
    )
    deleted = services.record_result(
        assignment=assignment(tournament, 1, 3), board_number=6, data=PASSED, by=arbiter
    )
    services.delete_result(result=deleted, by=arbiter)
    board = selectors.dashboard(tournament)
    assert dict(board.state_counts) == {
        "missing": 14,  # 18 boards - 4 results (the deleted one is missing again)
        "entered": 1,
        "confirmed": 1,
        "disputed": 1,
        "adjusted": 1,
    }
    first_round = board.rounds[0]
    assert [cell.state for cell in first_round.cells] == ["entered", "disputed", "missing"]
    assert [item.state for item in first_round.cells[2].boards] == ["adjusted", "missing"]


def test_a_sit_out_table_shows_as_such(tournament):
    plan = assignment(tournament, 2, 2)
    plan.ew_team = None
    plan.save()
    board = selectors.dashboard(tournament)
    assert board.rounds[1].cells[1].state == "sitout"
    assert board.counts["missing"] == 16


def test_late_tables_are_those_past_their_time_without_every_result(tournament, arbiter):
    round_one = tournament.round_set.get(number=1)
    round_one.started_at = timezone.now() - datetime.timedelta(minutes=17)
    round_one.save()
    # 2 boards x 8 minutes = 16 minutes: every table of round 1 is late...
    for board in (1, 2):
        services.record_result(
            assignment=assignment(tournament, 1, 1), board_number=board, data=contract(), by=arbiter
        )
    grid = selectors.dashboard(tournament)
    # ... except table 1, whose results are all confirmed.
    assert [cell.late for cell in grid.rounds[0].cells] == [False, True, True]
    assert grid.late_tables == 2
    # Rounds not started are never late.
    assert not any(cell.late for cell in grid.rounds[1].cells)
    later = timezone.now() - datetime.timedelta(minutes=15)
    round_one.started_at = later
    round_one.save()
    assert selectors.dashboard(tournament).late_tables == 0


def test_the_dashboard_page_refreshes_its_grid_fragment(arbiter_client, tournament, arbiter):
    services.record_result(
        assignment=assignment(tournament, 1, 2), board_number=3, data=contract(), by=arbiter
    )
    page = arbiter_client.get(reverse("results:dashboard", args=[tournament.slug]))
    html = page.content.decode()
    grid_url = reverse("results:dashboard_grid", args=[tournament.slug])
    assert f'data-refresh-url="{grid_url}"' in html and 'data-refresh-seconds="10"' in html
    fragment = arbiter_client.get(grid_url).content.decode()
    assert "<html" not in fragment
    assert "Confirmé : 1" in fragment and "Manquant : 17" in fragment
    assert f'href="{history_url(tournament, 1, 2, 3)}"' in fragment


def test_the_start_button_starts_the_clock_of_a_round(arbiter_client, tournament):
    response = arbiter_client.post(reverse("results:start_round", args=[tournament.slug, 2]))
    assert response.status_code == 302
    started = tournament.round_set.get(number=2).started_at
    assert started is not None and timezone.now() - started < datetime.timedelta(minutes=1)
    assert (
        "Tour 2 démarré : les tables peuvent saisir leurs résultats."
        in arbiter_client.get(response["Location"]).content.decode()
    )


def test_the_late_table_is_highlighted_on_the_page(arbiter_client, tournament):
    tournament.round_set.filter(number=1).update(
        started_at=timezone.now() - datetime.timedelta(hours=1)
    )
    fragment = arbiter_client.get(reverse("results:dashboard_grid", args=[tournament.slug]))
    html = fragment.content.decode()
    assert html.count("cell state-missing late") == 3
    assert "3 tables en retard" in html


def test_the_history_shows_every_version_and_event(arbiter_client, tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    entered = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(),
        by=team_at(plan, "NS"),
        source="table",
        ip="9.9.9.1",
    )
    services.dispute_result(
        result=entered,
        reason="Nous avions la belote",
        by=team_at(entered.assignment, "EW"),
        ip="9.9.9.2",
    )
    html = arbiter_client.get(history_url(tournament, 1, 1, 1)).content.decode()
    assert "Contesté" in html and "« Nous avions la belote »" in html
    assert "table 1, NS" in html and "table 1, EW" in html
    assert "9.9.9.1" in html and "9.9.9.2" in html
    assert "Confirmer tel quel" in html
    assert html.count("90 ♥ par N — preneurs 100") >= 2


def test_an_arbiter_confirms_a_disputed_result_from_its_history(
    arbiter_client, tournament, arbiter
):
    plan = assignment(tournament, 1, 1)
    entered = services.record_result(
        assignment=plan, board_number=1, data=contract(), by=team_at(plan, "NS"), source="table"
    )
    disputed = services.dispute_result(
        result=entered, reason="Faux", by=team_at(entered.assignment, "EW")
    )
    url = reverse("results:confirm", args=[tournament.slug, 1, 1, 1])
    response = arbiter_client.post(url, {"version": disputed.version}, REMOTE_ADDR="203.0.113.5")
    assert response.status_code == 302
    confirmed = Result.objects.get(is_current=True)
    assert (confirmed.status, confirmed.confirmed_by) == ("confirmed", arbiter)
    event = ResultEvent.objects.get(result=confirmed)
    assert (event.actor, event.ip_address, event.before["status"]) == (
        arbiter,
        "203.0.113.5",
        "disputed",
    )
    # The same click again (an old page) is not a second confirmation.
    arbiter_client.post(url, {"version": disputed.version})
    assert Result.objects.count() == 3


def test_an_arbiter_adjusts_a_board_not_played(arbiter_client, tournament, arbiter):
    url = reverse("results:adjust", args=[tournament.slug, 3, 2, 1])
    response = arbiter_client.post(url, {"ns_adjustment": "A+", "ew_adjustment": "A-"})
    assert response.status_code == 302
    adjusted = Result.objects.get()
    assert (adjusted.status, adjusted.ns_adjustment, adjusted.ew_adjustment) == (
        "adjusted",
        "A+",
        "A-",
    )
    html = arbiter_client.get(response["Location"]).content.decode()
    assert "Score ajusté enregistré." in html
    assert "Moyenne plus (60 %)" in html and "Moyenne moins (40 %)" in html
    # Adjusting again without the version seen is refused with a clear message.
    response = arbiter_client.post(url, {"ns_adjustment": "A", "ew_adjustment": "A"}, follow=True)
    assert "Un résultat a déjà été saisi pour cet étui à cette table." in response.content.decode()
    response = arbiter_client.post(url, {"ns_adjustment": "Z", "ew_adjustment": "A"}, follow=True)
    assert "Choisissez un score ajusté pour chaque camp." in response.content.decode()
    assert Result.objects.count() == 1


def test_an_arbiter_deletes_a_result_and_it_stays_in_the_history(
    arbiter_client, tournament, arbiter
):
    result = services.record_result(
        assignment=assignment(tournament, 1, 1), board_number=2, data=PASSED, by=arbiter
    )
    url = reverse("results:delete", args=[tournament.slug, 1, 1, 2])
    response = arbiter_client.post(url, {"version": result.version}, follow=True)
    html = response.content.decode()
    assert "Résultat supprimé (il reste dans l&#x27;historique)." in html
    assert Result.objects.filter(status="deleted", is_current=True).count() == 1
    assert Result.objects.filter(pk=result.pk).exists()
    assert "Passe générale" in html  # the deleted version is still listed


def test_history_of_a_board_not_played_at_that_table_is_a_404(arbiter_client, tournament):
    assert arbiter_client.get(history_url(tournament, 1, 1, 3)).status_code == 404
    assert arbiter_client.get(history_url(tournament, 9, 1, 1)).status_code == 404


def test_a_disputed_board_is_corrected_in_the_sheet_with_replace_ticked_on_its_row(
    arbiter_client, tournament
):
    plan = assignment(tournament, 1, 2)
    entered = services.record_result(
        assignment=plan, board_number=3, data=contract(), by=team_at(plan, "NS"), source="table"
    )
    services.dispute_result(result=entered, reason="Pas de belote", by=team_at(plan, "EW"))
    correction = reverse("results:entry_round", args=[tournament.slug, 1]) + "?corriger=t2b3#t2b3"
    # The dashboard lists the disputed board with the link; so does the board's history.
    dashboard = arbiter_client.get(reverse("results:dashboard", args=[tournament.slug]))
    html = dashboard.content.decode()
    assert "« Pas de belote »" in html
    assert f'class="correct-link" href="{correction}"' in html
    # The list is part of the grid that refreshes itself: a new dispute shows up by itself.
    grid = arbiter_client.get(reverse("results:dashboard_grid", args=[tournament.slug]))
    assert f'class="correct-link" href="{correction}"' in grid.content.decode()
    assert (
        f'href="{correction}"'
        in arbiter_client.get(history_url(tournament, 1, 2, 3)).content.decode()
    )

    page = arbiter_client.get(correction).content.decode()
    row = page[page.index('id="t2b3"') : page.index('id="t2b3-errors"')]
    assert 'class="entry-row state-disputed correcting"' in row
    assert 'name="t2b3-replace" aria-label="Remplacer, étui 3" id="id_t2b3-replace" checked' in row
    assert 'name="t2b3-taker" aria-label="Preneur, étui 3" autofocus' in row
    # Only that row: the other rows keep « Remplacer » unticked and take no focus.
    assert page.count("autofocus") == 1 and page.count(" checked") == 1


def test_correcting_a_board_without_result_only_puts_the_cursor_in_its_row(
    arbiter_client, tournament
):
    url = reverse("results:entry_round", args=[tournament.slug, 1]) + "?corriger=t1b2"
    page = arbiter_client.get(url).content.decode()
    row = page[page.index('id="t1b2"') : page.index('id="t1b2-errors"')]
    assert "autofocus" in row and " checked" not in row
    # A row that is not on this round's sheet changes nothing.
    page = arbiter_client.get(url.replace("t1b2", "t9b9")).content.decode()
    assert "autofocus" not in page


def test_the_dashboard_shows_both_versions_of_a_dispute_side_by_side(arbiter_client, tournament):
    plan = assignment(tournament, 1, 1)
    entered = services.record_result(
        assignment=plan, board_number=1, data=contract(), by=team_at(plan, "NS"), source="table"
    )
    disputed = services.dispute_result(result=entered, reason="Faux", by=team_at(plan, "EW"))
    theirs = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(points=80),
        by=team_at(plan, "EW"),
        source="table",
        replace_version=disputed.version,
    )
    services.dispute_result(result=theirs, reason="Nous avions 100", by=team_at(plan, "NS"))
    html = arbiter_client.get(reverse("results:dashboard", args=[tournament.slug])).text
    listed = html[
        html.index('id="contestes"') : html.index("</section>", html.index('id="contestes"'))
    ]
    assert "Version Est-Ouest" in listed and "preneurs 80" in listed
    assert "Version Nord-Sud" in listed and "preneurs 100" in listed
    assert "« Nous avions 100 »" in listed

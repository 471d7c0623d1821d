"""Table entry by the players: one side enters, the other confirms or disputes, from a phone."""

import json
import re

import pytest
from django.db.models import Q
from django.test import Client, RequestFactory
from django.urls import reverse

from tests.support.factories import team_at
from tests.support.results import assignment, code_of, contract, enter, phone
from tournaments.results import services
from tournaments.results.models import Result, ResultEvent
from tournaments.results.table_links import table_entry_qr_svg, table_entry_url
from tournaments.setup import policy
from tournaments.setup.models import TableAssignment

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(tournament):
    return tournament.tables.get(number=1)


@pytest.fixture
def page(table):
    return reverse("results:table_entry", args=[table.token])


def act(client, page, action, board, version, round_number=1, **extra):
    return client.post(
        page,
        {"action": action, "round": round_number, "board": board, "version": version, **extra},
    )


def current(board, table_number=1):
    return Result.objects.get(table__number=table_number, board_number=board, is_current=True)


def test_the_page_shows_the_table_its_teams_and_boards_of_the_current_round(
    client, page, tournament
):
    # Round 1 is the room's round: the only one started.
    tournament.round_set.filter(number__gt=1).update(started_at=None)
    response = client.get(page)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Table 1" in html and "Tour 1" in html
    assert "1. Équipe 1" in html and "4. Équipe 4" in html
    assert 'id="etui-1"' in html and 'id="etui-2"' in html and 'id="etui-3"' not in html
    assert "Code de votre équipe" in html and 'name="b1-taker"' not in html


def test_one_side_enters_and_the_other_confirms(page):
    north_south = phone(page, "NS")
    assert "Vous êtes <strong>Nord-Sud</strong>" in north_south.get(page).content.decode()
    response = enter(
        north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100"
    )
    assert response.status_code == 302 and response["Location"].endswith("?tour=1#etui-1")
    entered = current(1)
    assert (entered.status, entered.entered_side, entered.source) == ("entered", "NS", "table")
    html = north_south.get(page).content.decode()
    assert "Étui 1 enregistré : à confirmer par Est-Ouest avec le code de leur équipe." in html
    assert "En attente de la confirmation par Est-Ouest" in html

    east_west = phone(page, "EW")
    html = east_west.get(page).content.decode()
    assert "90 ♥ par N — preneurs 100" in html
    assert "Saisi par Nord-Sud : vérifiez le résumé, puis acceptez-le ou contestez-le." in html
    # The side that entered cannot confirm: neither as itself nor with its own code.
    act(north_south, page, "confirm", 1, entered.version)
    assert current(1).status == "entered"
    assert (
        "Le résultat doit être confirmé par l&#x27;autre équipe"
        in north_south.get(page).content.decode()
    )
    act(north_south, page, "confirm", 1, entered.version, code=code_of(page, "NS"))
    assert current(1).status == "entered"

    response = act(east_west, page, "confirm", 1, entered.version)
    assert response.status_code == 302
    confirmed = current(1)
    assert (confirmed.status, confirmed.version) == ("confirmed", 2)
    event = ResultEvent.objects.get(result=confirmed)
    assert (event.actor_label, event.ip_address) == ("table 1, EW, équipe 4", "198.51.100.2")
    assert confirmed.confirmed_team.number == 4
    html = east_west.get(page).content.decode()
    assert "Résultat confirmé : seul l'arbitre peut le modifier." in html


def test_after_confirmation_the_table_cannot_change_it(page, tournament):
    services.record_result(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        data=contract(),
        by=team_at(assignment(tournament, 1, 1), "NS"),
        source="table",
    )
    services.confirm_result(result=current(1), by=team_at(current(1).assignment, "EW"))
    north_south = phone(page, "NS")
    response = enter(
        north_south,
        page,
        1,
        key="late",
        taker="N",
        bid="90",
        strain="H",
        taker_points="60",
        replace="on",
        replace_version="2",
    )
    assert response.status_code == 403
    assert "Ce résultat est confirmé : seul l&#x27;arbitre peut le modifier." in (
        response.content.decode()
    )
    assert current(1).version == 2


def test_the_other_side_disputes_then_a_corrected_entry_is_confirmed(page):
    north_south, east_west = phone(page, "NS"), phone(page, "EW")
    enter(north_south, page, 2, key="d1", taker="E", bid="80", strain="S", taker_points="70")
    entered = current(2)
    response = act(east_west, page, "dispute", 2, entered.version, reason="")
    assert response.status_code == 400
    assert "Ce champ est obligatoire." in response.content.decode()
    assert current(2).status == "entered"
    response = act(east_west, page, "dispute", 2, entered.version, reason="Nous avions 92.")
    assert response.status_code == 302
    disputed = current(2)
    assert (disputed.status, disputed.dispute_reason) == ("disputed", "Nous avions 92.")
    html = north_south.get(page).content.decode()
    assert "« Nous avions 92. »" in html and "L'arbitre a été prévenu" in html
    # The table settles it: East-West enters the exact result, North-South confirms it.
    response = enter(
        east_west,
        page,
        2,
        key="d2",
        taker="E",
        bid="80",
        strain="S",
        taker_points="92",
        replace="on",
        replace_version=str(disputed.version),
    )
    assert response.status_code == 302
    corrected = current(2)
    assert (corrected.status, corrected.entered_side, corrected.version) == ("entered", "EW", 3)
    act(north_south, page, "confirm", 2, corrected.version)
    assert current(2).status == "confirmed" and current(2).record["taker_points"] == 92
    actions = list(ResultEvent.objects.filter(board_number=2).values_list("action", flat=True))
    assert actions == ["create", "dispute", "change", "confirm"]


def test_a_reloaded_form_creates_nothing(page):
    north_south = phone(page, "NS")
    fields = {"taker": "N", "bid": "100", "strain": "C", "taker_points": "120"}
    first = enter(north_south, page, 1, key="same-key", **fields)
    again = enter(north_south, page, 1, key="same-key", **fields)
    assert first.status_code == again.status_code == 302
    assert Result.objects.count() == 1
    assert "cet envoi avait déjà été enregistré" in north_south.get(page).content.decode()


def test_a_second_entry_of_the_same_board_is_refused_clearly(page):
    north_south, east_west = phone(page, "NS"), phone(page, "EW")
    enter(north_south, page, 1, key="a", taker="N", bid="90", strain="H", taker_points="100")
    response = enter(
        east_west, page, 1, key="b", taker="N", bid="90", strain="H", taker_points="80"
    )
    assert response.status_code == 409
    assert "Un résultat a déjà été saisi pour cet étui à cette table." in response.content.decode()
    assert Result.objects.count() == 1


def test_nothing_is_entered_before_giving_a_team_code(client, page):
    response = enter(client, page, 1, key="x", passed="on")
    assert response.status_code == 403
    assert "Donnez d&#x27;abord le code de votre équipe" in response.content.decode()
    assert not Result.objects.exists()


def test_the_opponents_confirm_on_the_same_phone_with_their_own_code(page):
    north_south = phone(page, "NS")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    entered = current(1)
    html = north_south.get(page).content.decode()
    assert "Code de l'équipe qui confirme" in html
    response = act(north_south, page, "confirm", 1, entered.version, code=code_of(page, "EW"))
    assert response.status_code == 302
    confirmed = current(1)
    assert (confirmed.status, confirmed.confirmed_team.number) == ("confirmed", 4)
    # The phone is still North-South's: the code given to confirm is not remembered.
    assert "Vous êtes <strong>Nord-Sud</strong>" in north_south.get(page).content.decode()


def three_boards_entered_by_north_south(page, tournament):
    """North-South's phone, with boards 1 and 2 entered (the round's two boards at table 1)."""
    north_south = phone(page, "NS")
    for board in (1, 2):
        enter(
            north_south,
            page,
            board,
            key=f"k{board}",
            taker="N",
            bid="90",
            strain="H",
            taker_points="100",
        )
    return north_south


def test_the_other_team_gives_its_code_once_then_accepts_each_board_in_one_tap(page, tournament):
    north_south = three_boards_entered_by_north_south(page, tournament)
    html = north_south.get(page).content.decode()
    assert "Est-Ouest confirme" in html and 'id="other-team-code"' in html
    assert 'type="password" id="other-team-code" name="code" inputmode="numeric"' in html
    assert "Sans code à taper : ouvrez le QR code de votre fiche de route" in html
    assert 'class="confirm-form"' not in html
    response = north_south.post(
        page, {"action": "identify_other", "round": 1, "code": code_of(page, "EW")}
    )
    assert response.status_code == 302
    html = north_south.get(page).content.decode()
    assert "Est-Ouest</strong> (Équipe 4) accepte ou conteste chaque étui." in html
    assert html.count('class="confirm-form"') == 2 and "Tout accepter (2 étuis)" in html
    # One tap on board 1: no code with it.
    act(north_south, page, "confirm", 1, current(1).version)
    assert (current(1).status, current(1).confirmed_team.number) == ("confirmed", 4)
    # The phone is still North-South's for entering.
    assert "Vous êtes <strong>Nord-Sud</strong>" in north_south.get(page).content.decode()
    events = ResultEvent.objects.filter(action="confirm")
    assert [event.actor_label for event in events] == ["table 1, EW, équipe 4"]


def test_accept_all_confirms_every_board_shown_each_audited(page, tournament):
    north_south = three_boards_entered_by_north_south(page, tournament)
    north_south.post(page, {"action": "identify_other", "round": 1, "code": code_of(page, "EW")})
    response = north_south.post(
        page,
        {"action": "confirm_all", "round": 1, "v1": current(1).version, "v2": current(2).version},
        follow=True,
    )
    assert "Étuis 1, 2 confirmés." in response.content.decode()
    assert {current(board).status for board in (1, 2)} == {"confirmed"}
    events = ResultEvent.objects.filter(action="confirm").order_by("board_number")
    assert [(e.board_number, e.actor_label) for e in events] == [
        (1, "table 1, EW, équipe 4"),
        (2, "table 1, EW, équipe 4"),
    ]


def test_the_other_teams_proof_ends_when_the_phone_enters_again(page, tournament):
    north_south = phone(page, "NS")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    north_south.post(page, {"action": "identify_other", "round": 1, "code": code_of(page, "EW")})
    enter(north_south, page, 2, key="k2", taker="N", bid="90", strain="H", taker_points="100")
    # Back with North-South, who entered board 2: East-West's proof accepts nothing now.
    act(north_south, page, "confirm", 2, current(2).version)
    north_south.post(page, {"action": "confirm_all", "round": 1, "v1": 1, "v2": 1})
    assert current(1).status == current(2).status == "entered"
    assert not ResultEvent.objects.filter(action="confirm").exists()
    assert 'id="other-team-code"' in north_south.get(page).content.decode()


def test_the_entering_teams_own_code_does_not_make_it_the_confirming_team(page, tournament):
    north_south = phone(page, "NS")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    response = north_south.post(
        page, {"action": "identify_other", "round": 1, "code": code_of(page, "NS")}, follow=True
    )
    assert "C&#x27;est le code de votre équipe : c&#x27;est Est-Ouest qui confirme" in (
        response.content.decode()
    )
    act(north_south, page, "confirm", 1, current(1).version)
    north_south.post(page, {"action": "confirm_all", "round": 1, "v1": 1})
    assert current(1).status == "entered"


def test_a_refused_other_code_is_not_kept_on_the_page(page, tournament):
    north_south = phone(page, "NS")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    wrong = wrong_codes(current(1).assignment, 1)[0]
    response = north_south.post(
        page, {"action": "identify_other", "round": 1, "code": wrong}, follow=True
    )
    html = response.content.decode()
    assert "Code d" in html and wrong not in html
    assert 'id="other-team-code" name="code"' in html and "value=" not in re.search(
        r'<input type="password" id="other-team-code"[^>]*>', html
    ).group(0)
    assert current(1).status == "entered"


def test_the_other_teams_proof_does_not_outlive_the_meeting(tournament):
    table = tournament.tables.get(number=1)
    page = reverse("results:table_entry", args=[table.token])
    north_south = phone(page, "NS")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    north_south.post(page, {"action": "identify_other", "round": 1, "code": code_of(page, "EW")})
    round_two = TableAssignment.objects.get(table=table, round__number=2)
    services.record_result(
        assignment=round_two,
        board_number=round_two.boards[0],
        data=contract(),
        by=team_at(round_two, "NS"),
        source="table",
    )
    result = Result.objects.get(assignment=round_two, is_current=True)
    for action in ("confirm", "confirm_all"):
        north_south.post(
            page,
            {
                "action": action,
                "round": 2,
                "board": result.board_number,
                "version": result.version,
                f"v{result.board_number}": result.version,
            },
        )
    assert Result.objects.get(assignment=round_two, is_current=True).status == "entered"


def test_the_old_change_of_side_cannot_confirm_anything(page):
    north_south = phone(page, "NS")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    north_south.post(page, {"action": "side", "side": "EW"})
    north_south.post(page, {"action": "forget", "round": 1})
    north_south.post(page, {"action": "identify", "round": 1, "code": "not-a-code"})
    act(north_south, page, "confirm", 1, current(1).version)
    act(north_south, page, "confirm", 1, current(1).version, code="")
    assert current(1).status == "entered"


def wrong_codes(plan, count):
    """Codes of none of the tournament's teams."""
    taken = set(plan.round.tournament.teams.values_list("code", flat=True))
    return [f"{n:04d}" for n in range(10_000) if f"{n:04d}" not in taken][:count]


def test_wrong_codes_are_counted_against_both_teams_of_the_meeting_and_lock_them(page, tournament):
    plan = assignment(tournament, 1, 1)
    client = Client()
    for guess in wrong_codes(plan, services.MAX_CODE_FAILURES):
        client.post(page, {"action": "identify", "round": 1, "code": guess})
    failures = dict(tournament.teams.values_list("number", "code_failures"))
    assert failures[plan.ns_team.number] == services.MAX_CODE_FAILURES
    assert failures[plan.ew_team.number] == services.MAX_CODE_FAILURES
    # Teams of the other tables were not guessed at.
    assert sum(failures.values()) == 2 * services.MAX_CODE_FAILURES
    # Even the right code is refused now: the arbiter confirms at this table.
    client.post(page, {"action": "identify", "round": 1, "code": plan.ns_team.code})
    html = client.get(page + "?tour=1").content.decode()
    assert "Trop de codes erronés à cette table" in html
    assert "Vous êtes" not in html


def test_a_locked_code_stays_locked_in_the_next_round_until_the_arbiter_unlocks_it(
    tournament, arbiter
):
    plan = assignment(tournament, 1, 1)
    team = plan.ns_team
    table_one = reverse("results:table_entry", args=[plan.table.token])
    for guess in wrong_codes(plan, services.MAX_CODE_FAILURES):
        Client().post(table_one, {"action": "identify", "round": 1, "code": guess})
    later = TableAssignment.objects.get(
        Q(ns_team=team) | Q(ew_team=team), round__tournament=tournament, round__number=2
    )
    elsewhere = reverse("results:table_entry", args=[later.table.token])
    phone = Client()
    phone.post(elsewhere, {"action": "identify", "round": 2, "code": team.code})
    assert "Vous êtes" not in phone.get(elsewhere + "?tour=2").content.decode()
    team.refresh_from_db()
    services.unlock_team_code(team=team, by=arbiter)
    phone.post(elsewhere, {"action": "identify", "round": 2, "code": team.code})
    assert "Vous êtes" in phone.get(elsewhere + "?tour=2").content.decode()


def test_only_an_arbiter_unlocks_a_code(tournament, make_user):
    team = tournament.teams.first()
    with pytest.raises(services.ResultForbidden):
        services.unlock_team_code(team=team, by=make_user("someone"))


def test_the_right_code_gives_back_the_try_it_took(page, tournament):
    phone(page, "NS")
    phone(page, "EW")
    assert set(tournament.teams.values_list("code_failures", flat=True)) == {0}


def test_concurrent_guesses_never_check_more_codes_than_the_limit(tournament):
    plan = assignment(tournament, 1, 1)
    guesses = wrong_codes(plan, 3 * services.MAX_CODE_FAILURES)
    refused = []
    for guess in guesses:
        # Each guess reads the plan row as it was before all of them: the counter is the
        # database's, not the row the request read.
        stale = assignment(tournament, 1, 1)
        try:
            services.team_by_code(assignment=stale, code=guess)
        except services.ResultForbidden as error:
            refused.append(str(error))
    failures = set(
        tournament.teams.filter(pk__in=[plan.ns_team_id, plan.ew_team_id]).values_list(
            "code_failures", flat=True
        )
    )
    assert failures == {services.MAX_CODE_FAILURES}
    assert sum("Trop de codes" in message for message in refused) == 2 * (
        services.MAX_CODE_FAILURES
    )


def test_an_empty_code_is_asked_for_in_french_and_not_counted_as_wrong(page, tournament):
    # No browser validation on the page's forms: the site's own messages, in French, whatever
    # the phone's language.
    forms = re.findall(r'<form method="post"[^>]*>', Client().get(page).content.decode())
    assert forms and all("novalidate" in form for form in forms)
    client = Client()
    response = client.post(page, {"action": "identify", "round": 1, "code": " "}, follow=True)
    assert "Donnez le code de votre équipe" in response.content.decode()
    north_south = phone(page, "NS")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    act(north_south, page, "confirm", 1, current(1).version, code="")
    assert "Donnez le code de votre équipe" in north_south.get(page).content.decode()
    assert current(1).status == "entered"
    assert set(tournament.teams.values_list("code_failures", flat=True)) == {0}
    forms = re.findall(r'<form method="post"[^>]*>', north_south.get(page).content.decode())
    assert len(forms) > 2 and all("novalidate" in form for form in forms)


def test_a_board_of_another_table_cannot_be_entered(page):
    north_south = phone(page, "NS")
    enter(north_south, page, 3, key="x", passed="on")
    assert not Result.objects.exists()
    html = north_south.get(page).content.decode()
    assert "Cet étui n&#x27;est pas joué à cette table dans ce tour." in html


def page_body(client, url) -> str:
    """The page without what changes at each request (the form's CSRF token, the time left)."""
    html = client.get(url).content.decode()
    html = re.sub(r'(role="timer">)[^<]*', r"\1", html)  # the clock's time left, to the second
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def test_a_table_link_shows_nothing_of_a_round_to_a_phone_not_proved_for_it(page, tournament):
    """The table card lies on the table: the teams that play there in round 2 hold its link in
    round 1. Whether round 2's boards were entered, and what, is not on the page."""
    north_south_round_one = phone(page, "NS")
    north_south_round_one.get(page)  # the « Vous êtes Nord-Sud » message, shown once
    before = page_body(north_south_round_one, page + "?tour=2")
    anonymous_before = page_body(Client(), page + "?tour=2")
    plan = assignment(tournament, 2, 1)
    for board in plan.boards:
        services.record_result(assignment=plan, board_number=board, data=contract(), by=None)
    assert page_body(north_south_round_one, page + "?tour=2") == before
    assert page_body(Client(), page + "?tour=2") == anonymous_before
    assert "Résultat confirmé" not in before and "Confirmé" not in before


def test_which_round_the_page_opens_on_does_not_depend_on_the_results(page, tournament):
    before = page_body(Client(), page)
    for board in (1, 2):
        services.record_result(
            assignment=assignment(tournament, 1, 1), board_number=board, data=contract(), by=None
        )
    assert page_body(Client(), page) == before


def test_a_phone_proved_for_the_meeting_sees_its_results(page, tournament):
    north_south = phone(page, "NS")
    services.record_result(
        assignment=assignment(tournament, 1, 1), board_number=1, data=contract(), by=None
    )
    html = north_south.get(page).content.decode()
    assert "Résultat confirmé" in html and "Tour 1 ✓" not in html
    services.record_result(
        assignment=assignment(tournament, 1, 1), board_number=2, data=contract(), by=None
    )
    html = north_south.get(page + "?tour=1").content.decode()
    assert "Tour 1 ✓" in html


def test_results_of_released_boards_are_shown_to_anyone(page, tournament):
    for board in (1, 2):
        services.record_result(
            assignment=assignment(tournament, 1, 1), board_number=board, data=contract(), by=None
        )
    assert "Résultat confirmé" not in Client().get(page + "?tour=1").content.decode()
    tournament.round_set.update(hands_released=True)
    assert "Résultat confirmé" in Client().get(page + "?tour=1").content.decode()


def test_a_proof_given_at_one_table_does_not_act_at_another(tournament):
    """Team 1 typed its code on this phone at table 1 in round 1; in round 2 the phone is at
    the table where team 1 plays again: without a new proof, it is no team there."""
    first = assignment(tournament, 1, 1)
    team = first.ns_team
    device = Client()
    table_one = reverse("results:table_entry", args=[first.table.token])
    device.post(table_one, {"action": "identify", "round": 1, "code": team.code})
    assert "Vous êtes" in device.get(table_one).content.decode()
    later = TableAssignment.objects.select_related("table").get(
        Q(ns_team=team) | Q(ew_team=team), round__tournament=tournament, round__number=2
    )
    other_side = later.ew_team if later.ns_team_id == team.pk else later.ns_team
    result = services.record_result(
        assignment=later,
        board_number=later.boards[0],
        data=contract(),
        by=policy.team_actor(other_side),
    )
    there = reverse("results:table_entry", args=[later.table.token])
    assert "Vous êtes" not in device.get(there + "?tour=2").content.decode()
    device.post(
        there,
        {"action": "confirm", "round": 2, "board": later.boards[0], "version": result.version},
    )
    assert current(later.boards[0], later.table.number).status == "entered"


def test_a_team_link_proves_the_team_for_its_current_meeting_only(tournament):
    team = assignment(tournament, 1, 1).ew_team
    device = Client()
    device.get(reverse("results:team_link", args=[team.token]))
    first = assignment(tournament, 1, 1)
    table_one = reverse("results:table_entry", args=[first.table.token])
    assert "Vous êtes <strong>Est-Ouest</strong>" in device.get(table_one).content.decode()
    later = TableAssignment.objects.select_related("table").get(
        Q(ns_team=team) | Q(ew_team=team), round__tournament=tournament, round__number=2
    )
    there = reverse("results:table_entry", args=[later.table.token])
    assert "Vous êtes" not in device.get(there + "?tour=2").content.decode()
    # Round 1 done: the link opened again proves the team for round 2.
    for board in first.boards:
        services.record_result(assignment=first, board_number=board, data=contract(), by=None)
    device.get(reverse("results:team_link", args=[team.token]))
    assert "Vous êtes" in device.get(there + "?tour=2").content.decode()


def test_unpublished_rounds_are_not_shown(page, tournament):
    tournament.round_set.filter(number__gte=2).update(published=False)
    html = Client().get(page).content.decode()
    assert "?tour=2" not in html
    assert 'id="etui-3"' not in Client().get(page + "?tour=2").content.decode()


def test_entry_is_closed_once_the_tournament_is_finished(page, tournament):
    tournament.status = tournament.Status.FINISHED
    tournament.save()
    north_south = phone(page, "NS")
    html = north_south.get(page).content.decode()
    assert "La saisie est fermée" in html and 'name="b1-taker"' not in html
    enter(north_south, page, 1, key="x", passed="on")
    assert not Result.objects.exists()


def test_the_table_url_and_its_qr_code(table, settings):
    settings.ALLOWED_HOSTS = ["coinche.example.org"]
    request = RequestFactory().get("/", HTTP_HOST="coinche.example.org")
    assert table_entry_url(table, request) == (f"http://coinche.example.org/table/{table.token}/")
    settings.SITE_URL = "https://club.example.org/"
    assert table_entry_url(table) == f"https://club.example.org/table/{table.token}/"
    svg = table_entry_qr_svg(table, request)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    other = table.tournament.tables.get(number=2)
    assert table_entry_qr_svg(other, request) != svg


def test_a_team_link_makes_the_phone_that_team_and_shows_its_route(page, tournament):
    team = assignment(tournament, 1, 1).ew_team
    phone = Client()
    response = phone.get(reverse("results:team_link", args=[team.token]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Votre fiche de route" in html and team.display_name in html
    # Its table in round 1 (table 1), as a link to the table's page, and no code shown.
    assert f'href="{page}?tour=1"' in html
    assert team.code not in html
    # Back at the table, the phone is East-West without giving a code.
    assert "Vous êtes <strong>Est-Ouest</strong>" in phone.get(page).content.decode()


def test_the_other_team_confirms_from_its_own_linked_phone(page, tournament):
    plan = assignment(tournament, 1, 1)
    north_south = phone(page, "NS")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    east_west = Client()
    east_west.get(reverse("results:team_link", args=[plan.ew_team.token]))
    html = east_west.get(page).content.decode()
    assert "Saisi par Nord-Sud : vérifiez le résumé, puis acceptez-le ou contestez-le." in html
    act(east_west, page, "confirm", 1, current(1).version)
    confirmed = current(1)
    assert (confirmed.status, confirmed.confirmed_team_id) == ("confirmed", plan.ew_team_id)


def test_a_wrong_team_link_is_not_found_and_a_closed_table_entry_too(tournament):
    assert Client().get(reverse("results:team_link", args=["nope"])).status_code == 404
    team = tournament.teams.get(number=1)
    tournament.table_entry = False
    tournament.save()
    assert Client().get(reverse("results:team_link", args=[team.token])).status_code == 404


def phone_options(html):
    found = re.search(
        r'<script id="phone-entry-options" type="application/json">(.*?)</script>', html
    )
    return json.loads(found.group(1))


def test_the_phone_buttons_offer_what_the_rules_allow(page, tournament):
    options = phone_options(phone(page, "NS").get(page).content.decode())
    assert [strain["value"] for strain in options["strains"]] == ["S", "H", "D", "C"]
    assert [seat["text"] for seat in options["seats"]] == ["N", "E", "S", "O"]
    assert options["bids"][:3] == ["80", "90", "100"] and options["bids"][-1] == "capot"
    assert "170" in options["bids"]
    assert (options["belote"], options["generale"]) == ("seat", False)
    assert [kind["value"] for kind in options["annonces"]["kinds"]] == [
        "tierce",
        "cinquante",
        "cent",
        "carre",
    ]
    tournament.rules = {"no_trump": True, "all_trump": True, "generale_bonus": 500}
    tournament.save()
    options = phone_options(phone(page, "NS").get(page).content.decode())
    assert [strain["text"] for strain in options["strains"]] == ["♠", "♥", "♦", "♣", "SA", "TA"]
    assert (options["belote"], options["generale"]) == ("seats", True)
    tournament.rules = {"annonces": False}
    tournament.save()
    options = phone_options(phone(page, "NS").get(page).content.decode())
    assert options["annonces"] is None
    # Nothing from the hands: the same buttons whatever the cards.
    board = tournament.boards.get(number=1)
    board.hands = {"N": "AKQJT.AK.K.K", "E": "987.QJT.AQ.AQ", "S": ".987.JT98.JT9", "W": ".Q.7.87"}
    board.save()
    assert phone_options(phone(page, "NS").get(page).content.decode()) == options


def test_the_table_sees_the_marks_of_a_score_the_arbiter_assigned(page, tournament, arbiter):
    services.assign_score(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        ns_marks=160,
        ew_marks=0,
        by=arbiter,
    )

    text = phone(page, "NS").get(page).text
    board = text[text.index('id="etui-1"') : text.index('id="etui-2"')]

    assert "Score assigné par l&#x27;arbitre" in board or "Score assigné par l'arbitre" in board
    assert "<strong>160</strong>" in board and "<strong>0</strong>" in board


@pytest.mark.parametrize("link", ["team", "table"])
def test_the_phone_s_first_page_sets_the_csrf_cookie(tournament, page, link):
    """The route card's or table card's QR code is the phone's first page: it sets the CSRF
    secret that the table's page and the service worker's copy of it then share (without it,
    two pages rendered at once each set their own, and one page's forms were refused)."""
    if link == "team":
        url = reverse("results:team_link", args=[assignment(tournament, 1, 1).ns_team.token])
    else:
        url = page

    response = Client().get(url)

    assert "csrftoken" in response.cookies


def test_the_arbiter_sees_locked_codes_and_unlocks_them(tournament, arbiter, page):
    plan = assignment(tournament, 1, 1)
    for guess in wrong_codes(plan, services.MAX_CODE_FAILURES):
        Client().post(page, {"action": "identify", "round": 1, "code": guess})
    staff = Client()
    staff.force_login(arbiter)
    dashboard = reverse("results:dashboard", args=[tournament.slug])
    html = staff.get(dashboard).content.decode()
    assert "équipe bloqués" in html and str(plan.ns_team) in html
    unlock = reverse("results:unlock_code", args=[tournament.slug, plan.ns_team.number])
    assert Client().post(unlock).status_code in (302, 403)
    assert tournament.teams.get(pk=plan.ns_team_id).code_failures == services.MAX_CODE_FAILURES
    response = staff.post(unlock)
    assert response.status_code == 302
    assert tournament.teams.get(pk=plan.ns_team_id).code_failures == 0
    assert tournament.teams.get(pk=plan.ew_team_id).code_failures == services.MAX_CODE_FAILURES


def test_the_contesting_team_types_the_exact_result_at_once_and_it_waits_for_the_first(page):
    north_south, east_west = phone(page, "NS"), phone(page, "EW")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    html = east_west.get(page).content.decode()
    assert 'value="dispute_exact"' in html and "Contester avec ce résultat" in html
    assert "Appeler l'arbitre" in html
    exact = {
        "action": "dispute_exact",
        "round": 1,
        "board": 1,
        "version": current(1).version,
        "b1-coinche": "0",
        "b1-taker": "N",
        "b1-bid": "90",
        "b1-strain": "H",
        "b1-taker_points": "80",
        "b1-submission_key": "exact-1",
    }
    response = east_west.post(page, exact)
    assert response.status_code == 302
    waiting = current(1)
    assert (waiting.status, waiting.entered_side, waiting.version) == ("entered", "EW", 3)
    assert waiting.record["taker_points"] == 80
    actions = list(ResultEvent.objects.filter(board_number=1).values_list("action", flat=True))
    assert actions == ["create", "dispute", "change"]
    assert "votre résultat attend la confirmation de Nord-Sud" in east_west.get(page).text
    # North-South accept it in one tap.
    html = north_south.get(page).content.decode()
    assert "Saisi par Est-Ouest" in html
    act(north_south, page, "confirm", 1, waiting.version)
    assert current(1).status == "confirmed" and current(1).record["taker_points"] == 80


def test_an_incomplete_exact_result_disputes_nothing(page):
    north_south, east_west = phone(page, "NS"), phone(page, "EW")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    response = east_west.post(
        page,
        {"action": "dispute_exact", "round": 1, "board": 1, "version": 1, "b1-coinche": "0"},
    )
    assert response.status_code == 400
    assert current(1).status == "entered" and current(1).version == 1
    # Nor may the team that entered dispute its own entry this way.
    entered_again = north_south.post(page, {**{"action": "dispute_exact"}, "round": 1, "board": 1})
    assert entered_again.status_code in (302, 400, 403) and current(1).version == 1


def test_a_disputed_board_says_what_the_table_can_do_next(page):
    north_south, east_west = phone(page, "NS"), phone(page, "EW")
    enter(north_south, page, 1, key="k1", taker="N", bid="90", strain="H", taker_points="100")
    act(east_west, page, "dispute", 1, current(1).version, reason="Nous avions 92.")
    html = north_south.get(page).content.decode()
    assert "vous pouvez aussi saisir le résultat exact ci-dessous" in html
    assert "<summary>Saisir le résultat exact</summary>" in html
    # A phone with no form below is not promised one.
    anonymous = Client().get(page).content.decode()
    assert "saisir le résultat exact ci-dessous" not in anonymous


def test_when_the_round_is_over_the_page_says_where_each_team_goes(page, tournament):
    plan = TableAssignment.objects.get(
        table__number=1, round__number=1, round__tournament=tournament
    )
    north_south = phone(page, "NS")
    assert "Au tour 2" not in north_south.get(page).text
    for board in plan.boards:
        entered = services.record_result(
            assignment=plan, board_number=board, data=contract(), by=team_at(plan, "NS")
        )
        services.confirm_result(result=entered, by=team_at(plan, "EW"))
    html = north_south.get(page + "?tour=1").text
    # Round 2 of the small Mitchell: team 1 stays North-South at table 1, team 4 goes to table 2.
    assert "Au tour 2" in html
    assert "<strong>Nord-Sud</strong> : restez table 1 · <strong>Est-Ouest</strong> : table 2" in (
        html.replace("\u00a0", " ")
    )
    # A phone that may not know the round is over is not told.
    assert "Au tour 2" not in Client().get(page + "?tour=1").text


def test_the_round_clock_stops_and_disappears_once_the_tournament_is_finished(page, tournament):
    clock = reverse("results:clock", args=[tournament.slug])
    assert Client().get(clock).json()["state"] != "finished"
    assert "data-round-clock" in Client().get(page).text
    tournament.status = "finished"
    tournament.save(update_fields=["status"])
    assert Client().get(clock).json() == {"state": "finished"}
    assert "data-round-clock" not in Client().get(page).text


def test_the_team_page_says_where_to_go_once_its_round_is_over(tournament):
    plan = TableAssignment.objects.get(
        table__number=1, round__number=1, round__tournament=tournament
    )
    link = reverse("results:team_link", args=[plan.ew_team.token])
    assert "Votre tour est terminé" not in Client().get(link).text
    for board in plan.boards:
        entered = services.record_result(
            assignment=plan, board_number=board, data=contract(), by=team_at(plan, "NS")
        )
        services.confirm_result(result=entered, by=team_at(plan, "EW"))
    # Team 4 (East-West at table 1) plays round 2 at table 2; team 1 stays at table 1.
    assert "Votre tour est terminé : allez à la table 2." in Client().get(link).text
    home = reverse("results:team_link", args=[plan.ns_team.token])
    assert "Votre tour est terminé : restez table 1." in Client().get(home).text

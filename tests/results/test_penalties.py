"""The arbiter's assigned scores in points and procedural penalties: stored, validated with
French messages, audited, and refused to anyone but the tournament's arbiters."""

import pytest
from django.urls import reverse

from tests.support.factories import small_tournament
from tests.support.results import assignment, contract
from tests.support.standings import is_stale
from tournaments.results import services
from tournaments.results.exceptions import InvalidAction, ResultConflict, ResultForbidden
from tournaments.results.models import Penalty, Result, ResultEvent
from tournaments.setup import policy

pytestmark = pytest.mark.django_db


def team(tournament, number):
    return tournament.teams.get(number=number)


# --- Assigned scores -------------------------------------------------------------------------


def test_an_assigned_score_is_stored_as_marks_with_the_adjusted_status(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    result = services.assign_score(
        assignment=plan, board_number=1, ns_marks=160, ew_marks=0, by=arbiter, ip="4.4.4.4"
    )
    assert (result.status, result.ns_marks, result.ew_marks, result.record) == (
        "adjusted",
        160,
        0,
        None,
    )
    assert result.is_assigned_score and result.counts
    assert (result.ns_adjustment, result.ew_adjustment) == ("", "")
    event = ResultEvent.objects.get(result=result)
    assert (event.action, event.actor, event.ip_address) == ("assign", arbiter, "4.4.4.4")
    assert (event.after["ns_marks"], event.after["ew_marks"]) == (160, 0)
    assert is_stale(tournament)


def test_an_adjusted_score_of_40_60_is_not_an_assigned_score(tournament, arbiter):
    result = services.adjust_result(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        ns_adjustment="A+",
        ew_adjustment="A-",
        by=arbiter,
    )
    assert not result.is_assigned_score


@pytest.mark.parametrize(
    ("ns", "ew", "message"),
    [
        (155, 0, "arrondies à la dizaine"),
        (-10, 0, "nombres entiers, 0 ou plus"),
        (4010, 0, "au plus 4000 points"),
    ],
)
def test_the_marks_of_an_assigned_score_are_checked(tournament, arbiter, ns, ew, message):
    with pytest.raises(InvalidAction, match=message):
        services.assign_score(
            assignment=assignment(tournament, 1, 1),
            board_number=1,
            ns_marks=ns,
            ew_marks=ew,
            by=arbiter,
        )
    assert not Result.objects.exists()


def test_without_rounding_any_whole_marks_may_be_assigned(tournament, arbiter):
    tournament.rules = {**tournament.rule_settings().to_dict(), "rounding": "none"}
    tournament.save(update_fields=["rules"])
    result = services.assign_score(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        ns_marks=155,
        ew_marks=7,
        by=arbiter,
    )
    assert (result.ns_marks, result.ew_marks) == (155, 7)


def test_assigning_over_a_result_needs_the_version_seen(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    services.record_result(assignment=plan, board_number=1, data=contract(), by=arbiter)
    with pytest.raises(ResultConflict):
        services.assign_score(assignment=plan, board_number=1, ns_marks=0, ew_marks=250, by=arbiter)
    replaced = services.assign_score(
        assignment=plan, board_number=1, ns_marks=0, ew_marks=250, by=arbiter, replace_version=1
    )
    assert (replaced.version, replaced.ew_marks) == (2, 250)
    event = ResultEvent.objects.get(result=replaced)
    assert (event.before["version"], event.after["version"]) == (1, 2)


def test_only_arbiters_assign_scores(tournament, make_user):
    plan = assignment(tournament, 1, 1)
    with pytest.raises(ResultForbidden):
        services.assign_score(
            assignment=plan,
            board_number=1,
            ns_marks=160,
            ew_marks=0,
            by=policy.team_actor(plan.ns_team),
        )
    with pytest.raises(ResultForbidden):
        services.assign_score(
            assignment=plan, board_number=1, ns_marks=160, ew_marks=0, by=make_user("passant")
        )
    assert not Result.objects.exists()


# --- Procedural penalties --------------------------------------------------------------------


def test_a_board_penalty_is_stored_in_percent_of_a_top_and_audited(tournament, arbiter):
    penalty = services.give_penalty(
        tournament=tournament,
        team=team(tournament, 5),
        amount=25,
        reason="  Retard  ",
        board_number=1,
        by=arbiter,
        ip="1.2.3.4",
    )
    # Team 5 plays board 1 at table 3 in round 2.
    assert (penalty.unit, penalty.amount, penalty.round_number, penalty.reason) == (
        "percent",
        25,
        2,
        "Retard",
    )
    event = ResultEvent.objects.get(penalty=penalty)
    assert (event.action, event.actor, event.ip_address) == ("penalty", arbiter, "1.2.3.4")
    assert (event.round_number, event.table_number, event.board_number) == (2, 3, 1)
    assert event.after == {
        "team": 5,
        "board": 1,
        "round": 2,
        "amount": 25,
        "unit": "percent",
        "reason": "Retard",
        "removed": False,
        "removal_reason": "",
    }
    assert is_stale(tournament)


def test_a_penalty_is_in_points_when_the_ranking_is_by_points(tournament, arbiter):
    tournament.scoring_method = "datum"
    tournament.save(update_fields=["scoring_method"])
    penalty = services.give_penalty(
        tournament=tournament, team=team(tournament, 1), amount=50, reason="Jeu lent", by=arbiter
    )
    assert (penalty.unit, penalty.board_number) == ("points", None)
    assert services.give_penalty(
        tournament=tournament, team=team(tournament, 1), amount=1000, reason="x", by=arbiter
    ).amount
    with pytest.raises(InvalidAction, match="au plus 1000 points"):
        services.give_penalty(
            tournament=tournament, team=team(tournament, 1), amount=1001, reason="x", by=arbiter
        )


def test_a_session_penalty_counts_from_the_latest_started_round_or_the_one_named(
    tournament, arbiter
):
    session = services.give_penalty(
        tournament=tournament, team=team(tournament, 2), amount=10, reason="Portable", by=arbiter
    )
    assert (session.board_number, session.round_number) == (None, 3)
    event = ResultEvent.objects.get(penalty=session)
    assert (event.board_number, event.round_number, event.table_number) == (None, 3, 2)
    named = services.give_penalty(
        tournament=tournament,
        team=team(tournament, 2),
        amount=10,
        reason="Portable",
        round_number=1,
        by=arbiter,
    )
    assert named.round_number == 1
    with pytest.raises(InvalidAction, match="Le tour 9 n'existe pas"):
        services.give_penalty(
            tournament=tournament,
            team=team(tournament, 2),
            amount=10,
            reason="Portable",
            round_number=9,
            by=arbiter,
        )


@pytest.mark.parametrize(
    ("amount", "reason", "board", "message"),
    [
        (0, "Retard", None, "nombre entier positif"),
        (101, "Retard", None, "au plus 100 % du top"),
        (10, "   ", None, "Indiquez le motif"),
        (10, "x" * 501, None, "trop long"),
        (10, "Retard", 7, "L'équipe 5 ne joue pas l'étui 7"),
    ],
)
def test_a_penalty_is_checked(tournament, arbiter, amount, reason, board, message):
    with pytest.raises(InvalidAction, match=message):
        services.give_penalty(
            tournament=tournament,
            team=team(tournament, 5),
            amount=amount,
            reason=reason,
            board_number=board,
            by=arbiter,
        )
    assert not Penalty.objects.exists()
    assert not ResultEvent.objects.exists()


def test_only_arbiters_give_or_remove_penalties(tournament, arbiter, make_user):
    target = team(tournament, 1)
    for by in (policy.team_actor(team(tournament, 4)), make_user("passant")):
        with pytest.raises(ResultForbidden):
            services.give_penalty(
                tournament=tournament, team=target, amount=10, reason="Retard", by=by
            )
    penalty = services.give_penalty(
        tournament=tournament, team=target, amount=10, reason="Retard", by=arbiter
    )
    with pytest.raises(ResultForbidden):
        services.remove_penalty(penalty=penalty, by=policy.team_actor(target))
    penalty.refresh_from_db()
    assert penalty.active


def test_removing_a_penalty_keeps_it_and_is_audited(tournament, arbiter, organizer):
    penalty = services.give_penalty(
        tournament=tournament,
        team=team(tournament, 1),
        amount=10,
        reason="Retard",
        board_number=1,
        by=arbiter,
    )
    removed = services.remove_penalty(
        penalty=penalty, reason="Erreur d'équipe", by=organizer, ip="9.9.9.9"
    )
    assert removed.removed_at is not None and removed.removed_by == organizer
    assert Penalty.objects.filter(pk=penalty.pk).exists()
    event = ResultEvent.objects.get(penalty=penalty, action="unpenalty")
    assert (event.actor, event.ip_address, event.before["removed"], event.after["removed"]) == (
        organizer,
        "9.9.9.9",
        False,
        True,
    )
    assert event.after["removal_reason"] == "Erreur d'équipe"
    assert (event.round_number, event.table_number, event.board_number) == (1, 1, 1)
    with pytest.raises(InvalidAction, match="déjà été retirée"):
        services.remove_penalty(penalty=penalty, by=arbiter)


# --- The arbiter's pages -----------------------------------------------------------------


def _history(tournament, round_number=1, table=1, board=1):
    return reverse("results:history", args=[tournament.slug, round_number, table, board])


def test_the_history_page_assigns_a_score_and_shows_it(client, tournament, arbiter):
    client.force_login(arbiter)
    url = reverse("results:assign", args=[tournament.slug, 1, 1, 1])
    response = client.post(url, {"ns_marks": "160", "ew_marks": "0"}, follow=True)
    assert "Score assigné enregistré." in response.content.decode()
    page = client.get(_history(tournament)).content.decode()
    assert "Score assigné" in page and "<strong>160</strong>" in page
    assert Result.objects.get(is_current=True).is_assigned_score


def test_the_history_page_says_what_is_wrong_with_assigned_marks(client, tournament, arbiter):
    client.force_login(arbiter)
    url = reverse("results:assign", args=[tournament.slug, 1, 1, 1])
    page = client.post(url, {"ns_marks": "cent", "ew_marks": "0"}, follow=True).content.decode()
    assert "Les marques sont des nombres entiers, 0 ou plus." in page
    page = client.post(url, {"ns_marks": "165", "ew_marks": "0"}, follow=True).content.decode()
    assert "arrondies à la dizaine" in page
    assert not Result.objects.exists()


def test_the_history_page_penalizes_a_team_of_the_table_and_removes_it(client, tournament, arbiter):
    client.force_login(arbiter)
    url = reverse("results:penalize", args=[tournament.slug, 1, 1, 1])
    page = client.post(
        url, {"team": "EW", "amount": "25", "reason": "Retard à la table"}, follow=True
    ).content.decode()
    assert "Pénalité enregistrée." in page
    penalty = Penalty.objects.get()
    assert (penalty.team.number, penalty.board_number, penalty.amount) == (4, 1, 25)
    assert "25 % du top" in page and "Retard à la table" in page
    # The audit row is on the board's history (table 1, round 1, board 1).
    assert "Pénalité" in page and "Équipe 4" in page
    remove = reverse("results:remove_penalty", args=[tournament.slug, penalty.pk])
    response = client.post(remove, {"back": "1/1/1"})
    assert response.url == _history(tournament)
    penalty.refresh_from_db()
    assert not penalty.active


def test_the_penalty_form_says_what_is_missing(client, tournament, arbiter):
    client.force_login(arbiter)
    url = reverse("results:penalize", args=[tournament.slug, 1, 1, 1])
    page = client.post(url, {"team": "NS", "amount": "10"}, follow=True).content.decode()
    assert "Indiquez le motif de la pénalité." in page
    page = client.post(
        url, {"team": "NS", "amount": "150", "reason": "x"}, follow=True
    ).content.decode()
    assert "au plus 100 % du top" in page
    assert not Penalty.objects.exists()


def test_the_penalties_page_gives_a_session_penalty_and_lists_them(client, tournament, arbiter):
    client.force_login(arbiter)
    url = reverse("results:penalties", args=[tournament.slug])
    assert client.get(url).status_code == 200
    response = client.post(url, {"team": "3", "amount": "10", "reason": "Téléphone", "round": "2"})
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.team.number, penalty.board_number, penalty.round_number) == (3, None, 2)
    page = client.get(url).content.decode()
    assert "Téléphone" in page and "séance" in page and "10 % du top" in page
    bad = client.post(url, {"team": "3", "amount": "10", "reason": "x", "board": "7"})
    assert bad.status_code == 400
    assert "L&#x27;équipe 3 ne joue pas l&#x27;étui 7." in bad.content.decode()


def test_the_penalties_help_uses_the_tournaments_own_board_count(client, tournament, arbiter):
    # « 25 % du top sur 24 étuis » was a fixed example; the page now counts this tournament's.
    client.force_login(arbiter)
    boards = tournament.boards.count()
    assert boards and boards != 24
    page = client.get(reverse("results:penalties", args=[tournament.slug])).content.decode()
    less = f"{25 / boards:.2f}".replace(".", ",")
    assert f"25 % du top sur les {boards} étuis du tournoi : {less} % de moins" in page
    assert "24 étuis" not in page


def test_the_penalty_pages_are_for_arbiters_only(client, tournament, make_user):
    url = reverse("results:penalties", args=[tournament.slug])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(make_user("passant"))
    assert client.get(url).status_code == 403
    assert client.post(url, {"team": "3", "amount": "10", "reason": "x"}).status_code == 403
    assert not Penalty.objects.exists()


def test_a_penalty_of_another_tournament_cannot_be_removed_from_this_one(
    client, tournament, arbiter
):
    other = small_tournament(arbiter=arbiter)
    penalty = services.give_penalty(
        tournament=other, team=other.teams.get(number=1), amount=10, reason="Retard", by=arbiter
    )
    client.force_login(arbiter)
    url = reverse("results:remove_penalty", args=[tournament.slug, penalty.pk])
    assert client.post(url).status_code == 404
    penalty.refresh_from_db()
    assert penalty.active

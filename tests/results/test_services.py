"""The result services: versions, confirmation, disputes, adjustments, deletion, and the audit."""

import pytest

from scoring.engine.result_record import ResultValidationError
from tests.support.factories import team_at
from tests.support.results import PASSED, assignment, contract
from tests.support.standings import is_stale
from tournaments.results import services
from tournaments.results.demo import record_demo_results
from tournaments.results.exceptions import (
    BoardNotPlayedHere,
    InvalidAction,
    ReplaceNeeded,
    ResultConflict,
    ResultLocked,
)
from tournaments.results.models import Result, ResultEvent

pytestmark = pytest.mark.django_db


def versions(table_assignment, board):
    return list(
        Result.objects.filter(assignment=table_assignment, board_number=board).order_by("version")
    )


def test_an_arbiter_entry_is_stored_confirmed_with_its_deal_score(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    result = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(bid=110, points=113),
        by=arbiter,
        ip="10.0.0.1",
    )
    assert result.status == Result.Status.CONFIRMED
    assert result.is_current and result.version == 1
    # 113 + 110 = 223 -> 220 for the takers, 162 - 113 = 49 -> 50 for the defence.
    assert (result.ns_marks, result.ew_marks, result.made) == (220, 50, True)
    assert result.score_detail["totals"] == {"ns": 113, "ew": 49}
    assert result.confirmed_by == arbiter and result.confirmed_at is not None
    assert result.record["contract"] == {"bid": 110, "strain": "H", "taker": "N", "coinche": 0}


def test_a_table_entry_waits_for_the_other_side(tournament):
    result = services.record_result(
        assignment=assignment(tournament, 1, 1),
        board_number=2,
        data=PASSED,
        by=team_at(assignment(tournament, 1, 1), "NS"),
        source=Result.Source.TABLE,
    )
    assert result.status == Result.Status.ENTERED
    assert result.entered_side == "NS"
    assert (result.ns_marks, result.ew_marks, result.made) == (0, 0, None)
    assert not result.counts


def test_every_write_marks_the_standings_stale(tournament, arbiter):
    services.record_result(
        assignment=assignment(tournament, 1, 1), board_number=1, data=PASSED, by=arbiter
    )
    assert is_stale(tournament)


def test_a_board_of_another_table_is_refused(tournament, arbiter):
    with pytest.raises(BoardNotPlayedHere) as error:
        services.record_result(
            assignment=assignment(tournament, 1, 1), board_number=3, data=PASSED, by=arbiter
        )
    assert "L'étui 3 n'est pas joué à la table 1 au tour 1" in str(error.value)
    assert not Result.objects.exists()


def test_a_sit_out_table_has_no_result(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    plan.ew_team = None
    plan.save()
    with pytest.raises(BoardNotPlayedHere, match="relâche"):
        services.record_result(assignment=plan, board_number=1, data=PASSED, by=arbiter)


def test_an_invalid_record_stores_nothing(tournament, arbiter):
    with pytest.raises(ResultValidationError) as error:
        services.record_result(
            assignment=assignment(tournament, 1, 1),
            board_number=1,
            data=contract(bid=95),
            by=arbiter,
        )
    assert [item.code for item in error.value.errors] == ["bid_not_multiple_of_10"]
    assert not Result.objects.exists()
    assert not ResultEvent.objects.exists()


def test_a_second_entry_without_replace_intent_is_a_conflict(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    first = services.record_result(assignment=plan, board_number=1, data=contract(), by=arbiter)
    with pytest.raises(ResultConflict) as error:
        services.record_result(
            assignment=plan, board_number=1, data=contract(points=120), by=arbiter
        )
    assert str(error.value).startswith("Un résultat a déjà été saisi pour cet étui à cette table")
    assert error.value.current == first
    assert versions(plan, 1) == [first]


def test_a_change_of_the_result_on_screen_without_replace_intent_says_to_tick_replace(
    tournament, arbiter
):
    plan = assignment(tournament, 1, 1)
    first = services.record_result(assignment=plan, board_number=1, data=contract(), by=arbiter)
    with pytest.raises(ReplaceNeeded) as error:
        services.record_result(
            assignment=plan, board_number=1, data=contract(points=120), by=arbiter, shown_version=1
        )
    assert str(error.value) == (
        "Cet étui a déjà un résultat (version 1) : cochez « Remplacer » pour le modifier."
    )
    assert error.value.code == "conflict" and error.value.current == first
    assert versions(plan, 1) == [first]


def test_a_result_that_appeared_after_the_screen_was_shown_says_to_reload(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    services.record_result(assignment=plan, board_number=1, data=contract(), by=arbiter)
    services.record_result(
        assignment=plan, board_number=1, data=contract(points=120), by=arbiter, replace_version=1
    )
    # The screen showed no result, or version 1: either way the current one is news to it.
    for shown in (None, 1):
        with pytest.raises(ResultConflict) as error:
            services.record_result(
                assignment=plan,
                board_number=1,
                data=contract(points=90),
                by=arbiter,
                shown_version=shown,
            )
        assert not isinstance(error.value, ReplaceNeeded)
        assert str(error.value).endswith("Rechargez la page pour le voir avant de le modifier.")
        assert error.value.current.version == 2
    assert len(versions(plan, 1)) == 2


def test_replacing_a_confirmed_result_keeps_the_old_version(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    first = services.record_result(
        assignment=plan, board_number=1, data=contract(points=100), by=arbiter, ip="10.0.0.1"
    )
    second = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(points=70),
        by=arbiter,
        ip="10.0.0.2",
        replace_version=1,
    )
    first.refresh_from_db()
    assert (first.is_current, first.version, first.record["taker_points"]) == (False, 1, 100)
    assert (second.is_current, second.version, second.made) == (True, 2, False)
    event = ResultEvent.objects.get(result=second)
    assert event.action == ResultEvent.Action.CHANGE
    assert event.before["record"]["taker_points"] == 100
    assert event.after["record"]["taker_points"] == 70
    assert (event.actor, event.ip_address) == (arbiter, "10.0.0.2")


def test_replacing_with_a_stale_version_is_a_conflict(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    services.record_result(assignment=plan, board_number=1, data=contract(), by=arbiter)
    services.record_result(
        assignment=plan, board_number=1, data=contract(points=120), by=arbiter, replace_version=1
    )
    with pytest.raises(
        ResultConflict, match="vous aviez la version 1, la version actuelle est la 2"
    ):
        services.record_result(
            assignment=plan,
            board_number=1,
            data=contract(points=130),
            by=arbiter,
            replace_version=1,
        )


def test_a_table_cannot_change_a_confirmed_result(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    services.record_result(assignment=plan, board_number=1, data=contract(), by=arbiter)
    with pytest.raises(ResultLocked, match="seul l'arbitre peut le modifier"):
        services.record_result(
            assignment=plan,
            board_number=1,
            data=contract(points=120),
            by=team_at(plan, "EW"),
            source="table",
            replace_version=1,
        )


def test_the_same_submission_key_returns_the_first_entry(tournament):
    plan = assignment(tournament, 1, 1)
    first = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(),
        by=team_at(plan, "NS"),
        source="table",
        submission_key="key-1",
    )
    again = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(points=130),
        by=team_at(plan, "NS"),
        source="table",
        submission_key="key-1",
    )
    assert again.pk == first.pk and again.is_replay and not first.is_replay
    assert Result.objects.count() == 1 and ResultEvent.objects.count() == 1


def test_a_submission_key_cannot_be_reused_for_another_board(tournament):
    plan = assignment(tournament, 1, 1)
    services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(),
        by=team_at(plan, "NS"),
        source="table",
        submission_key="k",
    )
    with pytest.raises(InvalidAction, match="un autre étui"):
        services.record_result(
            assignment=plan,
            board_number=2,
            data=contract(),
            by=team_at(plan, "NS"),
            source="table",
            submission_key="k",
        )


def test_confirmation_by_the_other_side_adds_a_confirmed_version(tournament):
    plan = assignment(tournament, 1, 1)
    entered = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(),
        by=team_at(plan, "NS"),
        source="table",
        ip="1.1.1.1",
    )
    confirmed = services.confirm_result(
        result=entered, by=team_at(entered.assignment, "EW"), ip="2.2.2.2"
    )
    assert (confirmed.version, confirmed.status, confirmed.entered_side) == (2, "confirmed", "NS")
    assert confirmed.record == entered.record and confirmed.ns_marks == entered.ns_marks
    assert confirmed.counts
    event = ResultEvent.objects.get(result=confirmed)
    assert event.action == ResultEvent.Action.CONFIRM
    assert (event.actor_label, event.ip_address) == ("table 1, EW, équipe 4", "2.2.2.2")
    assert (event.before["status"], event.after["status"]) == ("entered", "confirmed")


def test_the_side_that_entered_cannot_confirm(tournament):
    entered = services.record_result(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        data=contract(),
        by=team_at(assignment(tournament, 1, 1), "NS"),
        source="table",
    )
    with pytest.raises(InvalidAction, match="confirmé par l.autre équipe"):
        services.confirm_result(result=entered, by=team_at(entered.assignment, "NS"))


def test_a_double_confirmation_is_recognised(tournament):
    entered = services.record_result(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        data=contract(),
        by=team_at(assignment(tournament, 1, 1), "NS"),
        source="table",
    )
    confirmed = services.confirm_result(result=entered, by=team_at(entered.assignment, "EW"))
    again = services.confirm_result(result=entered, by=team_at(entered.assignment, "EW"))
    assert again.pk == confirmed.pk and again.is_replay
    assert Result.objects.count() == 2


def test_a_dispute_needs_a_reason_and_comes_from_the_other_side(tournament):
    entered = services.record_result(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        data=contract(),
        by=team_at(assignment(tournament, 1, 1), "NS"),
        source="table",
    )
    with pytest.raises(InvalidAction, match="raison"):
        services.dispute_result(result=entered, reason="   ", by=team_at(entered.assignment, "EW"))
    with pytest.raises(InvalidAction, match="corrigez-le"):
        services.dispute_result(result=entered, reason="faux", by=team_at(entered.assignment, "NS"))
    disputed = services.dispute_result(
        result=entered, reason="  Nous avions 92  points ", by=team_at(entered.assignment, "EW")
    )
    assert (disputed.status, disputed.dispute_reason) == ("disputed", "Nous avions 92 points")
    assert not disputed.counts
    with pytest.raises(InvalidAction, match="contesté"):
        services.confirm_result(result=disputed, by=team_at(disputed.assignment, "EW"))


def test_an_arbiter_resolves_a_dispute_by_confirming_it(tournament, arbiter):
    entered = services.record_result(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        data=contract(),
        by=team_at(assignment(tournament, 1, 1), "NS"),
        source="table",
    )
    disputed = services.dispute_result(
        result=entered, reason="Mauvais preneur", by=team_at(entered.assignment, "EW")
    )
    confirmed = services.confirm_result(result=disputed, by=arbiter, ip="3.3.3.3")
    assert confirmed.status == "confirmed" and confirmed.confirmed_by == arbiter


def test_a_table_re_enters_a_disputed_result(tournament):
    plan = assignment(tournament, 1, 1)
    entered = services.record_result(
        assignment=plan, board_number=1, data=contract(), by=team_at(plan, "NS"), source="table"
    )
    services.dispute_result(
        result=entered, reason="Points faux", by=team_at(entered.assignment, "EW")
    )
    corrected = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(points=92),
        by=team_at(plan, "EW"),
        source="table",
        replace_version=2,
    )
    assert (corrected.version, corrected.status, corrected.entered_side) == (3, "entered", "EW")
    assert (
        services.confirm_result(result=corrected, by=team_at(corrected.assignment, "NS")).status
        == "confirmed"
    )


def test_the_other_side_cannot_overwrite_an_unconfirmed_entry(tournament):
    plan = assignment(tournament, 1, 1)
    services.record_result(
        assignment=plan, board_number=1, data=contract(), by=team_at(plan, "NS"), source="table"
    )
    with pytest.raises(InvalidAction, match="confirmez-le ou contestez-le"):
        services.record_result(
            assignment=plan,
            board_number=1,
            data=contract(points=60),
            by=team_at(plan, "EW"),
            source="table",
            replace_version=1,
        )


def test_not_played_is_resolved_by_an_adjusted_score_per_side(tournament, arbiter):
    plan = assignment(tournament, 2, 3)
    adjusted = services.adjust_result(
        assignment=plan,
        board_number=1,
        ns_adjustment="A+",
        ew_adjustment="A-",
        by=arbiter,
        ip="4.4.4.4",
    )
    assert (adjusted.status, adjusted.ns_adjustment, adjusted.ew_adjustment) == (
        "adjusted",
        "A+",
        "A-",
    )
    assert adjusted.record is None and adjusted.ns_marks is None and adjusted.counts
    event = ResultEvent.objects.get(result=adjusted)
    assert (event.action, event.before, event.after["ns_adjustment"]) == ("adjust", None, "A+")
    with pytest.raises(InvalidAction):
        services.adjust_result(
            assignment=plan, board_number=2, ns_adjustment="A", ew_adjustment="B", by=arbiter
        )


def test_adjusting_an_existing_result_needs_the_version_seen(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    services.record_result(assignment=plan, board_number=1, data=contract(), by=arbiter)
    with pytest.raises(ResultConflict):
        services.adjust_result(
            assignment=plan, board_number=1, ns_adjustment="A", ew_adjustment="A", by=arbiter
        )
    assert (
        services.adjust_result(
            assignment=plan,
            board_number=1,
            ns_adjustment="A",
            ew_adjustment="A",
            by=arbiter,
            replace_version=1,
        ).version
        == 2
    )


def test_deleting_adds_a_deleted_version_and_the_board_may_be_entered_again(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    first = services.record_result(assignment=plan, board_number=1, data=contract(), by=arbiter)
    deleted = services.delete_result(result=first, by=arbiter, ip="5.5.5.5")
    assert (deleted.version, deleted.status, deleted.is_current) == (2, "deleted", True)
    assert Result.objects.filter(pk=first.pk).exists()
    event = ResultEvent.objects.get(result=deleted)
    assert (event.action, event.before["version"], event.after["status"]) == (
        "delete",
        1,
        "deleted",
    )
    again = services.record_result(assignment=plan, board_number=1, data=PASSED, by=arbiter)
    assert (again.version, again.status) == (3, "confirmed")
    assert ResultEvent.objects.get(result=again).action == "create"


def test_deleting_a_version_that_is_no_longer_current_is_a_conflict(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    first = services.record_result(assignment=plan, board_number=1, data=contract(), by=arbiter)
    services.record_result(
        assignment=plan, board_number=1, data=contract(points=80), by=arbiter, replace_version=1
    )
    with pytest.raises(ResultConflict):
        services.delete_result(result=first, by=arbiter)


def test_the_audit_trail_keeps_every_action_with_who_when_where(tournament, arbiter):
    plan = assignment(tournament, 1, 1)
    entered = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(),
        by=team_at(plan, "NS"),
        source="table",
        ip="1.0.0.1",
    )
    disputed = services.dispute_result(
        result=entered, reason="Belote oubliée", by=team_at(entered.assignment, "EW"), ip="1.0.0.2"
    )
    fixed = services.record_result(
        assignment=plan,
        board_number=1,
        data=contract(points=90),
        by=arbiter,
        ip="1.0.0.3",
        replace_version=disputed.version,
    )
    adjusted = services.adjust_result(
        assignment=plan,
        board_number=1,
        ns_adjustment="A",
        ew_adjustment="A",
        by=arbiter,
        ip="1.0.0.4",
        replace_version=fixed.version,
    )
    services.delete_result(result=adjusted, by=arbiter, ip="1.0.0.5")
    events = list(ResultEvent.objects.order_by("at", "pk"))
    assert [event.action for event in events] == ["create", "dispute", "change", "adjust", "delete"]
    assert [event.ip_address for event in events] == [f"1.0.0.{n}" for n in range(1, 6)]
    assert [event.actor for event in events] == [None, None, arbiter, arbiter, arbiter]
    assert [event.actor_label for event in events[:2]] == [
        "table 1, NS, équipe 1",
        "table 1, EW, équipe 4",
    ]
    assert all(event.at is not None for event in events)
    # Each event's "before" is the previous event's "after": nothing is lost between versions.
    assert events[0].before is None
    for previous, event in zip(events, events[1:], strict=False):
        assert event.before == previous.after
    assert Result.objects.filter(assignment=plan, board_number=1).count() == 5


def test_demo_results_fill_every_table_with_valid_confirmed_results(tournament):
    created = record_demo_results(tournament)
    assert created == 18  # 3 rounds x 3 tables x 2 boards
    results = Result.objects.filter(tournament=tournament, is_current=True)
    assert results.count() == 18
    assert all(result.status == "confirmed" and result.ns_marks is not None for result in results)
    # Reproducible, and a second run fills nothing more.
    assert record_demo_results(tournament) == 0


@pytest.mark.parametrize("agrees", [True, False])
def test_who_may_see_the_hands_is_asked_whether_or_not_the_record_agrees_with_them(
    tournament, agrees
):
    """Asked only on a disagreement, the access check's query made the answer slower exactly
    when the belote or annonces typed did not match the cards: a timing a player could read."""
    from tournaments.results.selectors import board_hands
    from tournaments.results.services.versions import score_record

    rules = tournament.rule_settings()
    hands = board_hands(tournament, 1)

    def belote_by(seat):
        return contract(taker="N", bid=80, strain="H", points=100, belote=[seat])

    def agrees_with_hands(data):
        try:
            score_record(data=data, rules=rules, hands=hands, hands_visible=True)
        except ResultValidationError:
            return False
        return True

    if agrees:
        data = contract(taker="N", bid=80, strain="H", points=100)
    else:
        data = next(belote_by(seat) for seat in "NESW" if not agrees_with_hands(belote_by(seat)))
    assert agrees_with_hands(data) is agrees
    asked = []

    def hands_visible():
        asked.append(True)
        return False

    scored = score_record(data=data, rules=rules, hands=hands, hands_visible=hands_visible)

    assert asked == [True]
    assert bool(scored.flags) is not agrees

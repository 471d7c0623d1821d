"""The organizer's checklist (« La journée, étape par étape ») along a tournament's life, and the
session's estimated length."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support.factories import add_boards, add_plan, add_teams, make_tournament
from tests.support.organizer import add_result
from tournaments import checklist
from tournaments.deals.services import generate_deals, release_hands
from tournaments.printing.models import Document
from tournaments.printing.selectors import PACKET, data_version, packet_status
from tournaments.results.demo import record_demo_results
from tournaments.results.services.rounds import open_all_rounds, start_round
from tournaments.setup.models import Round, Tournament
from tournaments.setup.selectors import organizer_checklist, session_estimate

pytestmark = pytest.mark.django_db

ORDER = [
    "settings",
    "teams",
    "checkin",
    "plan",
    "deals",
    "documents",
    "opening",
    "publication",
    "rounds",
    "results",
    "release",
    "finish",
]


def steps(tournament) -> dict[str, checklist.Step]:
    tournament.refresh_from_db()
    return {step.key: step for step in organizer_checklist(tournament)}


def state(tournament, key: str) -> tuple[str, str]:
    step = steps(tournament)[key]
    return step.state, step.reason


def next_step(tournament) -> str:
    return next(step.key for step in organizer_checklist(tournament) if step.is_next)


def next_step_or_none(tournament) -> str | None:
    return next((step.key for step in organizer_checklist(tournament) if step.is_next), None)


def draft(**fields) -> Tournament:
    fields.setdefault("status", Tournament.Status.DRAFT)
    return make_tournament(**fields)


def planned(**fields) -> Tournament:
    """A draft with its six teams checked in and its plan, rounds not published."""
    tournament = draft(**fields)
    add_teams(tournament, 6)
    add_plan(tournament, published=False)
    return tournament


def build_packet(tournament) -> None:
    """The packet as the jobs would have stored it: every document made now, up to date."""
    for kind, scope in PACKET:
        Document.objects.update_or_create(
            tournament=tournament,
            kind=kind,
            scope=scope,
            defaults={
                "status": Document.Status.READY,
                "file": f"printing/{kind}.pdf",
                "data_version": data_version(tournament, kind, scope),
            },
        )


# --- The list itself -------------------------------------------------------------------


def test_the_twelve_steps_come_in_the_order_of_the_day_with_their_pages():
    tournament = draft()
    listed = organizer_checklist(tournament)
    assert [step.key for step in listed] == ORDER
    assert [step.name for step in listed] == [
        "Paramètres et règles",
        "Inscriptions",
        "Pointage",
        "Plan de table",
        "Donnes",
        "Documents",
        "Ouverture de la séance",
        "Publication",
        "Tours",
        "Résultats",
        "Donnes publiées",
        "Clôture",
    ]
    urls = {step.key: step.url for step in listed}
    slug = tournament.slug
    assert urls["settings"] == reverse("tournaments:edit", args=[slug])
    assert urls["checkin"] == reverse("tournaments:checkin", args=[slug])
    assert urls["deals"] == reverse("deals:manage", args=[slug])
    assert urls["documents"] == reverse("printing:documents", args=[slug])
    assert urls["rounds"] == reverse("results:dashboard", args=[slug])
    assert urls["finish"] == reverse("tournaments:manage", args=[slug]) + "#etat"
    assert urls["opening"] == reverse("tournaments:manage", args=[slug]) + "#ouvrir-la-seance"
    assert all(step.state in checklist.STATES for step in listed)


def test_exactly_one_step_is_next_the_first_one_left_to_do():
    tournament = draft()
    listed = organizer_checklist(tournament)
    assert [step.key for step in listed if step.is_next] == ["teams"]


# --- Along the day ---------------------------------------------------------------------


def test_a_new_draft_has_its_settings_and_waits_for_teams():
    tournament = draft(rounds=3, boards_per_round=2)
    assert state(tournament, "settings") == (checklist.DONE, "Mitchell, 3 tours, 2 étuis par tour")
    assert state(tournament, "teams") == (checklist.TODO, "Aucune équipe inscrite")
    assert state(tournament, "checkin") == (checklist.BLOCKED, "Aucune équipe inscrite")
    assert state(tournament, "plan") == (
        checklist.BLOCKED,
        "Pointez d'abord au moins deux équipes",
    )
    assert state(tournament, "documents") == (
        checklist.BLOCKED,
        "Générez d'abord le plan de table",
    )
    assert state(tournament, "publication")[0] == checklist.TODO
    assert state(tournament, "rounds") == (checklist.BLOCKED, "Pas encore de plan de table")
    assert state(tournament, "results") == (checklist.BLOCKED, "Pas encore de plan de table")
    assert state(tournament, "release") == (checklist.BLOCKED, "Pas encore de tours")
    assert state(tournament, "finish") == (
        checklist.BLOCKED,
        "Le tournoi n'est pas encore en cours",
    )


def test_a_complete_movement_without_a_plan_cannot_count_its_boards():
    tournament = draft(rounds=None)
    assert state(tournament, "settings")[1] == "Mitchell, mouvement complet, 2 étuis par tour"
    assert state(tournament, "deals") == (checklist.BLOCKED, "Générez d'abord le plan de table")


def test_one_team_is_not_enough():
    tournament = draft()
    add_teams(tournament, 1)
    assert state(tournament, "teams") == (
        checklist.IN_PROGRESS,
        "1 équipe inscrite : il en faut au moins deux",
    )


def test_check_in_counts_the_teams_still_to_come():
    tournament = draft()
    teams = add_teams(tournament, 6)
    for team in teams[:3]:
        team.checked_in = False
        team.save()
    assert state(tournament, "teams") == (checklist.DONE, "6 équipes inscrites")
    assert state(tournament, "checkin") == (checklist.IN_PROGRESS, "3 équipes non pointées")
    assert next_step(tournament) == "checkin"
    tournament.teams.update(checked_in=False)
    assert state(tournament, "checkin") == (checklist.TODO, "6 équipes non pointées")
    assert state(tournament, "plan") == (
        checklist.BLOCKED,
        "Pointez d'abord au moins deux équipes",
    )
    tournament.teams.update(checked_in=True)
    assert state(tournament, "checkin") == (checklist.DONE, "6 équipes pointées")
    assert state(tournament, "plan") == (checklist.TODO, "À générer")
    assert next_step(tournament) == "plan"


def test_a_team_absent_once_the_plan_is_made_does_not_hold_the_day_back():
    tournament = planned()
    tournament.teams.filter(number=6).update(checked_in=False)
    assert state(tournament, "checkin") == (
        checklist.DONE,
        "1 équipe non pointée, hors du plan de table",
    )


def test_with_the_plan_the_deals_come_next_then_the_documents():
    tournament = planned()
    assert state(tournament, "plan") == (checklist.DONE, "3 tours, 3 tables")
    assert state(tournament, "deals") == (checklist.TODO, "6 étuis à générer ou importer")
    assert next_step(tournament) == "deals"

    generate_deals(tournament=tournament)
    assert state(tournament, "deals") == (checklist.DONE, "6 étuis générés, empreinte publiée")
    # The rules sheet and the five parts the plan allows (no result, no hand yet).
    assert state(tournament, "documents") == (checklist.TODO, "7 documents à générer")
    assert next_step(tournament) == "documents"


def test_missing_or_handless_boards_are_counted():
    tournament = planned()
    add_boards(tournament, 4)
    assert state(tournament, "deals") == (checklist.IN_PROGRESS, "2 étuis manquants sur 6")
    tournament.boards.all().delete()
    add_boards(tournament, 6, with_hands=False)
    assert state(tournament, "deals") == (checklist.IN_PROGRESS, "6 étuis sans leurs mains")
    tournament.deals_mode = Tournament.DealsMode.UNRECORDED
    tournament.save()
    assert state(tournament, "deals") == (
        checklist.DONE,
        "Donnes non enregistrées (distribuées à la première table)",
    )


def test_imported_boards_are_done_without_a_commitment():
    tournament = planned()
    add_boards(tournament, 6)
    assert state(tournament, "deals") == (checklist.DONE, "6 étuis enregistrés")


def test_the_packet_is_done_when_every_document_is_made_and_up_to_date():
    tournament = planned()
    generate_deals(tournament=tournament)
    build_packet(tournament)
    assert packet_status(tournament).ready == 7
    assert state(tournament, "documents") == (checklist.DONE, "7 documents à jour")
    # Everything ready: « Ouvrir la séance » is the next step (it publishes the rounds too).
    assert next_step(tournament) == "opening"

    # A team renamed after printing: the documents that show the teams (the seating poster, the
    # cards) are out of date.
    tournament.teams.filter(number=1).update(name="Les Valets")
    assert state(tournament, "documents") == (checklist.IN_PROGRESS, "5 documents périmés")
    # Out of date is not pressing for the checklist, but the session waits for them: the next
    # step is the publication, « Ouvrir la séance » says what is missing.
    assert next_step(tournament) == "publication"
    assert state(tournament, "opening") == (
        checklist.BLOCKED,
        "À terminer d'abord : Documents (5 documents périmés)",
    )


def test_a_step_that_can_wait_is_next_only_when_nothing_else_is_left():
    tournament = make_tournament(status=Tournament.Status.FINISHED)
    add_teams(tournament, 6)
    add_plan(tournament)
    add_boards(tournament, 6)
    record_demo_results(tournament)
    release_hands(tournament=tournament)
    build_packet(tournament)
    assert next_step_or_none(tournament) is None
    tournament.teams.filter(number=1).update(name="Les Valets")
    assert steps(tournament)["documents"].can_wait
    assert next_step(tournament) == "documents"


def test_a_document_being_made_is_in_progress():
    tournament = planned()
    generate_deals(tournament=tournament)
    Document.objects.create(
        tournament=tournament,
        kind=Document.Kind.TABLE_CARDS,
        scope=Document.Scope.STAFF,
        status=Document.Status.RUNNING,
        requested_at=timezone.now(),
        started_at=timezone.now(),
    )
    assert state(tournament, "documents") == (
        checklist.IN_PROGRESS,
        "6 documents à générer, 1 document en cours de génération",
    )


def test_publication_needs_the_tournament_visible_then_its_rounds():
    tournament = planned()
    assert state(tournament, "publication") == (
        checklist.TODO,
        "Brouillon : seuls les organisateurs voient le tournoi ; « Ouvrir la séance » le publie "
        "avec ses tours",
    )
    # Never the state form: the opening while a draft, then the plan's « Publier tous les tours ».
    assert steps(tournament)["publication"].url.endswith("#ouvrir-la-seance")
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.REGISTRATION)
    assert state(tournament, "publication") == (checklist.TODO, "Aucun tour publié")
    assert steps(tournament)["publication"].url == (
        reverse("tournaments:plan", args=[tournament.slug]) + "#publier"
    )
    assert state(tournament, "rounds") == (checklist.BLOCKED, "Publiez d'abord les tours")
    Round.objects.filter(tournament=tournament, number=1).update(published=True)
    assert state(tournament, "publication") == (
        checklist.IN_PROGRESS,
        "1 tour publié sur 3",
    )
    Round.objects.filter(tournament=tournament).update(published=True)
    assert state(tournament, "publication") == (
        checklist.DONE,
        "Tournoi visible, 3 tours publiés",
    )


def test_a_visible_tournament_without_a_plan_has_no_round_to_publish():
    tournament = make_tournament(status=Tournament.Status.REGISTRATION)
    assert state(tournament, "publication") == (
        checklist.BLOCKED,
        "Tournoi visible ; générez le plan de table pour publier les tours",
    )


def test_rounds_say_which_one_is_started_and_that_tables_wait_for_en_cours():
    tournament = planned()
    Round.objects.filter(tournament=tournament).update(published=True)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.REGISTRATION)
    assert state(tournament, "rounds") == (
        checklist.TODO,
        "Aucun tour démarré : « Démarrer le tour » sur le tableau d'arbitrage ; le tournoi "
        "n'est pas « En cours » : les tables ne peuvent pas saisir",
    )
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    start_round(round_=Round.objects.get(tournament=tournament, number=1))
    assert state(tournament, "rounds") == (
        checklist.IN_PROGRESS,
        "Tour 1 en cours (1 sur 3 démarrés)",
    )
    tournament.refresh_from_db()
    open_all_rounds(tournament=tournament)
    assert state(tournament, "rounds") == (checklist.DONE, "Saisie ouverte dans tous les tours")


def test_results_count_what_is_missing_in_the_open_rounds():
    tournament = planned(status=Tournament.Status.RUNNING)
    Round.objects.filter(tournament=tournament).update(published=True)
    assert state(tournament, "results") == (checklist.BLOCKED, "Aucun tour démarré")
    start_round(round_=Round.objects.get(tournament=tournament, number=1))
    start_round(round_=Round.objects.get(tournament=tournament, number=3))
    add_result(tournament, round_number=1, table_number=1)
    assert state(tournament, "results") == (
        checklist.IN_PROGRESS,
        "1 confirmé sur 18, 5 résultats manquants au tour 1",
    )
    assert state(tournament, "finish") == (checklist.TODO, "17 résultats manquent encore")
    assert state(tournament, "release") == (
        checklist.BLOCKED,
        "À publier une fois les tours joués",
    )


def test_the_end_of_the_day_release_then_finish():
    tournament = make_tournament(status=Tournament.Status.RUNNING)
    add_teams(tournament, 6)
    add_plan(tournament)
    add_boards(tournament, 6)
    record_demo_results(tournament)
    assert state(tournament, "results") == (checklist.DONE, "18 résultats confirmés")
    assert state(tournament, "release") == (
        checklist.TODO,
        "Les tours sont joués : publiez le relevé",
    )
    assert state(tournament, "finish") == (
        checklist.TODO,
        "Tous les résultats sont là : terminez le tournoi",
    )

    release_hands(tournament=tournament, rounds=[1])
    assert state(tournament, "release") == (
        checklist.IN_PROGRESS,
        "Relevé publié pour 1 tour sur 3",
    )
    release_hands(tournament=tournament)
    assert state(tournament, "release") == (checklist.DONE, "Relevé des donnes publié")

    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    assert state(tournament, "finish") == (checklist.DONE, "Tournoi terminé")


# --- The session's length --------------------------------------------------------------


def test_the_estimate_is_rounds_times_boards_times_minutes():
    tournament = draft(rounds=7, boards_per_round=4, minutes_per_board=7)
    estimate = session_estimate(tournament)
    assert estimate.minutes == 196
    assert estimate.sentence == "Durée estimée : 3 h 16 (7 tours de 4 étuis, 7 min par étui)"
    assert estimate.end is None


def test_the_estimate_of_a_short_session_is_in_minutes_and_agrees_in_number():
    tournament = draft(rounds=1, boards_per_round=1, minutes_per_board=8)
    assert session_estimate(tournament).sentence == (
        "Durée estimée : 8 min (1 tour de 1 étui, 8 min par étui)"
    )


def test_a_complete_movement_has_no_estimate_before_its_plan():
    assert session_estimate(draft(rounds=None)) is None


def test_the_plan_gives_the_rounds_and_the_first_round_the_start():
    # Settings changed after the plan was made: the plan is what will be played.
    tournament = planned(rounds=None, boards_per_round=5, minutes_per_board=10)
    estimate = session_estimate(tournament)
    assert (estimate.rounds, estimate.boards_per_round, estimate.minutes) == (3, 2, 60)
    started = timezone.make_aware(datetime.datetime(2026, 12, 5, 14, 0))
    Round.objects.filter(tournament=tournament, number=1).update(started_at=started)
    estimate = session_estimate(tournament)
    assert estimate.start == started
    assert estimate.end == started + datetime.timedelta(minutes=60)


# --- The organizer's page --------------------------------------------------------------


def manage_page(client, tournament) -> str:
    response = client.get(reverse("tournaments:manage", args=[tournament.slug]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_lists_the_steps_in_an_ordered_list_with_their_state_in_words(organizer, login):
    tournament = draft(organizer=organizer, rounds=7, boards_per_round=4, minutes_per_board=7)
    html = manage_page(login(organizer), tournament)
    listing = html[html.index('<ol class="checklist">') : html.index("</ol>")]
    assert listing.count("<li ") == len(ORDER)
    assert listing.count('aria-current="step"') == 1
    # The next step is said in words, next to the teams' step, not by its colour only.
    next_item = listing[listing.index('aria-current="step"') :].split("</li>")[0]
    assert "Étape suivante" in next_item
    assert "Inscriptions" in next_item
    assert "À faire" in next_item
    assert "Aucune équipe inscrite" in next_item
    assert "Fait" in listing
    assert "Pas encore possible" in listing
    assert f'href="{reverse("deals:manage", args=[tournament.slug])}"' in listing
    assert "Durée estimée : 3 h 16 (7 tours de 4 étuis, 7 min par étui)" in html
    assert "L'heure de fin s'affichera quand le premier tour aura démarré." in html


def test_the_page_gives_the_expected_end_once_the_first_round_started(organizer, login):
    tournament = planned(organizer=organizer, minutes_per_board=10)
    started = timezone.make_aware(datetime.datetime(2026, 12, 5, 14, 5))
    Round.objects.filter(tournament=tournament, number=1).update(started_at=started)
    html = manage_page(login(organizer), tournament)
    assert "Durée estimée : 1 h 00 (3 tours de 2 étuis, 10 min par étui)" in html
    assert "Fin prévue vers 15:05 (premier tour démarré à 14:05)." in html


def test_the_page_of_a_complete_movement_says_when_the_length_will_be_known(organizer, login):
    tournament = draft(organizer=organizer, rounds=None)
    html = manage_page(login(organizer), tournament)
    assert "Durée estimée : connue une fois le plan de table généré" in html


def test_the_checklist_stays_for_the_organizers(organizer, make_user, login):
    tournament = draft(organizer=organizer)
    arbiter = make_user("arbitre-curieux", role="arbiter")
    tournament.arbiters.add(arbiter)
    response = login(arbiter).get(reverse("tournaments:manage", args=[tournament.slug]))
    assert response.status_code == 403

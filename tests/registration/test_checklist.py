"""The organizer's checklist and the online registration: a step « Inscriptions en ligne »
saying in words where the registrations stand, the next step while pairs await a decision, and
no step at all for a tournament that never opened them."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.factories import add_teams, make_tournament
from tournaments import checklist
from tournaments.registration import services
from tournaments.setup.models import Tournament
from tournaments.setup.selectors import organizer_checklist

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(make_user):
    return make_user("pointeuse", role="organizer")


@pytest.fixture
def tournament(organizer):
    return make_tournament(organizer=organizer, status=Tournament.Status.REGISTRATION)


def register(tournament, n: int):
    return services.register_pair(
        tournament=tournament,
        data=services.PairData(
            players=(
                services.PlayerData("Anne", f"Martin{n}"),
                services.PlayerData("Bruno", f"Durand{n}"),
            ),
            email=f"paire{n}@example.org",
        ),
    )


def steps(tournament) -> dict[str, checklist.Step]:
    tournament.refresh_from_db()
    return {step.key: step for step in organizer_checklist(tournament)}


def next_key(tournament) -> str:
    return next(step.key for step in organizer_checklist(tournament) if step.is_next)


def test_no_step_when_registration_was_never_opened(tournament):
    assert "registration" not in steps(tournament)
    # Saved closed (a capacity set beforehand) is not opened either.
    services.set_registration(tournament=tournament, open=False, capacity=8)
    assert "registration" not in steps(tournament)


def test_the_step_says_in_words_the_teams_the_waiting_list_and_the_pairs_to_decide(
    tournament, django_capture_on_commit_callbacks
):
    services.set_registration(tournament=tournament, open=True, capacity=None)
    listed = organizer_checklist(tournament)
    keys = [step.key for step in listed]
    # Just before the teams: an accepted pair becomes a team.
    assert keys[keys.index("registration") + 1] == "teams"
    step = steps(tournament)["registration"]
    assert step.name == "Inscriptions en ligne"
    assert step.url == reverse("registration:manage", args=[tournament.slug])
    assert (step.state, step.reason) == (checklist.DONE, "Ouvertes : 0 équipe inscrite")

    add_teams(tournament, 12)
    services.set_registration(tournament=tournament, open=True, capacity=14)
    with django_capture_on_commit_callbacks(execute=True):
        entries = [register(tournament, n) for n in range(5)]
    assert [e.status for e in entries] == ["pending"] * 2 + ["waiting"] * 3
    step = steps(tournament)["registration"]
    assert step.state == checklist.TODO and step.is_next
    assert step.reason == "Ouvertes : 12 équipes inscrites, 3 en liste d'attente, 2 à valider"


def test_next_while_pairs_await_a_decision_then_done(
    tournament, django_capture_on_commit_callbacks
):
    add_teams(tournament, 2)
    services.set_registration(tournament=tournament, open=True, capacity=None)
    assert next_key(tournament) != "registration"
    with django_capture_on_commit_callbacks(execute=True):
        entry = register(tournament, 1)
    assert next_key(tournament) == "registration"
    assert steps(tournament)["registration"].reason == (
        "Ouvertes : 2 équipes inscrites, 1 à valider"
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.approve(entry=entry)
    step = steps(tournament)["registration"]
    assert (step.state, step.reason) == (checklist.DONE, "Ouvertes : 3 équipes inscrites")
    assert next_key(tournament) != "registration"


def test_closed_registration_keeps_its_step_while_it_has_pairs(
    tournament, django_capture_on_commit_callbacks
):
    services.set_registration(tournament=tournament, open=True, capacity=None)
    with django_capture_on_commit_callbacks(execute=True):
        register(tournament, 1)
    services.set_registration(tournament=tournament, open=False, capacity=None)
    step = steps(tournament)["registration"]
    assert (step.state, step.reason) == (checklist.TODO, "Fermées : 0 équipe inscrite, 1 à valider")
    # Past the registration state the registration is closed, whatever the setting.
    services.set_registration(tournament=tournament, open=True, capacity=None)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    assert steps(tournament)["registration"].reason.startswith("Fermées : ")


def test_the_organizer_s_page_shows_the_step_as_the_next_one(
    tournament, organizer, django_capture_on_commit_callbacks
):
    services.set_registration(tournament=tournament, open=True, capacity=None)
    with django_capture_on_commit_callbacks(execute=True):
        register(tournament, 1)
    client = Client()
    client.force_login(organizer)
    html = client.get(reverse("tournaments:manage", args=[tournament.slug])).text
    listing = html[html.index('<ol class="checklist">') : html.index("</ol>")]
    next_item = listing[listing.index('aria-current="step"') :].split("</li>")[0]
    assert "Inscriptions en ligne" in next_item
    assert "Ouvertes : 0 équipe inscrite, 1 à valider" in next_item
    assert f'href="{reverse("registration:manage", args=[tournament.slug])}"' in next_item

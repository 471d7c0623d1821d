"""« Ouvrir la séance »: from a ready set-up (teams checked in, plan, deals, documents) to round 1
under way in one act of the organizer, audited; refused with what is missing otherwise."""

import html
import re

import pytest
from django.urls import reverse

from tests.support.factories import add_boards, add_plan, add_teams, make_tournament
from tournaments.printing import services as printing
from tournaments.results.exceptions import InvalidAction, ResultForbidden
from tournaments.results.services import opening
from tournaments.setup.models import Round, Tournament, TournamentEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def quick_pdfs(monkeypatch):
    """Each document's sections printed as a line of text: the layout is not what is tested."""
    from tournaments.printing import pdf

    real = pdf.render_html

    def render_text(page_html: str):
        text = " ".join(re.sub(r"<[^>]+>", " ", page_html).split())[:200]
        return real(f"<p>{html.escape(text)}</p>")

    monkeypatch.setattr(pdf, "render_html", render_text)


@pytest.fixture
def people(make_user):
    return make_user("orga", "organizer"), make_user("arbitre", "arbiter")


def _set_up(people, *, documents=True, capture=None) -> Tournament:
    """A 6-team tournament still taking registrations, its plan unpublished, deals and (if
    ``documents``) the packet made."""
    organizer, arbiter = people
    tournament = make_tournament(
        organizer=organizer, arbiter=arbiter, status=Tournament.Status.REGISTRATION
    )
    add_teams(tournament, 6)
    add_plan(tournament, published=False, started=False)
    add_boards(tournament, 6)
    if documents:
        with capture(execute=True):
            printing.request_packet(tournament=tournament)
    return tournament


def test_a_ready_set_up_opens_in_one_act(
    people, quick_pdfs, django_capture_on_commit_callbacks, client
):
    organizer, _ = people
    tournament = _set_up(people, capture=django_capture_on_commit_callbacks)
    assert opening.opening_problems(tournament=tournament) == []
    client.force_login(organizer)
    page = client.get(reverse("tournaments:manage", args=[tournament.slug])).content.decode()
    assert 'id="ouvrir-la-seance"' in page
    assert "Tout est prêt" in page

    response = client.post(reverse("results:open_session", args=[tournament.slug]), follow=True)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    rounds = Round.objects.filter(tournament=tournament).order_by("number")
    assert all(round_.published for round_ in rounds)
    assert rounds[0].started_at is not None
    assert all(round_.started_at is None for round_ in rounds[1:])
    assert "les 3 tours sont publiés et le tour 1 a démarré" in response.content.decode()
    event = TournamentEvent.objects.get(tournament=tournament)
    assert event.action == TournamentEvent.Action.OPEN_SESSION
    assert event.by == organizer
    assert event.details == {
        "status": ["registration", "running"],
        "published": 3,
        "started_round": 1,
    }
    # Done: the step says so, and the act cannot be repeated.
    assert opening.opening_step(tournament=tournament).state == "done"
    with pytest.raises(InvalidAction, match="déjà ouverte"):
        opening.open_session(tournament=tournament, by=organizer)


def test_a_set_up_not_ready_is_refused_with_what_is_missing(people, client):
    organizer, _ = people
    tournament = _set_up(people, documents=False)
    tournament.teams.filter(number=6).update(checked_in=False)
    Round.objects.filter(tournament=tournament).delete()  # no plan yet
    client.force_login(organizer)
    response = client.post(reverse("results:open_session", args=[tournament.slug]), follow=True)
    page = html.unescape(response.content.decode())
    assert "Impossible d'ouvrir la séance, à terminer d'abord" in page
    assert "Pointage (1 équipe non pointée)" in page
    assert "Plan de table (À générer)" in page
    assert "Documents (Générez d'abord le plan de table)" in page
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION
    assert not TournamentEvent.objects.exists()
    step = opening.opening_step(tournament=tournament)
    assert step.state == "blocked"
    assert "Pointage (1 équipe non pointée)" in step.reason


def test_documents_not_made_keep_the_session_closed(people):
    tournament = _set_up(people, documents=False)
    problems = opening.opening_problems(tournament=tournament)
    assert len(problems) == 1
    assert problems[0].startswith("Documents (")


def test_only_the_organizers_open_the_session(
    people, make_user, quick_pdfs, django_capture_on_commit_callbacks, client
):
    _, arbiter = people
    tournament = _set_up(people, capture=django_capture_on_commit_callbacks)
    with pytest.raises(ResultForbidden):
        opening.open_session(tournament=tournament, by=arbiter)
    client.force_login(arbiter)
    response = client.post(reverse("results:open_session", args=[tournament.slug]))
    assert response.status_code == 403
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION


def test_a_draft_goes_through_registration_to_running(
    people, quick_pdfs, django_capture_on_commit_callbacks
):
    organizer, _ = people
    tournament = _set_up(people, capture=django_capture_on_commit_callbacks)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.DRAFT)
    tournament.refresh_from_db()
    event = opening.open_session(tournament=tournament, by=organizer)
    assert event.details["status"] == ["draft", "running"]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_each_step_links_to_the_place_that_does_it(people, client):
    organizer, _ = people
    tournament = _set_up(people, documents=False)
    client.force_login(organizer)
    page = client.get(reverse("tournaments:manage", args=[tournament.slug])).content.decode()
    slug = tournament.slug
    # « Publication » leads to the plan page's « Publier tous les tours », not the state form.
    publication = page[page.index("Publication") - 200 : page.index("Publication")]
    assert f'href="/tournois/{slug}/organisation/plan/#publier"' in publication
    assert "#etat" not in publication
    plan_page = client.get(reverse("tournaments:plan", args=[slug])).content.decode()
    assert 'id="publier"' in plan_page
    opening_step = page[page.index("Ouverture de la séance") - 200 : page.index("Ouverture")]
    assert "#ouvrir-la-seance" in opening_step
    assert f'href="/tournois/{slug}/organisation/documents/"' in page
    assert f'href="/tournois/{slug}/organisation/pointage/"' in page

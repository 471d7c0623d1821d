"""Without a broker (``bin/run``) the documents are made in a thread of the web process, never in
the request: « Générer tout le dossier » answers at once, the button stays disabled while the
packet is being made, and the page shows one state that follows the documents."""

import threading

import pytest
from django.urls import reverse

from tests.support.factories import demo_tournament
from tournaments import background
from tournaments.printing import services
from tournaments.printing.models import Document

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("plain_text_pages")]


@pytest.fixture
def documents_thread(settings, monkeypatch):
    """The documents thread on (a fresh one), each job held until the test releases it."""
    settings.DOCUMENTS_IN_PROCESS = "background"
    worker = background.BackgroundJobs("documents")
    monkeypatch.setattr(background, "documents", worker)
    release = threading.Event()
    real = services.build_document
    threads = []

    def held(*, document_id, generation):
        threads.append(threading.current_thread().name)
        assert release.wait(60)
        return real(document_id=document_id, generation=generation)

    monkeypatch.setattr(services, "build_document", held)
    return worker, release, threads


def _packet_state(page: str) -> str:
    start = page.index('class="packet-state"')
    return page[start : page.index("</div>", start)]


def test_the_packet_is_made_in_the_documents_thread_and_the_page_follows_it(
    client, make_user, documents_thread
):
    worker, release, threads = documents_thread
    organizer = make_user("orga", "organizer")
    tournament = demo_tournament(organizer=organizer)
    client.force_login(organizer)
    page_url = reverse("printing:documents", args=[tournament.slug])

    response = client.post(reverse("printing:request_packet", args=[tournament.slug]))
    # The request answered while the first job is still held in the thread: nothing made yet.
    assert response.status_code == 302
    assert not Document.objects.filter(status=Document.Status.READY).exists()

    page = client.get(page_url).content.decode()
    state = _packet_state(page)
    assert "En préparation" in state
    assert "Dossier : 0 sur 12 documents prêts" in state
    assert "À jour" not in state
    # The server renders the button disabled while the packet is being made.
    assert '<button type="submit" class="btn" disabled>Dossier en préparation…</button>' in page
    assert "Générer tout le dossier" not in page

    # Asked again meanwhile (another tab): refused, nothing queued again.
    generations = sorted(Document.objects.values_list("generation", flat=True))
    again = client.post(reverse("printing:request_packet", args=[tournament.slug]), follow=True)
    assert "Le dossier est déjà en préparation" in again.content.decode()
    assert sorted(Document.objects.values_list("generation", flat=True)) == generations

    release.set()
    assert worker.wait(120)
    assert set(threads) == {"documents"}
    assert Document.objects.filter(status=Document.Status.READY).count() == 12
    page = client.get(page_url).content.decode()
    state = _packet_state(page)
    assert "Dossier : les 12 documents sont prêts." in state
    assert "En préparation" not in state
    assert ">Générer tout le dossier</button>" in page
    assert page.count("À jour") == 13


def test_one_document_asked_for_is_made_in_the_thread_too(client, make_user, documents_thread):
    worker, release, threads = documents_thread
    organizer = make_user("orga", "organizer")
    tournament = demo_tournament(organizer=organizer)
    client.force_login(organizer)
    response = client.post(
        reverse("printing:request", args=[tournament.slug]),
        {"kind": "table_cards", "scope": "staff"},
        follow=True,
    )
    page = response.content.decode()
    # No message that could go stale: the row says where the document stands.
    assert "est en préparation" not in page
    assert "En attente" in page or "En cours" in page
    release.set()
    assert worker.wait(60)
    document = Document.objects.get(kind="table_cards", scope="staff")
    assert document.status == Document.Status.READY
    assert threads == ["documents"]

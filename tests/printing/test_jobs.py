"""Documents are made by Celery jobs (eager here, plus one through a real worker), stored, marked
stale when their data changes, and never overwritten by an older job."""

import io
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from tests.support.factories import demo_tournament, drop_tournament
from tests.support.pdf import pdf_pages
from tournaments.printing import selectors, services
from tournaments.printing.models import Document

pytestmark = pytest.mark.django_db

KIND, SCOPE = "table_cards", "staff"


def _request(capture, tournament, kind=KIND, scope=SCOPE, **options) -> Document:
    with capture(execute=True):
        document = services.request_document(
            tournament=tournament, kind=kind, scope=scope, **options
        )
    document.refresh_from_db()
    return document


def test_a_requested_document_is_made_and_stored(django_capture_on_commit_callbacks, media_root):
    tournament = demo_tournament()
    document = _request(django_capture_on_commit_callbacks, tournament)
    assert document.status == Document.Status.READY
    assert document.progress == 100
    assert document.pages == 3
    assert document.data_version == selectors.data_version(tournament, KIND, SCOPE)
    path = Path(document.file.path)
    assert path.is_relative_to(media_root)
    assert len(PdfReader(io.BytesIO(path.read_bytes())).pages) == 3
    assert document.file_size == path.stat().st_size
    assert document.contents == {"tables": [1, 2, 3]}


@pytest.mark.usefixtures("plain_text_pages")
def test_a_second_request_while_queued_queues_nothing(django_capture_on_commit_callbacks):
    tournament = demo_tournament()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        first = services.request_document(tournament=tournament, kind=KIND, scope=SCOPE)
        second = services.request_document(
            tournament=tournament, kind=KIND, scope=SCOPE, force=True
        )
    assert first.pk == second.pk
    assert second.generation == 1
    assert len(callbacks) == 1


@pytest.mark.usefixtures("plain_text_pages")
def test_an_up_to_date_document_is_not_made_again(django_capture_on_commit_callbacks):
    tournament = demo_tournament()
    document = _request(django_capture_on_commit_callbacks, tournament)
    again = _request(django_capture_on_commit_callbacks, tournament)
    assert again.generation == document.generation
    rebuilt = _request(django_capture_on_commit_callbacks, tournament, force=True)
    assert rebuilt.generation == document.generation + 1


@pytest.mark.usefixtures("plain_text_pages")
def test_a_document_goes_stale_when_its_data_changes_and_is_rebuilt(
    django_capture_on_commit_callbacks,
):
    tournament = demo_tournament()
    document = _request(django_capture_on_commit_callbacks, tournament)
    old_path = Path(document.file.path)
    team = tournament.teams.get(number=4)
    team.name = "Les Coincheurs du Lundi"
    team.save()
    rows = selectors.document_rows(_organizer(tournament), tournament)
    row = next(r for r in rows if r.kind == KIND)
    assert row.stale
    rebuilt = _request(django_capture_on_commit_callbacks, tournament)
    assert rebuilt.generation == document.generation + 1
    assert rebuilt.data_version == selectors.data_version(tournament, KIND, SCOPE)
    assert "Les Coincheurs du Lundi" in " ".join(pdf_pages(Path(rebuilt.file.path).read_bytes()))
    # The file it replaced is gone.
    assert not old_path.exists()


def _organizer(tournament):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(f"org-{tournament.pk}", password="x-42-long-pw")
    tournament.organizers.add(user)
    return user


@pytest.mark.usefixtures("plain_text_pages")
def test_rankings_go_stale_with_a_new_snapshot(django_capture_on_commit_callbacks):
    from tournaments.standings.recomputation import recompute

    tournament = demo_tournament()
    document = _request(django_capture_on_commit_callbacks, tournament, "rankings", "public")
    assert document.data_version == selectors.data_version(tournament, "rankings", "public")
    recompute(tournament.pk, force=True)
    assert document.data_version != selectors.data_version(tournament, "rankings", "public")


def test_hand_records_go_stale_on_release(django_capture_on_commit_callbacks):
    from tournaments.deals.services import release_hands

    tournament = demo_tournament()
    before = selectors.data_version(tournament, "hand_records", "staff")
    release_hands(tournament=tournament)
    assert selectors.data_version(tournament, "hand_records", "staff") != before


def test_an_older_job_never_overwrites_a_newer_request(django_capture_on_commit_callbacks):
    tournament = demo_tournament()
    with django_capture_on_commit_callbacks(execute=False):
        document = services.request_document(tournament=tournament, kind=KIND, scope=SCOPE)
    Document.objects.filter(pk=document.pk).update(generation=document.generation + 1)
    outcome = services.build_document(document_id=document.pk, generation=document.generation)
    assert outcome is services.Outcome.SUPERSEDED
    document.refresh_from_db()
    assert not document.file
    assert document.status == Document.Status.QUEUED


@pytest.mark.usefixtures("plain_text_pages")
def test_a_job_superseded_while_rendering_stops_and_keeps_nothing(
    django_capture_on_commit_callbacks, monkeypatch, media_root
):
    from tournaments.printing import documents

    tournament = demo_tournament()
    with django_capture_on_commit_callbacks(execute=False):
        document = services.request_document(tournament=tournament, kind=KIND, scope=SCOPE)
    real = documents.make_pdf

    def newer_request_meanwhile(tournament, kind, scope, progress=None):
        Document.objects.filter(pk=document.pk).update(generation=document.generation + 1)
        return real(tournament, kind, scope, progress)

    monkeypatch.setattr(documents, "make_pdf", newer_request_meanwhile)
    outcome = services.build_document(document_id=document.pk, generation=document.generation)
    assert outcome is services.Outcome.SUPERSEDED
    assert not list(Path(media_root).rglob("*.pdf"))


def test_nothing_to_print_fails_with_the_reason(django_capture_on_commit_callbacks):
    from tests.support.factories import add_teams, make_tournament

    tournament = make_tournament()
    add_teams(tournament, 4)
    document = _request(django_capture_on_commit_callbacks, tournament)
    assert document.status == Document.Status.FAILED
    assert "plan de table" in document.error
    assert not document.file


def test_an_unexpected_error_fails_the_document_and_is_logged(
    django_capture_on_commit_callbacks, monkeypatch, caplog
):
    from tournaments.printing import documents

    tournament = demo_tournament()

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(documents, "make_pdf", broken)
    document = _request(django_capture_on_commit_callbacks, tournament)
    assert document.status == Document.Status.FAILED
    assert "erreur inattendue" in document.error
    assert "disk on fire" in caplog.text


def test_a_broker_down_fails_the_request_at_once(django_capture_on_commit_callbacks, monkeypatch):
    from kombu.exceptions import OperationalError

    from tournaments.printing import tasks

    def refuse(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(tasks.build_document_task, "apply_async", refuse)
    tournament = demo_tournament()
    document = _request(django_capture_on_commit_callbacks, tournament)
    assert document.status == Document.Status.FAILED
    assert "injoignable" in document.error


@pytest.mark.usefixtures("plain_text_pages")
def test_the_packet_requests_every_document_that_can_be_made(django_capture_on_commit_callbacks):
    tournament = demo_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        requested = services.request_packet(tournament=tournament)
    # The combined PDF, every part, and the public copies that may exist (no hand released).
    expected = [pair for pair in selectors.packet_documents() if pair != ("hand_records", "public")]
    assert sorted((d.kind, d.scope) for d in requested) == sorted(expected)
    # Longest jobs first, so that several worker processes finish the packet sooner; the public
    # copies last.
    assert [d.kind for d in requested[:2]] == ["combined_packet", "score_sheets"]
    assert requested[-1].scope == "public"
    statuses = set(Document.objects.filter(tournament=tournament).values_list("status", flat=True))
    assert statuses == {Document.Status.READY}


@pytest.mark.usefixtures("plain_text_pages")
def test_deleting_a_document_removes_its_file(django_capture_on_commit_callbacks):
    tournament = demo_tournament()
    document = _request(django_capture_on_commit_callbacks, tournament)
    path = Path(document.file.path)
    with django_capture_on_commit_callbacks(execute=True):
        document.delete()
    assert not path.exists()


def test_build_documents_command_writes_the_packet(tmp_path):
    tournament = demo_tournament()
    out = io.StringIO()
    call_command("build_documents", tournament.slug, "--out", str(tmp_path / "pdf"), stdout=out)
    files = sorted(path.name for path in (tmp_path / "pdf").iterdir())
    assert files == sorted(
        selectors.file_name(tournament, kind, scope) for kind, scope in selectors.PACKET
    )
    cards = (tmp_path / "pdf" / selectors.file_name(tournament, KIND, SCOPE)).read_bytes()
    assert len(pdf_pages(cards)) == 3
    assert f"documents written: {len(selectors.PACKET)} in" in out.getvalue()
    assert "Fiches de route: " in out.getvalue()


@pytest.mark.usefixtures("plain_text_pages")
def test_build_documents_command_writes_the_combined_packet_when_asked(tmp_path):
    tournament = demo_tournament()
    out = io.StringIO()
    call_command(
        "build_documents",
        tournament.slug,
        "--out",
        str(tmp_path),
        "--kind",
        "combined_packet",
        stdout=out,
    )
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == [f"{tournament.slug}-dossier-complet.pdf"]
    pages = pdf_pages((tmp_path / written[0]).read_bytes())
    assert "Dossier complet" in pages[0] and "Plan de salle" in pages[0]
    assert "documents written: 1 in" in out.getvalue()


@pytest.mark.usefixtures("plain_text_pages")
def test_build_documents_command_skips_what_cannot_be_made(tmp_path):
    from tests.support.factories import add_plan, add_teams, make_tournament

    tournament = make_tournament()
    add_teams(tournament, 6)
    add_plan(tournament)
    out = io.StringIO()
    call_command("build_documents", tournament.slug, "--out", str(tmp_path), stdout=out)
    text = out.getvalue()
    assert "Relevé des donnes: skipped" in text
    assert "Classement: skipped" in text
    assert (tmp_path / selectors.file_name(tournament, KIND, SCOPE)).exists()


def test_build_documents_command_refuses_an_unknown_tournament(tmp_path):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("build_documents", "no-such-event", "--out", str(tmp_path))


@pytest.fixture
def worker_media(media_root, monkeypatch):
    """The worker process stores its files where this test reads them."""
    monkeypatch.setenv("MEDIA_ROOT", str(media_root))
    return media_root


@pytest.mark.worker
def test_a_real_worker_makes_the_document(worker_media, celery_worker, transactional_db):
    tournament = demo_tournament()
    try:
        document = services.request_document(tournament=tournament, kind="rankings", scope="public")
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            document.refresh_from_db()
            if document.status in (Document.Status.READY, Document.Status.FAILED):
                break
            time.sleep(0.3)
        assert document.status == Document.Status.READY, document.error
        assert "Classement Nord-Sud" in " ".join(pdf_pages(Path(document.file.path).read_bytes()))
    finally:
        drop_tournament(tournament)


def test_downloads_retry_a_failed_document_at_most_once_a_minute(
    django_capture_on_commit_callbacks,
):
    import datetime

    from django.utils import timezone

    tournament = demo_tournament()
    with django_capture_on_commit_callbacks(execute=False):
        document = services.request_document(tournament=tournament, kind="rankings", scope="public")
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.FAILED, finished_at=timezone.now()
    )
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        again = services.ensure_fresh(tournament=tournament, kind="rankings", scope="public")
    assert again.generation == document.generation and not callbacks
    Document.objects.filter(pk=document.pk).update(
        finished_at=timezone.now() - datetime.timedelta(minutes=2)
    )
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        again = services.ensure_fresh(tournament=tournament, kind="rankings", scope="public")
    assert again.generation == document.generation + 1 and len(callbacks) == 1

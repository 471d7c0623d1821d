"""``manage.py build_documents SLUG --out DIR``: write the tournament's packet as PDF files.

The same code as the Celery jobs (``documents.make_pdf``), for scripting and backups. Documents
with nothing to print yet (no plan, no result...) are listed and skipped.
"""

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.printing import documents, selectors
from tournaments.printing.models import Document
from tournaments.setup.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament's printed documents (the packet) as PDF files into a directory."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's identifier (slug)")
        parser.add_argument("--out", required=True, help="directory to write the PDF files to")
        parser.add_argument(
            "--kind",
            action="append",
            choices=[kind.value for kind in Document.Kind],
            help="only this kind (repeat for several); default: the whole packet, each part in "
            "its own file (combined_packet: the packet in one file)",
        )
        parser.add_argument(
            "--public",
            action="store_true",
            help="the public versions (what players may see) instead of the staff ones",
        )

    def handle(self, *args, slug: str, out: str, kind=None, public=False, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament {slug!r}")
        wanted = self._wanted(kind, public)
        directory = Path(out)
        directory.mkdir(parents=True, exist_ok=True)
        written = 0
        started = time.perf_counter()
        for document_kind, scope in wanted:
            label = Document.Kind(document_kind).label
            began = time.perf_counter()
            try:
                rendered = documents.make_pdf(tournament, document_kind, scope)
            except documents.NothingToPrint as nothing:
                self.stdout.write(f"{label}: skipped ({nothing.reason})")
                continue
            path = directory / selectors.file_name(tournament, document_kind, scope)
            path.write_bytes(rendered.pdf)
            written += 1
            self.stdout.write(
                f"{label}: {path} ({rendered.pages} pages, {time.perf_counter() - began:.1f} s)"
            )
        self.stdout.write(
            self.style.SUCCESS(
                f"documents written: {written} in {time.perf_counter() - started:.1f} s"
            )
        )

    @staticmethod
    def _wanted(kinds, public: bool) -> list[tuple[str, str]]:
        if public:
            pairs = [
                (kind, Document.Scope.PUBLIC)
                for kind, scopes in selectors.KIND_SCOPES.items()
                if Document.Scope.PUBLIC in scopes
            ]
        else:
            pairs = list(selectors.PACKET)
            if kinds and Document.Kind.COMBINED_PACKET in kinds:
                # Only when asked: it lays out the whole packet a second time.
                pairs.insert(0, (Document.Kind.COMBINED_PACKET, Document.Scope.STAFF))
        if kinds:
            pairs = [pair for pair in pairs if pair[0] in kinds]
            if not pairs:
                raise CommandError("none of these kinds has a version for that audience")
        return pairs

"""``python manage.py import_results SLUG FILE [--format jsonl|csv|xlsx] [--replace]``: import
results as confirmed (all or nothing: any bad line saves nothing and every bad line is listed).

Run by the site's owner: the import acts as the system (``by=None``), which may be told
everything, the hands' disagreements included (docs/security.md)."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.results import exchange
from tournaments.results.exceptions import ImportRejected
from tournaments.setup.models import Tournament


class Command(BaseCommand):
    help = "Import results from a JSON lines, CSV or XLSX file ('-' reads stdin); all or nothing."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument("file", help="the file to read, or - for stdin")
        parser.add_argument(
            "--format",
            choices=exchange.IMPORT_FORMATS,
            help="default: from the file name or content",
        )
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace results already entered (default: such lines are refused)",
        )

    def handle(self, *args, slug, file, format=None, replace=False, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament {slug!r}")
        if file == "-":
            data, name = sys.stdin.buffer.read(), ""
        else:
            path = Path(file)
            if not path.is_file():
                raise CommandError(f"no file {file!r}")
            data, name = path.read_bytes(), path.name
        try:
            stored = exchange.import_file(
                tournament, data, filename=name, fmt=format, replace=replace
            )
        except ImportRejected as error:
            for line in error.errors:
                self.stderr.write(str(line))
            raise CommandError(f"bad lines: {len(error.errors)}; nothing was imported") from None
        self.stdout.write(f"results imported into {tournament.slug}: {len(stored)}")

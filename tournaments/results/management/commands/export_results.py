"""``python manage.py export_results SLUG [--format jsonl|csv] [--out FILE]``: the confirmed and
adjusted results of a tournament and its penalties in force, as JSON lines (default) or CSV
(through the site's one spreadsheet writer), on stdout by default."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.results import exchange
from tournaments.setup.models import Tournament


class Command(BaseCommand):
    help = "Export a tournament's confirmed and adjusted results (JSON lines or CSV)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument("--format", choices=exchange.FORMATS, default="jsonl")
        parser.add_argument("--out", help="write to this file instead of stdout")

    def handle(self, *args, slug, format, out=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament {slug!r}")
        text = exchange.export(tournament, format)
        if out:
            with open(out, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        else:
            self.stdout.write(text, ending="")

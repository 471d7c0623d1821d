"""``python manage.py recompute SLUG``: recompute a tournament's scores and rankings now.

Runs in this process, without the broker: every ranking is computed from scratch and stored as
a new snapshot version, and the tournament is no longer pending.
"""

from django.core.management.base import BaseCommand, CommandError

from tournaments.setup.models import Tournament
from tournaments.standings.recomputation import Outcome, recompute


class Command(BaseCommand):
    help = "Recompute a tournament's board scores and rankings synchronously (by its slug)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's slug (identifiant)")

    def handle(self, *args, slug: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with the slug {slug!r}")
        report = recompute(tournament.pk, force=True)
        if report.outcome is Outcome.FAILED:
            raise CommandError(f"{slug}: the scores cannot be computed: {report.error}")
        self.stdout.write(
            f"{slug}: version {report.version}, {report.results_counted} results counted, "
            f"{report.rankings_computed} rankings computed in {report.duration_ms} ms"
        )

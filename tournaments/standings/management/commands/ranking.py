"""``python manage.py ranking SLUG [--json]``: the current overall ranking.

With ``--json``: a JSON array, one object per team: ``rank``, ``team`` (its number), ``name``,
``direction`` ("NS", "EW" or null), ``score`` (total matchpoints, difference or points),
``percentage`` (or null) and ``boards`` (played). A two-ranking Mitchell lists the NS ranking
then the EW one, each ranked on its own. Without ``--json``: a readable table.

When results changed since the latest snapshot (or none exists yet), the scores are first
brought up to date in this process, so the answer is always current.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.setup.models import Tournament
from tournaments.standings import selectors
from tournaments.standings.recomputation import Outcome, recompute

FIELDS = ("rank", "team", "name", "direction", "score", "percentage", "boards")


class Command(BaseCommand):
    help = "Print a tournament's current overall ranking (by its slug), as a table or JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's slug (identifiant)")
        parser.add_argument("--json", action="store_true", help="print a JSON array")

    def handle(self, *args, slug: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with the slug {slug!r}")
        freshness = selectors.freshness(tournament)
        if freshness.pending or not freshness.version:
            report = recompute(tournament.pk)
            if report.outcome is Outcome.FAILED:
                raise CommandError(f"{slug}: the scores cannot be computed: {report.error}")
        ranking = selectors.current_ranking(tournament)
        entries = ranking.entries if ranking is not None else []
        rows = [{field: entry[field] for field in FIELDS} for entry in entries]
        if options["json"]:
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2))
            return
        self._table(tournament, ranking)

    def _table(self, tournament: Tournament, ranking) -> None:
        self.stdout.write(f"{tournament.name} — {tournament.get_scoring_method_display()}")
        if ranking is None or not ranking.entries:
            self.stdout.write("(no ranked team yet)")
            return
        for direction, entries in ranking.by_direction():
            if direction:
                self.stdout.write("")
                self.stdout.write(direction)
            self.stdout.write(
                f"{'Rank':>5}  {'Team':>4}  {'Name':<30} {'Score':>9} {'%':>7} {'Boards':>6}"
            )
            for entry in entries:
                percentage = entry["percentage"]
                self.stdout.write(
                    f"{entry['display_rank']:>5}  {entry['team']:>4}  {entry['name'][:30]:<30} "
                    f"{entry['score']:>9} "
                    f"{'' if percentage is None else f'{percentage:.2f}':>7} {entry['boards']:>6}"
                )

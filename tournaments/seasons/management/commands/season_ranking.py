"""``manage.py season_ranking SEASON [--json]``: compute a season's ranking now and print it.

With ``--json``: a JSON array of ``{"rank", "player", "licence", "score", "tournaments"}``
(``rank`` null below the minimum played; ``score`` the average percentage or the points;
``tournaments`` how many counted). Full names and licences: a command is the staff's.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.seasons.models import Season
from tournaments.seasons.selectors import season_table
from tournaments.seasons.services import recompute_season


class Command(BaseCommand):
    help = "Print a season's ranking (computed now), as text or JSON."

    def add_arguments(self, parser):
        parser.add_argument("season", help="the season's slug")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **options):
        season = Season.objects.filter(slug=options["season"]).first()
        if season is None:
            raise CommandError(f"no season {options['season']!r}")
        recompute_season(season_id=season.pk)
        table = season_table(season, full_names=True)
        if options["json"]:
            rows = [
                {
                    "rank": row.rank,
                    "player": row.name,
                    "licence": row.player.licence,
                    "score": row.score,
                    "tournaments": row.counted,
                }
                for row in table.rows
            ]
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2))
            return
        self.stdout.write(season.name)
        for row in table.rows:
            self.stdout.write(
                f"{row.rank_label:>4}  {row.name:<32} {row.score:>8.2f}  {row.counted}/{row.played}"
            )

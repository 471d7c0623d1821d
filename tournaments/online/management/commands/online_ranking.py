"""``manage.py online_ranking ID [--json]``: an online tournament's ranking, computed now
from the plays (the staff's view: whatever the window).

With ``--json``: a JSON array in rank order of ``{"rank", "player", "percentage",
"difference", "deals": [{"deal", "instance", "ns", "ew", "matchpoints", "top", "difference",
"abandoned"}]}``; ``ns``/``ew`` are the deal's marks (South's side is NS), null when abandoned;
tied players share a rank."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.online import selectors

DEAL_KEYS = ("deal", "instance", "ns", "ew", "matchpoints", "top", "difference", "abandoned")


class Command(BaseCommand):
    help = "Print an online tournament's ranking, as text or JSON."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the online tournament's identifier (slug)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **options):
        tournament = selectors.tournament_by_slug(options["tournament"])
        if tournament is None:
            raise CommandError(f"no online tournament {options['tournament']!r}")
        ranking = selectors.compute_ranking(tournament)
        if options["json"]:
            lines = [
                {
                    "rank": line["rank"],
                    "player": line["player"],
                    "percentage": line["percentage"],
                    "difference": line["difference"],
                    "deals": [{key: deal[key] for key in DEAL_KEYS} for deal in line["deals"]],
                }
                for line in ranking
            ]
            self.stdout.write(json.dumps(lines, ensure_ascii=False, indent=2))
            return
        for line in ranking:
            rank = f"{line['rank']}{'=' if line['tied'] else ''}"
            deals = "  ".join(
                "--" if deal["abandoned"] else f"{deal['ns']}-{deal['ew']}"
                for deal in line["deals"]
            )
            self.stdout.write(
                f"{rank:>4} {line['player']:<24} {line['percentage']:6.2f} %  "
                f"{line['difference']:+5d}  {deals}"
            )

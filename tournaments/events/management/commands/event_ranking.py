"""``manage.py event_ranking ID [--json]``: the event's national figures, per ranking group in
rank order (recomputed first when a change is not counted yet)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.events.models import Event
from tournaments.events.selectors import ranking_of
from tournaments.events.services import recompute_event

ROW_KEYS = ("rank", "team", "club", "direction", "percentage")


class Command(BaseCommand):
    help = "Affiche le classement national d'un simultané (par groupe de classement)."

    def add_arguments(self, parser):
        parser.add_argument("event", help="identifiant du simultané")
        parser.add_argument("--json", action="store_true", help="sortie JSON")

    def handle(self, *args, event: str, **options):
        found = Event.objects.filter(slug=event).first()
        if found is None:
            raise CommandError(f"Simultané inconnu : {event}")
        ranking = ranking_of(found)
        if ranking is None or ranking.computed_at is None or ranking.stale_since is not None:
            recompute_event(event_id=found.pk)
            ranking = ranking_of(found)
        groups = [
            {
                "group": group["key"],
                "scope": group["scope"],
                "name": group["name"],
                "direction": group["direction"],
                "provisional": ranking.provisional,
                "rows": [{key: row[key] for key in ROW_KEYS} for row in group["rows"]],
            }
            for group in ranking.groups
        ]
        if options["json"]:
            self.stdout.write(json.dumps(groups, ensure_ascii=False, indent=1))
            return
        for group in groups:
            self.stdout.write(f"== {group['group']}")
            for row in group["rows"]:
                percentage = "" if row["percentage"] is None else f"{row['percentage']:.2f} %"
                self.stdout.write(
                    f"{row['rank']:>4}  {row['team']:<40} {row['club']:<30} "
                    f"{row['direction'] or '':<3} {percentage}"
                )

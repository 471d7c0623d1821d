"""``manage.py event_results_file SLUG``: on a club's laptop, the club's results of the event
(the tournament ``SLUG`` made from its package) as the signed file to send to the site, on
standard output."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.events.selectors import laptop_event_of
from tournaments.events.services import build_upload
from tournaments.setup.models import Tournament


class Command(BaseCommand):
    help = "Écrit le fichier signé des résultats du club pour le site du simultané."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="identifiant du tournoi du club (sur l'ordinateur)")

    def handle(self, *args, tournament: str, **options):
        found = Tournament.objects.filter(slug=tournament).first()
        laptop = laptop_event_of(found) if found is not None else None
        if laptop is None:
            raise CommandError(f"Aucun tournoi de simultané importé : {tournament}")
        self.stdout.write(json.dumps(build_upload(laptop=laptop), ensure_ascii=False))

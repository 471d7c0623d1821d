"""Make the local site ready to show: demo accounts and, once, a demo tournament with results.

Used by ``bin/run``. Idempotent: a second run keeps the existing demo tournament.
"""

import io
import os

from django.core.management import call_command
from django.core.management.base import BaseCommand

from tournaments.accounts.roles import ARBITER, ORGANIZER
from tournaments.accounts.services import ensure_user
from tournaments.models import Tournament

DEMO_PASSWORD = "coinche-demo"  # noqa: S105 - a local demonstration account, printed on start
DEMO_ORGANIZER = "organisateur"
DEMO_ARBITER = "arbitre"


class Command(BaseCommand):
    help = "Create the demo accounts and, if there is none yet, a demo tournament with results."

    def handle(self, *args, **options):
        organizer = ensure_user(DEMO_ORGANIZER, DEMO_PASSWORD, role=ORGANIZER)
        arbiter = ensure_user(DEMO_ARBITER, DEMO_PASSWORD, role=ARBITER)
        tournament = Tournament.objects.filter(organizers=organizer).order_by("-pk").first()
        if tournament is None:
            output = io.StringIO()
            call_command("demo_tournament", "--results", stdout=output)
            slug = output.getvalue().strip().splitlines()[-1]
            tournament = Tournament.objects.get(slug=slug)
        tournament.organizers.add(organizer)
        tournament.arbiters.add(arbiter)
        address = f"http://{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
        self.stdout.write(
            "\n".join(
                [
                    "",
                    "Demo ready / Démo prête:",
                    f"  tournament / tournoi : {address}{tournament.get_absolute_url()}",
                    f"  organizer / organisateur : {DEMO_ORGANIZER} / {DEMO_PASSWORD}",
                    f"  arbiter / arbitre : {DEMO_ARBITER} / {DEMO_PASSWORD}",
                    "",
                ]
            )
        )

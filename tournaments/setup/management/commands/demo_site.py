"""Make the local site ready to show: demo accounts and, once, a demo tournament with results.

Used by ``bin/run``, on every start. Idempotent: a second run keeps the existing demo
tournament, and the demo accounts' passwords as they are now (someone may have changed them on
a laptop that faces the club's Wi-Fi); ``--reset-passwords`` (``bin/run --reset-demo``) sets
them back to the documented one.
"""

import io
import os

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand
from django.urls import reverse

from config.addresses import is_loopback_url
from tournaments.accounts.roles import ARBITER, ORGANIZER
from tournaments.accounts.services import ensure_user
from tournaments.setup.models import Tournament

DEMO_PASSWORD = "coinche-demo"  # noqa: S105 - a local demonstration account, printed on start
DEMO_ORGANIZER = "organisateur"
DEMO_ARBITER = "arbitre"


class Command(BaseCommand):
    help = (
        "Create the demo accounts (password coinche-demo) if missing and, if there is none yet, "
        "a demo tournament with results."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset-passwords",
            action="store_true",
            help=f"Set the demo accounts' password back to {DEMO_PASSWORD} if they exist.",
        )

    def handle(self, *args, **options):
        reset = options["reset_passwords"]
        existing = set(
            get_user_model()
            .objects.filter(username__in=[DEMO_ORGANIZER, DEMO_ARBITER])
            .values_list("username", flat=True)
        )
        organizer = ensure_user(DEMO_ORGANIZER, DEMO_PASSWORD, role=ORGANIZER, reset_password=reset)
        arbiter = ensure_user(DEMO_ARBITER, DEMO_PASSWORD, role=ARBITER, reset_password=reset)
        # The demo tournament (the demo season's own finished tournaments are not it: asked
        # through the reverse relation, set-up imports nothing of the seasons app).
        tournament = (
            Tournament.objects.filter(organizers=organizer, seasons__isnull=True)
            .order_by("-pk")
            .first()
        )
        if tournament is None:
            output = io.StringIO()
            call_command("demo_tournament", "--results", stdout=output)
            slug = output.getvalue().strip().splitlines()[-1]
            tournament = Tournament.objects.get(slug=slug)
        tournament.organizers.add(organizer)
        tournament.arbiters.add(arbiter)
        season_url = self._demo_season(organizer)
        address = settings.SITE_URL.rstrip("/") or (
            f"http://{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
        )

        def password(username: str) -> str:
            if reset or username not in existing:
                return DEMO_PASSWORD
            return "(mot de passe inchangé / password unchanged: bin/run --reset-demo)"

        self.stdout.write(
            "\n".join(
                [
                    "",
                    "Demo ready / Démo prête:",
                    f"  tournament / tournoi : {address}{tournament.get_absolute_url()}",
                    *([f"  season / saison : {address}{season_url}"] if season_url else []),
                    f"  organizer / organisateur : {DEMO_ORGANIZER} / {password(DEMO_ORGANIZER)}",
                    f"  arbiter / arbitre : {DEMO_ARBITER} / {password(DEMO_ARBITER)}",
                    "",
                    f"Adresse pour les joueurs / players' address : {address}",
                    *self._loopback_note(address),
                    "",
                ]
            )
        )

    def _demo_season(self, organizer) -> str:
        """Once, a club's season of finished tournaments (``demo_season``, from the seasons
        app, called by name: set-up imports nothing above it); the address of its page."""
        if "demo_season" not in get_commands():
            return ""
        seasons = getattr(organizer.organized_clubs.first(), "seasons", None)
        season = seasons.order_by("-pk").first() if seasons is not None else None
        if season is not None:
            return season.get_absolute_url()
        output = io.StringIO()
        call_command("demo_season", "--organizer", organizer.get_username(), stdout=output)
        slug = output.getvalue().strip().splitlines()[-1]
        return reverse("seasons:season", args=[slug])

    def _loopback_note(self, address: str) -> list[str]:
        if not is_loopback_url(address):
            return []
        return [
            "  Attention : cette adresse ne mène qu'à cet ordinateur ; les téléphones ne pourront"
            " pas ouvrir les QR codes des fiches. Lancez bin/run --lan (ou réglez SITE_URL).",
            "  Warning: this address only leads to this computer; phones cannot open the QR"
            " codes of the cards. Start bin/run --lan (or set SITE_URL).",
        ]

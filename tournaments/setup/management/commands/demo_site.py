"""Make the local site ready to show: demo accounts and, once, a demo tournament with results.

Used by ``bin/run``, on every start. Idempotent: a second run keeps the existing demo
tournament, and the demo accounts' passwords as they are now (someone may have changed them);
``--reset-passwords`` (``bin/run --reset-demo``) gives them a password again.

The documented password (``coinche-demo``) is for a site this machine alone can reach. A site
served beyond it (``bin/run --lan``, ``HOST=0.0.0.0``: ``settings.SERVED_BEYOND_LOOPBACK``)
never keeps it: an account created, reset, or still holding the documented password gets a
random one, printed once here (on the next start it reads « unchanged »).
"""

import io
import os
import secrets

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
# Easy to copy from the screen to a phone: no 0/o, 1/l/i.
READABLE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
UNCHANGED = "(mot de passe inchangé / password unchanged: bin/run --reset-demo)"


def random_password() -> str:
    """Three groups of four letters and digits (about 60 bits): ``k7m2-qp9x-4tzh``."""
    return "-".join("".join(secrets.choice(READABLE_LETTERS) for _ in range(4)) for _ in range(3))


class Command(BaseCommand):
    help = (
        "Create the demo accounts if missing (password coinche-demo on this machine only, a "
        "random one printed once when the site is served on the network) and, if there is none "
        "yet, a demo tournament with results."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset-passwords",
            action="store_true",
            help=(
                f"Give the demo accounts a password again if they exist: {DEMO_PASSWORD} on this "
                "machine only, a new random one when the site is served on the network."
            ),
        )

    def handle(self, *args, **options):
        reset = options["reset_passwords"]
        network = bool(settings.SERVED_BEYOND_LOOPBACK)
        organizer, organizer_password = self._account(DEMO_ORGANIZER, ORGANIZER, reset, network)
        arbiter, arbiter_password = self._account(DEMO_ARBITER, ARBITER, reset, network)
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
        shown = network and bool(organizer_password or arbiter_password)
        self.stdout.write(
            "\n".join(
                [
                    "",
                    "Demo ready / Démo prête:",
                    f"  tournament / tournoi : {address}{tournament.get_absolute_url()}",
                    *([f"  season / saison : {address}{season_url}"] if season_url else []),
                    f"  organizer / organisateur : {DEMO_ORGANIZER} / "
                    f"{organizer_password or UNCHANGED}",
                    f"  arbiter / arbitre : {DEMO_ARBITER} / {arbiter_password or UNCHANGED}",
                    *(
                        [
                            "  Mots de passe tirés au hasard pour le réseau du club : notez-les,"
                            " ils ne seront plus affichés.",
                            "  Random passwords for the club's network: write them down, they"
                            " will not be shown again.",
                        ]
                        if shown
                        else []
                    ),
                    "",
                    f"Adresse pour les joueurs / players' address : {address}",
                    *self._loopback_note(address),
                    "",
                ]
            )
        )

    def _account(self, username: str, role: str, reset: bool, network: bool):
        """The demo account, created if missing, and the password it was just given ("" when
        it keeps the one it has). On the network the documented password is replaced too."""
        user = get_user_model().objects.filter(username=username).first()
        if network:
            renew = user is None or reset or user.check_password(DEMO_PASSWORD)
            password = random_password() if renew else ""
        else:
            password = DEMO_PASSWORD if user is None or reset else ""
        account = ensure_user(
            username=username,
            password=password or DEMO_PASSWORD,
            role=role,
            reset_password=bool(password),
        )
        return account, password

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

"""``manage.py demo_tournament``: build a complete, realistic demo tournament; print its slug.

    python manage.py demo_tournament [--teams N] [--rounds R] [--boards-per-round B] [--results]

The slug is printed on the last line, for scripts (``bin/run`` reads it).
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.movements import MovementError, MovementKind
from tournaments.results.demo import populate_demo
from tournaments.setup.services import OrganizerError
from tournaments.setup.services.demo import DemoSettings, build_demo_tournament

DEFAULT_ORGANIZER = "organisateur"
DEFAULT_ARBITER = "arbitre"


class Command(BaseCommand):
    help = "Create a running demo tournament (teams, table plan, deals, optionally results)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=12, help="number of teams (default 12)")
        parser.add_argument("--rounds", type=int, default=None, help="rounds (default: full)")
        parser.add_argument(
            "--boards-per-round", type=int, default=3, help="boards per round (default 3)"
        )
        parser.add_argument(
            "--type",
            choices=[kind.value for kind in MovementKind],
            default=MovementKind.MITCHELL.value,
            help="movement type",
        )
        parser.add_argument("--results", action="store_true", help="also enter demo results")
        parser.add_argument(
            "--organizer",
            default=DEFAULT_ORGANIZER,
            help=f"attach this user as organizer if it exists (default {DEFAULT_ORGANIZER})",
        )
        parser.add_argument(
            "--arbiter",
            default=DEFAULT_ARBITER,
            help=f"attach this user as arbiter if it exists (default {DEFAULT_ARBITER})",
        )

    def handle(self, *args, **options):
        if options["teams"] < 4:
            raise CommandError("a demo tournament needs at least 4 teams")
        if options["boards_per_round"] < 1:
            raise CommandError("--boards-per-round must be at least 1")
        settings = DemoSettings(
            teams=options["teams"],
            rounds=options["rounds"],
            boards_per_round=options["boards_per_round"],
            movement_type=options["type"],
            results=options["results"],
        )
        try:
            # All or nothing: a failure in the deals or results leaves no half-built demo.
            with transaction.atomic():
                tournament = build_demo_tournament(
                    settings=settings,
                    organizer_username=options["organizer"],
                    arbiter_username=options["arbiter"],
                )
                done = populate_demo(tournament, options["results"])
        except (OrganizerError, MovementError) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"Demo tournament {tournament.name!r}: {tournament.teams.count()} teams, "
            f"{tournament.round_set.count()} rounds, {tournament.tables.count()} tables"
            + (f"; {', '.join(done)} generated" if done else "")
        )
        self.stdout.write(tournament.slug)

"""``manage.py demo_online_tournament [--players 6] [--deals 4]``: an online tournament on
fresh fixed deals whose accounts play every deal (a robot at South for each human, the default
worlds); prints the tournament's identifier on the last line (docs/online.md)."""

from django.core.management.base import BaseCommand, CommandError

from scoring.robots.robot import DEFAULT_WORLDS
from tournaments.online.demo import build_demo_online_tournament
from tournaments.online.models import MAX_DEALS, MAX_INSTANCES, MIN_DEALS


class Command(BaseCommand):
    help = "Create an online tournament whose demo accounts play every deal (robots at South)."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=6, help="accounts (default 6)")
        parser.add_argument("--deals", type=int, default=4, help="deals, 4 to 12 (default 4)")
        parser.add_argument(
            "--instances", type=int, default=1, help="different deals per deal number (pool)"
        )
        parser.add_argument(
            "--worlds",
            type=int,
            default=DEFAULT_WORLDS,
            help=f"worlds of every robot's simulation (default {DEFAULT_WORLDS})",
        )

    def handle(self, *args, **options):
        if options["players"] < 1:
            raise CommandError("--players must be at least 1")
        if not MIN_DEALS <= options["deals"] <= MAX_DEALS:
            raise CommandError(f"--deals must be from {MIN_DEALS} to {MAX_DEALS}")
        if not 1 <= options["instances"] <= MAX_INSTANCES:
            raise CommandError(f"--instances must be from 1 to {MAX_INSTANCES}")
        if options["worlds"] < 1:
            raise CommandError("--worlds must be at least 1")
        tournament = build_demo_online_tournament(
            players=options["players"],
            deals=options["deals"],
            instances=options["instances"],
            worlds=options["worlds"],
        )
        self.stdout.write(
            f"Online tournament {tournament.name!r}: {tournament.entries.count()} players, "
            f"{tournament.deal_count} deals, open until {tournament.closes_at:%Y-%m-%d %H:%M}"
        )
        self.stdout.write(tournament.slug)

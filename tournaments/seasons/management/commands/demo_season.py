"""``manage.py demo_season [--tournaments N]``: a club, its season and N finished tournaments
whose players come back with changing partners; prints the season's slug on the last line."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.seasons.demo import build_demo_season


class Command(BaseCommand):
    help = "Create a demo club season: N finished tournaments of recurring players, ranked."

    def add_arguments(self, parser):
        parser.add_argument(
            "--tournaments", type=int, default=4, help="number of tournaments (default 4)"
        )
        parser.add_argument(
            "--organizer",
            default="organisateur",
            help="make this user the club's organizer if it exists (default organisateur)",
        )

    def handle(self, *args, **options):
        if options["tournaments"] < 1:
            raise CommandError("--tournaments must be at least 1")
        season = build_demo_season(options["tournaments"], organizer_username=options["organizer"])
        ranked = sum(1 for line in season.standing.lines if line["rank"] is not None)
        self.stdout.write(
            f"Demo season {season.name!r}: {season.tournaments.count()} tournaments, "
            f"{season.club.players.count()} players, {ranked} ranked"
        )
        self.stdout.write(season.slug)

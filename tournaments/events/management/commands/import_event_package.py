"""``manage.py import_event_package FILE --key KEY --user NAME``: on a club's laptop, the event's
signed package (downloaded from the site) read with the club's key into a tournament of the
club, organized by ``NAME``; prints the tournament's identifier. A changed package or a wrong
key is refused; the same package twice changes nothing."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.events.services import EventError, import_package


class Command(BaseCommand):
    help = "Importe le paquet signé d'un simultané sur l'ordinateur du club."

    def add_arguments(self, parser):
        parser.add_argument("file", help="le paquet (.json) téléchargé sur le site")
        parser.add_argument("--key", required=True, help="la clé du club pour ce simultané")
        parser.add_argument("--user", required=True, help="l'organisateur du tournoi du club")

    def handle(self, *args, file: str, key: str, user: str, **options):
        organizer = get_user_model().objects.filter(username=user).first()
        if organizer is None:
            raise CommandError(f"Utilisateur inconnu : {user}")
        try:
            data = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"Fichier illisible : {error}") from error
        try:
            laptop, created = import_package(data=data, key=key, by=organizer)
        except EventError as error:
            raise CommandError(error.message) from error
        if not created:
            self.stderr.write("Ce paquet était déjà importé.")
        self.stdout.write(laptop.tournament.slug)

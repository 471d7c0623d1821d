"""``manage.py export_pbn SLUG [--out FILE]``: the tournament's boards as a PBN file (for
dealing machines and other software), on standard output by default."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournaments.deals import selectors
from tournaments.setup.models import Tournament


class Command(BaseCommand):
    help = "Exporte les étuis d'un tournoi au format PBN."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="identifiant du tournoi")
        parser.add_argument("--out", help="fichier à écrire (par défaut : la sortie standard)")

    def handle(self, *args, slug: str, out: str | None = None, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(gettext("Aucun tournoi « %(slug)s ».") % {"slug": slug}) from None
        if not tournament.boards.exclude(hands={}).exists():
            raise CommandError(gettext("Aucun étui n'a de mains enregistrées à exporter."))
        text = selectors.pbn_export(tournament)
        if out is None:
            self.stdout.write(text, ending="")
            return
        Path(out).write_text(text, encoding="utf-8")
        self.stderr.write(
            gettext("%(count)s étuis écrits dans %(path)s")
            % {"count": text.count("[Board "), "path": out}
        )

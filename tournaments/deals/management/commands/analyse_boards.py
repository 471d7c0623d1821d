"""``manage.py analyse_boards SLUG``: compute, here and now, the double-dummy analysis of the
tournament's boards that lack a current one (what the ``analysis.analyse_boards`` job does on a
worker; for a club laptop running without a broker).
"""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournaments.deals.analysis import analyse_boards
from tournaments.setup.models import Tournament


class Command(BaseCommand):
    help = "Calcule l'analyse à quatre jeux ouverts des étuis d'un tournoi."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="identifiant du tournoi")

    def handle(self, *args, slug: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(gettext("Aucun tournoi « %(slug)s ».") % {"slug": slug})
        count = analyse_boards(tournament.pk)
        self.stdout.write(gettext("Étuis analysés : %(count)s") % {"count": count})

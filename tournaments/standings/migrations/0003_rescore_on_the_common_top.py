"""Every board of a ranking is now scaled to the ranking's common top (Neuberg to the most
plays): the scores stored before were computed on each board's own top. Mark every tournament's
scores stale, so that the catch-up job (beat, or a worker starting) computes them again; the
ranking pages show the stored snapshot meanwhile."""

from django.db import migrations
from django.utils import timezone


def mark_every_tournament_stale(apps, schema_editor):
    ScoringState = apps.get_model("standings", "ScoringState")
    now = timezone.now()
    ScoringState.objects.update(dirty_since=now, requested_at=now, failed_for=None)


class Migration(migrations.Migration):
    dependencies = [("standings", "0002_scoring_jobs")]

    operations = [migrations.RunPython(mark_every_tournament_stale, migrations.RunPython.noop)]

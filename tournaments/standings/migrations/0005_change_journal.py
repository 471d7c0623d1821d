"""Result changes go to an append-only journal (ScoreChange) instead of updating the scoring
state's row; a stale tournament's pending mark becomes one journal row, so that its catch-up
still runs after the upgrade."""

import django.db.models.deletion
from django.db import migrations, models


def journal_pending_changes(apps, schema_editor):
    ScoringState = apps.get_model("standings", "ScoringState")
    ScoreChange = apps.get_model("standings", "ScoreChange")
    ScoreChange.objects.bulk_create(
        ScoreChange(tournament_id=tournament_id, board_number=None, at=since)
        for tournament_id, since in ScoringState.objects.filter(
            dirty_since__isnull=False
        ).values_list("tournament_id", "dirty_since")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("standings", "0004_assigned_scores"),
        ("tournaments", "0003_team_secrets_and_open_rounds"),
    ]

    operations = [
        migrations.CreateModel(
            name="ScoreChange",
            fields=[
                ("id", models.BigAutoField(primary_key=True, serialize=False)),
                ("board_number", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("at", models.DateTimeField()),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="tournaments.tournament",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["tournament", "id"], name="score_change_by_tournament")
                ],
            },
        ),
        migrations.RunPython(journal_pending_changes, migrations.RunPython.noop),
        migrations.RemoveField(model_name="scoringstate", name="dirty_since"),
        migrations.RemoveField(model_name="scoringstate", name="failed_for"),
        migrations.RemoveField(model_name="scoringstate", name="requested_at"),
        migrations.AddField(
            model_name="scoringstate",
            name="covered_ticket",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="scoringstate",
            name="failed_change",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="scoringstate",
            name="run_ticket",
            field=models.PositiveBigIntegerField(default=0),
        ),
    ]

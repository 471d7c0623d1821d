"""Each team gets its own confirmation code and link; tournaments can open every round;
table plan rows count wrong codes."""

from django.db import migrations, models

import tournaments.setup.models


def give_secrets(apps, schema_editor):
    Team = apps.get_model("tournaments", "Team")
    for team in Team.objects.all():
        team.code = tournaments.setup.models.new_team_code()
        team.token = tournaments.setup.models.new_team_token()
        team.save(update_fields=["code", "token"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0002_restrict_deletes")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="all_rounds_open",
            field=models.BooleanField(
                default=False, verbose_name="saisie ouverte dans tous les tours publiés"
            ),
        ),
        migrations.AddField(
            model_name="team",
            name="code",
            field=models.CharField(
                default=tournaments.setup.models.new_team_code,
                max_length=8,
                verbose_name="code de l'équipe",
            ),
        ),
        migrations.AddField(
            model_name="team",
            name="token",
            field=models.CharField(editable=False, max_length=40, null=True),
        ),
        migrations.RunPython(give_secrets, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="team",
            name="token",
            field=models.CharField(
                default=tournaments.setup.models.new_team_token,
                editable=False,
                max_length=40,
                unique=True,
            ),
        ),
        migrations.AddField(
            model_name="tableassignment",
            name="code_failures",
            field=models.PositiveSmallIntegerField(default=0),
        ),
    ]

"""Team codes unique within a tournament, and wrong codes counted per team across the event
(instead of per table and round)."""

import secrets

from django.db import migrations, models

CODE_LENGTH = 4


def redraw_duplicate_codes(apps, schema_editor):
    """A team whose code another team of its tournament already has draws a free one."""
    Team = apps.get_model("tournaments", "Team")
    taken: dict[int, set[str]] = {}
    for team in Team.objects.order_by("tournament_id", "number").only("tournament_id", "code"):
        codes = taken.setdefault(team.tournament_id, set())
        if team.code in codes:
            code = team.code
            while code in codes:
                code = f"{secrets.randbelow(10**CODE_LENGTH):0{CODE_LENGTH}d}"
            Team.objects.filter(pk=team.pk).update(code=code)
            team.code = code
        codes.add(team.code)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_club_and_club_player"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="tableassignment",
            name="code_failures",
        ),
        migrations.AddField(
            model_name="team",
            name="code_failures",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.RunPython(redraw_duplicate_codes, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.UniqueConstraint(
                fields=("tournament", "code"), name="unique_team_code"
            ),
        ),
    ]

"""The setup's version, counted by PostgreSQL triggers on the setup tables.

A live change trusts the running totals only if the plan rows, rounds, tables, teams and their
players are those they were computed under (the columns the rankings read). Digesting those rows at every run cost 16-60 ms at
1,000 tables; a trigger on each table now counts every insert, update and delete of a row (by
the tournament it belongs to) in ``standings_setupversion``, which the run reads in one
statement. Row-level triggers: a plan of 10,000 rows written at once counts 10,000 times, in
the same transaction, which is cheap beside writing the rows. SQLite has no triggers here: the
run digests the setup's values there (a club laptop's tournaments are small).
"""

from django.db import migrations, models

FUNCTIONS = """
CREATE OR REPLACE FUNCTION standings_count_setup_change(tournament bigint) RETURNS void AS $$
BEGIN
    IF tournament IS NULL THEN
        RETURN;
    END IF;
    INSERT INTO standings_setupversion (tournament_id, version) VALUES (tournament, 1)
    ON CONFLICT (tournament_id)
    DO UPDATE SET version = standings_setupversion.version + 1;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION standings_setup_changed() RETURNS trigger AS $$
DECLARE
    team RECORD;
BEGIN
    IF TG_TABLE_NAME = 'tournaments_tableassignment' THEN
        IF TG_OP <> 'DELETE' THEN
            PERFORM standings_count_setup_change(
                (SELECT tournament_id FROM tournaments_round WHERE id = NEW.round_id));
        END IF;
        IF TG_OP <> 'INSERT' THEN
            PERFORM standings_count_setup_change(
                (SELECT tournament_id FROM tournaments_round WHERE id = OLD.round_id));
        END IF;
    ELSIF TG_TABLE_NAME = 'tournaments_player' THEN
        IF TG_OP <> 'INSERT' THEN
            FOR team IN
                SELECT DISTINCT tournament_id FROM tournaments_team
                WHERE player_one_id = OLD.id OR player_two_id = OLD.id
            LOOP
                PERFORM standings_count_setup_change(team.tournament_id);
            END LOOP;
        END IF;
    ELSE
        -- tournaments_round, tournaments_table, tournaments_team: their own tournament.
        IF TG_OP <> 'DELETE' THEN
            PERFORM standings_count_setup_change(NEW.tournament_id);
        END IF;
        IF TG_OP <> 'INSERT' THEN
            PERFORM standings_count_setup_change(OLD.tournament_id);
        END IF;
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
"""

# Each table and the columns whose update counts (inserts and deletes always count): what the
# rankings are computed from, not the check-in, a team's wrong codes or a round's start time.
TABLES = {
    "tournaments_tableassignment": (
        "round_id",
        "table_id",
        "ns_team_id",
        "ew_team_id",
        "boards",
        "arrow_switch",
    ),
    "tournaments_round": ("tournament_id", "number"),
    "tournaments_table": ("tournament_id", "number"),
    "tournaments_team": (
        "tournament_id",
        "number",
        "name",
        "withdrawn",
        "player_one_id",
        "player_two_id",
    ),
    "tournaments_player": ("last_name",),
}


def create_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(FUNCTIONS)
    for table, columns in TABLES.items():
        schema_editor.execute(
            f"CREATE TRIGGER standings_setup_changed AFTER INSERT OR DELETE OR UPDATE OF "
            f"{', '.join(columns)} ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION standings_setup_changed()"
        )


def drop_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS standings_setup_changed ON {table}")
    schema_editor.execute("DROP FUNCTION IF EXISTS standings_setup_changed()")
    schema_editor.execute("DROP FUNCTION IF EXISTS standings_count_setup_change(bigint)")


class Migration(migrations.Migration):
    dependencies = [
        ("standings", "0007_lighter_derived_rows"),
        ("tournaments", "0004_club_and_club_player"),
    ]

    operations = [
        migrations.CreateModel(
            name="SetupVersion",
            fields=[
                ("tournament_id", models.BigIntegerField(primary_key=True, serialize=False)),
                ("version", models.BigIntegerField(default=0)),
            ],
        ),
        migrations.RunPython(create_triggers, drop_triggers),
    ]

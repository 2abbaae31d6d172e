"""HIT's set-up library moves from the tables' app to HIT's own (issue #40). The database
table stays where the tables' migration 0005 made it: only Django's idea of whose model it
is changes (the tables' migration 0007 lets go of it)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tables", "0005_setup_library"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="HitSetup",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                                   serialize=False, verbose_name="ID")),
                        ("name", models.CharField(max_length=60)),
                        ("data", models.JSONField(
                            help_text="the engine's set-up: sides and cards")),
                        ("created_by", models.CharField(
                            blank=True, default="", max_length=40,
                            help_text="who checked it (shown to the players)")),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={"ordering": ["-created_at"], "db_table": "tables_hitsetup"},
                ),
            ],
            database_operations=[],
        ),
    ]

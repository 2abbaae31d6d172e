"""The set-up library is HIT's own model now (companion/games/hit/models.py, issue #40): the
tables' app lets go of it without touching the database table, which HIT's model keeps."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0006_seat_handover"),
        ("hit", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="HitSetup")],
            database_operations=[],
        ),
    ]

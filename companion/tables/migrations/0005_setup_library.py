from django.db import migrations, models


class Migration(migrations.Migration):
    """The checked set-ups' library (HIT's, the one game with set-ups today). The file's
    former name named the game (issue #40: only a game's folder names it); a database that
    applied it under that name counts this one applied."""

    replaces = [("tables", "0005_hit_setups")]
    dependencies = [
        ("tables", "0004_coach_reviews"),
    ]

    operations = [
        migrations.CreateModel(
            name="HitSetup",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("name", models.CharField(max_length=60)),
                ("data", models.JSONField(help_text="the engine's set-up: sides and cards")),
                ("created_by", models.CharField(blank=True, default="", max_length=40,
                                                help_text="who checked it (shown to the players)")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={"ordering": ["-created_at"]},
        ),
    ]

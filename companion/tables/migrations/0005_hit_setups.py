from django.db import migrations, models


class Migration(migrations.Migration):
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

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0003_order_by_table_column"),
    ]

    operations = [
        migrations.CreateModel(
            name="CoachSwitch",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("seat", models.PositiveSmallIntegerField()),
                ("on", models.BooleanField(default=False)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                ("table", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                            related_name="coach_switches", to="tables.table")),
            ],
            options={"ordering": ["table_id", "seat"]},
        ),
        migrations.AddConstraint(
            model_name="coachswitch",
            constraint=models.UniqueConstraint(fields=("table", "seat"),
                                               name="coach_switch_unique"),
        ),
        migrations.CreateModel(
            name="CoachReview",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("seat", models.PositiveSmallIntegerField()),
                ("seq", models.PositiveIntegerField(help_text="the event of the reviewed play")),
                ("played", models.CharField(help_text="the play, in notation", max_length=200)),
                ("label", models.CharField(choices=[("good", "good"),
                                                    ("inaccuracy", "inaccuracy"),
                                                    ("mistake", "mistake"),
                                                    ("dropped", "dropped")], max_length=12)),
                ("best", models.CharField(blank=True, default="", max_length=200)),
                ("loss", models.FloatField(default=0.0,
                                           help_text="win chance of the best less the played")),
                ("played_value", models.FloatField(blank=True, null=True)),
                ("best_value", models.FloatField(blank=True, null=True)),
                ("reasons", models.JSONField(
                    default=list, help_text="why the best is better: [template, params]")),
                ("iterations", models.PositiveIntegerField(default=0)),
                ("elapsed_ms", models.PositiveIntegerField(
                    default=0, help_text="from the play to the review")),
                ("note", models.CharField(blank=True, default="", max_length=200)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("table", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                            related_name="coach_reviews", to="tables.table")),
            ],
            options={"ordering": ["table_id", "seq"]},
        ),
        migrations.AddConstraint(
            model_name="coachreview",
            constraint=models.UniqueConstraint(fields=("table", "seat", "seq"),
                                               name="coach_review_unique"),
        ),
    ]

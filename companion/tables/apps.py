from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "companion.tables"
    label = "tables"
    verbose_name = "Tables"

    def ready(self) -> None:
        from companion.tables.coach import reviews as coach

        coach.connect()  # a play of a coached seat queues its review (coach/reviews.py)

from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "companion.tables"
    label = "tables"
    verbose_name = "Tables"

    def ready(self) -> None:
        from . import coach

        coach.connect()  # a play of a coached seat queues its review (companion/tables/coach.py)

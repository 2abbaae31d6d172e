import logging

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "companion.core"
    label = "core"
    verbose_name = "Site core (health, home, realtime plumbing)"

    def ready(self) -> None:
        # Bind @shared_task to the project's Celery app in every process that runs Django.
        from companion.celery import app  # noqa: F401

        # Which engine core runs: compiled where setup.py found a C compiler, else pure Python
        # (issue #31; /healthz says it too).
        from companion.engines.kit import accel

        logging.getLogger(__name__).info("%s", accel.describe())

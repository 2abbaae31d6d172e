"""The Celery app. Workers: ``celery -A companion worker``; embedded mode runs one in-process."""

import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

app = Celery("companion")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _searches_own_this_process(**_: object) -> None:
    """A pool process of a worker runs hint searches only: the search may pause the cyclic
    GC while it runs (companion/advisor/ismcts.py; about 10 % more iterations). Not sent to
    the embedded worker's threads, which share the web process."""
    from companion.advisor.ismcts import pause_gc_during_searches

    pause_gc_during_searches()

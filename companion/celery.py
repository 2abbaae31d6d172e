"""The Celery app. Workers: ``celery -A companion worker``; embedded mode runs one in-process.

Two queues, both consumed by every worker (the embedded one too): ``celery`` for hints and
``coach`` for coach reviews (companion/tables/coach/reviews.py), which hold at most
``COACH_MAX_RUNNING`` worker processes at a time so that hints find one free. What a worker's
pool process sets up for the searches is registered by the advisor's app config
(companion/advisor/apps.py): this module imports nothing of the advisor.
"""

import os

from celery import Celery
from kombu import Queue

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

app = Celery("companion")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.task_queues = (Queue("celery"), Queue("coach"))
app.conf.task_default_queue = "celery"
app.conf.task_routes = {"coach.review": {"queue": "coach"}}
app.autodiscover_tasks()

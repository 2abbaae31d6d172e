"""A Celery worker running as threads inside the web process (the embedded default).

Tasks still go through a broker (the in-memory transport) and run off the request thread, so a
hint search never blocks a page; it just shares the web process. In the production topology this
module is not used: workers are separate ``celery -A companion worker`` processes.
"""

from __future__ import annotations

import logging
import os
import threading

from celery.result import _set_task_join_will_block
from celery.worker import WorkController

from companion.celery import app

log = logging.getLogger(__name__)

_lock = threading.Lock()
_worker: EmbeddedWorker | None = None


class EmbeddedWorker(WorkController):
    """A WorkController that tells when its consumer is ready to take tasks."""

    def __init__(self, *args, **kwargs) -> None:
        self.ready = threading.Event()
        super().__init__(*args, **kwargs)

    def on_consumer_ready(self, consumer) -> None:
        self.ready.set()


def start(concurrency: int = 4, timeout: float = 15.0) -> EmbeddedWorker:
    """Start the in-process worker once per process; later calls return the running one."""
    global _worker
    with _lock:
        if _worker is not None:
            return _worker
        # The web process has run Django's checks already; the worker's own run would query
        # the database from its thread while the site starts.
        os.environ.setdefault("CELERY_SKIP_CHECKS", "1")
        worker = EmbeddedWorker(
            app=app,
            hostname=f"embedded-{threading.get_native_id()}@localhost",
            pool="threads",
            concurrency=concurrency,
            loglevel="WARNING",
            without_heartbeat=True,
            without_mingle=True,
            without_gossip=True,
            ready_callback=None,
        )
        thread = threading.Thread(target=worker.start, name="celery-embedded", daemon=True)
        thread.start()
        if not worker.ready.wait(timeout):
            raise RuntimeError("the embedded Celery worker did not start")
        # A worker marks its whole process as "inside a task"; here the process is also the web
        # server, whose threads may wait for results (e.g. /healthz), so lift that guard.
        _set_task_join_will_block(False)
        log.info("embedded Celery worker started (%d threads)", concurrency)
        _worker = worker
        return worker


def is_running() -> bool:
    return _worker is not None and _worker.ready.is_set()

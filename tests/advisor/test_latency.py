"""The hint's budget counts from the request; the Celery app imports nothing of the advisor
(its worker set-up is registered by the advisor's app config)."""

import ast
import time
from pathlib import Path

from celery.signals import worker_process_init

from companion.advisor import tasks

ROOT = Path(__file__).resolve().parents[2]


def test_the_search_deadline_counts_from_the_request():
    now = time.perf_counter()
    reserve = tasks.finish_time.reserve()
    job = {"budget_ms": 1500, "requested_at": time.time() - 0.5}  # queued for half a second
    left = tasks.search_deadline(job, now) - now
    assert abs(left - (1.0 - reserve)) < 0.05
    late = {"budget_ms": 1500, "requested_at": time.time() - 5}  # waited past its budget
    assert abs(tasks.search_deadline(late, now) - now - tasks.MIN_SEARCH_S) < 1e-9
    ahead = {"budget_ms": 1500, "requested_at": time.time() + 60}  # a clock ahead of ours
    assert tasks.search_deadline(ahead, now) - now <= 1.5 - reserve + 1e-9


def test_the_reserve_follows_the_measured_finishing_time():
    clock = tasks.FinishTime()
    for _ in range(30):
        clock.record(0.1)
    assert abs(clock.reserve() - 0.2) < 0.01
    for _ in range(30):
        clock.record(5.0)
    assert clock.reserve() == tasks.FinishTime.MAX_S


def test_the_celery_app_imports_no_advisor_and_the_worker_set_up_is_registered():
    tree = ast.parse((ROOT / "companion" / "celery.py").read_text())
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert not [m for m in imported if m and "advisor" in m], imported
    names = [getattr(r(), "__name__", "") for _, r in worker_process_init.receivers]
    assert "_searches_own_this_process" in names

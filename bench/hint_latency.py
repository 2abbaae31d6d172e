"""Hint latency through the production topology: Daphne, a separate Celery worker, Redis and
PostgreSQL on this machine (the commands of docker-compose.yml, as in the tests).

For each of N tables one seat asks for a hint at the given budget; the script times, from the
POST, the first websocket message ("started"), the first progress report and the final answer.
Last line: `hint_p50_ms=… hint_p95_ms=… first_progress_p95_ms=… first_message_p95_ms=…`.

    .venv/bin/python bench/hint_latency.py --hints 30 --budget-ms 1500
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
django.setup()  # the test helpers import the tables app (for its sample hands)

from tests.advisor.test_hint_production import call, dealt_table, socket  # noqa: E402
from tests.services import POSTGRES_URL, REDIS_URL  # noqa: E402
from tests.topology import running_topology  # noqa: E402


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=30)
    parser.add_argument("--budget-ms", type=int, default=1500)
    parser.add_argument(
        "--shards", type=int, default=1, help="root-parallel tasks per hint (HINT_SHARDS)"
    )
    args = parser.parse_args()
    first_message, first_progress, final, iterations, shards_used = [], [], [], [], []
    task_elapsed: list[float] = []
    with (
        tempfile.TemporaryDirectory() as workdir,
        running_topology(
            POSTGRES_URL, REDIS_URL, Path(workdir), extra_env={"HINT_SHARDS": str(args.shards)}
        ) as topology,
    ):
        for _ in range(args.hints):
            tid, _, tokens = dealt_table(topology)
            ws = socket(topology, tid, tokens[0])
            t0 = time.perf_counter()
            call(
                topology,
                "POST",
                f"/api/tables/{tid}/hints",
                {"budget_ms": args.budget_ms},
                tokens[0],
            )
            seen_first = seen_progress = None
            while True:
                message = json.loads(ws.recv(timeout=30))
                if message["type"] != "hint":
                    continue
                now = (time.perf_counter() - t0) * 1000
                seen_first = seen_first or now
                if message["status"] == "progress" and seen_progress is None:
                    seen_progress = now
                if message["status"] in ("done", "failed", "cancelled"):
                    break
            ws.close()
            if message["status"] != "done":
                print(f"hint {message['status']}: {message.get('message')}")
                continue
            first_message.append(seen_first)
            first_progress.append(seen_progress or now)
            final.append(now)
            iterations.append(message["iterations"])
            task_elapsed.append(message["elapsed_ms"])
            shards_used.append(message.get("shards", 1))
    print(
        f"budget {args.budget_ms} ms, {len(final)} hints, {args.shards} shard(s) per hint, "
        "one worker process (concurrency 2)"
    )
    for name, values in (
        ("first message", first_message),
        ("first progress", first_progress),
        ("final answer", final),
        ("task elapsed", task_elapsed),
    ):
        print(
            f"{name:>15}: p50 {statistics.median(values):7.0f} ms   p95 {pct(values, 0.95):7.0f} ms"
        )
    print(
        f"iterations per hint: median {statistics.median(iterations):.0f}; "
        f"shards merged: median {statistics.median(shards_used):.0f}"
    )
    print(
        f"hint_p50_ms={statistics.median(final):.1f} hint_p95_ms={pct(final, 0.95):.1f} "
        f"first_progress_p95_ms={pct(first_progress, 0.95):.1f} "
        f"first_message_p95_ms={pct(first_message, 0.95):.1f} "
        f"task_elapsed_p95_ms={pct(task_elapsed, 0.95):.1f}"
    )


if __name__ == "__main__":
    main()

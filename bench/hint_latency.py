"""Hint latency through the production topology: Daphne, a separate Celery worker, Redis and
PostgreSQL on this machine (the commands of docker-compose.yml, as in the tests).

For each of N tables one seat asks for a hint at the given budget; the script times, from the
POST, the first websocket message ("started"), the first progress report and the final answer,
and prints the task's own ``elapsed_ms`` (from its start) and ``answered_ms`` (from the
request) beside the client's figure.

With ``--coached 4`` the same run measures twice: first the hints alone, then the hints again
while a table of four learners in coach mode plays beside them (each play is reviewed on the
``coach`` queue; the review's latency is timed from the play's POST to the review message on
the learner's own socket). ``--parallel K`` asks K hints at once (a hint flood).
Last lines: ``hint_p50_ms=… hint_p95_ms=… …`` per phase, and ``review_p95_ms=…``.

    .venv/bin/python bench/hint_latency.py --hints 20 --budget-ms 1500
    .venv/bin/python bench/hint_latency.py --hints 20 --budget-ms 1500 --coached 4 --parallel 2
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
django.setup()  # the test helpers import the tables app (for its sample hands)

from companion.engines import get_game  # noqa: E402
from tests.advisor.test_hint_production import call, dealt_table, socket  # noqa: E402
from tests.services import POSTGRES_URL, REDIS_URL  # noqa: E402
from tests.topology import running_topology  # noqa: E402


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


class Figures:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.first_message: list[float] = []
        self.first_progress: list[float] = []
        self.final: list[float] = []
        self.task_elapsed: list[float] = []
        self.answered: list[float] = []
        self.iterations: list[int] = []
        self.shards: list[int] = []
        self.failed = 0


def one_hint(topology, budget_ms: int, figures: Figures) -> None:
    tid, _, tokens = dealt_table(topology)
    ws = socket(topology, tid, tokens[0])
    t0 = time.perf_counter()
    call(topology, "POST", f"/api/tables/{tid}/hints", {"budget_ms": budget_ms}, tokens[0])
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
    with figures.lock:
        if message["status"] != "done":
            print(f"hint {message['status']}: {message.get('message')}")
            figures.failed += 1
            return
        figures.first_message.append(seen_first)
        figures.first_progress.append(seen_progress or now)
        figures.final.append(now)
        figures.task_elapsed.append(message["elapsed_ms"])
        figures.answered.append(message.get("answered_ms") or 0)
        figures.iterations.append(message["iterations"])
        figures.shards.append(message.get("shards", 1))


def hint_phase(topology, args, figures: Figures) -> None:
    """``args.hints`` hints, ``args.parallel`` at a time."""
    left = list(range(args.hints))
    lock = threading.Lock()

    def client() -> None:
        while True:
            with lock:
                if not left:
                    return
                left.pop()
            one_hint(topology, args.budget_ms, figures)

    threads = [threading.Thread(target=client) for _ in range(args.parallel)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def report(name: str, figures: Figures, args) -> None:
    print(f"--- {name}: budget {args.budget_ms} ms, {len(figures.final)} hints "
          f"({figures.failed} failed), {args.parallel} at a time, {args.shards} shard(s)")
    for label, values in (
        ("first message", figures.first_message),
        ("first progress", figures.first_progress),
        ("final answer", figures.final),
        ("task elapsed", figures.task_elapsed),
        ("task answered", figures.answered),
    ):
        print(f"{label:>15}: p50 {statistics.median(values):7.0f} ms   "
              f"p95 {pct(values, 0.95):7.0f} ms")
    print(f"iterations per hint: median {statistics.median(figures.iterations):.0f}; "
          f"shards merged: median {statistics.median(figures.shards):.0f}")
    print(f"phase={name} hint_p50_ms={statistics.median(figures.final):.1f} "
          f"hint_p95_ms={pct(figures.final, 0.95):.1f} "
          f"first_progress_p95_ms={pct(figures.first_progress, 0.95):.1f} "
          f"first_message_p95_ms={pct(figures.first_message, 0.95):.1f} "
          f"task_elapsed_p95_ms={pct(figures.task_elapsed, 0.95):.1f}")


# --- four learners in coach mode ------------------------------------------------------------


def coach_on(topology, table_id: str, seats: int) -> None:
    """Coach mode on for every seat, straight in the scratch database (the switch is a form
    of the seat's own page; this is what it stores)."""
    import psycopg

    with psycopg.connect(topology.env["DATABASE_URL"]) as conn:
        for seat in range(seats):
            conn.execute(
                "INSERT INTO tables_coachswitch (table_id, seat, \"on\", updated_at) "
                "VALUES (%s, %s, true, now())",
                (table_id, seat),
            )


class Learners(threading.Thread):
    """Four learners at one DOG table in coach mode: each plays a random legal play on its
    turn, then waits for the review on its own socket (timed from the play's POST)."""

    def __init__(self, topology) -> None:
        super().__init__(daemon=True)
        self.topology = topology
        self.stop = threading.Event()
        self.latency: list[float] = []
        self.task_ms: list[float] = []
        self.labels: dict[str, int] = {}
        self.missing = 0
        self.rng = random.Random(7)
        self.game = get_game("dog")

    def run(self) -> None:
        while not self.stop.is_set():
            tid, _, tokens = dealt_table(self.topology)
            coach_on(self.topology, tid, 4)
            sockets = [socket(self.topology, tid, token) for token in tokens]
            try:
                self.play_round(tid, tokens, sockets)
            finally:
                for ws in sockets:
                    ws.close()

    def play_round(self, tid: str, tokens: list[str], sockets) -> None:
        while not self.stop.is_set():
            state = call(self.topology, "GET", f"/api/tables/{tid}", None, tokens[0])
            mover = state["to_move"]
            if mover == "table" or state["phase"] != "play":
                return  # the round is over: a fresh table
            mine = call(self.topology, "GET", f"/api/tables/{tid}", None, tokens[mover])
            view = self.game.from_json(mine["position"])
            legal = self.game.legal_actions(view)
            action = self.game.format_action(view, legal[self.rng.randrange(len(legal))])
            t0 = time.perf_counter()
            call(self.topology, "POST", f"/api/tables/{tid}/plays",
                 {"action": action, "expected_seq": mine["seq"]}, tokens[mover])
            review = self.wait_review(sockets[mover], mine["seq"] + 1)
            if review is None:
                self.missing += 1
                continue
            self.latency.append((time.perf_counter() - t0) * 1000)
            self.task_ms.append(review["elapsed_ms"])
            self.labels[review["label"]] = self.labels.get(review["label"], 0) + 1

    @staticmethod
    def wait_review(ws, seq: int) -> dict | None:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            except TimeoutError:
                return None
            if message.get("type") == "review" and message.get("seq") == seq:
                return message["review"]
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=30)
    parser.add_argument("--budget-ms", type=int, default=1500)
    parser.add_argument(
        "--shards", type=int, default=1, help="root-parallel tasks per hint (HINT_SHARDS)"
    )
    parser.add_argument("--parallel", type=int, default=1, help="hints asked at once")
    parser.add_argument("--coached", type=int, default=0,
                        help="4: a second phase with four coached learners playing beside")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as workdir,
        running_topology(
            POSTGRES_URL, REDIS_URL, Path(workdir), extra_env={"HINT_SHARDS": str(args.shards)}
        ) as topology,
    ):
        alone = Figures()
        hint_phase(topology, args, alone)
        report("hints alone" if args.coached else "hints", alone, args)
        if args.coached:
            learners = Learners(topology)
            learners.start()
            beside = Figures()
            hint_phase(topology, args, beside)
            learners.stop.set()
            learners.join(timeout=30)
            report("hints with reviews", beside, args)
            lat = learners.latency
            print(f"--- reviews: {len(lat)} plays reviewed ({learners.missing} without a review "
                  f"in 15 s), labels {learners.labels}")
            print(f"review after the play: p50 {statistics.median(lat):.0f} ms   "
                  f"p95 {pct(lat, 0.95):.0f} ms   (task: queued → stored p95 "
                  f"{pct(learners.task_ms, 0.95):.0f} ms)")
            print(f"review_p50_ms={statistics.median(lat):.1f} review_p95_ms={pct(lat, 0.95):.1f} "
                  f"reviews={len(lat)} missing={learners.missing}")


if __name__ == "__main__":
    main()

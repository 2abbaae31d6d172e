"""What saying the history in words costs a render (companion/tables/play/history_words.py).

A DOG table is loaded from a simulated game of N events (a record, as /t/load does), then the
history partial's 40 lines are said for one phone, as every page render and live push does:

- ``first``: nothing cached (after a restart): the effective log is replayed once;
- ``again``: the lines forgotten but the walk kept (another language or reader);
- ``cached``: the same lines again (every later render of the same seq);
- ``next play``: one more event recorded, then the 40 lines (the steady state at a table).

    .venv/bin/python bench/history_words.py [--events 2000] [--repeat 5]

Uses a throw-away SQLite database; prints milliseconds (median of the repeats).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="history-words-")
    os.environ["SQLITE_PATH"] = str(Path(workdir) / "db.sqlite3")
    os.environ.pop("DATABASE_URL", None)

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    from companion.engines import get_game
    from companion.tables.models import Table
    from companion.tables.play import history_words, services, state_cache
    from companion.tables.play.selectors import history
    from companion.tables.records.record import FORMAT, load_record
    from tests.tables.simulated import CONFIGS, table_log

    log = table_log("dog", CONFIGS["dog"], seed=1)
    events, spare = log[: args.events], log[args.events :]
    record = {
        "format": FORMAT,
        "version": 1,
        "game": "dog",
        "config": CONFIGS["dog"],
        "seats": [
            {"name": n, "colour": c}
            for n, c in zip(
                ["Ann", "Ben", "Cid", "Dan"], ["red", "blue", "green", "yellow"], strict=True
            )
        ],
        "events": [{"action": text} for text in events],
    }
    table, _host = load_record(record)
    game = get_game("dog")
    timings: dict[str, list[float]] = {"first": [], "again": [], "cached": [], "next play": []}

    def said(table: Table) -> float:
        lines = history(table, None, limit=40)
        start = time.perf_counter()
        history_words.history_words(table, lines, None)
        return 1000 * (time.perf_counter() - start)

    for _ in range(args.repeat):
        table = Table.objects.get(id=table.id)
        history_words._said.clear()
        history_words._walks.clear()
        history_words._logs.clear()
        state_cache.clear()
        history(table, None, limit=40)  # the event log read (not part of the words)
        timings["first"].append(said(table))
        history_words._said.clear()
        timings["again"].append(said(table))
        timings["cached"].append(said(table))
    actor = services.Actor(None, True)
    state = state_cache.load_state(table)
    for _ in range(args.repeat):
        table = Table.objects.get(id=table.id)
        state = state_cache.load_state(table)
        text = spare.pop(0) if spare else None
        if text is None or game.is_terminal(state):
            break
        services.record_action(table.id, actor, text, table.seq)
        table = Table.objects.get(id=table.id)
        history(table, None, limit=40)
        timings["next play"].append(said(table))
    connection.close()
    print(f"DOG table of {args.events} events, 40 history lines said for one phone (ms):")
    for name, values in timings.items():
        if values:
            print(f"  {name:10s} median {statistics.median(values):7.2f}  max {max(values):7.2f}")
    print(f"command: .venv/bin/python bench/history_words.py --events {args.events}")


if __name__ == "__main__":
    main()

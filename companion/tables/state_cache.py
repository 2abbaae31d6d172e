"""The current engine state of a table, cached per process by (table, seq).

The database snapshot is the engine's JSON of the state after ``table.seq``; decoding it is far
cheaper than replaying the log, and a cache hit (the common case: every phone of a table asks for
the same seq right after a play) costs nothing. A missing snapshot falls back to the replay.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from companion.engines import get_game

MAX_ENTRIES = 1024
_cache: OrderedDict[tuple[str, int], Any] = OrderedDict()
_lock = threading.Lock()


def remember_state(table_id: str, seq: int, state: Any) -> None:
    with _lock:
        _cache[(table_id, seq)] = state
        _cache.move_to_end((table_id, seq))
        while len(_cache) > MAX_ENTRIES:
            _cache.popitem(last=False)


def load_state(table) -> Any:
    key = (table.id, table.seq)
    with _lock:
        state = _cache.get(key)
    if state is not None:
        return state
    if table.snapshot is None:
        from .services import replay

        state = replay(table)
    else:
        state = get_game(table.game).from_json(table.snapshot)
    remember_state(table.id, table.seq, state)
    return state


#: the event log per (table, seq): append-only, so the list for a seq never changes
_events: OrderedDict[tuple[str, int], list] = OrderedDict()


def load_events(table) -> list:
    """The table's events up to ``table.seq``: one query per process and seq, however many
    phones of the table render it (each push of a play renders every phone's view)."""
    key = (table.id, table.seq)
    with _lock:
        events = _events.get(key)
    if events is None:
        events = [e for e in table.events.all() if e.seq <= table.seq]
        with _lock:
            _events[key] = events
            while len(_events) > MAX_ENTRIES:
                _events.popitem(last=False)
    return events


def clear() -> None:
    with _lock:
        _cache.clear()
        _events.clear()

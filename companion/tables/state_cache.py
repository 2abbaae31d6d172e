"""The current engine state of a table, its event log and its row, cached per process by
(table, seq).

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
#: per table, the newest seq whose events are cached: a new seq reads only the events after it
_newest_events: dict[str, int] = {}


def load_events(table) -> list:
    """The table's events up to ``table.seq``: one query per process and seq, however many
    phones of the table render it (each push of a play renders every phone's view), and
    that query reads only the events after the newest seq cached before (the log only grows)."""
    key = (table.id, table.seq)
    with _lock:
        events = _events.get(key)
        newest = _newest_events.get(table.id, -1)
        before = _events.get((table.id, newest)) if newest < table.seq else None
    if events is not None:
        return events
    if before is not None:
        events = before + list(table.events.filter(seq__gt=newest, seq__lte=table.seq))
    else:
        events = [e for e in table.events.all() if e.seq <= table.seq]
    remember_events(table.id, table.seq, events)
    return events


def remember_events(table_id: str, seq: int, events: list) -> None:
    with _lock:
        _events[(table_id, seq)] = events
        _events.move_to_end((table_id, seq))
        if seq > _newest_events.get(table_id, -1):
            _newest_events[table_id] = seq
        while len(_events) > MAX_ENTRIES:
            (old_table, old_seq), _ = _events.popitem(last=False)
            if _newest_events.get(old_table) == old_seq:
                del _newest_events[old_table]


def remember_new_event(table_id: str, event) -> None:
    """After the commit of ``event``: the events up to its seq, from those before it when they
    are cached (no query at all for the phones of the process that recorded it)."""
    with _lock:
        before = _events.get((table_id, event.seq - 1))
    if before is not None:
        remember_events(table_id, event.seq, [*before, event])


#: the table row, seats prefetched, per (table, seq) for the live pushes of this process; a
#: claimed seat changes the seats without a new seq, so a claim forgets the table
_tables: OrderedDict[tuple[str, int], Any] = OrderedDict()


def remember_table(table) -> None:
    """``table`` as read for a push (its seats prefetched): the process's other phones of the
    table render the same seq from it. Read only."""
    with _lock:
        _tables[(table.id, table.seq)] = table
        _tables.move_to_end((table.id, table.seq))
        while len(_tables) > MAX_ENTRIES:
            _tables.popitem(last=False)


def table_at(table_id: str, seq: int):
    with _lock:
        return _tables.get((table_id, seq))


def forget_table(table_id: str) -> None:
    with _lock:
        for key in [k for k in _tables if k[0] == table_id]:
            del _tables[key]


def clear() -> None:
    with _lock:
        _cache.clear()
        _events.clear()
        _newest_events.clear()
        _tables.clear()

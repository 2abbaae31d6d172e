"""The current engine state of a table, its event log and its row, cached per process by
(table, seq).

The database snapshot is the engine's JSON of the state after ``table.seq``; decoding it is far
cheaper than replaying the log, and a cache hit (the common case: every phone of a table asks for
the same seq right after a play) costs nothing. A missing snapshot falls back to the replay.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from django.db import connection, transaction

from companion.engines import get_game
from companion.tables.play import event_log
from companion.tables.play.event_log import replay_log
from companion.tables.play.single_flight import SingleFlight

MAX_ENTRIES = 1024
#: logs and rows kept per table: the newest seq and the one before, on which the next play's
#: message builds (`absorb`). An older one is not asked for again (a phone that fell behind
#: gets the newest) and only kept the collector busy: at 200 busy tables the logs and rows of
#: five seqs each were half of a web process's tracked objects, which every full collection
#: walks.
KEPT_PER_TABLE = 2
_cache: OrderedDict[tuple[str, int], Any] = OrderedDict()
_lock = threading.Lock()
#: loads under way, per (what, table, seq): a play's pushes render the phones of a table side
#: by side, and without this each of them missed the cache and ran the same queries
_single_flight = SingleFlight().run


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
        state = replay_log(table)
    else:
        state = get_game(table.game).from_json(table.snapshot)
    remember_state(table.id, table.seq, state)
    return state


@dataclass(frozen=True, slots=True)
class EventLog:
    """The events of a table up to a seq, with what later events say about earlier ones:
    the seqs that an UNDO took back and that a CORRECT replaced. Built incrementally (one
    event on top of the log before it), so reading the flags of the last lines costs nothing
    that grows with the game."""

    events: list
    undone: frozenset[int] = frozenset()
    corrected: frozenset[int] = frozenset()

    def plus(self, new: list) -> EventLog:
        undone, corrected = set(self.undone), set(self.corrected)
        for event in new:
            undone.update(_targets(event, "undo", "undoes"))
            corrected.update(_targets(event, "correct", "replaces"))
        return EventLog(
            [*self.events, *new],
            self.undone if len(undone) == len(self.undone) else frozenset(undone),
            self.corrected if len(corrected) == len(self.corrected) else frozenset(corrected),
        )


def _targets(event, kind: str, key: str) -> tuple[int, ...]:
    target = event.payload.get(key) if event.kind == kind else None
    return (target,) if isinstance(target, int) else ()


#: the event log per (table, seq): append-only, so the log for a seq never changes
_events: OrderedDict[tuple[str, int], EventLog] = OrderedDict()
#: per table, the newest seq whose events are cached: a new seq reads only the events after it
_newest_events: dict[str, int] = {}


def load_events(table) -> list:
    """The table's events up to ``table.seq`` (see ``load_log``)."""
    return load_log(table).events


def load_log(table) -> EventLog:
    """The table's events up to ``table.seq`` and their flags: one query per process and seq,
    however many phones of the table render it (each push of a play renders every phone's
    view), and that query reads only the events after the newest seq cached before (the log
    only grows)."""
    key = (table.id, table.seq)
    with _lock:
        log = _events.get(key)
    if log is not None:
        return log

    def load() -> EventLog:
        with _lock:
            newest = _newest_events.get(table.id, -1)
            before = _events.get((table.id, newest)) if newest < table.seq else None
        if before is not None:
            log = before.plus(list(table.events.filter(seq__gt=newest, seq__lte=table.seq)))
        else:
            log = EventLog([]).plus([e for e in table.events.all() if e.seq <= table.seq])
        remember_events(table.id, table.seq, log)
        return log

    return _single_flight(("events", *key), lambda: _events.get(key), load)


def events_for_replay(table) -> list:
    """The events up to ``table.seq`` for a replay (an undo, a correction): from the cache,
    reading only the events it lacks. Inside a transaction what is read is remembered only
    when it commits (a replay after an append of that transaction would read an event that
    may still roll back)."""
    if not connection.in_atomic_block:
        return load_events(table)
    with _lock:
        log = _events.get((table.id, table.seq))
        newest = _newest_events.get(table.id, -1)
        before = _events.get((table.id, newest)) if newest < table.seq else None
    if log is not None:
        return log.events
    if before is not None:
        log = before.plus(list(table.events.filter(seq__gt=newest, seq__lte=table.seq)))
    else:
        log = EventLog([]).plus(list(table.events.filter(seq__lte=table.seq)))
    # remembered once the transaction commits (then every event read is committed)
    transaction.on_commit(partial(remember_events, table.id, table.seq, log))
    return log.events


event_log.events_source = events_for_replay


def remember_events(table_id: str, seq: int, log: EventLog) -> None:
    with _lock:
        _events[(table_id, seq)] = log
        _events.move_to_end((table_id, seq))
        _events.pop((table_id, seq - KEPT_PER_TABLE), None)
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
        remember_events(table_id, event.seq, before.plus([event]))


#: the table row, seats prefetched, per (table, seq) for the live pushes of this process; a
#: claimed seat changes the seats without a new seq, so a claim forgets the table
_tables: OrderedDict[tuple[str, int], Any] = OrderedDict()


def remember_table(table) -> None:
    """``table`` as read for a push (its seats prefetched): the process's other phones of the
    table render the same seq from it. Read only."""
    with _lock:
        _tables[(table.id, table.seq)] = table
        _tables.move_to_end((table.id, table.seq))
        _tables.pop((table.id, table.seq - KEPT_PER_TABLE), None)
        while len(_tables) > MAX_ENTRIES:
            _tables.popitem(last=False)


def table_at(table_id: str, seq: int, load: Callable[[], Any]):
    """The row of ``table_id`` at ``seq`` from the cache, else from ``load()`` (once for all
    the phones of the process that ask at the same time), remembered."""
    key = (table_id, seq)
    with _lock:
        table = _tables.get(key)
    if table is not None:
        return table

    def load_and_remember():
        table = load()
        remember_table(table)
        return table

    return _single_flight(("table", *key), lambda: _tables.get(key), load_and_remember)


def news(table, event) -> dict[str, Any]:
    """What the message of a committed event carries for the other web processes: the row's
    new values and the event itself, so that their phones' pushes read nothing from the
    database (`absorb`). It stays between the server processes (the channel layer); each
    phone still gets only its own seat's view of it."""
    return {
        "row": {
            "status": table.status,
            "snapshot": table.snapshot,
            "updated_at": table.updated_at.isoformat(),
        },
        "event": {
            "id": event.id,
            "seq": event.seq,
            "kind": event.kind,
            "payload": event.payload,
            "seat": event.seat,
            "private_to": event.private_to,
            "created_at": event.created_at.isoformat(),
        },
    }


def absorb(table_id: str, seq: int, news: Any) -> None:
    """The row and the log at ``seq`` from the message of its event (`news`), built on this
    process's row and log at ``seq - 1``; nothing when those are not cached here (the push
    then reads the database as before) or ``seq`` is known already. Never raises: a message
    it cannot read only costs the push its queries."""
    from companion.tables.models import Event

    key = (table_id, seq)
    with _lock:
        before = _tables.get((table_id, seq - 1))
        have_row = key in _tables
        log_before = _events.get((table_id, seq - 1))
        have_log = key in _events
    try:
        row, raw = news["row"], news["event"]
        if raw["seq"] != seq:
            return
        if before is not None and not have_row:
            table = copy.copy(before)  # the seats' prefetched list is shared: read only
            table.seq = seq
            table.status = row["status"]
            table.snapshot = row["snapshot"]
            table.updated_at = datetime.fromisoformat(row["updated_at"])
            remember_table(table)
        if log_before is not None and not have_log:
            event = Event(
                id=raw["id"], table_id=table_id, seq=seq, kind=raw["kind"],
                payload=raw["payload"], seat=raw["seat"], private_to=raw["private_to"],
                created_at=datetime.fromisoformat(raw["created_at"]),
            )
            remember_events(table_id, seq, log_before.plus([event]))
    except (KeyError, TypeError, ValueError):
        return


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

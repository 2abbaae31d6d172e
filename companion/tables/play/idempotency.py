"""A play sent again with the same key is answered with what became of the first, never
recorded twice (docs/operations.md, "Plays entered without a connection").

A phone keeps a play whose answer never came (its connection died on the way) and sends it
again when it is back (static/js/offline.js), with the key it chose for it. If the first one
was recorded, the table has moved on since and the repeat would be refused as stale: instead
the phone hears "recorded", with the entry's seq and words. The key is kept in the event's
payload (``key``); it is looked for only among the events after the seq the repeat was made
against, so a play without a key, or a fresh one, costs nothing more."""

from __future__ import annotations

import re
from typing import Any

from companion.tables.models import Event, Table
from companion.tables.play.state_cache import load_log

KEY_FIELD = "key"
_KEY = re.compile(r"[A-Za-z0-9-]{16,64}")


def clean_key(value: Any) -> str | None:
    """The key a phone sent (a UUID or 32 hex digits), or None for anything else."""
    if isinstance(value, str) and _KEY.fullmatch(value):
        return value
    return None


def earlier_play(table: Table, key: str | None, after_seq: Any, seat: int | None) -> Event | None:
    """The play recorded with ``key`` after ``after_seq`` by the same seat (None: none)."""
    if key is None or isinstance(after_seq, bool) or not isinstance(after_seq, int):
        return None
    for event in load_log(table).events:
        if (
            event.seq > after_seq
            and event.kind == Event.Kind.ACTION
            and event.payload.get(KEY_FIELD) == key
            and event.seat == seat
        ):
            return event
    return None

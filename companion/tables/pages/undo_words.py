"""What the Undo button would take back, in words ("Undo: Ann (red) plays 7: …"), as the
page's phone may read it (a private entry of another seat in its public form). From the log,
so a live page and a fresh load say the same."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from companion.tables.play import services
from companion.tables.play.history_words import history_words

_undoable: OrderedDict[tuple[str, int], int | None] = OrderedDict()
_lock = threading.Lock()
_MAX = 1024


def undoable_seq(table: Any) -> int | None:
    """``services.undoable_seq``, kept per (table, seq): every phone renders each seq."""
    key = (table.id, table.seq)
    with _lock:
        if key in _undoable:
            return _undoable[key]
    seq = services.undoable_seq(table)
    with _lock:
        _undoable[key] = seq
        while len(_undoable) > _MAX:
            _undoable.popitem(last=False)
    return seq


def offer(table: Any, actor: Any) -> dict[str, Any] | None:
    """``{"seq", "who", "text"}`` of the play an undo would take back, for a phone that can
    enter (a seat or the host); None when there is none or the game has no words for it."""
    if actor is None:
        return None
    seq = undoable_seq(table)
    if seq is None:
        return None
    seat = actor.seat
    line = history_words(table, [{"seq": seq}], seat)[0]
    if not line.get("said"):
        return None
    return {"seq": seq, "who": line["who"], "text": line["text"]}

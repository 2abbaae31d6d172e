"""Telling the phones of a table that it changed. Each consumer then renders its own seat's
view, so no message ever carries another seat's cards."""

from __future__ import annotations

import logging

from companion.advisor.hints import note_table_seq
from companion.core.realtime import group_send_later, group_send_sync

log = logging.getLogger(__name__)
#: A play is announced twice: at once, and again REPEAT_S later. The channel layer delivers at
#: most once, and a message it loses would leave every phone of a process on the play before
#: until the next play; the repeat repairs that, and costs a phone that got the first nothing
#: (its connection has sent that seq already: no render, no message).
REPEAT_S = 1.0


def table_group(table_id: str) -> str:
    return f"table-{table_id}"


def table_changed(table_id: str, seq: int, seats_changed: bool = False) -> None:
    """Best effort: the play is already committed; a dead channel layer must not undo that.
    Phones that miss the push resynchronise on reconnect (they send the seq they have).
    ``seats_changed``: a seat was claimed (the seq stays): every process forgets the cached
    row of the table and pushes again."""
    try:
        note_table_seq(table_id, seq)  # running hint searches for older positions stop
    except Exception:
        log.warning("hint cancellation mark for table %s not stored", table_id, exc_info=True)
    try:
        message: dict[str, object] = {"type": "table.changed", "seq": seq}
        if seats_changed:
            message["seats_changed"] = True
        group_send_sync(table_group(table_id), message)
        if not seats_changed:  # a claim re-sends the whole view: not twice
            group_send_later(table_group(table_id), message, REPEAT_S)
    except Exception:
        log.warning("live update for table %s seq %s not sent", table_id, seq, exc_info=True)

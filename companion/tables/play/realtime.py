"""Telling the phones of a table that it changed. Each consumer then renders its own seat's
view, so no message ever carries another seat's cards."""

from __future__ import annotations

import logging

from companion.advisor.hints import note_table_seq
from companion.core.realtime import group_send_sync

log = logging.getLogger(__name__)


def table_group(table_id: str) -> str:
    return f"table-{table_id}"


def table_changed(
    table_id: str, seq: int, seats_changed: bool = False, news: dict | None = None,
    hint_asked: bool = True,
) -> None:
    """Best effort: the play is already committed; a dead channel layer must not undo that.
    A phone that misses the push gets the next one from the seq it was sent, and the sweep
    of its web process (``live_sweep``) catches it up within two sweeps anyway.
    ``seats_changed``: a seat was claimed (the seq stays): every process forgets the cached
    row of the table and pushes again. ``news``: the committed row and event
    (``state_cache.news``), from which the other web processes render without a query.
    ``hint_asked``: a seat asked for a hint at the position this play left, so a search may be
    running for it; it stops at its next look at the table's seq (the mark is written only
    then: one Redis command less per play of a table nobody asks hints at)."""
    if hint_asked:
        try:
            note_table_seq(table_id, seq)  # running hint searches for older positions stop
        except Exception:
            log.warning("hint cancellation mark for table %s not stored", table_id,
                        exc_info=True)
    try:
        message: dict[str, object] = {"type": "table.changed", "seq": seq}
        if seats_changed:
            message["seats_changed"] = True
        if news is not None:
            message["news"] = news
        group_send_sync(table_group(table_id), message)
    except Exception:
        log.warning("live update for table %s seq %s not sent", table_id, seq, exc_info=True)

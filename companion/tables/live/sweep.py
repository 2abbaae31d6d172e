"""The repair of a lost announcement: every SWEEP_S seconds each web process reads the seq of
the tables its phones follow (one query for all of them) and nudges a connection that has stayed
behind its table for a whole sweep, as if the play's announcement had come.

The channel layer delivers at most once: an announcement it loses (a Redis database emptied
under it, a dropped connection) would leave the phones of a process on the play before until the
next play, whose delta starts from the seq each connection was sent and so covers both. The
sweep covers the last play too, at the cost of one query per process and sweep; a connection
that is merely busy rendering is not nudged (it must stay behind for a whole sweep), and a
nudge it no longer needs renders nothing (the consumer skips a seq it has sent).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
import weakref
from typing import Any, Protocol

from channels.db import database_sync_to_async

from companion.tables.models import Table

log = logging.getLogger(__name__)

SWEEP_S = float(os.environ.get("LIVE_SWEEP_S", "2.0"))


class Follower(Protocol):
    table_id: str
    sent_seq: int
    behind_since: float | None
    channel_layer: Any
    channel_name: str


_following: dict[str, weakref.WeakSet] = {}
_sweeper: asyncio.Task | None = None


def follow(consumer: Follower) -> None:
    """``consumer`` follows its table from now on (and the sweep runs on this loop)."""
    global _sweeper
    _following.setdefault(consumer.table_id, weakref.WeakSet()).add(consumer)
    loop = asyncio.get_running_loop()
    if _sweeper is None or _sweeper.done() or _sweeper.get_loop() is not loop:
        _sweeper = loop.create_task(_sweep_forever())


def unfollow(consumer: Follower) -> None:
    followers = _following.get(consumer.table_id)
    if followers is not None:
        followers.discard(consumer)
        if not followers:
            _following.pop(consumer.table_id, None)


async def _sweep_forever() -> None:
    while True:
        await asyncio.sleep(SWEEP_S)
        try:
            await sweep()
        except Exception:  # the database may be down: the next sweep tries again
            log.info("live sweep failed", exc_info=True)


@database_sync_to_async
def _seqs(table_ids: list[str]) -> dict[str, int]:
    return dict(Table.objects.filter(id__in=table_ids).values_list("id", "seq"))


async def sweep(now: float | None = None) -> int:
    """Nudge the connections that stayed behind their table for a whole sweep; how many."""
    table_ids = [t for t, followers in _following.items() if followers]
    if not table_ids:
        return 0
    seqs = await _seqs(table_ids)
    now = time.monotonic() if now is None else now
    nudged = 0
    for table_id in table_ids:
        seq = seqs.get(table_id)
        for consumer in list(_following.get(table_id, ())):
            if seq is None or consumer.sent_seq < 0 or consumer.sent_seq >= seq:
                consumer.behind_since = None
                continue
            if consumer.behind_since is None:
                consumer.behind_since = now  # maybe rendering it right now: next sweep
                continue
            if now - consumer.behind_since < SWEEP_S:
                continue
            consumer.behind_since = None
            await consumer.channel_layer.send(
                consumer.channel_name, {"type": "table.changed", "seq": seq}
            )
            nudged += 1
    return nudged

"""Sending to channel-layer groups from synchronous code (views, Celery tasks).

In the web process a send is scheduled onto the server's event loop, which
``remember_server_loop`` records when the ASGI application first runs: the in-process layer keeps
asyncio queues that belong to that loop, and the Redis layer its connections per loop. Elsewhere
(a Celery worker process) ``async_to_sync(layer.group_send)`` does.

A request's thread (companion/core/http_bridge.py) does not wait for its sends: inside
``deferred_sends`` each send starts on the loop at once and is handed back with the answer;
the loop awaits them before it sends the answer, so the phones are still told before the
asker hears back, and the thread is free for the next request meanwhile (waiting for a loop
turn and Redis's reply held a thread for a third of a play's time under load).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

log = logging.getLogger(__name__)

_server_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()
_deferring = threading.local()

#: how long a send may take before it is given up (and logged): the thread's wait before, now
#: the loop's wait for a deferred send before it answers anyway
SEND_TIMEOUT = 5.0


@dataclass(frozen=True, slots=True)
class PendingSend:
    """A group send started on the server's loop by a request thread."""

    group: str
    message_type: str
    future: concurrent.futures.Future


@contextmanager
def deferred_sends() -> Iterator[list[PendingSend]]:
    """In this thread, ``group_send_sync`` on the server's loop starts the send and returns
    at once; the sends started are collected in the list yielded, for the loop to await
    (``await_sends``) before the request's answer goes out."""
    pending: list[PendingSend] = []
    _deferring.pending = pending
    try:
        yield pending
    finally:
        _deferring.pending = None


async def await_sends(pending: list[PendingSend], timeout: float | None = None) -> None:
    """On the server's loop: wait for the sends a request started; one that failed or did
    not finish in time is logged, as the thread logged it when it waited itself (the play is
    committed: a lost push is caught up by the phone's next one or by the live sweep)."""
    if not pending:
        return
    timeout = SEND_TIMEOUT if timeout is None else timeout
    waits = {asyncio.wrap_future(send.future): send for send in pending}
    done, late = await asyncio.wait(waits, timeout=timeout)
    for wait in done:
        if wait.exception() is not None:
            send = waits[wait]
            log.warning("%s to %s not sent", send.message_type, send.group,
                        exc_info=wait.exception())
    for wait in late:
        send = waits[wait]
        log.warning("%s to %s not sent within %.1f s", send.message_type, send.group, timeout)


def remember_server_loop() -> None:
    """Called from inside the ASGI app: the running loop is the one the consumers live on."""
    global _server_loop
    loop = asyncio.get_running_loop()
    if _server_loop is not loop:
        with _lock:
            _server_loop = loop


def _foreign_loop() -> asyncio.AbstractEventLoop | None:
    loop = _server_loop
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    try:
        if asyncio.get_running_loop() is loop:
            return None
    except RuntimeError:
        pass
    return loop


def group_send_sync(
    group: str, message: dict[str, Any], timeout: float = SEND_TIMEOUT
) -> None:
    """Send ``message`` to ``group``; wait up to ``timeout`` for it, except inside
    ``deferred_sends`` (a request's thread), where the loop waits ``SEND_TIMEOUT`` for it
    before the answer goes out."""
    layer = get_channel_layer()
    if layer is None:
        return
    # In the web process, send on the server's loop: the Redis layer keeps its connections per
    # event loop, and async_to_sync in a plain worker thread (the HTTP bridge's) would start a
    # new loop, a new thread and new Redis connections for every play.
    loop = _foreign_loop()
    if (
        loop is None
        and isinstance(layer, InMemoryChannelLayer)
        and _server_loop is not None
        and not _server_loop.is_running()
    ):
        return  # the server's loop is gone: no consumer is left to receive it
    if loop is not None:
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
        pending = getattr(_deferring, "pending", None)
        if pending is not None:
            pending.append(PendingSend(group, str(message.get("type")), future))
            return
        future.result(timeout)
    else:
        async_to_sync(layer.group_send)(group, message)


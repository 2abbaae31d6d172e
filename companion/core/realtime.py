"""Sending to channel-layer groups from synchronous code (views, Celery tasks).

In the web process a send is scheduled onto the server's event loop, which
``remember_server_loop`` records when the ASGI application first runs: the in-process layer keeps
asyncio queues that belong to that loop, and the Redis layer its connections per loop. Elsewhere
(a Celery worker process) ``async_to_sync(layer.group_send)`` does.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

_server_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()


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


def group_send_sync(group: str, message: dict[str, Any], timeout: float = 5.0) -> None:
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
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop).result(timeout)
    else:
        async_to_sync(layer.group_send)(group, message)


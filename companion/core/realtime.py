"""Sending to channel-layer groups from synchronous code (views, Celery tasks).

With Redis, ``async_to_sync(layer.group_send)`` works from any thread or process. The in-process
layer keeps asyncio queues that belong to the web server's event loop, so a send from the embedded
worker thread must be scheduled onto that loop; ``remember_server_loop`` records it when the ASGI
application first runs.
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
    loop = _foreign_loop() if isinstance(layer, InMemoryChannelLayer) else None
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

"""The HTTP bridge (companion/core/http_bridge.py) with a request that announces something:
the request's thread does not wait for the announcement, the answer does (the phones are told
before the asker hears back), and an announcement that fails or hangs costs the answer a log
line, not the answer."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import pytest
from channels.layers import get_channel_layer

from companion.core import realtime
from companion.core.http_bridge import ThreadedWsgiHttp

SCOPE = {"type": "http", "http_version": "1.1", "method": "POST",
         "path": "/api/tables/x/plays", "raw_path": b"", "root_path": "",
         "query_string": b"", "headers": [], "scheme": "http",
         "server": ("testserver", 80), "client": ("127.0.0.1", 5000)}


def announcing_app(thread_done: threading.Event):
    """A WSGI app that announces a play to the table's group, then answers."""
    def app(environ: dict[str, Any], start_response) -> list[bytes]:
        realtime.group_send_sync("table-x", {"type": "table.changed", "seq": 7})
        thread_done.set()
        start_response("201 Created", [("Content-Type", "application/json")])
        return [b'{"seq": 7}']
    return app


def serve(gate_send, thread_done: threading.Event, then=None) -> list[str]:
    """One request through the bridge on a loop of its own (the server's), the layer's
    ``group_send`` replaced by ``gate_send``; what happened, in order."""
    events: list[str] = []

    async def scenario() -> None:
        realtime.remember_server_loop()
        layer = get_channel_layer()
        original = layer.group_send
        layer.group_send = gate_send(events)
        try:
            messages = [{"type": "http.request", "body": b"{}", "more_body": False}]

            async def receive() -> dict:
                return messages.pop(0)

            async def send(message: dict) -> None:
                if message["type"] == "http.response.start":
                    events.append(f"answer {message['status']}")

            bridge = asyncio.ensure_future(
                ThreadedWsgiHttp(announcing_app(thread_done))(SCOPE, receive, send)
            )
            loop = asyncio.get_running_loop()
            assert await loop.run_in_executor(None, thread_done.wait, 10)
            events.append("thread done")
            if then is not None:
                await then(events)
            await asyncio.wait_for(bridge, 10)
        finally:
            layer.group_send = original

    with ThreadPoolExecutor(1) as own:  # a loop of its own (see test_channel_layer.py)
        own.submit(asyncio.run, scenario()).result(30)
    return events


@contextmanager
def warnings_of_realtime() -> Iterator[list[str]]:
    """The warnings ``companion.core.realtime`` logs meanwhile (its own handler: whatever the
    logging configuration of earlier tests left on the loggers above it)."""
    lines: list[str] = []

    class Kept(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage() + (f" {record.exc_info[1]}" if record.exc_info
                                                else ""))

    logger = logging.getLogger("companion.core.realtime")
    handler, level, disabled = Kept(logging.WARNING), logger.level, logger.disabled
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.disabled = False
    try:
        yield lines
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.disabled = disabled


def test_the_thread_goes_on_and_the_answer_waits_for_the_announcement():
    gate = asyncio.Event

    opened: dict[str, asyncio.Event] = {}

    def gate_send(events):
        async def group_send(group: str, message: dict) -> None:
            opened.setdefault("gate", gate())
            await opened["gate"].wait()
            events.append(f"announced {message['seq']} to {group}")
        return group_send

    async def then(events: list[str]) -> None:
        await asyncio.sleep(0)  # a loop turn: the answer could go now if it did not wait
        assert events == ["thread done"]
        opened.setdefault("gate", gate()).set()

    events = serve(gate_send, threading.Event(), then)
    assert events == ["thread done", "announced 7 to table-x", "answer 201"]


def test_an_announcement_that_fails_is_logged_and_the_answer_goes_out():
    def gate_send(events):
        async def group_send(group: str, message: dict) -> None:
            raise ConnectionError("Redis is down")
        return group_send

    with warnings_of_realtime() as warned:
        events = serve(gate_send, threading.Event())
    # the answer may go out before the test hears that the thread is done: no order asked
    assert sorted(events) == ["answer 201", "thread done"]
    assert warned == ["table.changed to table-x not sent Redis is down"]


def test_an_announcement_that_hangs_holds_the_answer_only_until_the_timeout(
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.setattr(realtime, "SEND_TIMEOUT", 0.2)

    def gate_send(events):
        async def group_send(group: str, message: dict) -> None:
            await asyncio.Event().wait()  # never
        return group_send

    with warnings_of_realtime() as warned:
        events = serve(gate_send, threading.Event())
    assert sorted(events) == ["answer 201", "thread done"]  # answered, though never announced
    assert warned == ["table.changed to table-x not sent within 0.2 s"]


def test_outside_a_request_a_send_still_waits(monkeypatch):
    """A thread that is not a request's (a Celery task's, a consumer's render) waits for its
    send as before: nothing would await it for it."""
    sent: list[dict] = []

    async def scenario() -> None:
        realtime.remember_server_loop()
        layer = get_channel_layer()
        original = layer.group_send

        async def group_send(group: str, message: dict) -> None:
            await asyncio.sleep(0)
            sent.append(message)

        layer.group_send = group_send
        try:
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(
                None, realtime.group_send_sync, "table-y", {"type": "table.changed", "seq": 1}
            )
            assert sent == [{"type": "table.changed", "seq": 1}]  # done when the call returned
        finally:
            layer.group_send = original

    with ThreadPoolExecutor(1) as own:
        own.submit(asyncio.run, scenario()).result(30)

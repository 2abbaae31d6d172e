"""HTTP under Daphne with one thread hop per request: Django's WSGI handler run in a worker
thread, the answer sent from the event loop.

Django's own ASGI handler runs a synchronous stack (our middleware and views are all
synchronous) by hopping between the event loop and a thread several times per request, and
runs every request of the process on one shared thread. Measured in the production topology
(bench/web_costs.py), that plumbing cost more CPU than the view itself. Here a request is read
on the event loop, handed to a worker thread once (the loop's executor, shared with the
websocket renders; one database connection per thread from the pool, returned after each
request as under any threaded WSGI server), and its buffered answer is sent back from the
loop. Answers are small JSON or HTML pages and static files of tens of KiB, so buffering them
costs nothing worth a streaming path.

A request that announces something to the phones (a play's group message) only starts the send
on the loop; the loop awaits it before the answer goes out (``realtime.deferred_sends``), so the
phones are told first and the thread is free for the next request meanwhile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from tempfile import SpooledTemporaryFile
from typing import Any

from asgiref.wsgi import WsgiToAsgiInstance

from companion.core import admission
from companion.core.realtime import PendingSend, await_sends, deferred_sends

Wsgi = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class _Environ(WsgiToAsgiInstance):
    """asgiref's translation of an ASGI scope into a WSGI environ (headers, client, scheme)."""

    def __init__(self, scope: dict[str, Any]) -> None:
        super().__init__(None)
        self.scope = scope


class ThreadedWsgiHttp:
    """An ASGI application for the ``http`` scope that runs ``wsgi_app`` in a worker thread."""

    def __init__(self, wsgi_app: Wsgi, urgent: Callable[[dict[str, Any]], bool] = bool) -> None:
        self.wsgi_app = wsgi_app
        self.urgent = urgent  # which requests go first (companion/core/admission.py)

    async def __call__(self, scope: dict[str, Any], receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            raise ValueError(f"{type(self).__name__} serves http, not {scope['type']}")
        with SpooledTemporaryFile(max_size=65536) as body:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return  # the client went away before its request was complete
                body.write(message.get("body", b""))
                if not message.get("more_body"):
                    break
            body.seek(0)
            try:
                environ = _Environ(scope).build_environ(scope, body)
            except ValueError as exc:  # too many duplicate headers
                await _send(send, 400, [(b"content-type", b"text/plain")], str(exc).encode())
                return
            loop = asyncio.get_running_loop()
            async with admission.gate().held(self.urgent(scope)):
                status, headers, content, sends = await loop.run_in_executor(
                    None, self._run, environ
                )
        await await_sends(sends)  # the phones are told before the asker hears back
        await _send(send, status, headers, content)

    def _run(
        self, environ: dict[str, Any]
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes, list[PendingSend]]:
        started: list[tuple[int, list[tuple[bytes, bytes]]]] = []

        def start_response(status: str, headers: list[tuple[str, str]],
                           exc_info: Any = None) -> None:
            started[:] = [(int(status.split(" ", 1)[0]),
                           [(k.lower().encode("latin-1"), v.encode("latin-1"))
                            for k, v in headers])]

        with deferred_sends() as sends:
            result = self.wsgi_app(environ, start_response)
            try:
                content = b"".join(result)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()  # Django's request_finished: connections back to the pool
        status, headers = started[0]
        return status, headers, content, sends


async def _send(send: Callable, status: int, headers: list[tuple[bytes, bytes]],
                content: bytes) -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})

"""Two costs of Daphne's Twisted plumbing, removed in the web process (``install``).

**Form parsing nobody reads.** Daphne serves HTTP through Twisted's ``http.Request``, which by
default parses every POST body that has a Content-Type: the header through
``email.message.EmailMessage``, whose modern policy builds a new header *class* on each call
(0.13 ms, and a class object with its dicts and tuples left as cyclic garbage for the
collector), and a form's or upload's body into
``request.args``. Daphne reads neither: it hands the raw body to the ASGI application, and
Django parses it again. Daphne's requests are built with that parsing off (Twisted's own
``parsePOSTFormSubmission`` switch).

**A loop turn per message.** Twisted's TCP transport never writes in ``write()``: it buffers,
registers the socket with the event loop (an ``epoll_ctl``), and sends on the loop's next turn
when the socket is writable, then unregisters it (another). Every websocket push and every
HTTP answer paid that, and on a busy loop the next turn comes only after everything already
queued (every other phone's render). Here a write to a transport with nothing waiting goes out
at once (one ``send``); what the socket does not take is buffered and sent as before.
"""

from __future__ import annotations

from typing import Any

from daphne import http_protocol
from twisted.internet import tcp

_buffered_write = tcp.Connection.write


class UnparsedWebRequest(http_protocol.WebRequest):
    """Daphne's request, its body left to the application."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("parsePOSTFormSubmission", False)
        super().__init__(*args, **kwargs)


def write_now(transport: tcp.Connection, data: bytes) -> None:
    """``transport.write(data)``, sending at once what the socket takes when nothing else is
    waiting to be sent (else the order would change) and no pull producer expects to be asked
    for more when the buffer drains (a streaming one, as Twisted's HTTP channel, is paused and
    resumed by the buffered path only when a write does not go out whole)."""
    if (
        type(data) is bytes
        and data
        and transport.connected
        and not transport.disconnecting
        and not transport._writeDisconnected
        and not transport._tempDataLen
        and transport.offset == len(transport.dataBuffer)
        and (transport.producer is None or transport.streamingProducer)
    ):
        sent = transport.writeSomeData(data)
        if isinstance(sent, int):  # else the connection is lost: the buffered path finds out
            if sent == len(data):
                return
            data = data[sent:]
    _buffered_write(transport, data)


def install() -> None:
    """Daphne's ``HTTPFactory.buildProtocol`` reads the module's ``WebRequest`` for every new
    connection: from now on it builds ours. Every TCP transport of the process writes at once."""
    http_protocol.WebRequest = UnparsedWebRequest
    tcp.Connection.write = write_now  # type: ignore[method-assign]

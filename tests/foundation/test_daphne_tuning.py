"""Daphne's Twisted plumbing as the web process runs it (companion/core/daphne_tuning.py): a
write goes out at once when nothing waits before it, in order otherwise, and Twisted leaves
request bodies unparsed for the application."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from unittest import mock

import pytest
from daphne import http_protocol
from twisted.internet import tcp
from twisted.internet.protocol import Protocol

from companion.core import daphne_tuning


class Reactor:
    """What a transport asks of its reactor when it has to wait for the socket."""

    def __init__(self) -> None:
        self.writers: set[object] = set()  # as a real reactor's: registered once

    def addWriter(self, selectable: object) -> None:
        self.writers.add(selectable)

    def removeWriter(self, selectable: object) -> None:
        self.writers.discard(selectable)

    def addReader(self, selectable: object) -> None:
        pass

    def removeReader(self, selectable: object) -> None:
        pass


@pytest.fixture
def pair() -> Iterator[tuple[tcp.Connection, socket.socket, Reactor]]:
    """A real TCP-like socket pair: our end in a Twisted transport, the peer a plain socket."""
    ours, peer = socket.socketpair()
    ours.setblocking(False)
    reactor = Reactor()
    transport = tcp.Connection(ours, Protocol(), reactor=reactor)
    transport.connected = True
    try:
        yield transport, peer, reactor
    finally:
        ours.close()
        peer.close()


def read(peer: socket.socket, size: int) -> bytes:
    peer.settimeout(5)
    got = b""
    while len(got) < size:
        got += peer.recv(size - len(got))
    return got


def test_a_write_with_nothing_waiting_goes_out_at_once(pair):
    transport, peer, reactor = pair
    daphne_tuning.write_now(transport, b"hello")
    assert read(peer, 5) == b"hello"
    assert reactor.writers == set()  # no loop turn was needed
    assert transport._tempDataLen == 0 and transport.dataBuffer == b""


def test_what_the_socket_does_not_take_waits_and_later_writes_keep_their_order(pair):
    transport, peer, reactor = pair
    peer.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    transport.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    big = bytes(range(256)) * 4096  # 1 MiB: far more than the socket buffers hold
    daphne_tuning.write_now(transport, big)
    assert reactor.writers == {transport}  # the rest waits for the loop, as before
    waiting = transport._tempDataLen
    assert 0 < waiting < len(big)
    daphne_tuning.write_now(transport, b"after")  # must not overtake what waits
    assert transport._tempDataLen == waiting + 5
    received = bytearray()
    peer.settimeout(5)
    while len(received) < len(big) + 5:
        while transport._tempDataLen or transport.offset < len(transport.dataBuffer):
            with contextlib.suppress(BlockingIOError):
                received += peer.recv(1 << 16, socket.MSG_DONTWAIT)
            transport.doWrite()  # what the loop does when the socket can take more
        received += peer.recv(1 << 16)
    assert bytes(received) == big + b"after"
    assert reactor.writers == set()


def test_a_closing_transport_keeps_the_buffered_path(pair):
    transport, _, reactor = pair
    transport.disconnecting = True
    daphne_tuning.write_now(transport, b"bye")
    assert transport._tempDataLen == 3 and reactor.writers == {transport}


def test_installed_in_the_web_process():
    import companion.asgi  # noqa: F401  (installs, as Daphne's import of the app does)

    assert http_protocol.WebRequest is daphne_tuning.UnparsedWebRequest
    assert tcp.Connection.write is daphne_tuning.write_now


def test_daphne_requests_leave_the_body_to_the_application():
    """Twisted's request would parse a form POST's Content-Type with the email package (a new
    class per call) and its body into ``args``; Daphne's requests here do neither."""
    channel = mock.MagicMock()
    request = daphne_tuning.UnparsedWebRequest(channel)
    request.method = b"POST"
    request.requestHeaders.setRawHeaders(b"content-type", [b"application/x-www-form-urlencoded"])
    request.requestHeaders.setRawHeaders(b"content-length", [b"7"])
    request.gotLength(7)
    request.handleContentChunk(b"a=1&b=2")
    with mock.patch.object(request, "process"), \
            mock.patch("twisted.web.http._parseContentType") as parse:
        request.requestReceived(b"POST", b"/t/x/play", b"HTTP/1.1")
    parse.assert_not_called()
    assert request.args == {}

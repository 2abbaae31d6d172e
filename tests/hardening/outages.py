"""Services the fault tests can break without touching the machine's own Redis and PostgreSQL
(other tests use those at the same time): a private ``redis-server`` to stop and start again,
and a TCP proxy in front of PostgreSQL whose connections can be cut and restored."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

from tests.services import free_port

REDIS_SERVER = os.environ.get("REDIS_SERVER_PATH") or shutil.which("redis-server") or ""


class RedisServer:
    """A throw-away redis-server (no persistence: a restart comes back empty, like a new
    container) on a free port."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = workdir / "redis.log"
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 20) -> None:
        self.proc = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--logfile",
                str(self.log),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.proc.returncode}")
            if self.answers():
                return
            time.sleep(0.1)
        raise RuntimeError(f"redis-server on port {self.port} did not answer in {timeout} s")

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """SIGKILL: Redis gone at once, as when its machine or container dies."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


class CuttableProxy:
    """A TCP proxy (threads) from a free local port to ``upstream``. ``cut()`` closes every
    connection and drops new ones as soon as they are accepted (the client sees the server
    close on it); ``restore()`` lets them through again.

    ``cut_at_commit()`` arms a trap instead: the next ``COMMIT`` a client sends on a
    connection that has written to ``watch`` is not forwarded, and everything is cut at that
    moment, so the transaction in flight never reaches the server's commit."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.port = free_port()
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._lock = threading.Lock()
        self._pairs: set[tuple[socket.socket, socket.socket]] = set()
        self._open = True
        self._trap: bytes | None = None
        self.trapped = threading.Event()
        self.accepted = 0
        self._closing = False
        threading.Thread(target=self._accept_loop, daemon=True, name="proxy-accept").start()

    # -- control ------------------------------------------------------------------------------

    def cut(self) -> None:
        with self._lock:
            self._open = False
            pairs = list(self._pairs)
            self._pairs.clear()
        for pair in pairs:
            _close_pair(pair)

    def restore(self) -> None:
        with self._lock:
            self._open = True
            self._trap = None

    def cut_at_commit(self, watch: bytes) -> None:
        self.trapped.clear()
        with self._lock:
            self._trap = watch

    def close(self) -> None:
        self._closing = True
        self.cut()
        self._listener.close()

    @property
    def connections(self) -> int:
        with self._lock:
            return len(self._pairs)

    # -- the plumbing -------------------------------------------------------------------------

    def _accept_loop(self) -> None:
        while not self._closing:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                allowed = self._open
            if not allowed:
                _close_quietly(client)
                continue
            try:
                server = socket.create_connection(self.upstream, timeout=10)
                server.settimeout(None)
            except OSError:
                _close_quietly(client)
                continue
            pair = (client, server)
            with self._lock:
                if not self._open:
                    _close_pair(pair)
                    continue
                self._pairs.add(pair)
                self.accepted += 1
            state = {"wrote": False}
            threading.Thread(
                target=self._pump, args=(pair, client, server, state), daemon=True
            ).start()
            threading.Thread(
                target=self._pump, args=(pair, server, client, None), daemon=True
            ).start()

    def _pump(self, pair, source: socket.socket, target: socket.socket, state) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if state is not None and self._springs(data, state):
                    self.cut()
                    self.trapped.set()
                    break
                target.sendall(data)
        except OSError:
            pass
        with self._lock:
            self._pairs.discard(pair)
        _close_pair(pair)

    def _springs(self, data: bytes, state: dict) -> bool:
        """Client→server data: does the armed trap catch this chunk?"""
        with self._lock:
            trap = self._trap
        if trap is None:
            return False
        if trap in data:
            state["wrote"] = True
        if state["wrote"] and b"COMMIT" in data:
            with self._lock:
                self._trap = None
            return True
        return False


def _close_quietly(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()


def _close_pair(pair: tuple[socket.socket, socket.socket]) -> None:
    for sock in pair:
        _close_quietly(sock)


def kill_tree(pid: int, kill_parent) -> None:
    """SIGKILL a process (through ``kill_parent``, which also reaps it) and its children (a
    Celery worker's pool processes), as when its container dies: nothing of it may go on
    answering."""
    children = _children(pid)
    kill_parent()
    for child in children:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signal.SIGKILL)


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        for child in task.read_text().split():
            found.append(int(child))
            found.extend(_children(int(child)))
    return found
